"""The stances screen put together: its result, and what its replays say."""

from __future__ import annotations

from typing import Any

from game.core.events import Event
from game.ui import theme
from game.ui.animation import Cue
from game.ui.modes.stances.animation import cues
from game.ui.modes.stances.controls import StancesControls
from game.ui.modes.stances.sounds import SOUNDS
from game.ui.panels import TextLine
from game.ui.sound import SoundTable
from game.ui.tokens import TokenLook


class StancesScreen(StancesControls):
    """The encounter screen reading a stances view: priority, stances, declarations, sidesteps and damage."""

    # Seen through a seat's eyes, a replay shows its own sealed stances and declarations as it knew them;
    # through every side's, only what the rules make public: who has chosen, until the reveal.
    everyone_tip = "Every side's fighters; sealed stances and declarations once revealed"

    def motion_cues(self, events: list[Event], starts: dict[str, Any], squares: dict[str, Any],
                    looks: dict[str, TokenLook]) -> list[Cue]:
        """Dashes, sidesteps, pushes, blows, damage, wounds, falls and deaths, as the seat saw them."""
        return cues(events, starts, squares, looks)

    def sound_table(self) -> SoundTable:
        """What the stances events sound like (``game.ui.modes.stances.sounds``)."""
        return SOUNDS

    def replay_moment(self) -> str:
        """The round and the decision the match waits for."""
        words = self.decision_words()
        return f"Round {self.view.round}" + (f" \u00b7 {words[:1].upper()}{words[1:]}" if words else "")

    def result_lines(self) -> list[TextLine]:
        """Who won, after how many rounds, and each fighter's fate."""
        outcome = self.match.outcome()
        if outcome is None:
            return []
        sides = {f.side for f in self.view.fighters if f.controlled}
        lines = self._result_head(outcome, sides) + self._objective_lines(outcome, sides)
        for side in self.session.side_names():
            lines.append(TextLine(side.title(), "heading", theme.ACCENT, gap=10))
            for f in self.view.fighters:
                if f.side == side:
                    state = {"up": "standing", "unconscious": "Unconscious"}.get(f.state, f.state)
                    fate = "dead" if f.state == "dead" else f"{state}, {f.hit_points}/{f.maximum} HP"
                    lines.append(TextLine(f"{f.name}: {fate}", "small", theme.BAD if f.state == "dead" else theme.TEXT))
        return lines
