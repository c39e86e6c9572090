"""What a seat may ask in a cards match; each decision is for the character (or monster) the match waits on."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from game.core.events import Action, action_from_plain


@dataclass(frozen=True)
class JoinFight(Action):
    """The character joins the fight, with the one Worn gear that will apply ("" when it has none)."""

    worn: str = ""


@dataclass(frozen=True)
class StayOut(Action):
    """The character does not join the fight."""


@dataclass(frozen=True)
class PlaceCard(Action):
    """Place a card of the hand face down (its number in the match), naming the fighter it is for."""

    secret: ClassVar[bool] = True

    card: int
    target: str


@dataclass(frozen=True)
class SealCards(Action):
    """Done placing cards face down this round (up to two)."""


@dataclass(frozen=True)
class Declare(Action):
    """A revealed Base Attack attacks, or takes the Priority token instead."""

    take_token: bool


@dataclass(frozen=True)
class ChooseTarget(Action):
    """The monster's runner chooses the character its action is aimed at."""

    target: str


@dataclass(frozen=True)
class Reroll(Action):
    """Spend 2 Fame to reroll one die (its place in the roll, from 0) of the roll under way."""

    die: int


@dataclass(frozen=True)
class KeepDice(Action):
    """Spend no Fame on the roll under way."""


ACTIONS: dict[str, type[Action]] = {cls.__name__: cls for cls in (
    JoinFight, StayOut, PlaceCard, SealCards, Declare, ChooseTarget, Reroll, KeepDice)}


def action_from_dict(data: dict[str, Any]) -> Action:
    """An action back from its saved form (ValueError for anything else)."""
    return action_from_plain(ACTIONS, data)
