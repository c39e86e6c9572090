"""What one seat may know of a beats run: everything on the table but the dice others selected and not yet showed."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.battlefield import Square
from game.core.mode import Outcome, Pending
from game.modes.beats.actions import Act
from game.modes.beats.run import ACT, COUNTER, Run
from game.modes.beats.state import wound_word


@dataclass(frozen=True)
class FighterView:
    """One combatant as a seat sees it. ``shown`` is the slot of its die this beat: after the reveal, or to its
    own seat once selected; never another seat's selection before the reveal."""

    cid: str
    name: str
    side: str
    controlled: bool
    template: str
    dice: tuple[tuple[int, int, bool], ...]  # (size, number, used by a beat of this round)
    shown: int | None
    value: int | None  # the number its die counts for this beat (with any special), once revealed
    chosen: bool  # whether it has selected its die for the beat being chosen
    acted: bool
    wounds: int
    tended: int
    wound_tools: tuple[str, ...]
    tools: tuple[tuple[str, str, str], ...]  # (item id, tool name, trait)
    sparks: int
    specials: tuple[tuple[str, str, int, bool], ...]  # (id, name, die, still to use this fight)
    disadvantage: int
    status: str
    square: Square | None = None  # where it is drawn on a map; None on the table

    @property
    def wound_word(self) -> str:
        """Its worst wound in words: unhurt, beaten ... burst, or helpless."""
        return wound_word(self.wounds)


@dataclass(frozen=True)
class BeatsView:
    """A seat's view of a beats run (the shared seat view, plus the table)."""

    seat: str
    round: int
    outcome: Outcome | None
    pending: Pending | None
    members: tuple[FighterView, ...]
    fight: int
    fights: int
    beat: int
    phase: str
    location: str
    ground: tuple[tuple[str, str], ...]  # tools lying about: (item id, name)
    away: tuple[tuple[str, str], ...]  # tools kicked out of reach
    order: tuple[str, ...]  # the acting order of this beat, once the dice are shown
    declared: Act | None  # the action waiting on counters
    actor_value: int | None
    lying_at: tuple[tuple[str, Square], ...] = ()  # on a map, the square of each tool on the ground: (item id, square)

    def member(self, cid: str) -> FighterView | None:
        """A combatant by id."""
        return next((m for m in self.members if m.cid == cid), None)


def view_of(run: Run, seat: str, own: frozenset[str], pending: Pending | None,
            outcome: Outcome | None) -> BeatsView:
    """Build a seat's view of the combatants it decides for (``own``): their sealed choices, nobody else's."""
    revealed = run.phase in (ACT, COUNTER)
    members = []
    for cid in run.fighting or run.heroes:
        who = run.combatants[cid]
        mine = cid in own
        sealed, chosen = run.sealing.known_to(cid) if not revealed else (None, ())
        shown = run.presented.get(cid) if revealed else (sealed if mine else None)
        members.append(FighterView(
            cid, who.name, who.side, mine, who.template.id,
            tuple((d.size, d.value, d.used) for d in who.dice), shown,
            run.value(cid) if revealed and cid in run.presented else None,
            cid in chosen, cid in run.acted if revealed else False,
            who.wounds, who.tended, tuple(w.name for w in who.wound_tools),
            tuple((i, run.items[i].tool.name, run.items[i].tool.trait) for i in who.tools), who.sparks,
            tuple((s, run.content.specials[s].name, run.content.specials[s].die, s not in who.specials_used)
                  for s in who.template.specials),
            who.disadvantage, who.status, run.squares.get(cid)))
    location = run.content.locations[run.location].name if run.location else \
        (run.place.name if run.place is not None else "")
    return BeatsView(
        seat, run.round, outcome, pending, tuple(members), run.fight, len(run.fights), run.beat, run.phase,
        location, tuple((i, run.items[i].tool.name) for i in run.ground),
        tuple((i, run.items[i].tool.name) for i in run.away), run.order if revealed else (), run.declared,
        run.actor_value() if run.declared is not None else None,
        tuple((i, run.lying_at[i]) for i in run.ground if i in run.lying_at))
