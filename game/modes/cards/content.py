"""The cards mode's content: cards, Worn gear, characters and monsters from TOML, checked as they load."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Literal

from game.core.content import DATA, load_entries, require, require_entries

FOLDER = DATA / "cards"
SKILLS = ("might", "finesse", "wit", "spirit")  # ruling cards-skills: the text names Finesse and Wit only
AILMENTS = ("burn", "dazzle", "slow", "weak")
BASIC = ("base_attack", "lure", "balance", "focus")  # every starting hand: 2 Base Attack, 1 Lure, 1 Balance, 1 Focus
DIE = 12  # "12-sided dice"
MAX_TIER = 6
MAX_GRIT = 100
MAX_FAME = 40
MAX_NUMBER = 12


def _within(value: int, low: int, high: int, name: str) -> None:
    if not low <= value <= high:
        raise ValueError(f"field '{name}' must be from {low} to {high}, not {value}")


@dataclass(frozen=True)
class Card:
    """An action card: its Priority, and what it does (an attack names its Skill and the defense to beat)."""

    id: str
    name: str
    kind: Literal["base", "spell", "gear", "basic"]
    priority: int
    target: Literal["enemy", "self", "ally"] = "enemy"  # "ally" is any fighter on the user's side, itself too
    skill: str = ""  # the Skill rolled to attack; "" for a card that does not attack
    defense: str = ""  # the target's Skill whose defense (3 + 2 x Tier) the attack must beat
    dice: Literal["highest", "each"] = "highest"  # whether only the highest die counts or each die has an effect
    damage: int = 0
    accuracy: int = 0  # moves the 8 that Accuracy needs: -1 makes it 7
    ailment: str = ""  # an Ailment a hit adds to the target
    amount: int = 1  # how much of the Ailment
    ailment_rounds: int = 2
    block: int = 0  # an ongoing Block on the target of a card that does not attack
    bonus: int = 0  # an ongoing bonus on the target's rolls
    cure: bool = False  # removes every Ailment from the target (self or ally)
    lasts: Literal["round", "fight"] = "fight"  # an ongoing effect's duration: 1 round, or no duration shown
    self_block: int = 0  # a benefit to the attacker alone, which happens even when the attack fails
    self_bonus: int = 0
    self_cure: bool = False
    text: str = ""  # a line of flavour; what the card does is said from its fields

    def __post_init__(self) -> None:
        _within(self.priority, 1, MAX_NUMBER, "priority")
        for name in ("damage", "block", "bonus", "self_block", "self_bonus"):
            _within(getattr(self, name), 0, MAX_NUMBER, name)
        _within(self.accuracy, -4, 4, "accuracy")
        _within(self.amount, 1, 6, "amount")
        _within(self.ailment_rounds, 1, 6, "ailment_rounds")
        if self.skill and self.skill not in SKILLS:
            raise ValueError(f"field 'skill' must be one of {', '.join(SKILLS)}, not {self.skill!r}")
        if self.defense and self.defense not in SKILLS:
            raise ValueError(f"field 'defense' must be one of {', '.join(SKILLS)}, not {self.defense!r}")
        if bool(self.skill) != bool(self.defense):
            raise ValueError("field 'defense' must be given with field 'skill' (an attack names both)")
        if self.ailment and self.ailment not in AILMENTS:
            raise ValueError(f"field 'ailment' must be one of {', '.join(AILMENTS)}, not {self.ailment!r}")
        if self.attacks != (self.target == "enemy"):
            raise ValueError("field 'target' must be 'enemy' for an attack (skill and defense) and only then")
        if self.attacks and (self.block or self.bonus or self.cure):
            raise ValueError("field 'block', 'bonus' or 'cure' is for a card that does not attack")
        if not self.attacks and (self.damage or self.ailment or self.self_block or self.self_bonus or self.self_cure):
            raise ValueError("field 'damage', 'ailment' or 'self_...' is for an attack")
        if self.attacks and not (self.damage or self.ailment):
            raise ValueError("field 'damage' or 'ailment': an attack must do one")
        if self.kind == "basic" and self.id not in BASIC:
            raise ValueError(f"field 'kind': only {', '.join(BASIC[1:])} are basic cards")
        if not self.attacks and self.kind != "basic" and not (self.block or self.bonus or self.cure):
            raise ValueError("field 'block', 'bonus' or 'cure': a card that does not attack must do one")

    @property
    def attacks(self) -> bool:
        """Whether the card attacks (it names a Skill to roll and a defense to beat)."""
        return bool(self.skill)

    @property
    def ongoing(self) -> bool:
        """Whether the card makes an ongoing effect, so it stays face up by its owner after it resolves."""
        return not self.attacks and not (self.cure and not self.block and not self.bonus)


@dataclass(frozen=True)
class Worn:
    """Worn gear: a Block against every attack, while it is the one chosen for the fight."""

    id: str
    name: str
    block: int

    def __post_init__(self) -> None:
        _within(self.block, 1, MAX_NUMBER, "block")


@dataclass(frozen=True)
class Tiers:
    """A fighter's Tier in each Skill: how many dice it rolls with it."""

    might: int
    finesse: int
    wit: int
    spirit: int

    def __post_init__(self) -> None:
        for name in SKILLS:
            _within(getattr(self, name), 1, MAX_TIER, f"tiers.{name}")

    def of(self, skill: str) -> int:
        """The Tier in a Skill."""
        return int(getattr(self, skill))


@dataclass(frozen=True)
class Character:
    """A character: Skill Tiers, Grit, Fame, Worn gear and the cards with a Priority it has obtained."""

    id: str
    name: str
    tiers: Tiers
    grit: int
    fame: int
    worn: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _within(self.grit, 1, MAX_GRIT, "grit")
        _within(self.fame, 0, MAX_FAME, "fame")


@dataclass(frozen=True)
class MonsterAction:
    """One row of a monster's action table: the die results from ``low`` to ``high`` choose ``card``."""

    low: int
    high: int
    card: str


@dataclass(frozen=True)
class Monster:
    """A monster: Rank (its Fame for the Priority token), Grit, Skill Tiers and its action table."""

    id: str
    name: str
    rank: int
    grit: int
    tiers: Tiers
    actions: tuple[MonsterAction, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        _within(self.rank, 1, MAX_FAME, "rank")
        _within(self.grit, 1, MAX_GRIT, "grit")
        covered: list[int] = []
        for row in self.actions:
            if not 1 <= row.low <= row.high <= DIE:
                raise ValueError(f"field 'actions': a row must run from 1 to {DIE}, low to high, not "
                                 f"{row.low} to {row.high}")
            covered += range(row.low, row.high + 1)
        if sorted(covered) != list(range(1, DIE + 1)):
            raise ValueError(f"field 'actions': the rows must cover each result from 1 to {DIE} once")

    def action(self, result: int) -> str:
        """The card the action table gives for a die result."""
        return next(row.card for row in self.actions if row.low <= result <= row.high)


@dataclass(frozen=True)
class CardsContent:
    """Everything the cards mode fields."""

    cards: dict[str, Card]
    worn: dict[str, Worn]
    characters: dict[str, Character]
    monsters: dict[str, Monster]

    def card(self, key: str) -> Card:
        """A card by id (KeyError naming it)."""
        return self.cards[key]

    def is_fighter(self, key: str) -> bool:
        """Whether a character or a monster has this id."""
        return key in self.characters or key in self.monsters

    def name_of(self, key: str) -> str:
        """A character's or monster's shown name."""
        found = self.characters.get(key) or self.monsters.get(key)
        return found.name if found is not None else key


def check_content(content: CardsContent, folder: Path) -> None:
    """The cross-checks: every card a deck, a table or Worn list names exists, and the basic cards are there."""
    cards_file = folder / "cards.toml"
    for key in BASIC:
        require(key in content.cards, f"{cards_file}: [{key}]", "missing: every starting hand holds it")
    base = content.cards.get("base_attack")
    require(base is None or base.attacks, f"{cards_file}: [base_attack]", "field 'skill': Base Attack attacks")
    for key, hero in content.characters.items():
        where = f"{folder / 'characters.toml'}: [{key}]"
        for i, card in enumerate(hero.deck):
            require(card in content.cards, where, f"field 'deck[{i}]' names no card {card!r}")
            require(card not in BASIC, where, f"field 'deck[{i}]': {card!r} is in every hand already")
        for i, worn in enumerate(hero.worn):
            require(worn in content.worn, where, f"field 'worn[{i}]' names no Worn gear {worn!r}")
    for key, monster in content.monsters.items():
        where = f"{folder / 'monsters.toml'}: [{key}]"
        require(bool(monster.actions), where, "field 'actions': a monster needs an action table")
        for i, row in enumerate(monster.actions):
            action = content.cards.get(row.card)
            require(action is not None, where, f"field 'actions[{i}].card' names no card {row.card!r}")
            require(action is None or action.kind != "basic", where,
                    f"field 'actions[{i}].card': a monster plays no basic card")


def load_folder(folder: Path) -> CardsContent:
    """Read and check the four files of a folder (ContentError naming file, entry and field)."""
    files = {name: folder / f"{name}.toml" for name in ("cards", "worn", "characters", "monsters")}
    cards = load_entries(files["cards"], Card)
    worn = load_entries(files["worn"], Worn)
    characters = load_entries(files["characters"], Character)
    monsters = load_entries(files["monsters"], Monster)
    require_entries(cards, files["cards"])
    require_entries(characters, files["characters"])
    require_entries(monsters, files["monsters"])
    content = CardsContent(cards, worn, characters, monsters)
    check_content(content, folder)
    return content


@lru_cache(maxsize=1)
def load_content() -> CardsContent:
    """The game's own cards content."""
    return load_folder(FOLDER)
