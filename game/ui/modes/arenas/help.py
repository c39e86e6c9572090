"""The arenas mode's help: the rules in short and the keys."""

from __future__ import annotations

from game.ui.helptext import key_list

ARENAS_KEYS = key_list(enter="select who stands on the cursor square", space="Go, while the computer decides",
                       undo="nothing: every plan is sealed or declared at once", tabs=False, retreat=False,
                       who="character")
ARENAS_RULES = (
    ("Arenas", "The map is cut into arenas: tight (light weapons +2), hazardous (reach +2), open (ranged +2 against "
               "a target there), dense (heavy +2, with collateral damage) and neutral. You stand anywhere in yours; "
               "a Move goes to a touching arena, one further for an Awesome point."),
    ("A round", "The game master declares each monster's tactics first: all of it, only the step, or nothing (paid "
                "for). Then each hero picks one action in secret. The seven steps then play out in order: Defend or "
                "Protect, Shoot or Throw (or Aim), Focus or Impede, Move, Attack or Assist (aimed shots strike), "
                "Push, Focused actions."),
    ("Rolls", "An attack rolls its weapon's d10s and keeps the top two; the first die is the face die, and a 10 on "
              "it with a hit adds 1d3 damage. Each damage die marks the wound of its number. Initiative (1d10 + "
              "Awareness) is rolled only when both sides act in one step."),
    ("Walls and new arenas", "Beside a flimsy wall (drawn cracked) you may spend your action breaking it: a Brawn "
                             "test in the Attack step; its rubble becomes an arena. Beside a possible arena (drawn "
                             "outlined) a hero may suggest it while choosing; the game master may draw it in."),
    ("Wounds", "When one of your two highest wounds is marked you test Daring or Commitment to fight on; both "
               "marked and you are incapacitated and test Commitment or bleed out; every wound marked is death."),
)
