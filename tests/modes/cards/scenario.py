"""Cards matches with scripted dice: set up, step through decisions, and find cards in hands."""

from __future__ import annotations

from collections.abc import Iterable

from game.core.dice import ScriptedDice
from game.core.events import Action, Event
from game.core.mode import MatchSetup, Seat
from game.modes.cards.actions import JoinFight, KeepDice, SealCards
from game.modes.cards.mode import CardsMode

SEATS = (Seat("heroes", ("heroes",)), Seat("monsters", ("monsters",)))


def fight(heroes: Iterable[str], monsters: Iterable[str] = (), dice: Iterable[int] = (),
          sides: list[list[object]] | None = None, fame: dict[str, int] | None = None,
          seats: tuple[Seat, ...] = SEATS) -> CardsMode:
    """A started match of these fighters with scripted dice; each character's Fame set as given (else 0)."""
    options: dict[str, object] = {"heroes": list(heroes), "monsters": list(monsters)}
    if sides is not None:
        options = {"sides": sides}
        seats = tuple(Seat(str(name), (str(name),)) for name, _members in sides)
    mode = CardsMode(MatchSetup("cards", seats, options), ScriptedDice(dice))
    for fighter in mode.state.fighters.values():
        if fighter.character:
            fighter.fame = (fame or {}).get(fighter.cid, 0)
    mode.start()
    return mode


def script(mode: CardsMode, *results: int) -> None:
    """Add dice results to the end of the script."""
    dice = mode.dice
    assert isinstance(dice, ScriptedDice)
    dice._results.extend(results)


def act(mode: CardsMode, action: Action) -> list[Event]:
    """The seat whose decision is awaited takes the action (refused actions fail the test)."""
    seat = mode.pending_seat()
    assert seat is not None, "the fight is over"
    reason = mode.check(action, seat)
    assert reason is None, reason
    return mode.apply(action, seat)


def join_all(mode: CardsMode) -> list[Event]:
    """Every character joins with its first Worn gear."""
    out: list[Event] = []
    while mode.state.phase == "join" and mode.state.joining:
        fighter = mode.state.fighters[mode.state.joining[0]]
        out += act(mode, JoinFight(fighter.worn_choices[0] if fighter.worn_choices else ""))
    return out


def uid(mode: CardsMode, cid: str, card: str) -> int:
    """The number of the first copy of a card in a character's hand."""
    state = mode.state
    return next(u for u in state.fighters[cid].hand if state.cards[u] == card)


def place(mode: CardsMode, cid: str, *cards: tuple[str, str]) -> list[Event]:
    """The character now placing puts down these (card, target) pairs and seals them."""
    from game.modes.cards.actions import PlaceCard

    pending = mode.state.sealing.next_seat()
    assert pending == cid, f"{pending} places now, not {cid}"
    out: list[Event] = []
    for card, target in cards:
        out += act(mode, PlaceCard(uid(mode, cid, card), target))
    return out + act(mode, SealCards())


def keep_all(mode: CardsMode) -> list[Event]:
    """Every character asked about a reroll keeps the dice."""
    out: list[Event] = []
    while (now := mode.view("heroes").pending) is not None and now.kind == "reroll":
        out += act(mode, KeepDice())
    return out


def of_type(events: Iterable[Event], kind: type) -> list:
    """The events of one class."""
    return [e for e in events if isinstance(e, kind)]


def give(mode: CardsMode, cid: str, card: str) -> int:
    """Put a card into a character's hand as one more it has obtained; its number."""
    state = mode.state
    number = max(state.cards) + 1
    state.cards[number], state.owner[number] = card, cid
    state.fighters[cid].hand.append(number)
    return number


def awaited(mode: CardsMode) -> tuple[str, str]:
    """The kind of decision awaited and whose it is ("", "" once the fight is over)."""
    pending = mode.view("heroes").pending
    return (pending.kind, pending.cid or "") if pending is not None else ("", "")
