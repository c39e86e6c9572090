"""Text 000's Fame rerolls: each character's seat decides in turn order after the roller, 2 Fame a die."""

from __future__ import annotations

from game.core.mode import Seat
from game.modes.cards.actions import ChooseTarget, KeepDice, Reroll
from game.modes.cards.events import DieRerolled, TokenTaken
from tests.modes.cards.scenario import act, fight, join_all, place, script


def _who_answers(mode) -> str | None:
    pending = mode.view("heroes").pending
    return pending.cid if pending is not None and pending.kind == "reroll" else None


def test_fame_rerolls_begin_after_the_roller_and_go_round_until_all_in_sequence_decline() -> None:
    # Ranger (Fame 4) holds the token (the knight has 3, so a reroll that leaves the ranger 2 moves it):
    # turn order ranger, rat, knight. The ranger's Aimed Shot rolls 3 dice.
    mode = fight(["knight", "ranger"], ["giant_rat"], dice=[9, 1], fame={"knight": 3, "ranger": 4})
    join_all(mode)
    assert mode.state.turn_order() == ("ranger", "giant_rat", "knight")
    place(mode, "knight")
    script(mode, 2, 2, 2)
    place(mode, "ranger", ("aimed_shot", "giant_rat"))
    assert _who_answers(mode) == "knight"  # the rat's action die: the knight comes after the rat, then the ranger
    act(mode, KeepDice())
    assert _who_answers(mode) == "ranger"
    act(mode, KeepDice())
    act(mode, ChooseTarget("knight"))  # the Claw (8) comes off the track before the Aimed Shot (3)
    for expected in ("knight", "ranger"):
        assert _who_answers(mode) == expected
        act(mode, KeepDice())
    assert mode.state.rolling is not None and mode.state.rolling.card == "aimed_shot"
    order = []
    script(mode, 11)
    for action in (KeepDice(), Reroll(0), KeepDice(), KeepDice()):
        order.append(_who_answers(mode))
        act(mode, action)
    # Knight declines, the ranger rerolls (2 Fame), so the knight is asked again; both decline: it is over.
    assert order == ["knight", "ranger", "knight", "ranger"] and mode.state.rolling is None
    assert mode.state.fighters["ranger"].fame == 2


def test_rerolling_ends_once_every_die_has_been_rerolled() -> None:
    mode = fight(["knight", "ranger"], ["giant_rat"], dice=[1], fame={"knight": 2, "ranger": 4})
    join_all(mode)
    place(mode, "knight")
    place(mode, "ranger")
    assert _who_answers(mode) == "knight"  # the rat's single action die
    script(mode, 12, 1)
    events = act(mode, Reroll(0))
    assert DieRerolled("knight", 0, 1, 12, 0) in events
    assert mode.state.rolling is None or mode.state.rolling.card == "claw"  # the ranger was not asked


def test_the_token_moves_when_fame_changes() -> None:
    mode = fight(["knight", "ranger"], ["giant_rat"], dice=[1], fame={"knight": 3, "ranger": 4})
    join_all(mode)
    assert mode.state.token == "ranger"
    place(mode, "knight")
    place(mode, "ranger")
    while _who_answers(mode) != "ranger":
        act(mode, KeepDice())
    script(mode, 5)
    events = act(mode, Reroll(0))
    assert TokenTaken("knight", "fame", ("knight", "ranger", "giant_rat")) in events


def test_each_characters_reroll_is_decided_by_its_own_seat() -> None:
    seats = (Seat("ann", ("knight",)), Seat("bo", ("ranger",)), Seat("monsters", ("monsters",)))
    mode = fight(["knight", "ranger"], ["giant_rat"], dice=[1], fame={"knight": 2, "ranger": 4}, seats=seats)
    join_all(mode)
    place(mode, "knight")
    place(mode, "ranger")
    assert mode.pending_seat() == "ann" and mode.legal_actions("bo") == []
    act(mode, KeepDice())
    assert mode.pending_seat() == "bo"
