"""Many seeded random matches end, and every rule that must always hold holds after every action."""

from __future__ import annotations

import random
from collections import Counter

from game.core.dice import SeededDice
from game.core.events import Event
from game.core.mode import MatchSetup, Seat
from game.modes.cards.content import load_content
from game.modes.cards.events import DiceRolled, DieRerolled
from game.modes.cards.mode import CardsMode

MATCHES = 1000
SEATS = (Seat("heroes", ("heroes",), True), Seat("monsters", ("monsters",), True))


def _where_cards_are(mode: CardsMode) -> Counter[int]:
    """Every card number in a hand, face down, on the track (or being resolved), face up or discarded."""
    s = mode.state
    found: Counter[int] = Counter()
    for fighter in s.fighters.values():
        found.update(fighter.hand + fighter.faceup + fighter.discard)
    found.update(u for placed in s.face_down.values() for u, _t in placed)
    found.update(u for u, _t in s.draft)
    found.update(q.action.uid for q in s.track.queued if q.action.uid is not None)
    if s.resolving is not None and s.resolving.uid is not None:
        found[s.resolving.uid] += 1
    if s.declaring is not None:
        found[s.declaring[1]] += 1
    return found


def _check(mode: CardsMode, events: list[Event]) -> None:
    s = mode.state
    for fighter in s.fighters.values():
        assert 0 <= fighter.grit <= fighter.max_grit, fighter
        assert fighter.present or not any(e.holder == fighter.cid for e in s.effects)
        assert fighter.fame >= 0
    assert _where_cards_are(mode) == Counter(set(s.cards)), "a card was lost or doubled"
    rerolled: Counter[int] = Counter()
    for event in events:
        if isinstance(event, DiceRolled):
            rerolled.clear()
        elif isinstance(event, DieRerolled):
            rerolled[event.die] += 1
            assert rerolled[event.die] == 1, "a die was rerolled twice"


def _setup(rng: random.Random) -> MatchSetup:
    """Heroes against monsters, and one match in four two parties of characters (and a monster with them)."""
    content = load_content()
    heroes = rng.sample(sorted(content.characters), rng.randint(1, 3))
    monsters = rng.sample(sorted(content.monsters), rng.randint(1, 2))
    if rng.random() < 0.25:
        rivals = [rng.choice(sorted(content.characters)), monsters[0]]
        return MatchSetup("cards", SEATS, {"sides": [["heroes", heroes], ["monsters", rivals]], "max_rounds": 30})
    return MatchSetup("cards", SEATS, {"heroes": heroes, "monsters": monsters, "max_rounds": 30})


def test_a_thousand_seeded_random_matches_end_with_every_invariant_intact() -> None:
    endings: Counter[str | None] = Counter()
    for seed in range(MATCHES):
        rng = random.Random(seed)
        mode = CardsMode(_setup(rng), SeededDice(seed))
        events = mode.start()
        _check(mode, events)
        while (seat := mode.pending_seat()) is not None:
            legal = mode.legal_actions(seat)
            assert legal and all(mode.check(a, seat) is None for a in legal)
            new = mode.apply(legal[rng.randrange(len(legal))], seat)
            events += new
            _check(mode, events)
        outcome = mode.outcome()
        assert outcome is not None
        endings[outcome.winner] += 1
    assert endings["heroes"] and endings["monsters"]
