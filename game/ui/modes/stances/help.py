"""The stances mode's help: what each stance does, the rules in short and the keys."""

from __future__ import annotations

from game.ui.helptext import key_list

STANCE_NOTES = {
    "cunning": "beats agility and defensive; might beats it",
    "agility": "beats might and defensive; a free sidestep; cunning beats it",
    "might": "beats cunning and defensive; the weapon's might bonus against cunning; agility beats it",
    "defensive": "no attack; damage that gets through is halved, rounding up",
}
# Enter on a square does what a click there does: dash or sidestep to it, or the plainest attack or
# engagement of the fighter on it; Space presses the big button of the moment. Only a dash can be
# taken back (ruling stances-undo), and text 001 has no retreat.
STANCES_KEYS = key_list(enter="dash or sidestep to the cursor square, or attack or engage who stands there",
                        space="the button at the bottom right: Pass, Go, or the choice to make (twice to pass while a "
                              "fighter has done nothing)",
                        undo="take back the last dash", tabs=False, retreat=False, who="fighter")
STANCES_RULES = (
    ("Priority", "Outside an engagement the side with priority acts: dash one fighter, engage an enemy in its "
                 "weapon's range, help, heal or treat wounds, or pass. Priority then goes to the other side; when "
                 "both pass one after the other the round ends."),
    ("Stances", "Everyone in an engagement picks a stance in secret: cunning, agility, might or defensive. They are "
                "revealed together. Cunning beats agility, agility beats might, might beats cunning, and all beat "
                "defensive. You may attack one fighter in range whose stance yours beats; the same stance on both "
                "sides means contested attack rolls."),
    ("Order", "All cunning attacks, then agility, then might. Attacks of one stance are simultaneous. Agility "
              "gets a free sidestep right before or after its attack."),
    ("Rolls", "Attack: heart die + the stance's ability die + weapon die, against the defender's heart die + the "
              "same ability die + armour. Damage is the difference. Defensive halves what gets through."),
    ("Harm", "Shrug off to take half the damage while your heart die falls one size. Ten or more at once also "
             "makes a wound, which lowers the most you can heal to. At 0 hit points or fewer you may go "
             "unconscious or keep fighting; at minus your maximum you die."),
    ("Grappling", "Instead of attacking a fighter whose stance yours beats directly, grapple it (might against "
                  "its might or agility) or climb onto a larger one; these come after all attack rolls."),
)
