"""The beats mode on the shared encounter screen: the table board in the middle, the seat's choices on the right."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.core.battlefield import Square
from game.core.events import Action, Event
from game.modes.beats.actions import DISARM, Present
from game.modes.beats.content import BeatsContent, load_content
from game.modes.beats.events import ActionDeclared
from game.modes.beats.run import AID
from game.modes.beats.state import HELPLESS, OUT_HELPLESS, WOUNDS, wound_word
from game.modes.beats.view import BeatsView, FighterView
from game.ui import theme
from game.ui.animation import Cue
from game.ui.emblems import named_emblem
from game.ui.encounter.board import TableBoard, TableMember, TableScene
from game.ui.encounter.table import TableScreen
from game.ui.helptext import key_list
from game.ui.mapview import MapScene
from game.ui.modes.beats.mapboard import beats_map_scene, every_square, hover, member_at
from game.ui.modes.beats.motion import cues
from game.ui.modes.beats.sheet import sheet_lines as kind_lines
from game.ui.modes.beats.sounds import SOUNDS
from game.ui.modes.beats.words import choice_words
from game.ui.panels import Row, TextLine
from game.ui.sound import SoundTable
from game.ui.tokens import TokenLook

PAGE = 8  # choices shown at once at the most; "More choices" shows the next ones
ROW = 34  # the height of one choice's button and its gap, at scale 1
HERO, FOE = (70, 130, 200), (200, 90, 70)


def dice_words(member: FighterView, view: BeatsView) -> str:
    """A combatant's dice as the table shows them: used ones in brackets, the one shown this beat starred."""
    parts = []
    for slot, (size, value, used) in enumerate(member.dice):
        mark = "*" if member.shown == slot and (view.order or member.controlled) else ""
        parts.append(f"[d{size}:{value}]" if used and not mark else f"{mark}d{size}:{value}")
    return " ".join(parts) if parts else "no dice"


def bubbles(wounds: int) -> str:
    """The four wound bubbles, checked or not, and helpless past them: "[xx--] bloody"."""
    checked = min(wounds, len(WOUNDS))
    return "[" + "x" * checked + "-" * (len(WOUNDS) - checked) + f"] {wound_word(wounds)}"


def sheet_lines(member: FighterView) -> list[str]:
    """A combatant's sheet: the named bubbles, wound tools, tools, sparks, specials and disadvantage."""
    marks = " ".join(f"[{'x' if member.wounds >= i + 1 else ' '}] {word}" for i, word in enumerate(WOUNDS))
    lines = [f"Wounds: {marks} [{'x' if member.wounds >= HELPLESS else ' '}] helpless"
             + (f" ({member.tended} tended)" if member.tended else "")]
    tools = [f"{name} (d8 {trait})" for _i, name, trait in member.tools] + list(member.wound_tools)
    lines.append("Tools: " + (", ".join(tools) if tools else "none"))
    specials = [f"{name} (d{die}{'' if left else ', used'})" for _k, name, die, left in member.specials]
    lines.append(f"Sparks: {member.sparks}" + (f" \u00b7 Specials: {', '.join(specials)}" if specials else ""))
    if member.disadvantage:
        lines.append(f"Disadvantaged: next roll {member.disadvantage} step(s) down")
    return lines


def member_words(member: FighterView, view: BeatsView) -> str:
    """Everything the table says about a combatant: dice, wounds, tools, sparks, and whether it has selected."""
    words = [dice_words(member, view), bubbles(member.wounds)]
    if member.tools:
        words.append(", ".join(name for _i, name, _t in member.tools))
    words.append(f"{member.sparks} sparks")
    if member.status != "in":
        words.append(member.status)
    elif member.chosen:
        words.append("has selected")
    return " \u00b7 ".join(words)


class BeatsScreen(TableScreen):
    """The encounter screen reading a beats view."""

    def sound_table(self) -> SoundTable:
        """What this mode's events sound like."""
        return SOUNDS

    def motion_cues(self, events: list[Event], starts: dict[str, Any], squares: dict[str, Any],
                    looks: dict[str, TokenLook]) -> list[Cue]:
        """Dice turned over, counters, blows and wounds, tools knocked down or thrown (``motion``)."""
        board = self.board
        view = self.view
        names = dict(view.ground) | dict(view.away) | {item: name for m in view.members for item, name, _t in m.tools}
        # Who held each tool knocked to the ground: the target of the disarm declared for it.
        disarmed: dict[str, str] = {}
        for event in self.match.events:
            if isinstance(event, ActionDeclared) and event.kind == DISARM:
                disarmed[event.item] = event.target
        if self.session.battlefield is not None:
            # On a map each token stands on its square, and a tool knocked away lies on its holder's square.
            at = {m.cid: (float(m.square[0]), float(m.square[1])) for m in view.members if m.square is not None}
            return cues(events, at, None, names, disarmed)
        if not isinstance(board, TableBoard):
            return []
        # The ground: the floor of the table, under the rows of combatants, between the two sides.
        boxes = [box for _m, box in board.member_boxes(self._on_table())]
        floor = max((box.bottom for box in boxes), default=board.rect.centery) + board.sq
        ground = board.units((board.rect.centerx, min(floor, board.rect.bottom - board.sq // 2)))
        return cues(events, self.anchors(), ground, names, disarmed)

    def _content(self) -> BeatsContent:
        return self.content if isinstance(self.content, BeatsContent) else load_content()

    rules_title = "How beats play"
    rules = (("Beats", "Each round every combatant rolls three dice. In each of three beats everyone selects one die "
                       "in secret; all are shown together and the lowest acts first. A higher die may counter."),
             ("Wounds", "Beaten, bloody, broken, burst, then helpless. Wounds turn your dice down in the first round "
                        "of the next fight; first aid between fights erases the highest bubble."))
    keys = key_list(enter="nothing", space="let the computer act", undo="take back a secret die", tabs=False,
                    retreat=False, who="combatant")
    no_retreat = "Surrender is offered when you are threatened"
    view: BeatsView
    page = 0

    @property
    def current(self) -> FighterView | None:
        """The combatant whose decision is awaited, if any."""
        pending = self.view.pending
        return self.view.member(pending.cid) if pending is not None and pending.cid else None

    @property
    def my_turn(self) -> bool:
        """Whether a person at the screen decides now."""
        return self.session.is_human(self.session.pending_seat()) and not self.match.over

    def _members(self, view: Any) -> tuple[Any, ...]:
        return tuple(view.members)

    def _follow_view(self) -> None:
        """Nothing to follow on the table; on a map every square is shown (text 004 hides nothing there)."""
        battlefield = self.session.battlefield
        if battlefield is not None:
            self.map_view.set_visible(every_square(battlefield))

    def _update_status(self) -> None:
        view, current = self.view, self.current
        if self.match.over:
            self.status = "The run is over"
        elif view.phase == AID:
            self.status = f"After fight {view.fight} of {view.fights}: first aid"
        else:
            doing = {"present": "selects a die", "act": "acts", "counter": "may counter"}.get(view.phase, "")
            whose = "you" if self.my_turn else "computer"  # as the other modes say whose decision it is
            who = f" \u00b7 {current.name} {doing} ({whose})" if current else ""
            self.status = f"Fight {view.fight}/{view.fights} \u00b7 Round {view.round} \u00b7 Beat {view.beat}{who}"

    def _progress(self) -> int:
        return len(self.match.events)

    def _computer_done(self, mark: int) -> bool:
        return self._progress() > mark or self.match.over

    def click_square(self, square: Square) -> None:
        """On a map, a click on a combatant selects it; choosing is done on the right."""
        who = member_at(self.view, square)
        if who is not None:
            self.select(who.cid)
            self._rebuild()

    def chance(self, member: FighterView, value: int) -> int | None:
        """The chance (in %) that a die of ``value`` wins its beat against what is known: higher than every foe's
        die, each foe presenting any of its unused dice alike (its shown die once the dice are revealed)."""
        chance, foes = 1.0, 0
        for foe in self.view.members:
            if foe.side == member.side or foe.status != "in" or not foe.dice:
                continue
            foes += 1
            if foe.value is not None:
                chance *= float(value > foe.value)
                continue
            open_dice = [v for _s, v, used in foe.dice if not used]
            chance *= sum(value > v for v in open_dice) / len(open_dice) if open_dice else 1.0
        return round(100 * chance) if foes else None

    def chance_words(self, member: FighterView) -> str:
        """What each of the seat's combatant's dice could do: the chance it wins its beat."""
        parts = []
        for size, value, used in member.dice:
            if not used:
                chance = self.chance(member, value)
                parts.append(f"d{size}:{value} wins {chance}%" if chance is not None else f"d{size}:{value}")
        return "Your dice: " + "; ".join(parts) if parts else ""

    def _build_right(self) -> None:
        right, current, view = self.right, self.current, self.view
        right.look = None
        right.title = "The run is over" if self.match.over else (current.name if current else "First aid")
        right.subtitle = bubbles(current.wounds) if current is not None else self.status
        if self.match.over:
            return
        body = self.layout.tab_body
        lines = []
        if view.order:
            shown = ", ".join(f"{m.name} {m.value}" for m in (view.member(c) for c in view.order)
                              if m is not None and m.value is not None)
            lines.append(TextLine(f"Shown, lowest first: {shown}", "small", theme.TEXT))
        if view.declared is not None and view.phase == "counter":
            actor = view.member(view.declared.cid)
            words = f"{actor.name if actor else view.declared.cid}: {choice_words(view.declared, view).lower()}"
            lines.append(TextLine(f"{words}, with {view.actor_value}. Counter it?", "small", theme.TEXT))
        if current is not None and current.controlled:
            lines.append(TextLine(self.chance_words(current), "small", theme.TEXT_DIM))
        if view.ground:
            lines.append(TextLine("On the ground: " + ", ".join(name for _i, name in view.ground), "small",
                                  theme.TEXT_DIM))
        y = self._note(body, body.y, lines) if lines else body.y
        if not self.my_turn:
            self._go_button()
            return
        legal = self.session.match.legal_actions()
        # As many as fit under the notes, one row kept for "More choices" when they do not all fit.
        room = max(1, (body.bottom - y) // self.layout.px(ROW))
        per = len(legal) if len(legal) <= min(room, PAGE) else max(1, min(room, PAGE) - 1)
        pages = max(1, (len(legal) + per - 1) // per)
        page = self.page % pages
        for action in legal[page * per:(page + 1) * per]:
            label = choice_words(action, view)
            tip = label
            if isinstance(action, Present) and current is not None:
                chance = self.chance(current, current.dice[action.slot][1])
                tip = f"{label}: it wins its beat {chance}% of the time against what is known" if chance is not None \
                    else label
            y = self._option(body, y, label, action, self._doer(action), tip)
        if pages > 1:
            self._option(body, y, "More choices", None, self._more, f"Page {page + 1} of {pages}")

    def _doer(self, action: Action) -> Callable[[], None]:
        def do() -> None:
            self.page = 0
            self.act(action)
        return do

    def _more(self) -> None:
        self.page += 1
        self._rebuild()

    def result_lines(self) -> list[TextLine]:
        outcome = self.match.outcome()
        if outcome is None:
            return []
        lines = self._result_head(outcome, {m.side for m in self.view.members if m.controlled})
        lines += [TextLine(f"{m.name}: {wound_word(m.wounds)}", "small", theme.TEXT) for m in self.view.members]
        return lines

    def _make_look(self, c: Any) -> TokenLook:
        # What it is: a hound's paw, else the tool in its hand (a knife, a whip, a lantern), else its calling.
        emblem = named_emblem(c.name, [name for _i, name, _t in c.tools])
        state = "unconscious" if c.status == OUT_HELPLESS else "standing"  # the helpless lie where they fell
        return TokenLook("hero" if c.side == "heroes" else "monster", HERO if c.side == "heroes" else FOE, c.name[:1],
                         state=state, emblem=emblem)

    def _make_rows(self) -> list[Row]:
        return [Row(m.cid, m.name, self._look(m), "standing" if m.status == "in" else "down", 0, m.wounds, 0, (),
                    None, status=member_words(m, self.view)) for m in self.view.members]

    def scene(self) -> TableScene | MapScene:
        if self.session.battlefield is not None:
            current = self.current
            on_map = beats_map_scene(self.view, self._look, current.cid if current else None, self.selected,
                                     self.cursor)
            hover(on_map, self.view, self.hover_square, self._hover_pointer(), lambda m: member_words(m, self.view))
            now = pygame.time.get_ticks()
            on_map.floating = self.anim.floating(now)
            for token in on_map.tokens:  # lunging or falling while the beat is shown
                token.position = self.anim.position(token.cid, now) or token.position
            return on_map
        return self._on_table()

    def _on_table(self) -> TableScene:
        """The table board's scene: each combatant's box with its words, moving as the beat is shown."""
        scene = self.table_scene()
        words = {m.cid: member_words(m, self.view) for m in self.view.members}
        scene.members = [TableMember(t.cid, t.name, t.side, t.look, words.get(t.cid, ""), t.current, t.selected)
                         for t in scene.members]
        return self.moving(scene)

    def _make_info_lines(self) -> tuple[TokenLook | None, list[TextLine]]:
        """The one selected (a click on the table or the list), else the one deciding: its dice, its wounds, its
        tools and specials explained."""
        who = self.view.member(self.selected) if self.selected else None
        who = who or self.current
        if who is None:
            return None, []
        lines = [TextLine(f"{who.name}: {dice_words(who, self.view)}", "small", theme.TEXT)]
        lines += [TextLine(line, "small", theme.TEXT_DIM) for line in sheet_lines(who)]
        return self._look(who), lines + kind_lines(self._content(), who)
