"""The frame every mode's encounter screen shares: toolbar, combatant list, log, controls column, hand-over,
the overlays, the board in the middle and the replay controller."""

from game.ui.encounter.column import Callback, Note, RightPanel
from game.ui.encounter.screen import EncounterScreen

__all__ = ["Callback", "EncounterScreen", "Note", "RightPanel"]
