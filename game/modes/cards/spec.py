"""The cards mode as the game offers it: its options, fighters, computer policies and saves."""

from __future__ import annotations

from collections.abc import Mapping

from game.core.baseline import RandomPlayer, WeightedPlayer
from game.core.dice import Dice
from game.core.mode import MatchSetup, Mode
from game.core.modespec import Chooser, ModeSpec, OptionSpec, PolicySpec, is_round_limit, is_sides, party_options
from game.modes.cards.content import load_content, load_folder
from game.modes.cards.events import AttackResolved
from game.modes.cards.setup import DEFAULT_HEROES, DEFAULT_MONSTERS
from game.modes.cards.view import CardsView

SAVE_VERSION = 1


def _make(setup: MatchSetup, dice: Dice) -> Mode:
    from game.modes.cards.mode import CardsMode

    return CardsMode(setup, dice)


def _tactical(seed: int, difficulty: str) -> Chooser:
    """The cards policy, which has one level of play for every difficulty."""
    from game.modes.cards.ai import CardsPlayer

    return CardsPlayer(seed)


def _heroes() -> Mapping[str, str]:
    return {key: hero.name for key, hero in load_content().characters.items()}


def _monsters() -> Mapping[str, str]:
    return {key: monster.name for key, monster in load_content().monsters.items()}


CARDS = ModeSpec(
    name="cards",
    title="Cards (text 000)",
    factory=_make,
    attack_made=lambda event: isinstance(event, AttackResolved),
    needs_map=False,
    options=(*party_options(DEFAULT_HEROES, DEFAULT_MONSTERS), OptionSpec("sides", None, lambda v: None if v is None
                                                                          else is_sides(v)),
             OptionSpec("max_rounds", None, is_round_limit)),
    content=load_content,
    content_from=load_folder,
    heroes=_heroes,
    monsters=_monsters,
    default_heroes=DEFAULT_HEROES,
    default_monsters=DEFAULT_MONSTERS,
    # Every action weighs alike in the weighted baseline: a card's number does not say whether it attacks.
    policies={"tactical": PolicySpec(_tactical),
              "weighted": PolicySpec(lambda seed, _level: WeightedPlayer(seed)),
              "random": PolicySpec(lambda seed, _level: RandomPlayer(seed))},
    save_version=SAVE_VERSION,
    rivals=True,
    view_type=CardsView,
)
