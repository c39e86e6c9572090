"""Many seeded runs of random play keep the invariants: three dice a round, one presented per beat by every
combatant in the fight, wounds only rising within a fight, a countered action leaving no effect."""

from __future__ import annotations

import random

from game.core.events import Event
from game.core.match import Match
from game.core.mode import MatchSetup, Seat
from game.modes.beats.events import (
    ActionDeclared,
    Countered,
    DicePresented,
    DiceRolled,
    Disadvantaged,
    FightBegan,
    FirstAidGiven,
    Surrendered,
    ToolMoved,
    WoundsReopened,
    WoundTaken,
)
from game.modes.beats.mode import BeatsMode
from game.modes.beats.run import PRESENT
from game.players.base import make_policy
from game.players.runner import MAX_DECISIONS, play_match

RUNS = 1000


def _check(events: list[Event]) -> None:
    wounds: dict[str, int] = {}
    in_round: dict[str, int] = {}
    declared: ActionDeclared | None = None
    effects_after_counter = 0
    countered = False
    for event in events:
        if isinstance(event, FightBegan):
            in_round = {}
        elif isinstance(event, DiceRolled):
            assert len(event.dice) == 3
            in_round[event.cid] = 0
        elif isinstance(event, DicePresented):
            cids = [p[0] for p in event.presented]
            assert len(cids) == len(set(cids)) == len(event.order)  # one die each
            for cid in cids:
                in_round[cid] += 1
                assert in_round[cid] <= 3
        elif isinstance(event, ActionDeclared):
            declared, countered = event, False
        elif isinstance(event, Countered | Surrendered):
            countered = True
        elif isinstance(event, WoundTaken | ToolMoved | Disadvantaged):
            if countered and declared is not None and getattr(event, "cid", "") in (declared.target, declared.cid):
                effects_after_counter += 1
            if isinstance(event, WoundTaken):
                assert event.level > wounds.get(event.cid, 0)
                wounds[event.cid] = event.level
        elif isinstance(event, WoundsReopened):
            assert event.level >= wounds.get(event.cid, 0)
            wounds[event.cid] = event.level
        elif isinstance(event, FirstAidGiven):
            wounds[event.patient] = event.level  # between fights only
    assert effects_after_counter == 0


SEATS = (Seat("heroes", ("heroes",), True, "random"), Seat("monsters", ("monsters",), True, "random"))


def test_a_thousand_seeded_random_runs_end_with_the_invariants_kept() -> None:
    for seed in range(RUNS):
        # Uniformly random legal actions, straight from the rules (no views: a thousand runs stay quick).
        rng = random.Random(seed)
        match = Match(MatchSetup("beats", SEATS, {"fights": 1 + seed % 3}), seed)
        for _ in range(MAX_DECISIONS):
            seat = match.pending_seat()
            if seat is None:
                break
            legal = match.mode.legal_actions(seat)
            match.apply(legal[rng.randrange(len(legal))], seat)
        assert match.outcome() is not None, seed
        _check(match.events)


def _no_sealed_die_shown(match: Match, _events: list[Event]) -> None:
    """While dice are being selected, no seat's view shows which die another side's combatant selected."""
    mode = match.mode
    assert isinstance(mode, BeatsMode)
    if mode.run.phase != PRESENT:
        return
    for seat, side in (("heroes", "heroes"), ("monsters", "monsters")):
        for member in mode.view(seat).members:
            if member.side != side and member.dice:
                assert member.shown is None and member.value is None
                # Only the dice shown in earlier beats are marked used: the selection leaves no mark.
                assert sum(used for _s, _v, used in member.dice) == mode.run.beat - 1


def test_no_seat_sees_another_seats_selected_die_before_the_reveal_in_random_runs() -> None:
    for seed in range(30):
        players = {"heroes": make_policy("random", seed, "beats"), "monsters": make_policy("random", seed + 1, "beats")}
        match = play_match(MatchSetup("beats", SEATS, {}), seed, players, _no_sealed_die_shown)
        assert match.outcome() is not None


def test_the_computer_beats_the_random_baseline_on_both_sides_with_the_same_seeds() -> None:
    def heroes_win(hero: str, foe: str) -> float:
        wins = 0
        for seed in range(40):
            seats = (Seat("heroes", ("heroes",), True, hero), Seat("monsters", ("monsters",), True, foe))
            players = {"heroes": make_policy(hero, seed * 2 + 1, "beats"),
                       "monsters": make_policy(foe, seed * 2 + 2, "beats")}
            match = play_match(MatchSetup("beats", seats, {}), seed, players)
            outcome = match.outcome()
            wins += outcome is not None and outcome.winner == "heroes"
        return wins / 40

    baseline = heroes_win("random", "random")
    assert 0.25 <= baseline <= 0.75  # the default run is near even, so both sides have room to gain 25 points
    assert heroes_win("tactical", "random") >= baseline + 0.25  # the heroes' side
    assert heroes_win("random", "tactical") <= baseline - 0.25  # the monsters' side
