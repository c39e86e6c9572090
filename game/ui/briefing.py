"""What the screens say of a map's story and objective: under the map in the menu, and on the result screen."""

from __future__ import annotations

from game.core.battlefield import Battlefield
from game.core.mode import Outcome
from game.core.objectives import OBJECTIVES, objective_met
from game.core.seats import HEROES
from game.ui import theme
from game.ui.panels import TextLine


def briefing_lines(battlefield: Battlefield) -> list[TextLine]:
    """The map's intro (when it has one) and the heroes' objective explained, for the menu."""
    lines = [TextLine(battlefield.intro, "small", theme.TEXT)] if battlefield.intro else []
    explained = OBJECTIVES.get(battlefield.objective, battlefield.objective)
    return lines + [TextLine(f"Objective: {explained}", "small", theme.ACCENT, gap=2 if lines else 0)]


def objective_result(battlefield: Battlefield, outcome: Outcome, sides: set[str]) -> TextLine:
    """Whether the heroes met the map's objective, for the result screen; "your" objective when the seat plays them."""
    met = objective_met(battlefield.objective, outcome, HEROES)
    whose = "Objective" if HEROES in sides else "The heroes' objective"
    return TextLine(f"{whose}, {battlefield.objective}: {'met' if met else 'not met'}", "body",
                    theme.GOOD if met else theme.BAD, gap=4)
