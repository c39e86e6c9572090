"""What the screen draws where it matters: fog really hides, unseen enemies are not drawn, layers are kept."""

import esper
import pygame

from game.modes.grid.components import TurnScores
from game.ui import theme
from tests.ui.helpers import click, make_app, open_encounter, pixel, press, settle

WALLED = """
###########
#H...#....#
#....#....#
#....#....#
#.........#
###########
"""


def _set(screen, component: type, field: str, **values) -> None:  # noqa: ANN001
    """Set one field of a component of combatants directly, as the rules would, and show the result."""
    mode = screen.session.match.mode
    mode._enter()
    for cid, value in values.items():
        setattr(esper.component_for_entity(mode.state.ent(cid), component), field, value)
    screen._refresh([])
    screen._rebuild()


def _point_at(screen, square: tuple[int, int]) -> None:  # noqa: ANN001
    """Hover a square of the map with the pointer, as a mouse over its middle would."""
    screen.hover_square, screen.hover_pos = square, screen.map_view.square_centre(square)


def _hide(screen, cid: str, hidden: int) -> None:  # noqa: ANN001
    """Give a combatant a Hidden score directly, as a Hide roll would."""
    _set(screen, TurnScores, "hidden", **{cid: hidden})


def test_squares_outside_the_current_heros_sight_are_drawn_as_fog():
    app = make_app()
    screen = open_encounter(app, WALLED, places={"warrior": (1, 1), "kobold": (8, 4)})
    press(app, pygame.K_SPACE)
    assert (7, 1) not in screen.view.visible and (2, 1) in screen.view.visible
    settle(app)
    hidden = screen.map_view.square_rect((7, 1))
    seen = screen.map_view.square_rect((2, 2))
    assert pixel(app, hidden.center) == theme.FOG
    assert pixel(app, (hidden.x + 3, hidden.y + hidden.height // 3)) == theme.FOG
    assert pixel(app, seen.center) != theme.FOG


def test_a_hidden_enemy_is_not_drawn_for_a_hero_who_cannot_see_it():
    app = make_app()
    screen = open_encounter(app, places={"warrior": (1, 2), "kobold": (5, 3)})
    press(app, pygame.K_SPACE)
    rect = screen.map_view.square_rect((5, 3))
    probe = (rect.centerx - rect.width // 4, rect.centery)
    settle(app)
    assert pixel(app, probe) == theme.MONSTER  # seen: the black token is there
    _hide(screen, "kobold", 9)  # Hidden 9 beats the hero's Senses of 5
    app.dirty = True
    settle(app)
    assert screen.view.combatant("kobold") is None
    assert pixel(app, probe) != theme.MONSTER
    # Seen before, it stays in the list, faded, as last seen: nothing there says where it is now.
    row = next(row for row in screen.list.rows if row.cid == "kobold")
    assert not row.in_sight and row.status.startswith("Last seen in round") and row.place is None
    assert "Kobold" not in " ".join(line.text for line in screen.log.lines[-3:])


def test_an_enemy_never_seen_is_not_listed():
    app = make_app()
    screen = open_encounter(app, WALLED, places={"warrior": (1, 1), "kobold": (8, 2)})
    press(app, pygame.K_SPACE)
    assert screen.view.combatant("kobold") is None
    assert [row.cid for row in screen.list.rows] == ["warrior"]


def test_a_dead_combatants_row_lists_no_conditions():
    from game.modes.grid.components import ConditionState, Health

    app = make_app()
    screen = open_encounter(app, places={"warrior": (1, 2), "kobold": (5, 3)})
    press(app, pygame.K_SPACE)
    mode = screen.session.match.mode
    mode._enter()
    esper.create_entity(ConditionState(mode.state.ent("kobold"), "burning", 1, "Fireball"))
    screen._refresh([])
    app.dirty = True
    settle(app)
    assert next(row for row in screen.list.rows if row.cid == "kobold").conditions == ("Burning 1",)
    _set(screen, Health, "state", kobold="dead")
    app.dirty = True
    settle(app)
    # A Condition matters to one who takes turns; the dead take none, so the list says only "Dead".
    assert next(row for row in screen.list.rows if row.cid == "kobold").conditions == ()
    screen.select("kobold")
    assert not any("Burning" in line.text for line in screen.info_lines()[1])


def test_a_heal_previews_the_wounds_it_would_heal_and_says_so_when_there_are_none():
    from game.modes.grid.actions import UseAction
    from game.modes.grid.components import Health

    app = make_app()
    screen = open_encounter(app, heroes=("warrior", "cleric"), places={"warrior": (1, 2), "cleric": (2, 2)})
    press(app, pygame.K_SPACE)
    assert screen.current is not None
    mend = UseAction("mend", target="warrior")
    # A whole warrior has no wound for Mend to heal: the preview must not promise one.
    assert screen._preview(mend) == ("Brannoc has no wound to heal: Mend would do nothing", True)
    _set(screen, Health, "wounds", warrior=2)
    assert screen._preview(mend) == ("Brannoc: heals 1 wound, leaving Wounds 1", False)


def test_an_enemy_out_of_sight_is_listed_faded_with_the_round_last_seen_and_a_click_shows_where(monkeypatch):
    app = make_app()
    screen = open_encounter(app, places={"warrior": (1, 2), "kobold": (5, 3)})
    press(app, pygame.K_SPACE)
    round_seen = screen.view.round
    _hide(screen, "kobold", 9)
    app.dirty = True
    settle(app)
    rows = [row.cid for row in screen.list.rows]
    assert rows == ["warrior", "kobold"]
    kobold = screen.list.rows[1]
    assert kobold.status == f"Last seen in round {round_seen}" and not kobold.in_sight
    for _ in range(3):
        press(app, pygame.K_TAB)  # Tab goes through those in sight only
        assert screen.selected == "warrior"
    centred = []
    monkeypatch.setattr(screen.map_view, "centre_on", centred.append)
    click(app, next(rect for cid, rect in screen.list.hits if cid == "kobold").center)
    assert screen.selected == "warrior" and centred == [(5, 3)]  # the map turns to where it was last seen
    _hide(screen, "kobold", 0)  # back in sight: listed as it is again
    app.dirty = True
    settle(app)
    assert all(row.in_sight for row in screen.list.rows) and [r.cid for r in screen.list.rows] == rows


def _place(screen, **squares) -> None:  # noqa: ANN001
    """Stand combatants on squares directly, as moves would."""
    from game.core.components import Position

    _set(screen, Position, "square", **squares)


def test_an_enemy_out_of_sight_shows_faintly_where_it_was_last_seen_while_that_square_is_dark():
    app = make_app()
    screen = open_encounter(app, WALLED, places={"warrior": (1, 1), "kobold": (3, 1)})
    press(app, pygame.K_SPACE)
    assert screen.view.combatant("kobold") is not None
    _place(screen, warrior=(8, 3), kobold=(1, 1))  # the wall between them, and between him and (3, 1)
    assert screen.view.combatant("kobold") is None and (3, 1) not in screen.view.visible
    ghosts = [t for t in screen.scene().tokens if t.ghost]
    assert [(t.cid, t.position) for t in ghosts] == [("kobold", (3, 1))]  # where it was seen, not where it is
    _point_at(screen, (3, 1))
    assert screen.scene().hover_label[0] == "Kobold \u00b7 last seen here in round 1"
    screen.hover_square = screen.hover_pos = None
    app.dirty = True
    settle(app)
    centre = screen.map_view.square_rect((3, 1)).center
    assert pixel(app, centre) not in (theme.MONSTER, theme.FOG)  # a faint token over the dark square
    _place(screen, warrior=(2, 1), kobold=(8, 4))  # the square is in sight again, and empty: nothing there
    assert screen.view.combatant("kobold") is None and (3, 1) in screen.view.visible
    assert not [t for t in screen.scene().tokens if t.ghost]


def _ranger_turn(places: dict[str, tuple[int, int]]):
    """The walled room with warrior, ranger and a kobold placed, at the ranger's turn."""
    app = make_app()
    screen = open_encounter(app, WALLED, heroes=("warrior", "ranger"), places=places)
    press(app, pygame.K_SPACE)
    assert screen.view.current == "ranger"
    return app, screen


def _token(screen, cid: str):
    """The token of one combatant in the scene drawn now."""
    return next(t for t in screen.scene().tokens if t.cid == cid)


def test_an_enemy_only_an_ally_sees_shows_dimmed_on_its_dark_square_and_cannot_be_targeted():
    app, screen = _ranger_turn({"ranger": (1, 1), "warrior": (7, 2), "kobold": (8, 3)})
    assert screen.view.combatant("kobold") is not None and (8, 3) not in screen.view.visible  # the warrior sees it
    kobold = _token(screen, "kobold")
    assert kobold.position == (8, 3) and kobold.afar and not kobold.ghost
    _point_at(screen, (8, 3))
    assert screen.scene().hover_label[0] == "Kobold \u00b7 Damage 0 \u00b7 Wounds 0/1 \u00b7 out of Ysolde's sight"
    screen.hover_square = screen.hover_pos = None
    screen.select("kobold")
    assert screen.info_lines()[1][-1].text == "Out of Ysolde's sight: another of yours sees it."
    app.dirty = True
    settle(app)
    centre = screen.map_view.square_rect((8, 3)).center
    assert pixel(app, centre) not in (theme.MONSTER, theme.FOG)  # a dimmed token over the dark square
    # Out of the ranger's sight, it cannot be attacked.
    assert all(getattr(action, "target", None) != "kobold" for action in screen.legal)
    _place(screen, ranger=(8, 2))  # the ranger sees it too now: drawn as any enemy in sight
    kobold = _token(screen, "kobold")
    assert not kobold.afar and "sight" not in screen.info_lines()[1][-1].text


def test_an_enemy_hidden_from_the_current_hero_that_an_ally_sees_shows_dimmed_and_the_path_into_it_says_so():
    app, screen = _ranger_turn({"ranger": (1, 2), "warrior": (1, 4), "kobold": (2, 2)})
    _set(screen, TurnScores, "senses", ranger=1, warrior=9)
    _hide(screen, "kobold", 5)  # beats the ranger's Senses, not the warrior's
    assert (2, 2) in screen.view.visible and screen.view.hidden_from_current == frozenset({"kobold"})
    kobold = _token(screen, "kobold")
    assert kobold.afar and not kobold.ghost
    _point_at(screen, (2, 2))
    assert screen.scene().hover_label[0] == "Kobold \u00b7 Damage 0 \u00b7 Wounds 0/1 \u00b7 Hidden from Ysolde"
    screen.select("kobold")
    assert screen.info_lines()[1][-1].text == "Hidden from Ysolde: another of yours sees it."
    # The ranger's move walks the path she knows of, through the kobold's square: the hover says where it stops.
    screen.hover_square = (3, 2)
    screen._update_hover()
    assert screen.hover_path is not None and (2, 2) in screen.hover_path[0]
    assert screen.scene().path_label.endswith(", stops at Kobold (Hidden from Ysolde)")
    assert all(getattr(action, "target", None) != "kobold" for action in screen.legal)
    _hide(screen, "kobold", 0)  # seen again: an enemy like any other
    kobold = _token(screen, "kobold")
    assert not kobold.afar and "Hidden" not in screen.info_lines()[1][-1].text


def test_terrain_and_fog_are_built_once_and_not_per_frame():
    app = make_app()
    screen = open_encounter(app)
    press(app, pygame.K_SPACE)
    built = screen.map_view.chunks_built
    renders = screen.list.renders
    for _ in range(5):
        app.dirty = True
        app.step(0)
    assert screen.map_view.chunks_built == built
    assert screen.list.renders == renders
    press(app, pygame.K_r)  # a rotation rebuilds them once
    assert screen.map_view.chunks_built > built


def test_nothing_is_drawn_while_nothing_happens():
    app = make_app()
    open_encounter(app)
    settle(app)
    frames = app.frames
    for _ in range(10):
        app.step(0)
    assert app.frames == frames


def test_hot_seat_hides_the_board_until_the_next_person_is_ready():
    app = make_app()
    screen = open_encounter(app, places={"warrior": (1, 2), "kobold": (3, 2)}, monster_control="person")
    assert screen.overlay == "handover"  # two people: the first one confirms before the board shows
    press(app, pygame.K_RETURN)
    press(app, pygame.K_SPACE)  # roll initiative: the warrior first
    assert screen.overlay is None
    press(app, pygame.K_SPACE)  # the warrior has done nothing: Space asks to be pressed again
    press(app, pygame.K_SPACE)  # end the warrior's turn: the monsters' player is next
    assert screen.overlay == "handover"
    settle(app)
    area = screen.layout.map
    samples = {pixel(app, (x, y)) for x in range(area.x, area.right, 7) for y in range(area.y, area.bottom, 7)}
    assert theme.MONSTER not in samples and (192, 57, 43) not in samples  # no token, no floor: the board is hidden
    assert theme.FLOOR not in samples and theme.FLOOR_ALT not in samples
    press(app, pygame.K_RETURN)
    assert screen.overlay is None and screen.watching_seat() == "monsters"


def test_rotating_keeps_every_square_under_its_own_pixels():
    app = make_app()
    screen = open_encounter(app)
    view = screen.map_view
    for turn in range(4):
        for zoom in (-2, 3):
            view.zoom(zoom)
            for square in ((1, 1), (3, 4), (9, 5)):
                view.centre_on(square)
                assert view.square_at(view.square_centre(square)) == square, (turn, zoom, square)
        press(app, pygame.K_r)


def test_the_layout_follows_a_resized_window():
    app = make_app()
    screen = open_encounter(app)
    before = screen.layout.map.size
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=1000, size=(1600, 1000)))
    settle(app)
    assert app.surface.get_size() == (1600, 1000)
    assert screen.layout.map.size != before and screen.map_view.rect == screen.layout.map


def test_every_screen_part_keeps_inside_the_window_at_each_ui_scale():
    from game.ui.layout import layout_for

    for size in ((960, 600), (1280, 800), (1920, 1080)):
        for scale in (1.0, 1.5, 2.0):
            layout = layout_for(size, scale)
            window = pygame.Rect(0, 0, *size)
            parts = [layout.toolbar, layout.left, layout.right, layout.map, layout.info, layout.log]
            assert all(window.contains(p) for p in parts)
            assert not layout.map.colliderect(layout.left) and not layout.map.colliderect(layout.right)
            assert layout.font_px("small") >= 13


def test_while_one_squares_area_shows_the_other_squares_an_area_attack_may_aim_at_stay_lit():
    app = make_app()
    screen = open_encounter(app, heroes=("mage",), places={"mage": (1, 2), "kobold": (6, 3)})
    press(app, pygame.K_SPACE)
    while not screen.my_turn:
        screen.go()
        settle(app)
    blast = next(a for a in screen.legal if getattr(a, "action", None) == "fireball")
    screen.choose_action(blast.action, blast.weapon)
    aims = {a.square for a in screen.legal if getattr(a, "action", None) == "fireball"}
    assert screen.scene().reach == aims and not screen.scene().area  # nothing hovered: every square it may hit
    _point_at(screen, (6, 3))
    scene = screen.scene()
    assert scene.area == {(x, y) for x in (5, 6, 7) for y in (2, 3, 4)} & screen.view.visible
    assert scene.reach == aims - scene.area and scene.reach


def test_where_someone_unseen_stopped_the_move_is_marked_and_a_second_click_walks_around_it():
    app = make_app()
    screen = open_encounter(app, places={"warrior": (1, 2), "kobold": (3, 2)})
    press(app, pygame.K_SPACE)
    assert screen.view.current == "warrior"
    _hide(screen, "kobold", 9)
    goal = screen.map_view.square_rect((6, 2)).center
    click(app, goal)
    settle(app, 40)
    assert screen.current.square == (2, 2)
    scene = screen.scene()
    assert scene.unseen == [(3, 2)]
    _point_at(screen, (3, 2))
    assert screen.scene().hover_label[0] == "Someone unseen stands here: Brannoc walked into them"
    screen.hover_square = screen.hover_pos = None
    app.dirty = True
    settle(app)
    ring = screen.map_view.square_rect((3, 2))
    assert theme.BAD in {pixel(app, (ring.centerx + dx, ring.centery)) for dx in range(-ring.width // 2, 0)}
    click(app, goal)
    settle(app, 40)
    assert screen.current.square == (6, 2)
