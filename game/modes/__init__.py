"""One package per rule text; importing this package registers every mode by name, one line each."""

from game.core.modespec import register_spec
from game.modes.arenas.spec import ARENAS
from game.modes.beats.spec import BEATS
from game.modes.cards.spec import CARDS
from game.modes.grid.spec import GRID
from game.modes.stances.spec import STANCES

register_spec(GRID)
register_spec(STANCES)
register_spec(CARDS)
register_spec(ARENAS)
register_spec(BEATS)
