"""`odds`: the exact chance that a Skill roll beats a Trait roll, as the game computes it."""

from __future__ import annotations

import argparse
import json

from game.core.errors import GameError
from game.core.odds import p_beats

# Limits for the command line only; game.core.odds itself takes any rank and modifier.
MAX_RANK = 20
MAX_MODIFIER = 50


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare --skill, --trait, the two modifiers and --json."""
    parser.add_argument("--skill", type=int, required=True, help=f"the attacker's Skill rank (0 to {MAX_RANK})")
    parser.add_argument("--trait", type=int, required=True, help=f"the target's Trait rank (0 to {MAX_RANK})")
    parser.add_argument(
        "--skill-modifier",
        type=int,
        default=None,
        help=f"added to the Skill result (-{MAX_MODIFIER} to {MAX_MODIFIER})",
    )
    parser.add_argument(
        "--trait-modifier",
        type=int,
        default=None,
        help=f"added to the Trait result (-{MAX_MODIFIER} to {MAX_MODIFIER})",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a sentence")


def _check(name: str, value: int, low: int, high: int, what: str) -> None:
    """Raise GameError unless low <= value <= high."""
    if not low <= value <= high:
        raise GameError(f"odds: {name} must be {what} from {low} to {high}, got {value}")


def _signed(modifier: int) -> str:
    """A modifier as the sentence shows it: nothing for 0, else +N or -N."""
    return f" {modifier:+d}" if modifier else ""


def run(args: argparse.Namespace) -> int:
    """Print the chance that the Skill roll beats the Trait roll; a tie misses."""
    _check("--skill", args.skill, 0, MAX_RANK, "a rank")
    _check("--trait", args.trait, 0, MAX_RANK, "a rank")
    modifiers_given = args.skill_modifier is not None or args.trait_modifier is not None
    skill_modifier = args.skill_modifier or 0
    trait_modifier = args.trait_modifier or 0
    _check("--skill-modifier", skill_modifier, -MAX_MODIFIER, MAX_MODIFIER, "a modifier")
    _check("--trait-modifier", trait_modifier, -MAX_MODIFIER, MAX_MODIFIER, "a modifier")
    # Text 003: "if your roll beats your target's roll, you hit" - a tie misses.
    chance = p_beats(args.skill, args.trait, skill_modifier, trait_modifier)
    if args.json:
        report: dict[str, int | float] = {"skill": args.skill, "trait": args.trait, "p_hit": round(chance, 4)}
        if modifiers_given:
            report["skill_modifier"] = skill_modifier
            report["trait_modifier"] = trait_modifier
        print(json.dumps(report))
    else:
        skill = f"Skill {args.skill}{_signed(skill_modifier)}"
        trait = f"Trait {args.trait}{_signed(trait_modifier)}"
        print(f"{skill} beats {trait}: {chance:.4f}")
    return 0
