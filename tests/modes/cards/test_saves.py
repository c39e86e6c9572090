"""Cards matches saved, resumed, checked by replay, and undone while nothing was rolled or revealed."""

from __future__ import annotations

import json
from pathlib import Path

from game.cli import main
from game.core.baseline import RandomPlayer
from game.core.match import Match
from game.core.mode import MatchSetup, Seat
from game.core.saves import read_save, resume, to_save, write_save
from game.modes.cards.actions import JoinFight, PlaceCard, SealCards
from game.modes.cards.mode import CardsMode

SEATS = (Seat("heroes", ("heroes",)), Seat("monsters", ("monsters",), True))
OPTIONS = {"heroes": ["knight", "mage"], "monsters": ["ogre"], "max_rounds": 40}


def _played(seed: int, stop: int | None = None) -> Match:
    """A match with random choices for both sides, stopped after ``stop`` actions (or at its end)."""
    match = Match(MatchSetup("cards", SEATS, OPTIONS), seed)
    player = RandomPlayer(seed)
    while not match.over and (stop is None or len(match.actions) < stop):
        seat = match.pending_seat()
        assert seat is not None
        match.apply(player.choose(match.view(seat), match.legal_actions(seat)), seat)
    return match


def test_a_saved_fight_replays_with_check_event_for_event(tmp_path: Path, capsys) -> None:
    match = _played(7)
    assert match.over
    path = write_save(match, tmp_path / "fight.json")
    assert main(["replay", str(path), "--check"]) == 0
    assert capsys.readouterr().out == f"{path}: {len(match.events)} events replayed, every one as saved\n"


def test_replay_check_finds_a_save_whose_dice_were_changed(tmp_path: Path, capsys) -> None:
    match = _played(8)
    data = to_save(match)
    rolled = next(e for e in data["events"] if e["type"] == "DiceRolled" and e["skill"] != "action")
    rolled["raw"] = [13 - v for v in rolled["raw"]]
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path), "--check"]) != 0
    assert "Traceback" not in capsys.readouterr().err


def test_a_fight_saved_halfway_resumes_where_it_stopped_hands_and_all(tmp_path: Path) -> None:
    half = _played(9, stop=12)
    path = write_save(half, tmp_path / "half.json")
    again = resume(read_save(path))
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in half.events]
    before, after = half.mode, again.mode
    assert isinstance(before, CardsMode) and isinstance(after, CardsMode)
    for cid, fighter in before.state.fighters.items():
        other = after.state.fighters[cid]
        assert (fighter.grit, fighter.fame, fighter.hand, fighter.discard) == (other.grit, other.fame, other.hand,
                                                                                other.discard)
    assert again.pending_seat() == half.pending_seat()


def test_placing_and_joining_can_be_undone_but_not_once_cards_are_revealed() -> None:
    match = Match(MatchSetup("cards", SEATS, {"heroes": ["knight"], "monsters": ["giant_rat"]}), 3)
    match.apply(JoinFight("chain_mail"))
    assert match.undo_reason() is None  # a join rolled nothing and revealed nothing
    match.undo()
    assert match.view("heroes").pending.kind == "join"
    match.apply(JoinFight("tower_shield"))
    mode = match.mode
    assert isinstance(mode, CardsMode)
    cleave = next(u for u in mode.state.fighters["knight"].hand if mode.state.cards[u] == "cleave")
    match.apply(PlaceCard(cleave, "giant_rat"))
    assert match.undo_reason() is None
    match.undo()
    assert cleave in mode.state.fighters["knight"].hand and mode.state.draft == []
    match.apply(PlaceCard(cleave, "giant_rat"))
    match.apply(SealCards())  # the last to place: the cards are turned up and dice rolled
    assert match.undo_reason() is not None
