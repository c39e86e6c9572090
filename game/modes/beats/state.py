"""The running state of a beats match: combatants, their dice this round, and the tools in play."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.modes.beats.content import Fighter, Tool

WOUNDS = ("beaten", "bloody", "broken", "burst")  # the four bubbles, in the order they are checked off
HELPLESS = len(WOUNDS) + 1  # "If you already have four wounds and need to take another wound ... helpless"
IN, SURRENDERED, OUT_HELPLESS = "in", "surrendered", "helpless"


@dataclass
class Die:
    """One of a combatant's three dice this round: its size, its number, and whether a beat has used it."""

    size: int
    value: int
    used: bool = False


@dataclass(frozen=True)
class Item:
    """One tool in play, by its own id (two knives are two items): what it is and where it came from."""

    id: str
    tool: Tool
    owner: str  # the combatant that started the fight holding it, or "" for one lying at the location


@dataclass(frozen=True)
class WoundTool:
    """A wound written down as a tool: its severity and the words of the attack that gave it."""

    name: str  # "Wound: Shivved in Gut"
    level: int  # 1 beaten .. 4 burst


@dataclass
class Combatant:
    """A hero or foe in the run: its sheet (traits, tools, wounds, sparks) and its place in the current fight."""

    cid: str
    name: str
    side: str
    template: Fighter
    tools: list[str] = field(default_factory=list)  # the items it holds, by item id
    wounds: int = 0  # bubbles checked: 0 none .. 4 burst, 5 helpless
    tended: int = 0  # bubbles erased by first aid that a new wound or a failed exertion brings back
    wound_tools: list[WoundTool] = field(default_factory=list)
    sparks: int = 0
    specials_used: list[str] = field(default_factory=list)  # specials activated this fight
    disadvantage: int = 0  # steps its next roll is turned down
    status: str = IN  # in the fight, surrendered, helpless; a hero sitting a fight out is not in ``fighting``
    dice: list[Die] = field(default_factory=list)

    @property
    def helpless(self) -> bool:
        """Whether it has fallen unconscious."""
        return self.wounds >= HELPLESS

    @property
    def severity(self) -> int:
        """The highest level of wound severity it has (0 none, 4 burst)."""
        return min(self.wounds, len(WOUNDS))

    def unused(self) -> list[int]:
        """The slots of the dice no beat of this round has used yet."""
        return [i for i, die in enumerate(self.dice) if not die.used]


def wound_word(level: int) -> str:
    """The name of a wound bubble, or helpless past the fourth."""
    return WOUNDS[level - 1] if 1 <= level <= len(WOUNDS) else ("helpless" if level > len(WOUNDS) else "unhurt")
