"""The in-game help: the grid mode's rules in brief, and the keys of each mode."""

from __future__ import annotations

GRID_RULES = (
    ("A round", "Each round starts with Roll Initiative: everyone rolls Reactions and the highest acts first. "
                "On its turn a combatant gets movement points (a Speed roll) and Senses (a Perception roll), and "
                "its Hidden score drops back to 0."),
    ("Rolling", "A rank of N rolls N ten-sided dice and keeps the highest. A 10 is rolled again and added, as "
                "long as it keeps coming up 10. A rank of 0 rolls one die and halves it."),
    ("Moving", "A step to any of the eight squares around costs 1 point; 1 more into an Obstructed (grey) "
               "square; 4 more when leaving a square next to an enemy it sees (an Unconscious one too); and all of "
               "it twice over while Prone or Hidden. Inspire, Scan and Hide cost 4 points, picking up or "
               "equipping 1, dropping nothing."),
    ("Acting", "Once a turn a combatant may use one of its actions. An attack is Skill against Trait: the "
               "attacker must roll higher than the defender; a tie misses. An Unreliable weapon fails on a roll "
               "of 10 or more."),
    ("Seeing", "You see what your current combatant sees; ground seen before is dim, never seen black. An enemy whose "
               "Hidden beats your Senses cannot be seen or attacked (dimmed if another of yours sees it). A move "
               "that walks into one stops there; the square is marked ? and later moves that turn go around it."),
    ("Harm", "Damage is the damage rank rolled plus bonuses minus resistance. After each hit that does damage "
             "the target rolls Endurance; less than its Damage turns the Damage into a Wound. Wounds equal to "
             "Resolve knock a combatant Unconscious, more kill it."),
    ("Conditions", "At the end of each turn a beneficial condition loses a rank; for a harmful one, a Trait roll "
                   "that beats a roll of its rank ends it, else it loses a rank."),
)

def key_list(enter: str, space: str, undo: str, tabs: bool, retreat: bool,
             who: str = "combatant") -> tuple[tuple[str, str], ...]:
    """Every key of the encounter screen in the order the help shows them, with what a mode makes of them."""
    keys = [("Tab / Shift+Tab", f"next / previous {who}"),
            ("Arrows", "move the map cursor (Shift: scroll)"),
            ("Enter", enter),
            ("Space", space),
            ("Esc", "cancel, or open the menu (save the match there)")]
    if tabs:
        keys.append(("S / M / A", "Stats, Move and Action tabs"))
    keys += [("1 - 9", "the numbered options of the open tab" if tabs else "the numbered options on the right"),
             ("R / Shift+R", "rotate the map"),
             ("+ / - / wheel", "zoom; over a panel the wheel scrolls it (Page Up/Down: the log, Shift: the controls)"),
             ("C", f"centre on the current {who}"),
             ("L", "show the dice of the newest log line"),
             ("Ctrl+Z", undo)]
    if retreat:
        keys.append(("Q", "retreat (asks first)"))
    keys += [("F1 or H", "this help"),
             ("F12", "save a screenshot")]
    return tuple(keys)


GRID_KEYS = key_list(enter="act on the cursor square, or run the chosen action",
                     space="Roll Initiative, End Turn or Go (twice within 3 s to end a turn with nothing done)",
                     undo="take back the last move of this turn",
                     tabs=True, retreat=True) + (("E", "end the turn of every hero with nothing to do this round"),)
