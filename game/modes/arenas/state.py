"""The state of an arenas match: its characters (each a dataclass), the round's phase, plans and the GM's pool."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from game.core.battlefield import Battlefield, Square
from game.core.dice import Dice
from game.core.mode import Outcome
from game.modes.arenas.arenas import ArenaMap
from game.modes.arenas.content import ArenasContent, Character, Weapon
from game.modes.arenas.plans import Declaration, Plan

if TYPE_CHECKING:
    from game.maps.arena_marks import FlimsyWall

UP, OUT, INCAPACITATED, BLEEDING, DEAD = "up", "out", "incapacitated", "bleeding", "dead"
GM = "game master"  # who pays the game-master side's Awesome points


@dataclass
class Fighter:
    """One hero, monster or group of minions in a match, with what it carries over from round to round."""

    cid: str
    name: str
    template: str
    side: str
    hero: bool
    arena: str
    wounds: int
    marked: list[int] = field(default_factory=list)
    members: int = 1  # minions standing in a group (1 for anyone else)
    status: str = UP
    awesome: int = 0
    # What this round's actions leave on it.
    defending: bool = False
    protecting: str | None = None
    impeded_by: str | None = None
    cornered_by: str | None = None  # impeded last round: "Cornered and cannot move next round"
    no_move: bool = False  # pushed last round: "cannot Move on their next turn"
    pushed_now: bool = False
    focus: Plan | None = None
    wounded_since_focus: bool = False
    parry_used: bool = False
    daring_on: str | None = None  # a foe whose next attack roll takes this one's Daring as a penalty
    aim: Plan | None = None
    initiative: int | None = None

    @property
    def able(self) -> bool:
        """Whether it can still fight: up, with somebody standing."""
        return self.status == UP and self.members > 0


@dataclass
class ArenasState:
    """Everything one match holds besides its seats: the map's arenas, characters, round, phase and dice."""

    content: ArenasContent
    battlefield: Battlefield
    arenas: ArenaMap
    dice: Dice
    kinds: dict[str, str] = field(default_factory=dict)  # each arena's kind now (arenas can change mid-fight)
    changes: tuple[tuple[str, int, str], ...] = ()  # (arena, round, kind) the map schedules
    flimsy: dict[str, FlimsyWall] = field(default_factory=dict)  # walls standing that may be broken, by name
    possible: dict[str, tuple[str, tuple[Square, ...]]] = field(default_factory=dict)  # not drawn in: kind, squares
    rubble: tuple[str, ...] = ()  # arenas where a wall was broken
    asking: tuple[str, str] | None = None  # (hero, possible arena) suggested, awaiting the game master's answer
    suggested: set[str] = field(default_factory=set)  # possible arenas suggested this round
    fighters: dict[str, Fighter] = field(default_factory=dict)
    round: int = 0
    phase: Literal["declare", "choose", "over"] = "declare"
    declarations: dict[str, Declaration] = field(default_factory=dict)
    plans: dict[str, Plan] = field(default_factory=dict)  # sealed until the steps play out
    gm_awesome: int = 0
    max_rounds: int | None = None
    outcome: Outcome | None = None

    def character(self, f: Fighter) -> Character:
        """The content a fighter was made from."""
        return self.content.character(f.template)

    def weapon(self, f: Fighter) -> Weapon:
        """Its main weapon."""
        return self.content.weapons[self.character(f).weapon]

    def ranged(self, f: Fighter) -> Weapon | None:
        """Its weapon to shoot or throw with, if any."""
        name = self.character(f).ranged
        return self.content.weapons[name] if name else None

    def offhand(self, f: Fighter) -> Weapon | None:
        """Its shield or parrying weapon, if any."""
        name = self.character(f).offhand
        return self.content.weapons[name] if name else None

    def armour(self, f: Fighter) -> int:
        """What its armour adds to the number to hit it."""
        name = self.character(f).armour
        return self.content.armour[name].bonus if name else 0

    def kind(self, arena: str) -> str:
        """An arena's kind now."""
        found = self.kinds.get(arena)
        return found if found is not None else self.arenas.kind(arena)

    def awesome_of(self, f: Fighter) -> int:
        """The Awesome points a fighter can spend: its own, or the game-master side's pool for a monster."""
        return f.awesome if f.hero else self.gm_awesome

    def spend_awesome(self, f: Fighter) -> None:
        """Spend one Awesome point for a fighter."""
        if f.hero:
            f.awesome -= 1
        else:
            self.gm_awesome -= 1

    def in_arena(self, arena: str) -> list[Fighter]:
        """The able fighters in an arena, in order."""
        return [f for f in self.fighters.values() if f.arena == arena and f.able]

    def foes(self, f: Fighter) -> list[Fighter]:
        """Able fighters of other sides."""
        return [o for o in self.fighters.values() if o.side != f.side and o.able]

    def friends(self, f: Fighter) -> list[Fighter]:
        """Able fighters of its side but itself."""
        return [o for o in self.fighters.values() if o.side == f.side and o.able and o.cid != f.cid]
