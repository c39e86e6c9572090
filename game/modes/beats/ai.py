"""The beats mode's computer player: it reads only its seat's view (the dice on the table, its own sealed ones).

It presents its highest die (the hardest to counter and the best to counter with), attacks a foe that cannot
counter it (the most wounded first), counters whenever a die allows, spends a special when it could then
counter an attack, surrenders an attack that would leave it helpless, and tends the worst wounds first.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from game.core.events import Action
from game.modes.beats.actions import (
    ARM,
    ATTACK,
    Act,
    Allow,
    Counter,
    FirstAid,
    Onward,
    Present,
    Reroll,
    Substitute,
    Surrender,
    UseSpecial,
)
from game.modes.beats.state import HELPLESS
from game.modes.beats.view import BeatsView, FighterView

LOW_ROLL = 0.5  # a presented die at or below this share of its size is worth a spark's reroll before acting


class BeatsPlayer:
    """The tactical policy of the beats mode."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """Pick an action from the seat's view alone."""
        assert isinstance(view, BeatsView)
        options = list(legal)
        kinds = {type(a) for a in options}
        if Present in kinds:
            return self._present(view, options)
        if FirstAid in kinds or Onward in kinds:
            return self._aid(view, options)
        if Allow in kinds:
            return self._answer(view, options)
        return self._act(view, options)

    @staticmethod
    def _present(view: BeatsView, options: list[Action]) -> Action:
        cid = next(a.cid for a in options if isinstance(a, Present))
        me = view.member(cid)
        assert me is not None
        return max((a for a in options if isinstance(a, Present)), key=lambda a: me.dice[a.slot][1])

    @staticmethod
    def _aid(view: BeatsView, options: list[Action]) -> Action:
        aid = [a for a in options if isinstance(a, FirstAid)]
        if not aid:
            return next(a for a in options if isinstance(a, Onward))

        def worth(a: FirstAid) -> tuple[int, int]:
            patient, tender = view.member(a.patient), view.member(a.tender)
            return (patient.wounds if patient else 0, sum(s for s, _v, _u in tender.dice) if tender else 0)

        return max(aid, key=worth)

    def _answer(self, view: BeatsView, options: list[Action]) -> Action:
        counters = [a for a in options if isinstance(a, Counter)]
        if counters:
            return counters[0]
        subs = [a for a in options if isinstance(a, Substitute)]
        if subs:
            mine = view.member(subs[0].cid)
            assert mine is not None
            dice = mine.dice
            return min(subs, key=lambda a: dice[a.slot][1])  # the least die that still beats theirs
        declared = view.declared
        allow = next(a for a in options if isinstance(a, Allow))
        me = view.member(allow.cid)
        if declared is None or me is None or declared.target != me.cid or declared.kind != ATTACK:
            return allow
        specials = [a for a in options if isinstance(a, UseSpecial)]
        best = max((die for key, _n, die, left in me.specials if left), default=0)
        if specials and me.value is not None and view.actor_value is not None and me.value + best > view.actor_value:
            return specials[0]
        surrender = [a for a in options if isinstance(a, Surrender)]
        if surrender and me.wounds + 1 >= HELPLESS:
            return surrender[0]
        return allow

    def _act(self, view: BeatsView, options: list[Action]) -> Action:
        acts = [a for a in options if isinstance(a, Act)]
        cid = acts[0].cid
        me = view.member(cid)
        assert me is not None and me.value is not None
        attacks = [a for a in acts if a.kind == ATTACK]
        safe = [a for a in attacks if not self._may_counter(view.member(a.target), me.value)]
        if safe:
            return max(safe, key=lambda a: self._wounds(view, a.target))
        reroll = [a for a in options if isinstance(a, Reroll)]
        size = me.dice[me.shown][0] if me.shown is not None else 0
        if reroll and me.value <= size * LOW_ROLL:
            return reroll[0]
        arm = [a for a in acts if a.kind == ARM]
        if arm and not me.tools:
            return arm[0]
        if attacks:
            return max(attacks, key=lambda a: self._wounds(view, a.target))
        return acts[-1]

    @staticmethod
    def _wounds(view: BeatsView, cid: str) -> int:
        who = view.member(cid)
        return who.wounds if who else 0

    @staticmethod
    def _may_counter(foe: FighterView | None, mine: int) -> bool:
        """Whether a foe could counter a die of ``mine``: by a higher die not yet acted, a higher unused one, or a
        special."""
        if foe is None:
            return False
        if not foe.acted and foe.value is not None and foe.value > mine:
            return True
        if foe.acted and any(v > mine for _s, v, used in foe.dice if not used):
            return True
        return any(left for _k, _n, _d, left in foe.specials)
