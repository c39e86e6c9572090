"""The arenas mode on the encounter screen: the map with its arenas, the round board and the plans to choose."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pygame

from game.core.battlefield import Square
from game.core.events import Action, Event
from game.modes.arenas import events as ev
from game.modes.arenas.content import ArenasContent, load_content
from game.modes.arenas.plans import STEPS, Choose, Declare, DrawIn, Plan, Suggest
from game.modes.arenas.view import ArenasView, FighterView
from game.ui import theme
from game.ui.animation import Cue
from game.ui.app import App
from game.ui.emblems import named_emblem
from game.ui.encounter import EncounterScreen
from game.ui.encounter.replay import Replay
from game.ui.layout import Layout
from game.ui.mapview import MapScene, Token, label_pos
from game.ui.modes.arenas.board import ArenaMapView
from game.ui.modes.arenas.help import ARENAS_KEYS, ARENAS_RULES
from game.ui.modes.arenas.motion import cues
from game.ui.modes.arenas.sheet import sheet_lines
from game.ui.modes.arenas.sounds import SOUNDS
from game.ui.panels import Row, TextLine
from game.ui.session import Session
from game.ui.sound import SoundTable
from game.ui.terrainwords import terrain_kind
from game.ui.tiles import load_tile_art
from game.ui.tokens import TokenLook, initials

HERO_COLOURS = ((70, 130, 210), (90, 180, 120), (200, 170, 70), (170, 110, 200), (80, 180, 190))
STEP_EVENTS = (ev.RoundEnded, ev.EncounterEnded, ev.PlanSealed, ev.TacticsDeclared, ev.ArenaSuggested,
               ev.SuggestionAnswered)
ACT_TITLES = {"defend": "Defend", "protect": "Protect", "shoot": "Shoot or throw", "aim": "Aim", "focus": "Focus",
              "impede": "Impede", "move": "Move", "attack": "Attack", "assist": "Assist", "push": "Push",
              "wait": "Hold back", "break": "Break a wall"}
SHOWN_WORDS = {"all": "Tell all of it", "step": "Tell only its step", "secret": "Keep it secret (1 Awesome)"}


def percent(chance: Fraction) -> str:
    """A chance as a percentage, exact to a tenth where it is one."""
    value = chance * 100
    return f"{value.numerator // value.denominator}%" if value.denominator == 1 else f"{float(value):.1f}%"


def wound_pips(f: FighterView) -> str:
    """Each numbered wound, marked ones crossed: "1x 2. 3. 4x 5. 6."."""
    return " ".join(f"{w}\u00d7" if w in f.marked else f"{w}\u00b7" for w in range(1, f.wounds + 1))


class ArenasScreen(EncounterScreen):
    """The encounter screen reading an arenas view."""

    def sound_table(self) -> SoundTable:
        """What this mode's events sound like."""
        return SOUNDS

    def motion_cues(self, events: list[Event], starts: dict[str, Any], squares: dict[str, Any],
                    looks: dict[str, TokenLook]) -> list[Cue]:
        """Moves between arenas, blows by weapon type, wounds marked, falls and deaths (``motion``)."""
        arenas = {a.name: a.squares for a in self.view.arenas}
        return cues(events, self._content(), starts, squares, arenas, looks)

    @staticmethod
    def _enemy_in_sight(members: tuple[Any, ...]) -> bool:
        """Text 002 hides nothing on the battlefield: every round is shown at the pace chosen."""
        return True

    def _content(self) -> ArenasContent:
        return self.content if isinstance(self.content, ArenasContent) else load_content()

    rules_title = "How the arenas mode plays"
    rules = ARENAS_RULES
    keys = ARENAS_KEYS
    no_retreat = "No retreat in the arenas mode: the fight goes on until a side has nobody left able to fight"
    everyone_tip = "Every side's characters; sealed plans once revealed"
    view: ArenasView

    def __init__(self, app: App, session: Session, on_menu: Callable[[], None],
                 on_again: Callable[[], None], replay: Replay | None = None) -> None:
        bf = session.battlefield
        assert bf is not None, "the arenas mode plays on a map"
        self._everything = frozenset((x, y) for x in range(bf.width) for y in range(bf.height))
        self.chosen_act: str | None = None
        self.chosen_plan: Plan | None = None
        self.parrying = False  # whether the plans listed are those using the parrying weapon
        self.page = 0
        super().__init__(app, session, on_menu, on_again, replay)

    def _make_board(self, layout: Layout) -> ArenaMapView:
        battlefield = self.session.battlefield
        assert battlefield is not None
        return ArenaMapView(battlefield, load_tile_art(battlefield), layout.map, layout.scale)

    # -- what the view says ----------------------------------------------------------------------
    @property
    def current(self) -> FighterView | None:
        """The character whose plan is awaited."""
        decision = self.view.decision
        return self.view.fighter(decision.cid) if decision is not None and decision.cid else None

    @property
    def my_turn(self) -> bool:
        """Whether a person at the screen makes the awaited plan."""
        pending = self.session.pending_seat()
        return self.session.is_human(pending) and self.view.decision is not None and not self.match.over

    def _members(self, view: Any) -> tuple[Any, ...]:
        return tuple(view.fighters)

    def _follow_view(self) -> None:
        """Text 002 hides nothing on the map; the arenas are drawn as they are now."""
        self.map_view.set_visible(self._everything)
        board = self.board
        if isinstance(board, ArenaMapView):
            board.regions = tuple((a.name, a.kind, a.favours, a.squares) for a in self.view.arenas)
            board.set_marks(self.view)

    def _update_status(self) -> None:
        current = self.current
        if self.match.over:
            self.status = "The encounter is over"
        elif self.view.asking is not None:
            hero, arena = self.view.asking
            whose = "your" if self.my_turn else "another seat's" if self.session.is_human(
                self.session.pending_seat()) else "the computer's"
            self.status = (f"Round {self.view.round} \u00b7 the game master answers {self.ctx.name(hero)}: "
                           f"draw in {arena}? ({whose} choice)")
        elif current is None:
            self.status = f"Round {self.view.round}"
        else:
            doing = "declares its tactics" if self.view.phase == "declare" else "chooses in secret"
            whose = "your" if self.my_turn else "the computer's" if not self.session.is_human(
                self.session.pending_seat()) else "another seat's"
            self.status = f"Round {self.view.round} \u00b7 {current.name} {doing} ({whose} choice)"

    # -- the computer's sealed choices need no Go ------------------------------------------------
    def _progress(self) -> int:
        return sum(1 for e in self.match.events if isinstance(e, STEP_EVENTS))

    def _computer_done(self, mark: int) -> bool:
        return self._progress() > mark or self.match.over

    def update(self, now: int) -> bool:
        """The computer declares and chooses at once: what it chose stays sealed or is shown in the log."""
        pending = self.session.pending_seat()
        if (self.replay is None and self.auto is None and self.overlay is None and self.view.decision is not None
                and pending is not None and not self.session.is_human(pending)):
            self.auto = self._progress()
        return super().update(now)

    # -- the map and the list --------------------------------------------------------------------
    def click_square(self, square: Square) -> None:
        """A click on a token selects it; choosing is done on the right."""
        who = next((f for f in self.view.fighters if f.square == square and f.status != "dead"), None)
        if who is not None:
            self.select(who.cid)
            self._rebuild()

    def _make_look(self, f: FighterView) -> TokenLook:
        heroes = [h.cid for h in self.view.fighters if h.hero]
        colour = HERO_COLOURS[heroes.index(f.cid) % len(HERO_COLOURS)] if f.cid in heroes else theme.MONSTER
        state = {"up": "standing", "out": "unconscious", "bleeding": "unconscious",
                 "incapacitated": "unconscious"}.get(f.status, f.status)
        c = self._content().character(f.template)
        weapons = [self._content().weapons[w].name for w in (c.ranged, c.weapon) if w in self._content().weapons]
        return TokenLook("hero" if f.hero else "monster", colour, initials(f.name), 0, 0, 0, state,
                         f.members > 1, named_emblem(f.name, weapons))

    def _make_rows(self) -> list[Row]:
        rows = []
        for f in sorted(self.view.fighters, key=lambda f: (f.status == "dead", not f.hero)):
            marks = [f.arena]
            if f.members > 1:
                marks.append(f"{f.members} minions")
            if f.status != "up":
                marks.append(f.status)
            if f.cornered:
                marks.append("cornered")
            if f.pushed:
                marks.append("pushed: cannot move")
            rows.append(Row(f.cid, f.name, self._look(f), {"up": "standing"}.get(f.status, f.status), 0, 0, 0,
                            tuple(marks), None, f"Wounds {wound_pips(f)}"))
        return rows

    def scene(self) -> MapScene:
        """Tokens in their arenas (sliding, lunging or falling while the round is shown); the targets of the plans
        on offer; what the pointer is over."""
        now = pygame.time.get_ticks()
        scene = MapScene()
        current = self.current
        targets = {getattr(a, "target", "") for a in self.legal} if self.my_turn else set()
        for f in self.view.fighters:
            if f.square is None or f.status == "dead":
                continue
            position = self.anim.position(f.cid, now) or f.square
            scene.tokens.append(Token(f.cid, self._look(f), position, current is not None and f.cid == current.cid,
                                      f.cid == self.selected, f.cid in targets and not f.controlled))
        scene.targets = frozenset(f.square for f in self.view.fighters if f.cid in targets and f.square
                                  and not f.controlled)
        scene.cursor = self.cursor
        scene.floating = self.anim.floating(now)
        pointer = self._hover_pointer()
        if pointer is not None and not self.anim.busy(now):
            who = next((f for f in self.view.fighters if f.square == self.hover_square and f.status != "dead"), None)
            if who is not None:
                scene.hover_label = (f"{who.name} \u00b7 {who.arena} \u00b7 wounds {wound_pips(who)}",
                                     label_pos(pointer))
            elif self.hover_square is not None and self.hover_square in self.view.battlefield.squares:
                scene.hover_label = (self.square_words(self.hover_square), label_pos(pointer))
        return scene

    def square_words(self, square: Square) -> str:
        """What the pointer's square is: its arena, the arena's kind and what it favours, and its terrain (a move
        goes from arena to arena, so no square has a cost of its own)."""
        name = self.map_view.art.names.get(square)
        kind = terrain_kind(self.view.battlefield, square)
        terrain = f"{name[:1].upper()}{name[1:]} ({kind})" if name and name.lower() != kind.lower() else kind
        arena = next((a for a in self.view.arenas if square in a.squares), None)
        return terrain if arena is None else f"{arena.name}: {arena.kind}, {arena.favours} \u00b7 {terrain}"

    def _make_info_lines(self) -> tuple[TokenLook | None, list[TextLine]]:
        f = self.view.fighter(self.selected) if self.selected else None
        if f is None:
            return None, [TextLine("Nothing selected", "heading", theme.TEXT_DIM),
                          TextLine("Click a token or a character on the left to see it here.", "small",
                                   theme.TEXT_DIM)]
        arena = self.view.arena(f.arena)
        kind = f"{arena.kind} ({arena.favours})" if arena else ""
        lines = [TextLine(f"{f.name} \u00b7 {f.arena}, {kind}", "heading", theme.TEXT),
                 TextLine(f"Brawn {f.brawn} \u00b7 Cunning {f.cunning} \u00b7 Daring {f.daring} \u00b7 Commitment "
                          f"{f.commitment} \u00b7 Awareness {f.awareness} \u00b7 Awesome {f.awesome}", "small"),
                 TextLine(f"{f.weapon} ({f.weapon_type.replace('_', ' ')})" + (f", {f.ranged}" if f.ranged else "")
                          + f" \u00b7 armour +{f.armour}", "small"),
                 TextLine(f"Wounds {wound_pips(f)} \u00b7 {f.status}", "small",
                          theme.BAD if f.marked else theme.TEXT)]
        return self._look(f), lines + sheet_lines(self._content(), f)

    # -- the round board and the choices on the right ---------------------------------------------
    def _body(self) -> Any:
        L = self.layout
        body = L.tab_body.move(0, -L.px(40))
        body.height += L.px(40)
        return body

    def round_board(self) -> list[TextLine]:
        """The declared tactics (what was said, what is secret) and the seven steps with who acts in each."""
        view = self.view
        lines = [TextLine(f"Round {view.round} \u00b7 bowl {view.gm_awesome} Awesome", "small", theme.ACCENT)]
        marks = [f"flimsy wall: {w.name}" for w in view.walls] + [f"possible: {p.name} ({p.kind})"
                                                                 for p in view.possible]
        if marks:
            lines.append(TextLine(" \u00b7 ".join(marks), "small", theme.TEXT_DIM))
        told = {t.cid: t for t in view.told}
        own = dict(view.own_plans)
        by_step: dict[int, list[str]] = {}
        for t in view.told:
            name = self.ctx.name(t.cid)
            if t.shown == "secret":
                lines.append(TextLine(f"{name}: secret", "small", theme.TEXT_DIM))
            else:
                lines.append(TextLine(f"{name}: {t.plan or STEPS[t.step - 1] if t.step else 'nothing'}", "small"))
                if t.step:
                    by_step.setdefault(t.step, []).append(name)
        for cid, words in own.items():
            if cid not in told:
                lines.append(TextLine(f"{self.ctx.name(cid)} (yours, sealed): {words}", "small", theme.ACCENT))
        sealed = [self.ctx.name(cid) for cid in view.chosen if cid not in told and cid not in own]
        if sealed:
            lines.append(TextLine(f"Sealed: {', '.join(sealed)}", "small", theme.TEXT_DIM))
        for step, name in enumerate(STEPS, 1):
            who = ", ".join(by_step.get(step, [])) or "\u2014"
            lines.append(TextLine(f"{step}. {name}: {who}", "small", theme.TEXT_DIM))
        return lines

    def _build_right(self) -> None:
        right, view, current = self.right, self.view, self.current
        right.look = None
        if self.match.over:
            right.title, right.subtitle = "The encounter is over", ""
            return
        right.title = current.name if current else f"Round {view.round}"
        right.subtitle = (f"{current.arena} \u00b7 Awesome {current.awesome}" if current else "")
        body = self._body()
        y = self._note(body, body.y, self.round_board())
        if view.asking is not None:
            self._build_answer(body, y)
            return
        if not self.my_turn or current is None:
            self._note(body, y, [TextLine("The computer decides.", "small", theme.TEXT_DIM)])
            self._go_button()
            return
        mine: list[Choose | Declare] = [a for a in self.legal if isinstance(a, (Choose, Declare))
                                        and a.cid == current.cid]
        if not mine:
            return
        if self.chosen_act is None:
            acts = list(dict.fromkeys(a.plan.act for a in mine))
            for act in acts:
                y = self._option(body, y, ACT_TITLES[act], None, self._choose_act(act), f"Show the {act} choices")
            for a in self.legal:
                if isinstance(a, Suggest) and a.cid == current.cid:
                    place = next((p for p in view.possible if p.name == a.arena), None)
                    kind = f" as {place.kind}" if place else ""
                    y = self._option(body, y, f"Suggest {a.arena}{kind}", a, self._send(a),
                                     "Ask the game master to draw it in; no action, and you choose after")
            return
        if isinstance(mine[0], Declare) and self.chosen_plan is not None:
            self._build_shown(body, y, mine)
            return
        plans = list(dict.fromkeys(a.plan for a in mine if a.plan.act == self.chosen_act))
        parried = [p for p in plans if p.parry]
        shown = parried if self.parrying else [p for p in plans if not p.parry]
        y = self._option(body, y, "Back", None, self._back, "Choose another action")
        if parried and not self.parrying:
            y = self._option(body, y, "With the parrying weapon\u2026", None, self._toggle_parry,
                             "Once a round: +2, the target's lowest wound, or your Daring against a foe's roll")
        room = max(1, (body.bottom - y - self.layout.px(36)) // self.layout.px(36))
        pages = max(1, -(-len(shown) // room))
        self.page %= pages
        for plan in shown[self.page * room:(self.page + 1) * room]:
            label, tip = self.plan_label(plan)
            action = next(a for a in mine if a.plan == plan)
            y = self._option(body, y, label, None, self._pick(plan, action), tip)
        if pages > 1:
            self._option(body, y, f"More ({self.page + 1} of {pages})", None, self._next_page, "The next choices")

    def plan_label(self, plan: Plan) -> tuple[str, str]:
        """A plan's button: its words and, for an attack, the exact chance to hit."""
        words = self._plan_words(plan)
        chance = self.view.chance(plan)
        if chance is None:
            return words, f"Step {plan.step}: {STEPS[plan.step - 1]}" if plan.step else "Do nothing this round"
        if plan.act == "break":
            return (f"{words} \u00b7 {percent(chance)}",
                    f"Exactly {chance.numerator} in {chance.denominator} to break it (a Brawn test, step 5)")
        return f"{words} \u00b7 {percent(chance)}", f"Exactly {chance.numerator} in {chance.denominator} to hit"

    def _plan_words(self, plan: Plan) -> str:
        n = self.ctx.name
        words = ACT_TITLES[plan.act]
        if plan.act == "move":
            words = f"Move to {plan.arena}" + (" (1 Awesome)" if plan.extra else "")
        elif plan.act == "break":
            words = f"Break {plan.arena}"
        elif plan.act == "push":
            words = f"Push {', '.join(n(t) for t in plan.targets)} to {plan.arena}"
        elif plan.act == "focus":
            words = f"{plan.ability.replace('_', ' ').title()} on {n(plan.target)}"
        elif plan.target:
            words = f"{words} {n(plan.target)}"
        if plan.act == "assist" and plan.extra:
            words += f", else attack {n(plan.foe)} (1 Awesome)" if plan.foe else ", else protect (1 Awesome)"
        parry = {"plus2": " \u00b7 parry +2", "lowest": " \u00b7 parry: lowest wound",
                 "daring": f" \u00b7 parry: Daring on {n(plan.foe)}"}.get(plan.parry, "")
        return words + parry

    def _build_answer(self, body: Any, y: int) -> None:
        """A hero's suggestion: the game master draws the arena in or not (text 002: "The DM may draw it in!")."""
        view = self.view
        assert view.asking is not None
        hero, arena = view.asking
        place = next((p for p in view.possible if p.name == arena), None)
        what = f"a {place.kind} arena ({place.favours})" if place else "an arena"
        y = self._note(body, y, [TextLine(f"{self.ctx.name(hero)} suggests {arena} as {what}.", "small",
                                          theme.ACCENT)])
        if not self.my_turn:
            self._note(body, y, [TextLine("The game master decides.", "small", theme.TEXT_DIM)])
            self._go_button()
            return
        for action in self.legal:
            if isinstance(action, DrawIn):
                label = f"Draw {arena} in" if action.drawn else "Do not draw it in"
                y = self._option(body, y, label, action, self._send(action),
                                 "It is an arena from now on" if action.drawn else "The map stays as it is")

    def _build_shown(self, body: Any, y: int, mine: list[Choose | Declare]) -> None:
        plan = self.chosen_plan
        y = self._option(body, y, "Back", None, self._back, "Choose another plan")
        for a in mine:
            if not isinstance(a, Declare) or a.plan != plan:
                continue
            label = SHOWN_WORDS.get(a.shown) or f"Show it as: {ACT_TITLES[a.apparent]} (pay the heroes near)"
            y = self._option(body, y, label, a, self._send(a), "Declare it so")

    def _choose_act(self, act: str) -> Callable[[], None]:
        def choose() -> None:
            self.chosen_act = act
            self._rebuild()
        return choose

    def _back(self) -> None:
        self.page = 0
        if self.chosen_plan is not None:
            self.chosen_plan = None
        elif self.parrying:
            self.parrying = False
        else:
            self.chosen_act = None
        self._rebuild()

    def _toggle_parry(self) -> None:
        self.parrying, self.page = True, 0
        self._rebuild()

    def _next_page(self) -> None:
        self.page += 1
        self._rebuild()

    def _pick(self, plan: Plan, action: Action) -> Callable[[], None]:
        def pick() -> None:
            if isinstance(action, Declare):
                self.chosen_plan = plan
                self._rebuild()
            else:
                self._send(action)()
        return pick

    def _send(self, action: Action) -> Callable[[], None]:
        def send() -> None:
            self.chosen_act, self.chosen_plan, self.parrying, self.page = None, None, False, 0
            self.act(action)
        return send

    def result_lines(self) -> list[TextLine]:
        """Who won, after how many rounds, and each character's wounds."""
        outcome = self.match.outcome()
        if outcome is None:
            return []
        lines = self._result_head(outcome, {f.side for f in self.view.fighters if f.controlled})
        for f in self.view.fighters:
            lines.append(TextLine(f"{f.name}: {f.status}, wounds {wound_pips(f)}", "small",
                                  theme.BAD if f.status == "dead" else theme.TEXT))
        return lines

    def replay_moment(self) -> str:
        """The round and whose plan is awaited."""
        current = self.current
        return f"Round {self.view.round}" + (f" \u00b7 {current.name}" if current else "")
