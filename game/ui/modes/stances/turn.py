"""The stances mode (text 001) on the encounter screen: the same map, list, log and hand-overs, its own controls.

This part reads the view (whose decision it is, about which fighter) and acts on it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.core.battlefield import Square
from game.core.events import Action
from game.modes.stances import actions as act
from game.modes.stances import events as sev
from game.modes.stances.view import FighterView, StancesView
from game.ui.app import App
from game.ui.encounter import EncounterScreen
from game.ui.encounter.replay import Replay
from game.ui.modes.stances.help import STANCES_KEYS, STANCES_RULES
from game.ui.modes.stances.looks import KIND_WORDS, status_words
from game.ui.session import Session

SEALED_KINDS = ("stance", "declare")  # the computer's secret choices: nothing to watch, so no Go is asked for
STEP_EVENTS = (sev.PriorityPassed, sev.EngagementEnded, sev.RoundEnded, sev.EncounterEnded)


class StancesTurn(EncounterScreen):
    """The encounter screen reading a stances view: the pending decision and acting on it."""

    rules_title = "How the stances mode plays"
    rules = STANCES_RULES
    keys = STANCES_KEYS
    # Text 001 has no retreat: the fight ends when a side has nobody left able to fight (ruling stances-end).
    no_retreat = "No retreat in the stances mode: the fight goes on until a side has nobody left able to fight"
    view: StancesView

    def __init__(self, app: App, session: Session, on_menu: Callable[[], None],
                 on_again: Callable[[], None], replay: Replay | None = None) -> None:
        bf = session.battlefield
        assert bf is not None, "the stances mode plays on a map"
        self._everything = frozenset((x, y) for x in range(bf.width) for y in range(bf.height))
        super().__init__(app, session, on_menu, on_again, replay)

    # -- what the view says ----------------------------------------------------------------------
    @property
    def current(self) -> FighterView | None:
        """The fighter the pending decision is about, if it is about one."""
        decision = self.view.decision
        return self.view.fighter(decision.cid) if decision is not None and decision.cid else None

    @property
    def my_turn(self) -> bool:
        """Whether a person at the screen makes the pending decision."""
        pending = self.session.pending_seat()
        return self.session.is_human(pending) and self.view.decision is not None and not self.match.over

    def _actor(self) -> str | None:
        """The fighter whose options the controls show: the decision's, else the selected one that has options."""
        current = self.current
        if current is not None:
            return current.cid
        cids = self._movers()
        if self.selected in cids:
            return self.selected
        return cids[0] if cids else None

    def _movers(self) -> list[str]:
        """The fighters the legal actions are for, in their order."""
        return list(dict.fromkeys(c for a in self.legal if (c := getattr(a, "cid", None)) is not None))

    def _mine(self, actor: str | None) -> list[Action]:
        return [a for a in self.legal if getattr(a, "cid", None) == actor]

    def _members(self, view: Any) -> tuple[Any, ...]:
        """The fighters a stances view lists."""
        return view.fighters

    def _follow_view(self) -> None:
        """Text 001 hides nothing on the map."""
        self.map_view.set_visible(self._everything)

    def decision_words(self) -> str:
        """Who the pending decision is about and what it is, e.g. "the heroes have priority" ("" if none)."""
        view, decision, current = self.view, self.view.decision, self.current
        if decision is None:
            return ""
        words = KIND_WORDS.get(decision.kind, decision.kind)
        if current is not None:
            return f"{current.name} {words}"
        return f"the {decision.side or view.priority} {words.replace('has ', 'have ')}"  # a side: the plural verb

    def _update_status(self) -> None:
        view, decision, current = self.view, self.view.decision, self.current
        if self.match.over:
            self.status = "The encounter is over"
        elif decision is None:
            self.status = f"Round {view.round}"
        else:
            who = current.name if current is not None else (decision.side or view.priority)
            self.status = status_words(view.round, decision.kind, who, current is None, self.my_turn,
                                       current.hit_points if current is not None else None)

    # -- acting ----------------------------------------------------------------------------------
    def _steps(self) -> int:
        return sum(1 for e in self.match.events if isinstance(e, STEP_EVENTS))

    def update(self, now: int) -> bool:
        """The computer's secret choices are made at once; everything else waits for Go."""
        decision = self.view.decision
        pending = self.session.pending_seat()
        if (self.replay is None and self.auto is None and self.overlay is None and decision is not None
                and decision.kind in SEALED_KINDS and pending is not None and not self.session.is_human(pending)):
            self.auto = self._progress()
        return super().update(now)

    def _progress(self) -> int:
        """How far the match has come, counted in what one Go plays through: steps of the round."""
        return self._steps()

    def _computer_done(self, mark: int) -> bool:
        """Whether the run started by Go is over: a step of the round passed, or the fight ended."""
        return self._progress() > mark or self.match.over

    def click_square(self, square: Square) -> None:
        """A click on the map: dash or sidestep there, the plainest attack or engagement of what stands there."""
        if self.anim.busy(pygame.time.get_ticks()):
            return
        who = next((f for f in self.view.fighters if f.square == square and f.state != "dead"), None)
        if self.my_turn:
            mine = self._mine(self._actor())
            for a in mine:
                if isinstance(a, (act.Dash, act.Sidestep)) and a.to == square:
                    self.act(a)
                    return
            if who is not None and not who.controlled:
                for kind in (act.Attack, act.Engage):
                    plain = [a for a in mine if isinstance(a, kind) and a.target == who.cid
                             and not getattr(a, "push", False) and not getattr(a, "execute", False)]
                    if plain:
                        self.act(plain[0])
                        return
        if who is not None:
            self.select(who.cid)
            self._rebuild()
