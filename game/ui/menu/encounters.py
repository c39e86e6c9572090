"""From the main menu to an encounter and back: starting, resuming and showing a session, and its replay."""

from __future__ import annotations

from pathlib import Path

from game.core.battlefield import Battlefield
from game.core.saves import SaveError, autosave_path, read_save, saved_match
from game.ui.app import App
from game.ui.modes import open_screen, open_session, resume_session
from game.ui.replay import open_replay
from game.ui.session import (
    EncounterChoice,
    Session,
)


def show_session(app: App, session: Session) -> None:
    """Open the encounter screen of the session's mode; "play again" and "menu" lead on from it."""
    choice = session.choice

    def again() -> None:
        start_encounter(app, choice.with_seed(session.match.seed + 1), session.battlefield
                        if not session.can_save else None)

    def menu() -> None:
        from game.ui.menu.screen import MenuScreen  # the menu leads here, and back

        app.show(MenuScreen(app, choice))

    def replay() -> None:
        # The finished match is played back from its own actions; leaving the replay picks the
        # match up again where it ended, so its result (and Play again) come back.
        saved = saved_match(session.match, Path("the encounter just played"))  # the replay's panel names it

        def back() -> None:
            try:
                show_session(app, resume_session(saved))
            except SaveError as error:  # its map file went away meanwhile: say so in the menu
                from game.ui.menu.screen import MenuScreen

                app.show(MenuScreen(app, choice, error=str(error)))

        app.show(open_replay(app, saved, 1.0, on_quit=back))

    screen = open_screen(app, session, on_menu=menu, on_again=again)
    screen.on_replay = replay
    app.show(screen)


def start_encounter(app: App, choice: EncounterChoice, battlefield: Battlefield | None = None) -> None:
    """Start a new encounter, autosaved after every turn (a ``battlefield`` not read from a file cannot be)."""
    session = open_session(choice, battlefield, autosave=autosave_path() if battlefield is None else None)
    show_session(app, session)


def resume_encounter(app: App, path: Path) -> None:
    """Pick a saved match up where it stopped; SaveError with one line when the file cannot be resumed."""
    session = resume_session(read_save(path), autosave=autosave_path())
    show_session(app, session)
