"""A resumed match goes on exactly as it would have: the computer's players pick up their dice and memories."""

from __future__ import annotations

from game.core.events import Action
from game.core.saves import read_save
from game.ui.session import EncounterChoice, Session


def play(session: Session, decisions: int) -> list[tuple[str, Action]]:
    """Let the computer decide for every seat, ``decisions`` times or until the match ends."""
    played = []
    for _ in range(decisions):
        seat = session.pending_seat()
        if seat is None:
            break
        action = session.planned_action()
        assert action is not None
        session.apply(action, seat)
        played.append((seat, action))
    return played


def test_a_resumed_match_goes_on_as_the_computer_would_have_played_it(tmp_path):
    choice = EncounterChoice(hero_control="computer", monster_control="computer", seed=5)
    first = Session(choice)
    play(first, 40)
    path = first.save(tmp_path / "middle.json")
    ahead = play(first, 150)
    resumed = Session.resume(read_save(path))
    assert len(resumed.match.actions) == 40
    assert play(resumed, 150) == ahead
    assert len(ahead) > 50


def test_a_resumed_stances_match_goes_on_as_the_computer_would_have_played_it(tmp_path):
    choice = EncounterChoice(mode="stances", heroes=("warrior", "archer"), monsters=("goblin", "skeleton_archer"),
                             hero_control="computer", monster_control="computer", seed=3)
    first = Session(choice)
    play(first, 20)
    path = first.save(tmp_path / "middle.json")
    ahead = play(first, 60)
    resumed = Session.resume(read_save(path))
    assert play(resumed, 60) == ahead
    assert len(ahead) > 10


def test_a_computer_player_that_keeps_nothing_between_decisions_is_not_asked_the_past_ones_again(tmp_path, monkeypatch):
    from game.modes.stances.ai import StancesPlayer

    choice = EncounterChoice(mode="stances", heroes=("warrior", "archer"), monsters=("goblin", "skeleton_archer"),
                             hero_control="computer", monster_control="computer", seed=3)
    first = Session(choice)
    play(first, 20)
    path = first.save(tmp_path / "middle.json")
    asked = []
    real = StancesPlayer.choose
    monkeypatch.setattr(StancesPlayer, "choose", lambda self, view, legal: asked.append(1) or real(self, view, legal))
    resumed = Session.resume(read_save(path))
    assert len(resumed.match.actions) == 20 and asked == []
    assert resumed.planned_action() is not None and len(asked) == 1


def test_the_grids_tactical_player_is_asked_only_the_next_decision_and_makes_the_one_the_unbroken_match_made(
        tmp_path, monkeypatch):
    from game.modes.grid.ai import TacticalPlayer

    first = Session(EncounterChoice(hero_control="computer", monster_control="computer", seed=5))
    play(first, 30)
    path = first.save(tmp_path / "middle.json")
    assert first.match.mode.state.round >= 2  # mid-encounter: the seats have seen, and lost sight of, enemies
    ahead = play(first, 1)
    asked = []
    real = TacticalPlayer.choose
    monkeypatch.setattr(TacticalPlayer, "choose", lambda self, view, legal: asked.append(1) or real(self, view, legal))
    resumed = Session.resume(read_save(path))
    assert len(resumed.match.actions) == 30 and asked == []
    assert play(resumed, 1) == ahead and len(asked) == 1
