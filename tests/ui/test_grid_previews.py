"""What the grid screen says before an action or a computer's turn: whom an area catches, a heal that does
nothing, where a computer walks to, and hover labels that keep clear of what they point at."""

from __future__ import annotations

import re

import esper
import pygame

from game.modes.grid.actions import UseAction
from game.modes.grid.components import Health, Pile, TurnScores
from game.modes.grid.events import AttackRolled, Healed
from game.modes.grid.mode import GridMode
from game.ui import theme
from game.ui.app import App
from game.ui.modes.grid import GridScreen
from tests.ui.helpers import click_button, make_app, monster_turn, open_encounter, press, settle, until

ROOM = """
###########
#.........#
#H........#
#.........#
#.........#
#.........#
###########
"""
HALL = "\n".join(["#" * 60, *["#" + "." * 58 + "#"] * 28, "#" * 60])
LABEL_BACK = (12, 13, 16)  # the fill of a label's box on the map
OPEN_GROUND = """
##################
#H...............#
#................#
#................#
#................#
#................#
##################
"""


def _mode(screen: GridScreen) -> GridMode:
    """The screen's match's rules, entered so that their world is the one esper reads."""
    mode = screen.session.match.mode
    assert isinstance(mode, GridMode)
    mode._enter()
    return mode


def _turn_of(screen: GridScreen, cid: str, **senses: int) -> None:
    """Make it a combatant's turn, as the start of a turn would, with chosen Senses for whoever is named."""
    mode = _mode(screen)
    state = mode.state
    state.order = [cid, *(c for c in state.by_cid if c != cid)]
    state.current, state.phase = 0, "turn"
    esper.component_for_entity(state.ent(cid), TurnScores).movement = 8
    for who, value in senses.items():
        esper.component_for_entity(state.ent(who), TurnScores).senses = value
    screen._refresh([])
    screen._rebuild()


def _set(screen: GridScreen, component: type, field: str, **values: object) -> None:
    """Set one field of a component of combatants directly, as the rules would, and show the result."""
    mode = _mode(screen)
    for cid, value in values.items():
        setattr(esper.component_for_entity(mode.state.ent(cid), component), field, value)
    screen._refresh([])
    screen._rebuild()


def _hover(screen: GridScreen, square: tuple[int, int]) -> None:
    """Point at the middle of a square of the map."""
    screen.hover_square, screen.hover_pos = square, screen.map_view.square_centre(square)
    screen._update_hover()


def _fireball_at(places: dict[str, tuple[int, int]], centre: tuple[int, int]) -> tuple[App, GridScreen]:
    """The mage's turn with Fireball chosen and a square hovered; the second kobold Hidden from the mage only."""
    app = make_app()
    screen = open_encounter(app, ROOM, heroes=("mage", "warrior"), monsters=("kobold", "kobold"), places=places)
    _turn_of(screen, "mage", mage=1, warrior=9)
    _set(screen, TurnScores, "hidden", **{"kobold#2": 5})  # beats the mage's Senses, not the warrior's
    screen.choose_action("fireball", None)
    _hover(screen, centre)
    return app, screen


def test_the_area_preview_names_the_allies_it_would_catch():
    # "An area attack rolls separately against every combatant within its radius of the chosen square ... friend
    # or foe" (ruling grid-area): the warrior beside the kobold burns too.
    _app, screen = _fireball_at({"mage": (2, 2), "warrior": (6, 3), "kobold#1": (7, 3), "kobold#2": (8, 1)}, (7, 3))
    text = screen.scene().hover_label[0]
    assert text.startswith("Friendly fire! ")
    assert "Brannoc (ally): " in text and "Kobold 1: " in text
    assert screen.scene().hover_colour == theme.BAD  # the warning colour, before the fireball is cast


def test_the_area_preview_leaves_out_an_enemy_hidden_from_the_caster_as_the_rules_do():
    # "Enemies whose Hidden score beats your Senses score can't be seen, and so can't be attacked."
    app, screen = _fireball_at({"mage": (2, 2), "warrior": (6, 3), "kobold#1": (7, 3), "kobold#2": (8, 4)}, (7, 3))
    assert screen.view.hidden_from_current == {"kobold#2"}
    text = screen.preview_text
    assert "Kobold 2: " not in text and text.endswith("Kobold 2 is not caught: Hidden from Orrin")
    named = [name for name in ("Brannoc", "Kobold 1", "Kobold 2") if f"{name}: " in text or f"{name} (ally): " in text]
    screen.click_square((7, 3))
    screen.run_action()
    settle(app)
    rolled = [e.target for e in screen.match.events if isinstance(e, AttackRolled)]
    assert [screen.ctx.name(cid) for cid in rolled] == named == ["Brannoc", "Kobold 1"]


def test_the_area_preview_names_the_caster_when_it_stands_inside():
    _app, screen = _fireball_at({"mage": (2, 2), "warrior": (8, 5), "kobold#1": (3, 3), "kobold#2": (8, 1)}, (3, 3))
    text = screen.preview_text
    assert "Orrin (yourself): " in text and "Kobold 1: " in text and screen.preview_warns


def test_area_and_single_target_previews_name_each_target_alike():
    _app, screen = _fireball_at({"mage": (2, 2), "warrior": (8, 5), "kobold#1": (5, 3), "kobold#2": (8, 1)}, (5, 3))
    area = screen.preview_text
    screen.choose_action("firebolt", None)
    _hover(screen, (5, 3))
    single = screen.preview_text
    assert not screen.preview_warns
    assert re.match(r"Kobold 1: \d+% to hit, ", area) and re.match(r"Kobold 1: \d+% to hit, ", single)


def test_mend_on_an_unwounded_ally_warns_that_it_would_do_nothing_and_may_still_run():
    # The rules accept a heal on a combatant without wounds ("Healing lowers Wounds (never below 0)"): the screen
    # lets it run, and warns first that it would be wasted.
    app = make_app()
    screen = open_encounter(app, ROOM, heroes=("cleric", "mage"), places={"cleric": (2, 2), "mage": (3, 2)})
    _turn_of(screen, "cleric")
    screen.choose_action("mend", None)
    screen.choose_target(UseAction("mend", "mage"))
    note = [line for n in screen.right.notes for line in n.lines if "Mend" in line.text and "wound" in line.text]
    assert [(line.text, line.colour) for line in note] == [
        ("Orrin has no wound to heal: Mend would do nothing", theme.BAD)]
    click_button(app, "Run this Action")
    healed = [e for e in screen.match.events if isinstance(e, Healed)]
    assert [(e.cid, e.amount) for e in healed] == [("mage", 0)] and screen.current.acted


def test_mend_on_a_wounded_ally_says_what_it_heals_without_a_warning():
    app = make_app()
    screen = open_encounter(app, ROOM, heroes=("cleric", "mage"), places={"cleric": (2, 2), "mage": (3, 2)})
    _set(screen, Health, "wounds", mage=1)
    _turn_of(screen, "cleric")
    screen.choose_action("mend", None)
    screen.choose_target(UseAction("mend", "mage"))
    note = [line for n in screen.right.notes for line in n.lines if line.text.startswith("Orrin: heals")]
    assert [line.colour for line in note] == [theme.ACCENT]


def _intent_with_pile(item: str) -> str:
    """What the kobold intends with an item lying between it and where it would go, the warrior far away."""
    app = make_app()
    screen = open_encounter(app, OPEN_GROUND, places={"warrior": (1, 1), "kobold": (16, 5)})
    _mode(screen)
    esper.create_entity(Pile((12, 5), [item]))
    screen._refresh([])
    monster_turn(app)
    assert until(app, lambda: any("Intends to:" in line.text for n in screen.right.notes for line in n.lines))
    lines = [line.text for n in screen.right.notes for line in n.lines]
    return lines[lines.index("Intends to:") + 1]


def test_a_computer_walking_to_an_item_says_it_will_pick_it_up():
    # The kobold's plan is a move beside the pile, then Pick Up: told by the nearest enemy, it read "advance on
    # Brannoc" (or "fall back from" him), though the walk was for the Warhammer.
    assert _intent_with_pile("warhammer") == "Kobold will walk over and pick up the Warhammer."


def test_a_computer_stopping_beside_an_item_it_does_not_want_is_not_said_to_pick_it_up():
    said = _intent_with_pile("chain_mail")  # it walks past the pile and leaves it
    assert "pick up" not in said and said.startswith("Kobold will ")


def _painted_hover_box(screen: GridScreen, monkeypatch) -> pygame.Rect | None:  # noqa: ANN001
    """The dark box the map draws its hover label in on the next frame (None if it draws none)."""
    boxes: list[pygame.Rect] = []
    real = pygame.draw.rect

    def record(surface: pygame.Surface, colour, rect, *args, **kwargs) -> pygame.Rect:  # noqa: ANN001, ANN002, ANN003
        if tuple(colour) == LABEL_BACK and not args:
            boxes.append(pygame.Rect(rect))
        return real(surface, colour, rect, *args, **kwargs)

    monkeypatch.setattr(pygame.draw, "rect", record)
    try:
        screen.app.dirty = True
        settle(screen.app)
    finally:
        monkeypatch.setattr(pygame.draw, "rect", real)
    return boxes[-1] if boxes else None


def test_a_hover_label_keeps_clear_of_the_hovered_square_and_the_squares_around_it(monkeypatch):
    # The play-tester's Shoot: the label of the brute pointed at covered the brute beside it and the ranger.
    app = make_app()
    screen = open_encounter(app, ROOM, heroes=("ranger", "warrior"), monsters=("orc_brute", "orc_brute"),
                            places={"ranger": (5, 4), "warrior": (1, 1), "orc_brute#1": (6, 2),
                                    "orc_brute#2": (6, 3)})
    _turn_of(screen, "ranger")
    screen.choose_action("shoot", None)
    for square in ((6, 3), (6, 2)):
        _hover(screen, square)
        assert screen.preview_text.startswith("Orc Brute")
        box = _painted_hover_box(screen, monkeypatch)
        assert box is not None and screen.map_view.rect.contains(box)
        near = screen.map_view.square_rect(square).inflate(2 * screen.map_view.sq, 2 * screen.map_view.sq)
        assert not box.colliderect(near), square


def test_a_hover_label_is_dropped_when_the_map_scrolls_under_a_still_pointer(monkeypatch):
    app = make_app()
    screen = open_encounter(app, HALL, places={"warrior": (20, 10), "kobold": (22, 10)})
    _turn_of(screen, "warrior")
    screen.map_view.centre_on((20, 10))
    pointer = screen.map_view.square_centre((22, 10))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pointer, rel=(1, 1), buttons=(0, 0, 0)))
    settle(app, 2)
    assert screen.scene().hover_label is not None and _painted_hover_box(screen, monkeypatch) is not None
    press(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)  # Shift+arrow scrolls the map: the kobold moves away
    assert screen.map_view.square_at(pointer) != (22, 10)
    assert screen.scene().hover_label is None and _painted_hover_box(screen, monkeypatch) is None
