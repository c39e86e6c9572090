"""The stances mode (text 001) on the encounter screen: the same map, list, log and hand-overs, its own controls."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pygame

from game.core.battlefield import Battlefield, Square
from game.core.dice import Dice
from game.core.errors import GameError, MapError
from game.core.events import Action, Event
from game.core.geometry import distance
from game.core.match import Match
from game.core.mode import MatchSetup
from game.core.rolls import step_down
from game.modes.stances import actions as act
from game.modes.stances import events as sev
from game.modes.stances.content import StancesContent, load_content
from game.modes.stances.skirmish import BUILTIN
from game.modes.stances.view import EngagementView, FighterView, StancesView
from game.ui import theme
from game.ui.app import App
from game.ui.encounter import Callback, EncounterScreen
from game.ui.eventtext import LogContext
from game.ui.mapview import MapScene, MapView, Point, Token, label_pos
from game.ui.modes.stances_text import (
    SIDE_INTENTS,
    STANCE_NOTES,
    STANCES_KEYS,
    STANCES_RULES,
    declaration_tip,
    declaration_words,
    describe_intent,
    log_lines,
    stance_word,
)
from game.ui.panels import Row, TextLine
from game.ui.replay import ReplayScreen
from game.ui.session import BUILT_IN, EncounterChoice, Session, check_map_path
from game.ui.tokens import TokenLook, initials

STANCES = ("cunning", "agility", "might", "defensive")
STANCE_COLOURS = {"cunning": (150, 200, 255), "agility": (140, 230, 150), "might": (255, 170, 90),
                  "defensive": (210, 210, 220)}
SIDE_COLOURS = {"heroes": (110, 170, 255), "monsters": (235, 96, 80)}
HERO_COLOURS = ((86, 140, 230), (80, 190, 150), (220, 190, 80), (190, 120, 220), (90, 200, 220), (230, 140, 90))
SEALED_KINDS = ("stance", "declare")  # the computer's secret choices: nothing to watch, so no Go is asked for
STEP_EVENTS = (sev.PriorityPassed, sev.EngagementEnded, sev.RoundEnded, sev.EncounterEnded)
KIND_WORDS = {"priority": "has priority", "join": "may join the engagement", "stance": "picks a stance in secret",
              "declare": "declares in secret", "sidestep": "may sidestep", "damage": "takes damage",
              "fall": "is at 0 hit points or fewer"}

# The toolbar's status line is short (about 400 pixels at 1280 wide): the words of each decision there
# are the shortest that still say it; the panel on the right says it in full.
STATUS_WORDS = {"priority": "has priority", "join": "may join", "stance": "picks a stance", "declare": "declares",
                "sidestep": "may sidestep", "damage": "takes damage", "fall": "is at 0 HP"}


def status_words(round_: int, kind: str, who: str, side: bool, mine: bool) -> str:
    """The status line for a pending decision, e.g. "Round 3 · monsters may join (computer)"."""
    words = STATUS_WORDS.get(kind, kind)
    if side:
        words = words.replace("has ", "have ")  # a side: the plural verb
    return f"Round {round_} \u00b7 {who} {words} ({'you' if mine else 'computer'})"


def intent_lines(lines: list[TextLine]) -> list[TextLine]:
    """The computer's intention: a side's reads as one sentence ("Intends to pass"), a fighter's after "Intends to:"."""
    for i, line in enumerate(lines[:-1]):
        if line.text == "Intends to:" and lines[i + 1].text in SIDE_INTENTS.values():
            merged = TextLine(f"Intends to {lines[i + 1].text}", "body", theme.TEXT, gap=line.gap)
            return [*lines[:i], merged, *lines[i + 2:]]
    return lines


def damage_choices(f: FighterView, amount: int) -> list[tuple[str, Action, str]]:
    """Shrug off or take it all, the sensible one first: a shrug that saves nothing only costs a heart die size."""
    smaller = step_down(f.heart)
    taken = -(-amount // 2)  # "you take half as much damage" (ruling stances-shrug-rounding: rounding up)
    take = (f"Take all {amount}", act.TakeDamage(f.cid), "Keep the heart die")
    if not smaller:
        shrug = ("Shrug off (at d4: full damage)", act.ShrugOff(f.cid), "At d4 the heart die cannot fall")
        return [shrug, take]
    tip = "Halve the damage, rounding up; the heart die falls a size"
    if taken >= amount:  # still allowed by the text, but half of 1 rounded up is 1
        shrug = (f"Shrug off: saves nothing, heart d{f.heart} to d{smaller}", act.ShrugOff(f.cid),
                 f"{tip}: half of {amount} rounded up is still {taken}")
        return [take, shrug]
    return [(f"Shrug off: take {taken}, heart d{f.heart} to d{smaller}", act.ShrugOff(f.cid), tip), take]


Badge = tuple[Point, str, tuple[int, int, int]]


def bottom_first(badges: Sequence[Badge], turned: Callable[[Point], Point]) -> list[Badge]:
    """The badges in the order the map view places them best: the bottom row of the turned map first."""
    # MapView.badge_boxes puts a badge under its token, or over it when a badge placed before holds the
    # place under; it dodges only badges placed before. In list order (heroes, then monsters) an upper
    # token's badge often took the one free place of a lower neighbour's, and their words overlapped.
    # From the bottom row up, the place over a token is still free when it is needed.
    return sorted(badges, key=lambda badge: (-turned(badge[0])[1], turned(badge[0])[0]))


def spread_badges(badges: Sequence[Badge], view: MapView) -> list[Badge]:
    """Badges placed so that no two overlap: bottom row first, under or over each token, else half a square aside."""
    # A badge with no free place at all is left off (the list on the left still names the stance):
    # a word drawn over a neighbour's hid both.
    placed: list[Badge] = []
    boxes: list[pygame.Rect] = []
    for badge in bottom_first(badges, view.to_turned):
        for candidate in _beside(badge, view.to_turned):
            box = view.badge_boxes(MapScene(badges=[*placed, candidate]))[-1][0]
            if box.collidelist(boxes) < 0:
                placed.append(candidate)
                boxes.append(box)
                break
    return placed


def _beside(badge: Badge, turned: Callable[[Point], Point]) -> list[Badge]:
    """The badge on its token, then moved half a square to the left and to the right as the map is turned."""
    (x, y), text, colour = badge
    here = turned((x, y))
    moved = [(x + dx, y + dy) for dx, dy in ((-0.5, 0), (0.5, 0), (0, -0.5), (0, 0.5))]
    aside = sorted((p for p in moved if turned(p)[1] == here[1]), key=lambda p: turned(p)[0])
    return [badge, *((p, text, colour) for p in aside)]


def hero_colour(hero: str, party: Sequence[str]) -> tuple[int, int, int]:
    """A hero's token colour: by its place in the party, as the screen gives it (the next free one if not in it)."""
    index = list(party).index(hero) if hero in party else len(party)
    return HERO_COLOURS[index % len(HERO_COLOURS)]


def stance_mark(f: FighterView, engagement: EngagementView | None) -> str:
    """What a fighter in the engagement is doing about its stance now, as far as the seat may know it."""
    if not f.in_engagement or engagement is None:
        return ""
    if f.state != "up" or (engagement.stances_revealed and f.stance is None):
        return "no stance"  # ruling stances-no-stance: "An unconscious fighter ... takes no stance"
    if engagement.stances_revealed:
        return stance_word(f.stance)
    if engagement.stage == "joining":
        return "engaged"  # nobody picks a stance until the joining is over
    if f.stance is not None:
        return f"{stance_word(f.stance)} (sealed)"  # the seat's own: "sealed until ... revealed together"
    return "stance chosen" if f.chose_stance else "choosing a stance"


def stance_badge(f: FighterView, engagement: EngagementView | None) -> tuple[str, tuple[int, int, int]] | None:
    """The short word on a fighter's token for its stance now, with its colour; None when it has none to show."""
    mark = stance_mark(f, engagement)
    if mark in ("", "no stance", "engaged"):
        return None
    if mark == "stance chosen":
        return "chosen", theme.TEXT_DIM
    if mark == "choosing a stance":
        return "\u2026", theme.TEXT_DIM
    return stance_word(f.stance), STANCE_COLOURS.get(f.stance or "", theme.TEXT_DIM)


def load_stances_map(map_path: str) -> Battlefield:
    """A Tiled map for the stances mode (MapError with one line when it cannot be played)."""
    check_map_path(map_path)
    from game.modes.stances.skirmish import battlefield_for

    # The stances mode's own fighters: a spawn naming a grid monster is warned about and names none.
    return battlefield_for(str(Path(map_path).expanduser()))


class StancesSession(Session):
    """A stances match at this screen: heroes against monsters, a log for every person, the computer's players."""

    mode = "stances"

    def __init__(self, choice: EncounterChoice, battlefield: Battlefield | None = None,
                 dice: Dice | None = None, content: StancesContent | None = None,
                 autosave: Path | None = None) -> None:
        """Set up a new stances match, autosaved after every pass of priority to ``autosave`` if given."""
        self.choice = choice
        self.content = content or load_content()  # type: ignore[assignment]
        if choice.rivals:
            raise GameError("the stances mode sets heroes against monsters, not two parties")
        if not choice.heroes:
            raise GameError("choose at least one hero")
        for name in choice.heroes:
            if name not in self.content.heroes:
                raise GameError(f"unknown hero {name!r} in the stances mode")
        for name in choice.monsters:
            if name not in self.content.monsters:
                raise GameError(f"unknown monster {name!r} in the stances mode")
        options: dict[str, object] = {"max_rounds": choice.max_rounds, "heroes": list(choice.heroes),
                                      "monsters": list(choice.monsters)}
        if battlefield is not None:
            options["battlefield"] = battlefield
            where = battlefield.source or battlefield.name
        elif choice.map_path == BUILT_IN:
            options["map"] = BUILTIN
            where = "the built-in crossing"
        else:
            check_map_path(choice.map_path)
            options["map"] = str(Path(choice.map_path).expanduser().resolve())
            where = choice.map_path
        try:
            match = Match(MatchSetup("stances", self._seats(choice), options), choice.seed, dice)
        except MapError:
            raise
        except (ValueError, KeyError) as error:
            raise GameError(f"{where}: {str(error).strip(chr(39))}") from None
        self._attach(match, autosave)
        self._log(list(match.events))
        self._keep_old_autosave()

    @staticmethod
    def load_content() -> StancesContent:
        """The stances mode's heroes, monsters, weapons and armour."""
        return load_content()

    def _attach(self, match: Match, autosave: Path | None, spectator: str | None = None) -> None:
        """Take over the match; the fighters' names come from the stances mode's first event."""
        super()._attach(match, autosave, spectator)
        for event in match.events:
            if isinstance(event, sev.EncounterBegan):
                for cid, name, side, _square in event.fighters:
                    self.names[cid] = name
                    self.sides[cid] = side

    def _log(self, events: list[Event]) -> None:
        """Add what every seat (or a replay's spectator) may read of new events: a sealed choice says who chose."""
        for seat in self.logs:
            view = self.view(seat)
            ctx = LogContext(self.content, self.names, frozenset(f.cid for f in view.fighters if f.controlled),
                             frozenset(f.cid for f in view.fighters))
            self.logs[seat].append(log_lines(events, ctx))


class StancesScreen(EncounterScreen):
    """The encounter screen reading a stances view: priority, stances, declarations, sidesteps and damage."""

    rules_title = "How the stances mode plays"
    rules = STANCES_RULES
    keys = STANCES_KEYS
    # Text 001 has no retreat: the fight ends when a side has nobody left able to fight (ruling stances-end).
    no_retreat = "No retreat in the stances mode: the fight goes on until a side has nobody left able to fight"
    view: StancesView

    def __init__(self, app: App, session: Session, on_menu: Callable[[], None],
                 on_again: Callable[[], None]) -> None:
        bf = session.battlefield
        self._everything = frozenset((x, y) for x in range(bf.width) for y in range(bf.height))
        super().__init__(app, session, on_menu, on_again)

    # -- what the view says ----------------------------------------------------------------------
    @property
    def current(self) -> FighterView | None:
        """The fighter the pending decision is about, if it is about one."""
        decision = self.view.decision
        return self.view.fighter(decision.cid) if decision is not None and decision.cid else None

    @property
    def my_turn(self) -> bool:
        """Whether a person at the screen makes the pending decision."""
        pending = self.session.pending_seat()
        return self.session.is_human(pending) and self.view.decision is not None and not self.match.over

    def _actor(self) -> str | None:
        """The fighter whose options the controls show: the decision's, else the selected one that has options."""
        current = self.current
        if current is not None:
            return current.cid
        cids = self._movers()
        if self.selected in cids:
            return self.selected
        return cids[0] if cids else None

    def _mine(self, actor: str | None) -> list[Action]:
        return [a for a in self.legal if getattr(a, "cid", None) == actor]

    def _members(self, view: Any) -> tuple[Any, ...]:
        """The fighters a stances view lists."""
        return view.fighters

    def _follow_view(self) -> None:
        """Text 001 hides nothing on the map."""
        self.map_view.set_visible(self._everything)

    def decision_words(self) -> str:
        """Who the pending decision is about and what it is, e.g. "the heroes have priority" ("" if none)."""
        view, decision, current = self.view, self.view.decision, self.current
        if decision is None:
            return ""
        words = KIND_WORDS.get(decision.kind, decision.kind)
        if current is not None:
            return f"{current.name} {words}"
        return f"the {decision.side or view.priority} {words.replace('has ', 'have ')}"  # a side: the plural verb

    def _update_status(self) -> None:
        view, decision, current = self.view, self.view.decision, self.current
        if self.match.over:
            self.status = "The encounter is over"
        elif decision is None:
            self.status = f"Round {view.round}"
        else:
            who = current.name if current is not None else (decision.side or view.priority)
            self.status = status_words(view.round, decision.kind, who, current is None, self.my_turn)

    # -- acting ----------------------------------------------------------------------------------
    def _steps(self) -> int:
        return sum(1 for e in self.match.events if isinstance(e, STEP_EVENTS))

    def update(self, now: int) -> bool:
        """The computer's secret choices are made at once; everything else waits for Go."""
        decision = self.view.decision
        pending = self.session.pending_seat()
        if (self.auto is None and self.overlay is None and decision is not None and decision.kind in SEALED_KINDS
                and pending is not None and not self.session.is_human(pending)):
            self.auto = self._progress()
        return super().update(now)

    def _progress(self) -> int:
        """How far the match has come, counted in what one Go plays through: steps of the round."""
        return self._steps()

    def _computer_done(self, mark: int) -> bool:
        """Whether the run started by Go is over: a step of the round passed, or the fight ended."""
        return self._progress() > mark or self.match.over

    def click_square(self, square: Square) -> None:
        """A click on the map: dash or sidestep there, the plainest attack or engagement of what stands there."""
        if self.anim.busy(pygame.time.get_ticks()):
            return
        who = next((f for f in self.view.fighters if f.square == square and f.state != "dead"), None)
        if self.my_turn:
            mine = self._mine(self._actor())
            for a in mine:
                if isinstance(a, (act.Dash, act.Sidestep)) and a.to == square:
                    self.act(a)
                    return
            if who is not None and not who.controlled:
                for kind in (act.Attack, act.Engage):
                    plain = [a for a in mine if isinstance(a, kind) and a.target == who.cid
                             and not getattr(a, "push", False) and not getattr(a, "execute", False)]
                    if plain:
                        self.act(plain[0])
                        return
        if who is not None:
            self.select(who.cid)
            self._rebuild()

    # -- the list, the tokens, the map -----------------------------------------------------------
    def _make_look(self, f: FighterView) -> TokenLook:
        heroes = [h.cid for h in self.view.fighters if h.hero]
        colour = HERO_COLOURS[heroes.index(f.cid) % len(HERO_COLOURS)] if f.cid in heroes else theme.MONSTER
        state = {"up": "standing"}.get(f.state, f.state)
        return TokenLook("hero" if f.hero else "monster", colour, initials(f.name), 0, 0, 0, state,
                         f.size in ("large", "huge", "gargantuan") and not f.hero)

    def _stance_text(self, f: FighterView) -> str:
        """What the seat may read of a fighter's stance now (see ``stance_mark``)."""
        return stance_mark(f, self.view.engagement)

    def _make_rows(self) -> list[Row]:
        fighters = sorted(self.view.fighters, key=lambda f: (f.state == "dead", not f.hero))
        rows = []
        for f in fighters:
            marks = [self._stance_text(f)] if f.in_engagement else []
            if f.state == "unconscious":
                marks.insert(0, "Unconscious")
            if f.grappling:
                marks.append(f"grappling {self.ctx.name(f.grappling)}")
            if f.grappled_by:
                marks.append(f"held by {self.ctx.name(f.grappled_by)}")
            if f.climbing:
                marks.append(f"on {self.ctx.name(f.climbing)}")
            marks += [f"wound {rank}" for _d, rank, _t in f.wounds]
            status = "Dead" if f.state == "dead" else f"Heart d{f.heart} \u00b7 {f.hit_points}/{f.maximum} HP"
            rows.append(Row(f.cid, f.name, self._look(f), {"up": "standing"}.get(f.state, f.state), 0, 0, 0,
                            tuple(m for m in marks if m), None, status))
        return rows

    def _health_words(self, f: FighterView) -> str:
        state = " \u00b7 Unconscious" if f.state == "unconscious" else ""
        return f"Heart d{f.heart} \u00b7 {f.hit_points}/{f.maximum} HP{state}"

    def scene(self) -> MapScene:
        """Tokens with their stances, engagement lines, and the squares and targets of the pending decision."""
        now = pygame.time.get_ticks()
        view = self.view
        scene = MapScene()
        actor = self._actor() if self.my_turn else None
        mine = self._mine(actor)
        target_ids = {a.target for a in mine if isinstance(a, (act.Attack, act.Engage, act.Grapple, act.Climb))}
        current = self.current
        for f in view.fighters:
            if f.square is None or f.state == "dead":
                continue
            position = self.anim.position(f.cid, now) or f.square
            scene.tokens.append(Token(f.cid, self._look(f), position, current is not None and f.cid == current.cid,
                                      f.cid == self.selected or f.cid == actor, f.cid in target_ids))
            badge = stance_badge(f, view.engagement)
            if badge is not None:
                scene.badges.append((position, *badge))
        scene.badges = spread_badges(scene.badges, self.map_view)
        scene.links = self._engagement_lines()
        busy = self.anim.busy(now)
        if not busy:
            scene.reach = frozenset(a.to for a in mine if isinstance(a, (act.Dash, act.Sidestep)))
            scene.targets = frozenset(f.square for f in view.fighters if f.cid in target_ids and f.square)
        scene.cursor = self.cursor
        scene.floating = self.anim.floating(now)
        pointer = self._hover_pointer()
        if pointer is not None and not busy:
            who = next((f for f in view.fighters if f.square == self.hover_square and f.state != "dead"), None)
            if who is not None:
                scene.hover_label = (f"{who.name} \u00b7 {self._health_words(who)}", label_pos(pointer))
        return scene

    def _engagement_lines(self) -> list[tuple[Point, Point, tuple[int, int, int]]]:
        """A line from each fighter in the engagement to each enemy in it within its weapon's range."""
        e = self.view.engagement
        if e is None:
            return []
        fighters = [f for cid in e.participants if (f := self.view.fighter(cid)) is not None
                    and f.square is not None and f.state != "dead"]
        lines: list[tuple[Point, Point, tuple[int, int, int]]] = []  # squares, as MapScene.links takes them
        for a in fighters:
            for b in fighters:
                if a.side != b.side and distance(a.square, b.square) <= a.reach:  # type: ignore[arg-type]
                    both = distance(a.square, b.square) <= b.reach  # type: ignore[arg-type]
                    if both and a.cid > b.cid:
                        continue  # one line for two who reach each other
                    colour = theme.ACCENT if both else SIDE_COLOURS.get(a.side, theme.TEXT)
                    lines.append((a.square, b.square, colour))  # type: ignore[arg-type]
        return lines

    def _make_info_lines(self) -> tuple[TokenLook | None, list[TextLine]]:
        f = self.view.fighter(self.selected) if self.selected else None
        if f is None:
            return None, [TextLine("Nothing selected", "heading", theme.TEXT_DIM),
                          TextLine("Click a token on the map or a fighter on the left to see it here.", "small",
                                   theme.TEXT_DIM)]
        kind = "Hero" if f.hero else "Monster"
        lines = [TextLine(f.name, "heading", theme.TEXT),
                 TextLine(f"{kind} \u00b7 {f.size} \u00b7 speed {f.speed} \u00b7 {f.side}", "small", theme.TEXT_DIM),
                 TextLine(f"{self._health_words(f)} (heals to {f.heal_cap}) \u00b7 cunning d{f.cunning} \u00b7 "
                          f"agility d{f.agility} \u00b7 might d{f.might}", "body",
                          theme.BAD if f.state != "up" else theme.TEXT, gap=2),
                 TextLine(f"{f.weapon_name}: d{f.weapon_die}, range {f.reach}, might +{f.might_bonus}"
                          + (f", push {f.push}" if f.push else "") + f" \u00b7 armour +{f.armour}", "small")]
        if f.wounds:
            lines.append(TextLine("Wounds: " + ", ".join(f"{d} (rank {r}{', treated' if t else ''})"
                                                         for d, r, t in f.wounds), "small", theme.BAD))
        left = [w for w, used in (("dash", f.moved), ("action", f.acted)) if not used]
        lines.append(TextLine(f"This round: {' and '.join(left) + ' left' if left else 'dash and action used'}",
                              "small", theme.TEXT_DIM))
        return self._look(f), lines

    # -- the controls on the right ---------------------------------------------------------------
    def _body(self) -> pygame.Rect:
        L = self.layout
        body = L.tab_body.move(0, -L.px(40))
        body.height += L.px(40)
        return body

    def _text(self, y: int | None, lines: list[TextLine]) -> int:
        """Text on the right from y (the top of the controls for None) down, as tall as it wraps to; the y below."""
        body = self._body()
        return self._note(body, body.y if y is None else y, lines)

    def _button(self, group: str, rect: pygame.Rect, text: str, callback: Callback | None,
                tooltip: str | None = None, enabled: bool = True, style: str | None = None) -> object:
        """A button; a numbered option's tooltip ends "(key 4)", since a bare "(4)" read as part of its words."""
        number = len(self.numbered) + 1
        if tooltip and text.startswith(f"{number}  ") and tooltip.endswith(f" ({number})"):
            tooltip = f"{tooltip.removesuffix(f' ({number})')} (key {number})"
        return super()._button(group, rect, text, callback, tooltip, enabled, style)

    def _primary(self, label: str, action: Action, tooltip: str) -> None:
        self._button("right", self.layout.end_button, self._primary_label(label), lambda: self.act(action) and None,
                     tooltip, style="@primary")
        self.primary = lambda: self.act(action) and None

    def _choices(self, y: int, options: Sequence[tuple[str, Action, str]]) -> int:
        body = self._body()
        for label, action, tooltip in options:
            if y + self.layout.px(30) > body.bottom:
                break
            y = self._option(body, y, label, action, lambda a=action: self.act(a) and None, tooltip)
        return y

    def _build_right(self) -> None:
        right, view = self.right, self.view
        decision, current = view.decision, self.current
        right.look = None
        if self.match.over:
            right.title, right.subtitle = "The encounter is over", ""
            return
        if decision is None:
            right.title, right.subtitle = f"Round {view.round}", ""
            return
        if current is not None:
            right.look = self._look(current)
            right.title = current.name
            right.subtitle = f"{'Hero' if current.hero else 'Monster'} \u00b7 {self._health_words(current)}"
        else:
            side = decision.side or view.priority
            right.title = f"The {side}"
            right.subtitle = f"Round {view.round} \u00b7 {KIND_WORDS.get(decision.kind, decision.kind)}"
        if not self.my_turn:
            self._build_waiting()
            return
        build = {"priority": self._build_priority, "join": self._build_join, "stance": self._build_stance,
                 "declare": self._build_declare, "sidestep": self._build_sidestep, "damage": self._build_damage,
                 "fall": self._build_fall}.get(decision.kind)
        if build is not None:
            build()

    def _build_waiting(self) -> None:
        y = self._body().y
        lines = [TextLine(f"The computer decides for the {self.view.decision.side or 'fighter'}."
                          if self.view.decision and self.view.decision.side else "The computer decides.", "small",
                          theme.TEXT_DIM)]
        lines += intent_lines(self._computer_lines(lambda action: describe_intent(action, self.ctx, self.view)))
        lines.append(TextLine(self._go_hint(), "small", theme.TEXT_DIM, gap=12))
        self._text(y, lines)
        self._go_button()

    def _build_priority(self) -> None:
        L = self.layout
        body = self._body()
        actor = self._actor()
        y = self._text(None, [TextLine("Your side has priority: one thing for one fighter, or pass.", "small",
                                       theme.TEXT_DIM)])
        movers = self._movers()
        w = (body.width - L.px(4)) // 2
        for i, cid in enumerate(movers):
            f = self.view.fighter(cid)
            rect = pygame.Rect(body.x + (i % 2) * (w + L.px(4)), y + (i // 2) * L.px(30), w, L.px(26))
            self._button("right", rect, f.name if f else cid, lambda c=cid: self._pick(c), "Show its options",
                         style="@option_chosen" if cid == actor else "@option")
        y += ((len(movers) + 1) // 2) * L.px(30) + L.px(6)
        mine = self._mine(actor)
        n = self.ctx.name
        if any(isinstance(a, act.Dash) for a in mine):
            f = self.view.fighter(actor) if actor else None
            y = self._text(y, [TextLine(f"Dash: click a blue square (speed {f.speed if f else '?'}).", "small",
                                        theme.ACCENT)])
        options: list[tuple[str, Action, str]] = []
        for a in mine:
            if isinstance(a, act.Engage):
                options.append((f"Engage {n(a.target)}", a, "Start an engagement: everyone in it picks a stance"))
            elif isinstance(a, act.Help):
                options.append((f"Help {n(a.ally)}", a, "Advantage on its next roll this round"))
            elif isinstance(a, act.UseAbility):
                options.append((f"{a.ability.replace('_', ' ').title()} on {n(a.target)}", a, "Use the ability"))
            elif isinstance(a, act.TreatWounds):
                options.append((f"Treat {n(a.target)}'s wounds", a, "A medicine check against every wound"))
        self._choices(y, options)
        self._primary("Pass", act.Pass(), "Do nothing more: priority goes to the other side (Space)")

    def _movers(self) -> list[str]:
        """The fighters the legal actions are for, in their order."""
        return list(dict.fromkeys(c for a in self.legal if (c := getattr(a, "cid", None)) is not None))

    def _primary_warning(self) -> str | None:
        """Space on Pass while a fighter that could still do something has neither dashed nor acted this round."""
        decision = self.view.decision
        if not self.my_turn or decision is None or decision.kind != "priority":
            return None
        idle = [f.name for cid in self._movers() if (f := self.view.fighter(cid)) is not None
                and not f.moved and not f.acted]
        if not idle:
            return None
        who = idle[0] if len(idle) == 1 else f"{len(idle)} fighters"
        return f"Space again to pass with {who} yet to dash or act"

    def _pick(self, cid: str) -> None:
        self.selected = cid
        self._rebuild()

    def _build_join(self) -> None:
        y = self._text(None, [TextLine("An engagement has begun. Join it with more fighters (each spends its "
                                       "action), or let no more join.", "small", theme.TEXT_DIM)])
        self._choices(y, [(f"Join: {self.ctx.name(a.cid)}", a, "Spend its action to join")
                          for a in self.legal if isinstance(a, act.Join)])
        self._primary("Stay out", act.StayOut(), "No more of your fighters join for now (Space)")

    def _reach_lines(self, f: FighterView) -> list[TextLine]:
        """The enemies in the engagement and what the seat knows of their stances."""
        e = self.view.engagement
        lines = []
        for cid in e.participants if e is not None else ():
            other = self.view.fighter(cid)
            if other is None or other.side == f.side or other.square is None or f.square is None:
                continue
            reach = "in reach" if distance(f.square, other.square) <= f.reach else "out of reach"
            lines.append(TextLine(f"{other.name}: {self._stance_text(other) or 'no stance'}, {reach}", "small",
                                  theme.TEXT))
        return lines

    def _build_stance(self) -> None:
        f = self.current
        assert f is not None
        lines = [TextLine("Pick a stance in secret", "heading", theme.ACCENT),
                 TextLine("Cunning beats agility, agility beats might, might beats cunning; all beat defensive.",
                          "small", theme.TEXT_DIM)]
        y = self._text(None, lines)
        options = [(f"{stance_word(s)} (d{getattr(f, s)})" if s != "defensive" else "Defensive", a,
                    STANCE_NOTES[s]) for s in STANCES
                   if (a := act.ChooseStance(f.cid, s)) in self.legal]
        y = self._choices(y, options)
        self._text(y, [TextLine("Enemies in the engagement", "small", theme.TEXT_DIM), *self._reach_lines(f)])

    def _build_declare(self) -> None:
        f = self.current
        assert f is not None
        lines = [TextLine(f"Your stance: {stance_word(f.stance)}", "heading",
                          STANCE_COLOURS.get(f.stance or "", theme.ACCENT)),
                 TextLine("Declare in secret what you do (a red ring marks whom you may attack).", "small",
                          theme.TEXT_DIM)]
        y = self._text(None, lines)
        options = []
        for a in self._mine(f.cid):
            words = declaration_words(a, self.ctx).removeprefix(f"{f.name} ")
            options.append((words[:1].upper() + words[1:], a, declaration_tip(a, f.stance, f.push)))
        self._choices(y, options)

    def _build_sidestep(self) -> None:
        self._text(None, [TextLine("Free sidestep", "heading", theme.ACCENT),
                          TextLine("Click a blue square to step there, or stay put.", "small", theme.TEXT_DIM)])
        f = self.current
        assert f is not None
        self._primary("Stay put", act.StayPut(f.cid), "Do not sidestep (Space)")

    def _build_damage(self) -> None:
        f = self.current
        decision = self.view.decision
        assert f is not None and decision is not None
        amount = decision.amount or 0
        lines = [TextLine(f"{amount} damage", "heading", theme.BAD),
                 TextLine(f"{f.hit_points} hit points now.", "small", theme.TEXT_DIM)]
        y = self._text(None, lines)
        self._choices(y, damage_choices(f, amount))

    def _build_fall(self) -> None:
        f = self.current
        assert f is not None
        y = self._text(None, [TextLine(f"{f.hit_points} hit points", "heading", theme.BAD),
                              TextLine(f"At -{f.maximum} {f.name} dies.", "small", theme.TEXT_DIM)])
        self._choices(y, [("Keep fighting", act.KeepFighting(f.cid), "Stay awake for now"),
                          ("Go unconscious", act.GoUnconscious(f.cid), "Fall now and take no further part")])

    def result_lines(self) -> list[TextLine]:
        """Who won, after how many rounds, and each fighter's fate."""
        outcome = self.match.outcome()
        if outcome is None:
            return []
        lines = self._result_head(outcome, {f.side for f in self.view.fighters if f.controlled})
        for side in self.session.side_names():
            lines.append(TextLine(side.title(), "heading", theme.ACCENT, gap=10))
            for f in self.view.fighters:
                if f.side == side:
                    state = {"up": "standing", "unconscious": "Unconscious"}.get(f.state, f.state)
                    fate = "dead" if f.state == "dead" else f"{state}, {f.hit_points}/{f.maximum} HP"
                    lines.append(TextLine(f"{f.name}: {fate}", "small", theme.BAD if f.state == "dead" else theme.TEXT))
        return lines


class StancesReplayScreen(ReplayScreen, StancesScreen):
    """A stances save played back: the replay's controls over the stances screen's map, list and log.

    Seen through a seat's eyes, its own sealed stances and declarations show as it knew them;
    through every side's, only what the rules make public: who has chosen, until the reveal.
    """

    everyone_tip = "Every side's fighters; sealed stances and declarations once revealed"

    def moment(self) -> str:
        """The round and the decision the match waits for."""
        words = self.decision_words()
        return f"Round {self.view.round}" + (f" \u00b7 {words[:1].upper()}{words[1:]}" if words else "")
