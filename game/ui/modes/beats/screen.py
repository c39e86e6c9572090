"""The beats mode on the shared encounter screen: the table board in the middle, the seat's choices on the right."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.battlefield import Square
from game.core.events import Action
from game.modes.beats.run import AID
from game.modes.beats.state import wound_word
from game.modes.beats.view import BeatsView, FighterView
from game.ui import theme
from game.ui.encounter import EncounterScreen
from game.ui.encounter.board import TableMember, TableScene
from game.ui.helptext import key_list
from game.ui.modes.beats.words import choice_words
from game.ui.panels import Row, TextLine
from game.ui.tokens import TokenLook

PAGE = 8  # choices shown at once; "More choices" shows the next ones
HERO, FOE = (70, 130, 200), (200, 90, 70)


def dice_words(member: FighterView, view: BeatsView) -> str:
    """A combatant's dice as the table shows them: used ones in brackets, the one shown this beat starred."""
    parts = []
    for slot, (size, value, used) in enumerate(member.dice):
        mark = "*" if member.shown == slot and (view.order or member.controlled) else ""
        parts.append(f"[d{size}:{value}]" if used and not mark else f"{mark}d{size}:{value}")
    return " ".join(parts) if parts else "no dice"


def member_words(member: FighterView, view: BeatsView) -> str:
    """Everything the table says about a combatant: dice, wounds, tools, sparks, and whether it has selected."""
    words = [dice_words(member, view), wound_word(member.wounds)]
    if member.tools:
        words.append(", ".join(name for _i, name, _t in member.tools))
    words.append(f"{member.sparks} sparks")
    if member.status != "in":
        words.append(member.status)
    elif member.chosen:
        words.append("has selected")
    return " \u00b7 ".join(words)


class BeatsScreen(EncounterScreen):
    """The encounter screen reading a beats view."""

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
        """Nothing to follow: a table has no map."""

    def _update_status(self) -> None:
        view, current = self.view, self.current
        if self.match.over:
            self.status = "The run is over"
        elif view.phase == AID:
            self.status = f"After fight {view.fight} of {view.fights}: first aid"
        else:
            who = f" \u00b7 {current.name} " + {"present": "selects a die", "act": "acts",
                                                 "counter": "may counter"}.get(view.phase, "") if current else ""
            self.status = f"Fight {view.fight}/{view.fights} \u00b7 Round {view.round} \u00b7 Beat {view.beat}{who}"

    def _progress(self) -> int:
        return len(self.match.events)

    def _computer_done(self, mark: int) -> bool:
        return self._progress() > mark or self.match.over

    def click_square(self, square: Square) -> None:
        """A table has no squares."""

    def chance_words(self, member: FighterView) -> str:
        """What the seat's combatant's dice could do: for each, how many shown or unused foe dice it beats."""
        foes = [m for m in self.view.members if m.side != member.side and m.status == "in"]
        known = [value for m in foes for _s, value, used in m.dice if not used or m.shown is not None]
        if not known:
            return ""
        parts = []
        for size, value, used in member.dice:
            if not used:
                beats = sum(value > k for k in known)
                parts.append(f"d{size}:{value} beats {round(100 * beats / len(known))}% of their dice")
        return "; ".join(parts)

    def _build_right(self) -> None:
        right, current, view = self.right, self.current, self.view
        right.look = None
        right.title = "The run is over" if self.match.over else (current.name if current else "First aid")
        right.subtitle = self.status
        if self.match.over:
            return
        body = self.layout.tab_body
        lines = []
        if view.declared is not None and view.phase == "counter":
            lines.append(TextLine(f"{choice_words(view.declared, view)} with {view.actor_value}", "small", theme.TEXT))
        if current is not None and current.controlled:
            lines.append(TextLine(self.chance_words(current), "small", theme.TEXT_DIM))
        y = self._note(body, body.y, lines) if lines else body.y
        if not self.my_turn:
            self._go_button()
            return
        legal = self.session.match.legal_actions()
        pages = max(1, (len(legal) + PAGE - 1) // PAGE)
        page = self.page % pages
        for action in legal[page * PAGE:(page + 1) * PAGE]:
            label = choice_words(action, view)
            y = self._option(body, y, label, action, self._doer(action), label)
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
        return TokenLook("hero" if c.side == "heroes" else "monster", HERO if c.side == "heroes" else FOE, c.name[:1])

    def _make_rows(self) -> list[Row]:
        return [Row(m.cid, m.name, self._look(m), "standing" if m.status == "in" else "down", 0, m.wounds, 0, (),
                    None, status=member_words(m, self.view)) for m in self.view.members]

    def scene(self) -> TableScene:
        scene = self.table_scene()
        words = {m.cid: member_words(m, self.view) for m in self.view.members}
        scene.members = [TableMember(t.cid, t.name, t.side, t.look, words.get(t.cid, ""), t.current, t.selected)
                         for t in scene.members]
        if self.view.ground:
            scene.decision += " \u00b7 on the ground: " + ", ".join(name for _i, name in self.view.ground)
        return scene

    def _make_info_lines(self) -> tuple[TokenLook | None, list[TextLine]]:
        current = self.current
        if current is None:
            return None, []
        return None, [TextLine(member_words(current, self.view), "small", theme.TEXT)]
