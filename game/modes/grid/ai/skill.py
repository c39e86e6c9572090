"""Difficulty levels of the tactical policy: they change how well it plays, never a combatant's numbers."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Skill:
    """What the policy takes into account when it weighs a turn, and how often it settles for less."""

    name: str
    exact_odds: bool  # weigh targets by exact hit chances and wounds; else by raw hit chance and nearness
    focus_fire: bool  # value a wound by how close it brings the target to falling
    tricks: bool  # Hide, Scan, Inspire and weapon swaps
    keeps_range: bool  # where to act from, prefer squares that leave points to step back or Hide with after acting
    counts_danger: bool  # weigh where enemies can reach next round
    slack: float  # any option (action and target) within this share of the best may be taken, at random
    blunder: float  # chance per turn of taking any plan that does something, at random
    pace: float = 1.0  # how eagerly it closes in when it cannot act: the worth of a square of progress, scaled
    shares: bool = False  # an enemy with allies of the mover in reach as well strikes only one of them
    tempo: bool = False  # weigh who acts before the mover's next turn: enemies still to act this round count most
    # After acting, walk to the safest square in reach; else stay, and Hide there with the points left if it pays.
    steps_back: bool = False
    # Weigh what the allies acting after the mover can do: a wound that lets them take an enemy out before its
    # turn is worth more, so a side strikes together at the enemy it can finish.
    coordinates: bool = False
    # Weigh the wounds a target heals by itself at the start of its turn (a healing aura, a healing condition):
    # a wound the heal takes back is worth nothing, and a fallen target that would wake is worth finishing;
    # and a fallen enemy comes back as likely as one of its side's healers reaches it.
    knows_heals: bool = False


DIFFICULTIES: dict[str, Skill] = {
    "easy": Skill("easy", exact_odds=False, focus_fire=False, tricks=False, keeps_range=False, counts_danger=False,
                  slack=0.35, blunder=0.25),
    "normal": Skill("normal", exact_odds=True, focus_fire=True, tricks=True, keeps_range=True, counts_danger=True,
                    slack=0.08, blunder=0.0, steps_back=True),
    # hard stands its ground after acting: in mirror matches against normal, which steps back, it acts more
    # often (no walk back in next turn) and hides more (every point left goes to Hide), and scores well
    # above half where, stepping back as well, it scored about half (bench/bench_ai.py, levels; the
    # figures are in docs/performance.md).
    "hard": Skill("hard", exact_odds=True, focus_fire=True, tricks=True, keeps_range=True, counts_danger=True,
                  slack=0.0, blunder=0.0, pace=0.5, shares=True, tempo=True, coordinates=True,
                  knows_heals=True),
}
DEFAULT_DIFFICULTY = "normal"


def skill_for(difficulty: str) -> Skill:
    """The skill of a difficulty level, or ValueError naming the levels."""
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r} (levels: {', '.join(DIFFICULTIES)})")
    return DIFFICULTIES[difficulty]
