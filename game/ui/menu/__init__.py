"""The main menu: mode, map, the sides, the people at the screen and who plays what, saves and the settings."""

from game.ui.menu.choices import COMPUTER_SEAT, DROP_DOWN_ARROW
from game.ui.menu.encounters import resume_encounter, show_session, start_encounter
from game.ui.menu.screen import MenuScreen

__all__ = ["COMPUTER_SEAT", "DROP_DOWN_ARROW", "MenuScreen", "resume_encounter", "show_session", "start_encounter"]
