"""A run of fights in the beats mode: rounds of three beats, each beat's secret dice, actions, counters and wounds.

Plain rules over plain state, the dice injected. ``BeatsMode`` (mode.py) asks it who decides and what they
may do; the legal choices are listed in choices.py.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.core.battlefield import Square
from game.core.dice import Dice
from game.core.events import Event
from game.core.secret import SealedChoices
from game.modes.beats.actions import ARM, ATTACK, DISADVANTAGE, DISARM, HOLD, KICK, THREATS, THROW, Act
from game.modes.beats.content import BeatsContent, Fighter, Tool
from game.modes.beats.dice import acting_order, die_sizes, roll_dice
from game.modes.beats.events import (
    ActionDeclared,
    BeatEnded,
    CounterDeclined,
    Countered,
    DicePresented,
    DiceRolled,
    Disadvantaged,
    FightBegan,
    FightEnded,
    FirstAidGiven,
    Held,
    RunEnded,
    SparkSpent,
    SpecialActivated,
    Surrendered,
    ToolMoved,
    WoundsReopened,
    WoundTaken,
)
from game.modes.beats.gauntlet import numbered
from game.modes.beats.onmap import MapPlace, stand
from game.modes.beats.state import IN, OUT_HELPLESS, SURRENDERED, Combatant, Die, Item
from game.modes.beats.wounds import first_aid, gain_wound, reopen

HEROES, FOES = "heroes", "monsters"
BEATS_PER_ROUND = 3  # "each round has three beats"
PRESENT, ACT, COUNTER, AID, OVER = "present", "act", "counter", "aid", "over"


class Run:
    """The whole run: the heroes' sheets, the fight under way, and whose decision it is."""

    def __init__(self, content: BeatsContent, dice: Dice, heroes: Sequence[str],
                 fights: Sequence[Sequence[str]], max_rounds: int, place: MapPlace | None = None) -> None:
        self.content, self.dice, self.max_rounds = content, dice, max_rounds
        self.place = place  # the map every fight is at, or None for the data's locations in turn
        self.squares: dict[str, Square] = {}  # on a map, where each combatant of the fight is drawn
        self.lying_at: dict[str, Square] = {}  # on a map, where each tool on the ground lies
        self.fights = [tuple(f) for f in fights]
        self.combatants: dict[str, Combatant] = {}
        self.items: dict[str, Item] = {}
        self.ground: list[str] = []
        self.away: list[str] = []
        taken: set[str] = set()
        self.heroes = numbered(heroes, taken)
        for cid, key in zip(self.heroes, heroes, strict=True):
            self._enlist(cid, content.heroes[key], HEROES)
        self.fight = 0
        self.location = ""
        self.fighting: list[str] = []
        self.round = 0
        self.total_rounds = 0
        self.beat = 0
        self.phase = PRESENT
        self.sealing: SealedChoices[int] = SealedChoices(())
        self.presented: dict[str, int] = {}
        self.boost: dict[str, int] = {}
        self.acted: set[str] = set()
        self.barred: set[str] = set()  # countered this beat: "no more specials"
        self.order: tuple[str, ...] = ()
        self.actor_index = 0
        self.declared: Act | None = None
        self.candidates: list[str] = []
        self.boosted_now: set[str] = set()  # activated a special while deciding on the counter under way
        self.tended_now: set[str] = set()
        self.winner: str | None = None
        self.reason = ""

    # -- setting up ----------------------------------------------------------------------------------

    def _enlist(self, cid: str, fighter: Fighter, side: str) -> None:
        who = Combatant(cid, fighter.name, side, fighter, sparks=fighter.sparks)
        for n, tool in enumerate(fighter.tools):
            item = f"{cid}:{tool}" + (f"-{n}" if fighter.tools.index(tool) != n else "")
            self.items[item] = Item(item, self.content.tools[tool], cid)
            who.tools.append(item)
        self.combatants[cid] = who

    def begin_fight(self) -> list[Event]:
        """The next fight of the run: its foes enlisted, its location's tools laid out, sparks and specials back."""
        self.fight += 1
        keys = self.fights[self.fight - 1]
        foes = numbered(keys, set(self.combatants))
        for cid, key in zip(foes, keys, strict=True):
            self._enlist(cid, self.content.foes[key], FOES)
        self.ground, self.away, self.lying_at = [], [], {}
        if self.place is None:
            locations = list(self.content.locations.values())
            location = locations[(self.fight - 1) % len(locations)]
            self.location, where = location.id, location.id
            for n, tool in enumerate(location.tools):
                self._lay(f"{location.id}:{tool}-{self.fight}-{n}", self.content.tools[tool], None)
        else:
            # On a map the map is the location: the tools lying on it are on the ground (ruling beats-map-tools).
            self.location, where = "", self.place.name
            for n, (square, found) in enumerate(self.place.tools):
                self._lay(f"map:{found.id}-{self.fight}-{n}", found, square)
        heroes = [cid for cid in self.heroes if not self.combatants[cid].helpless]
        if self.place is not None:
            self.squares = stand(self.place, heroes, foes)
        for cid in heroes + foes:
            who = self.combatants[cid]
            # Sparks all come back and specials may be used again at each fight's start (ruling beats-sparks).
            who.status, who.sparks, who.specials_used = IN, who.template.sparks, []
        self.fighting = heroes + foes
        self.round = 0
        events: list[Event] = [FightBegan(self.fight, where, tuple(heroes), tuple(foes), tuple(self.ground))]
        return events + self.roll_round()

    def _lay(self, item: str, tool: Tool, square: Square | None) -> None:
        """A tool of the location put on the ground at a fight's start (on a map, on its square)."""
        self.items[item] = Item(item, tool, "")
        self.ground.append(item)
        if square is not None:
            self.lying_at[item] = square

    def active(self) -> list[str]:
        """The combatants still in the fight, in the fight's order."""
        return [cid for cid in self.fighting if self.combatants[cid].status == IN]

    def roll_round(self) -> list[Event]:
        """A new round: every combatant in the fight rolls its three dice; the first beat's choosing begins."""
        if self.total_rounds >= self.max_rounds:
            return self._end(None, f"the round limit of {self.max_rounds} was reached")
        self.round += 1
        self.total_rounds += 1
        events: list[Event] = []
        for cid in self.active():
            who = self.combatants[cid]
            # "In the first round, turn down all your dice one step for the highest level of wound severity".
            wound_steps = who.severity if self.round == 1 else 0
            rolled = self.roll_for(who, wound_steps)
            who.dice = [Die(size, value) for size, value in rolled[0]]
            events.append(DiceRolled(cid, rolled[0], wound_steps, rolled[1]))
        self.beat = 0
        return events + self._next_beat()

    def sizes(self, who: Combatant) -> tuple[int, ...]:
        """The three dice a combatant rolls now: its traits, and the d8 of each tool it holds."""
        return die_sizes(who.template.traits(), (self.items[i].tool.trait for i in who.tools))

    def roll_for(self, who: Combatant, wound_steps: int) -> tuple[tuple[tuple[int, int], ...], int]:
        """Roll a combatant's three dice, its disadvantage used up ("only affect the next roll you make")."""
        steps, who.disadvantage = who.disadvantage, 0
        return roll_dice(self.dice, self.sizes(who), wound_steps + steps), steps

    def _next_beat(self) -> list[Event]:
        self.beat += 1
        self.phase = PRESENT
        self.sealing = SealedChoices(tuple(self.active()))
        self.presented, self.boost, self.acted, self.barred = {}, {}, set(), set()
        self.order, self.actor_index, self.declared, self.candidates = (), 0, None, []
        return []

    # -- whose decision ------------------------------------------------------------------------------

    def deciding(self) -> str | None:
        """The combatant whose decision the run waits for (None between fights and once over)."""
        if self.phase == PRESENT:
            return self.sealing.next_seat()
        if self.phase == ACT:
            return self.order[self.actor_index]
        if self.phase == COUNTER:
            return self.candidates[0]
        return None

    def value(self, cid: str) -> int:
        """The number a combatant's die counts for this beat: the die presented, with any special added."""
        return self.combatants[cid].dice[self.presented[cid]].value + self.boost.get(cid, 0)

    # -- presenting ----------------------------------------------------------------------------------

    def present(self, cid: str, slot: int) -> list[Event]:
        """Seal a combatant's selected die; when all are in, show them together and order the actors."""
        events: list[Event] = [self.sealing.seal(cid, slot)]
        if not self.sealing.complete:
            return events
        chosen, _shown = self.sealing.reveal()
        shown = {}
        for who_id, chosen_slot in chosen.items():
            die = self.combatants[who_id].dice[chosen_slot]
            die.used = True
            self.presented[who_id] = chosen_slot
            shown[who_id] = (die.size, die.value)
        rolloffs: list[tuple[str, int]] = []
        self.order = acting_order(shown, self.dice, rolloffs)
        events.append(DicePresented(self.round, self.beat, tuple((c, chosen[c], *shown[c]) for c in chosen),
                                    self.order, tuple(rolloffs)))
        self.phase, self.actor_index = ACT, 0
        return events

    # -- sparks and specials -------------------------------------------------------------------------

    def reroll(self, cid: str) -> list[Event]:
        """A spark: the presented die rolled again."""
        who = self.combatants[cid]
        who.sparks -= 1
        die = who.dice[self.presented[cid]]
        die.value = self.dice.roll(die.size)
        return [SparkSpent(cid, self.presented[cid], -1, self._values(who), who.sparks)]

    def shift(self, cid: str, source: int, dest: int) -> list[Event]:
        """A spark: one point moved from one die to another, one of them the presented die."""
        who = self.combatants[cid]
        who.sparks -= 1
        who.dice[source].value -= 1
        who.dice[dest].value += 1
        return [SparkSpent(cid, source, dest, self._values(who), who.sparks)]

    @staticmethod
    def _values(who: Combatant) -> tuple[int, int, int]:
        a, b, c = (die.value for die in who.dice)
        return a, b, c

    def special(self, cid: str, key: str) -> list[Event]:
        """A special: its die rolled and added to the presented die for this beat."""
        who, special = self.combatants[cid], self.content.specials[key]
        who.specials_used.append(key)
        roll = self.dice.roll(special.die)
        self.boost[cid] = self.boost.get(cid, 0) + roll
        if self.phase == COUNTER:
            self.boosted_now.add(cid)
        return [SpecialActivated(cid, key, special.die, roll, self.value(cid))]

    # -- acting --------------------------------------------------------------------------------------

    def act(self, action: Act) -> list[Event]:
        """Declare an action; those who may counter it decide in turn, else it takes effect."""
        events: list[Event] = [ActionDeclared(action.cid, action.kind, action.target, action.item,
                                              self.value(action.cid))]
        if action.kind == HOLD:
            return events + [Held(action.cid)] + self._after_action()
        self.declared = action
        self.candidates = self.counter_candidates(action)
        if self.candidates:
            self.phase, self.boosted_now = COUNTER, set()
            return events
        return events + self._resolve()

    def counter_candidates(self, action: Act) -> list[str]:
        """Who may answer an action: the other side's combatants in the fight that could counter it now, or
        activate a special to try, or surrender to it; its target first, then in acting order."""
        actor = self.combatants[action.cid]
        others = [c for c in self.order if self.combatants[c].status == IN and self.combatants[c].side != actor.side]
        if action.target in others:
            others.remove(action.target)
            others.insert(0, action.target)
        return [c for c in others if self.can_counter(c) or self.substitutes(c) or self.specials_left(c)
                or (c == action.target and action.kind in THREATS)]

    def actor_value(self) -> int:
        """The die of the action under way."""
        assert self.declared is not None
        return self.value(self.declared.cid)

    def can_counter(self, cid: str) -> bool:
        """"If your die is higher than their die for this beat, you can counter" (having acted, only after a
        special activated now: "you must either substitute another die or activate a special")."""
        if cid in self.acted and cid not in self.boosted_now:
            return False
        return self.value(cid) > self.actor_value()

    def substitutes(self, cid: str) -> list[int]:
        """The unused dice that a combatant that has acted could substitute to counter: higher than the actor's."""
        if cid not in self.acted:
            return []
        who = self.combatants[cid]
        return [s for s in who.unused() if who.dice[s].value > self.actor_value()]

    def specials_left(self, cid: str) -> list[str]:
        """The specials a combatant may still activate this beat."""
        if cid in self.barred:
            return []
        who = self.combatants[cid]
        return [s for s in who.template.specials if s not in who.specials_used]

    def counter(self, cid: str, slot: int | None) -> list[Event]:
        """Counter the action under way (with a substituted die when ``slot`` is given): it has no effect."""
        assert self.declared is not None
        who, actor = self.combatants[cid], self.declared.cid
        put_aside = -1
        if slot is not None:
            # "If you replace your current die, put it aside to use in an upcoming beat."
            put_aside = self.presented[cid]
            who.dice[put_aside].used = False
            who.dice[slot].used = True
            self.presented[cid] = slot
            self.boost[cid] = 0
        events: list[Event] = [Countered(cid, actor, self.value(cid), self.actor_value(), self.presented[cid],
                                         put_aside)]
        self.barred.add(actor)  # "cannot activate further specials to modify their die"
        # A countered action is a failed roll of physical exertion: a tended wound opens again (ruling
        # beats-reopen).
        back = reopen(self.combatants[actor])
        if back:
            events.append(WoundsReopened(actor, self.combatants[actor].wounds))
            if self.combatants[actor].helpless:
                self._drop(actor, OUT_HELPLESS)
        return events + self._fight_over_or(self._after_action)

    def allow(self, cid: str) -> list[Event]:
        """Let the action stand; the next who may counter decides, or it takes effect."""
        assert self.declared is not None
        events: list[Event] = [CounterDeclined(cid, self.declared.cid)]
        self.candidates.pop(0)
        self.boosted_now = set()
        if self.candidates:
            return events
        return events + self._resolve()

    def surrender(self, cid: str) -> list[Event]:
        """Leave the fight at once, dice back to the supply, avoiding the threatened result."""
        assert self.declared is not None
        events: list[Event] = [Surrendered(cid, self.declared.cid)]
        self._drop(cid, SURRENDERED)
        return events + self._fight_over_or(self._after_action)

    def _drop(self, cid: str, status: str) -> None:
        who = self.combatants[cid]
        who.status, who.dice = status, []
        self.presented.pop(cid, None)

    def _resolve(self) -> list[Event]:
        """The declared action takes effect."""
        action = self.declared
        assert action is not None
        actor = self.combatants[action.cid]
        events: list[Event] = []
        if action.kind == ATTACK:
            hurts = self.items[actor.tools[0]].tool.hurts if actor.tools else actor.template.unarmed
            back, level = gain_wound(self.combatants[action.target], hurts)
            victim = self.combatants[action.target]
            events.append(WoundTaken(action.target, action.cid, level,
                                     victim.wound_tools[-1].name if not victim.helpless else "", back))
            if victim.helpless:
                self._drop(action.target, OUT_HELPLESS)
        elif action.kind == DISARM:
            self.combatants[action.target].tools.remove(action.item)
            self.ground.append(action.item)
            if action.target in self.squares:  # on a map it lies at the feet of the one disarmed
                self.lying_at[action.item] = self.squares[action.target]
            events.append(ToolMoved(DISARM, action.cid, action.item, "ground"))
        elif action.kind == DISADVANTAGE:
            target = self.combatants[action.target]
            target.disadvantage += 1
            events.append(Disadvantaged(action.target, action.cid, target.disadvantage))
        elif action.kind == ARM:
            self.ground.remove(action.item)
            self.lying_at.pop(action.item, None)
            actor.tools.append(action.item)
            events.append(ToolMoved(ARM, action.cid, action.item, action.cid))
        elif action.kind == KICK:
            self.ground.remove(action.item)
            self.lying_at.pop(action.item, None)
            self.away.append(action.item)
            events.append(ToolMoved(KICK, action.cid, action.item, "away"))
        elif action.kind == THROW:
            actor.tools.remove(action.item)
            self.combatants[action.target].tools.append(action.item)
            events.append(ToolMoved(THROW, action.cid, action.item, action.target))
        return events + self._fight_over_or(self._after_action)

    def _after_action(self) -> list[Event]:
        """The next actor of the beat, or the next beat (or round) once all have acted."""
        self.acted.add(self.order[self.actor_index])
        self.declared, self.candidates, self.phase = None, [], ACT
        self.actor_index += 1
        while self.actor_index < len(self.order) and self.combatants[self.order[self.actor_index]].status != IN:
            self.actor_index += 1
        if self.actor_index < len(self.order):
            return []
        events: list[Event] = [BeatEnded(self.round, self.beat)]
        if self.beat >= BEATS_PER_ROUND:
            return events + self.roll_round()
        return events + self._next_beat()

    # -- the end of a fight and of the run -----------------------------------------------------------

    def _fight_over_or(self, go_on: Callable[[], list[Event]]) -> list[Event]:
        """The fight's end once one side has nobody left in it, else what ``go_on`` brings."""
        sides = {self.combatants[c].side for c in self.active()}
        if HEROES in sides and FOES in sides:
            return go_on()
        winner = HEROES if HEROES in sides else FOES
        events: list[Event] = [FightEnded(self.fight, winner)]
        if winner == FOES:
            return events + self._end(FOES, "the heroes are all out of the fight")
        if self.fight >= len(self.fights):
            return events + self._end(HEROES, f"the heroes won all {len(self.fights)} fights")
        self._between_fights()
        return events

    def _between_fights(self) -> None:
        """After a fight each hero takes back its own tools and leaves every other behind (ruling beats-after)."""
        for cid in self.heroes:
            who = self.combatants[cid]
            who.status, who.dice = (OUT_HELPLESS if who.helpless else IN), []
            who.tools = [i for i, item in self.items.items() if item.owner == cid]
        for cid in self.fighting:
            if self.combatants[cid].side == FOES:
                del self.combatants[cid]
        self.fighting, self.ground, self.away, self.lying_at = [], [], [], {}
        self.phase, self.tended_now = AID, set()
        self.declared, self.candidates, self.order, self.presented = None, [], (), {}

    def tend(self, tender: str, patient: str) -> list[Event]:
        """First aid between fights: a contest against the location's Elements and the patient's wounds."""
        who, sick = self.combatants[tender], self.combatants[patient]
        self.tended_now.add(patient)
        steps, who.disadvantage = who.disadvantage, 0
        elements = self.place.elements if self.place is not None else self.content.locations[self.location].elements
        mine, theirs, worked = first_aid(self.sizes(who), steps, elements, sick, self.dice)
        return [FirstAidGiven(tender, patient, mine, theirs, worked, sick.wounds)]

    def onward(self) -> list[Event]:
        """Go on to the next fight."""
        return self.begin_fight()

    def _end(self, winner: str | None, reason: str) -> list[Event]:
        self.phase, self.winner, self.reason = OVER, winner, reason
        self.declared, self.candidates = None, []
        return [RunEnded(winner, reason)]
