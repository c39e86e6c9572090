"""The grid screen's previews: the path and its cost under the pointer, the chance to hit of the chosen action."""

from __future__ import annotations

from typing import NamedTuple

from game.core.battlefield import Square
from game.core.geometry import distance
from game.modes.grid.actions import (
    UseAction,
)
from game.modes.grid.preview import attack_preview, caught_in_area, in_sight_of_square
from game.modes.grid.view import CombatantView
from game.modes.grid.viewpaths import path_for_view
from game.ui.modes.grid.turn import GridTurn


class Preview(NamedTuple):
    """What the chosen action would do to what is under the pointer; a warning when it harms or wastes."""

    text: str
    warning: bool = False


class GridPreviews(GridTurn):
    """The grid screen with its previews of a move or an action under the pointer."""

    # -- previews ----------------------------------------------------------------------------------
    def _update_hover(self) -> None:
        """Recompute the path or the attack preview for the square under the pointer or cursor."""
        square = self.hover_square if self.hover_square is not None else self.cursor
        self.hover_path = None
        self.preview_text = ""
        self.preview_warns = False
        current = self.current
        if square is None or current is None or not self.my_turn:
            return
        if self.chosen is not None:
            use = self._use_at(square)
            if use is not None:
                self.preview_text, self.preview_warns = self._preview(use)
            return
        if square == current.square or not self.view.battlefield.is_open(square):
            return
        if any(c.square == square for c in self.view.combatants):
            return
        planned = path_for_view(self.view, current.cid, square, current.movement if square in self.reach else None)
        if planned is not None:
            self.hover_path = planned

    def _preview(self, use: UseAction) -> Preview:
        """What the use would do: each target's exact chance to hit and damage, or what a heal or buff does."""
        attacker = self.current
        if attacker is None:
            return Preview("")
        if use.square is not None:
            return self._area_preview(attacker, use, use.square)
        target = self.view.combatant(use.target) if use.target else None
        if target is None:
            return Preview("")
        action = self.content.actions[use.action]
        if action.kind == "attack":
            return Preview(f"{target.name}: {self._hit_words(attacker, target, use)}")
        if action.kind == "heal":
            return self._heal_preview(target, use)
        if action.kind == "buff":
            condition = self.content.conditions[action.condition].name
            return Preview(f"{target.name}: {condition} (rank {action.condition_rank})")
        return Preview(target.name)

    def _area_preview(self, attacker: CombatantView, use: UseAction, centre: Square) -> Preview:
        """Everyone the area would roll against, as the rules choose them, the attacker's own side marked."""
        radius = self.content.actions[use.action].area
        # "An area attack rolls separately against every combatant within its radius of the chosen square, in
        # sight of that square and seen by the attacker, friend or foe (the attacker included)" (ruling grid-area).
        caught = caught_in_area(self.view, centre, radius)
        parts = [f"{self._area_name(attacker, c)}: {self._hit_words(attacker, c, use)}" for c in caught]
        parts += [f"{c.name} is not caught: {why}" for c, why in self._spared(caught, centre, radius)]
        if not caught:
            parts.insert(0, "nobody in the area")
        friendly = any(c.side == attacker.side for c in caught)
        text = "; ".join(parts)
        return Preview(f"Friendly fire! {text}" if friendly else text, friendly)

    @staticmethod
    def _area_name(attacker: CombatantView, c: CombatantView) -> str:
        """A name in an area preview, saying who is on the attacker's own side."""
        if c.cid == attacker.cid:
            return f"{c.name} (yourself)"
        return f"{c.name} (ally)" if c.side == attacker.side else c.name

    def _spared(self, caught: list[CombatantView], centre: Square, radius: int) -> list[tuple[CombatantView, str]]:
        """Enemies the seat sees in the area whom the attacker does not, and why: "Unseen enemies can't be attacked"."""
        around = in_sight_of_square(self.view, centre)
        taken = {c.cid for c in caught}
        found = []
        for c in self.view.combatants:
            if c.cid in taken or c.square is None or c.state == "dead" or distance(c.square, centre) > radius:
                continue
            why = self._not_seen_by(c)
            if why and c.square in around:
                found.append((c, why))
        return found

    def _heal_preview(self, target: CombatantView, use: UseAction) -> Preview:
        """How many wounds a heal takes away, or a warning that it takes none."""
        action = self.content.actions[use.action]
        healed = min(action.heal, target.wounds)  # Wounds show on every token: no secret is told
        if not healed:
            # The rules let a heal be used on a combatant without wounds ("Healing lowers Wounds (never below
            # 0)", ruling grid-heal): the action is spent for nothing, so say so before it is run.
            return Preview(f"{target.name} has no wound to heal: {action.name} would do nothing", True)
        return Preview(f"{target.name}: heals {healed} wound" + ("s" if healed != 1 else "")
                       + f", leaving Wounds {target.wounds - healed}")

    def _hit_words(self, attacker: CombatantView, target: CombatantView, use: UseAction) -> str:
        preview = attack_preview(self.content, attacker, target, use.action, use.weapon)
        chance = f"{preview.p_success:.0%} to hit"
        if preview.p_weapon_works < 1:
            chance += f" (the weapon works {preview.p_weapon_works:.0%})"
        action = self.content.actions[use.action]
        if preview.damage_max is None and (action.damage or use.weapon):
            # The chance of the outcome that matters: a wound (death, for a Drone), hit and roll together.
            outcome = "kill" if preview.drone else "wound"
            chance += (f", {preview.p_success * preview.p_wound:.0%} to {outcome}, "
                       f"average damage {preview.expected_damage:.1f}")
        if action.condition:
            chance += f", {self.content.conditions[action.condition].name} on a hit"
        return chance
