"""Snapshots: a match's mode, world, dice and logs copied and put back; undo puts back the one before the action."""

from __future__ import annotations

import random
from dataclasses import dataclass

import esper
import pytest

from game.core.dice import ScriptedDice, SeededDice
from game.core.match import Match, replay
from game.core.mode import MatchSetup, Seat
from game.core.snapshot import SnapshotMismatch, restore_mode, snapshot_mode
from game.core.world import MatchWorld
from game.modes.grid.mode import GridMode
from game.modes.grid.skirmish import BUILTIN
from game.modes.stances.mode import StancesMode
from game.players.baseline import RandomPlayer


@dataclass
class Tally:
    count: int


class Counting:
    """A toy mode: one entity whose tally it also holds."""

    def __init__(self) -> None:
        self.world = MatchWorld("counting")
        self.world.enter()
        self.tally = Tally(0)
        self.ent = esper.create_entity(self.tally)
        self.seen: list[int] = []

    def close(self) -> None:
        self.world.close()


def test_a_snapshot_copies_the_mode_and_its_components_and_puts_them_back_as_one():
    mode, dice = Counting(), SeededDice(5)
    snap = snapshot_mode(mode, dice)
    first = [dice.roll(6) for _ in range(3)]
    mode.tally.count = 9
    mode.seen.append(1)
    restore_mode(mode, dice, snap)
    mode.world.enter()
    assert mode.tally.count == 0 and mode.seen == []
    assert esper.component_for_entity(mode.ent, Tally) is mode.tally  # still one object for the mode and the world
    assert [dice.roll(6) for _ in range(3)] == first
    restore_mode(mode, dice, snap)  # once more: the snapshot itself was not changed by being put back
    assert mode.tally.count == 0
    mode.close()


def test_a_world_that_gained_an_entity_since_the_snapshot_is_refused_and_left_as_it_is():
    mode, dice = Counting(), ScriptedDice([1])
    snap = snapshot_mode(mode, dice)
    mode.tally.count = 4
    mode.world.enter()
    esper.create_entity(Tally(7))
    with pytest.raises(SnapshotMismatch):
        restore_mode(mode, dice, snap)
    assert mode.tally.count == 4 and dice.remaining == 1
    mode.close()


def test_a_world_that_made_and_deleted_an_entity_since_the_snapshot_is_refused_too():
    # The next entity would get another number than in a replay, and esper's order of entities with it.
    mode, dice = Counting(), SeededDice(1)
    snap = snapshot_mode(mode, dice)
    mode.world.enter()
    esper.delete_entity(esper.create_entity(Tally(1)), immediate=True)
    with pytest.raises(SnapshotMismatch):
        restore_mode(mode, dice, snap)
    mode.close()


def test_dice_that_cannot_give_their_state_cannot_be_snapshot():
    class Fixed:
        def roll(self, sides: int) -> int:
            return 1

    with pytest.raises(TypeError):
        snapshot_mode(Counting(), Fixed())


# Undo puts back the snapshot taken before the action; the match must then be what replaying it without
# the action from its seed gives (as undo did before), and roll the same afterwards.
PEOPLE = (Seat("Ann", ("heroes",)), Seat("Bo", ("monsters",)))


def _setup(mode: str, seed: int) -> MatchSetup:
    rng = random.Random(seed)
    if mode == "grid":
        return MatchSetup("grid", PEOPLE, {"map": BUILTIN, "heroes": rng.sample(["warrior", "ranger", "mage"], 2),
                                           "monsters": rng.sample(["wolf", "ghoul", "cultist", "ooze"], 2),
                                           "max_rounds": 8})
    return MatchSetup("stances", PEOPLE, {"max_rounds": 6})


def _same(match: Match, ref: Match) -> None:
    assert match.event_log() == ref.event_log()
    assert match.actions == ref.actions and match.undo_blocks == ref.undo_blocks
    assert match.pending_seat() == ref.pending_seat()
    for seat in PEOPLE:
        assert match.view(seat.name) == ref.view(seat.name)
        assert match.legal_actions(seat.name) == ref.legal_actions(seat.name)
    assert isinstance(match.dice, SeededDice) and isinstance(ref.dice, SeededDice)
    assert match.dice.state() == ref.dice.state()


def _check_undos(mode: str, seed: int, most: int) -> int:
    """Play a seeded match between two people, checking undo at its first ``most`` chances; how many it checked."""
    match = Match(_setup(mode, seed), seed)
    rules = match.mode
    assert isinstance(rules, (GridMode, StancesMode))
    players = {s.name: RandomPlayer(seed + i) for i, s in enumerate(PEOPLE)}
    checked = 0
    while not match.over and checked < most:
        seat = match.pending_seat()
        assert seat is not None
        match.apply(players[seat].choose(match.view(seat), match.legal_actions(seat)), seat)
        if match.undo_reason() is not None:
            continue
        checked += 1
        ref = replay(match.setup, match.seed, match.actions[:-1])
        match.undo()
        assert match.mode is rules, "undo replayed the match instead of putting its snapshot back"
        _same(match, ref)
        # Play on in step: every later roll and event comes out the same.
        follow = RandomPlayer(seed + 100 + checked)
        for _ in range(40):
            now = match.pending_seat()
            if now is None:
                break
            action = follow.choose(match.view(now), match.legal_actions(now))
            assert match.apply(action, now) == ref.apply(action, now)
        _same(match, ref)
        assert isinstance(ref.mode, (GridMode, StancesMode))
        ref.mode.close()
    rules.close()
    return checked


@pytest.mark.parametrize("mode", ["grid", "stances"])
def test_undo_gives_the_state_and_the_later_rolls_that_replaying_without_the_action_gave(mode):
    assert sum(_check_undos(mode, seed, 3) for seed in range(6)) >= 2, "too few actions could be taken back"
