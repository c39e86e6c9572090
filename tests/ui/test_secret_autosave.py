"""A match killed after a secret choice resumes after it: no seat may choose again once choices are sealed or seen."""

from __future__ import annotations

from pathlib import Path

from game.core.events import Action
from game.core.mode import Seat
from game.core.saves import read_save
from game.core.secret import ChoiceSealed, ChoicesRevealed
from game.modes.stances.actions import ChooseStance, Dash, Engage, Pass
from game.ui.session import EncounterChoice, Session

TWO_PEOPLE = (Seat("Ann", ("heroes",)), Seat("Bob", ("monsters",)))


def _next(session: Session) -> Action:
    """A plain player's choice: engage when it can, else dash towards the enemy, else the first stance or pass."""
    legal = session.match.legal_actions()
    for kind in (Engage, ChooseStance):
        found = [a for a in legal if isinstance(a, kind)]
        if found:
            return found[0]
    view = session.match.view(session.pending_seat() or "")
    dashes = [a for a in legal if isinstance(a, Dash)]
    if dashes:
        foes = [f.square for f in view.fighters if not f.controlled and f.square is not None]
        return min(dashes, key=lambda a: min(max(abs(a.to[0] - x), abs(a.to[1] - y)) for x, y in foes))
    return next((a for a in legal if isinstance(a, Pass)), legal[0])


def test_every_sealed_and_revealed_choice_is_in_the_autosave_at_once(tmp_path: Path) -> None:
    autosave = tmp_path / "autosave.json"
    choice = EncounterChoice(mode="stances", heroes=("warrior",), monsters=("undead_orc",), seed=3, seats=TWO_PEOPLE)
    session = Session(choice, autosave=autosave)
    secrets = 0
    for _ in range(200):
        events = session.apply(_next(session))
        if any(isinstance(e, (ChoiceSealed, ChoicesRevealed)) for e in events):
            secrets += 1
            # Killed now, the game would resume exactly here: after the stance, never before it.
            assert len(read_save(autosave).actions) == len(session.match.actions)
        if any(isinstance(e, ChoicesRevealed) for e in events):
            break
    assert secrets >= 2, "the two people never sealed and revealed their stances"
    session.close()
