"""Each token carries an emblem of what it is, drawn by the project's own art script."""

import sys
from pathlib import Path

import pygame
import pytest

from game.modes.grid.content import load_content
from game.ui import theme
from game.ui.emblems import EMBLEMS, FOLDER, emblem_for
from game.ui.tokens import TokenLook, sprite
from tests.ui.helpers import make_app, open_encounter

TOOLS = Path(__file__).resolve().parents[2] / "tools"


def _grid_emblem(template: str) -> str:
    content = load_content()
    t = content.combatant(template)
    weapons = [content.items[i].name for i in t.equipped if content.items[i].kind == "weapon"]
    caster = t.role in ("caster", "mage") or (not weapons and t.skills.get("Spellcasting", 0) > 0)
    return emblem_for(t.keywords, weapons, caster)


@pytest.mark.parametrize(("template", "emblem"), [
    ("skeleton", "skull"), ("zombie", "skull"), ("wolf", "paw"), ("giant_rat", "paw"), ("ooze", "drop"),
    ("goblin_archer", "bow"), ("orc_brute", "hammer"), ("kobold", "dagger"), ("bandit", "gun"),
    ("necromancer", "staff"), ("cultist", "flame"), ("fire_imp", "flame"),
    ("warrior", "sword"), ("ranger", "bow"), ("mage", "staff"), ("cleric", "hammer"), ("rogue", "dagger")])
def test_a_combatant_wears_the_emblem_of_its_kind_else_of_its_weapon(template, emblem):
    assert _grid_emblem(template) == emblem


def test_stances_fighters_wear_emblems_of_their_kind_and_weapon():
    assert emblem_for(["undead", "beast"], ["Bite"]) == "skull"
    assert emblem_for([], ["Battleaxe"]) == "axe"
    assert emblem_for([], ["Great club"]) == "hammer"
    assert emblem_for([], ["Longbow"]) == "bow"
    assert emblem_for([], ["Fists"]) == "fist"


def test_every_emblem_has_its_image():
    for name in EMBLEMS:
        image = pygame.image.load(str(FOLDER / f"{name}.png"))
        assert image.get_size() == (64, 64), name


def test_the_emblem_images_are_the_art_scripts_drawing():
    sys.path.insert(0, str(TOOLS))
    try:
        import emblemart
    finally:
        sys.path.remove(str(TOOLS))
    assert [make().name for make in emblemart.ALL] == list(EMBLEMS)
    drawn = pygame.image.frombuffer(emblemart.render(emblemart.skull()).to_bytes(), (64, 64), "RGBA")
    stored = pygame.image.load(str(FOLDER / "skull.png"))
    assert all(drawn.get_at((x, y)) == stored.get_at((x, y)) for x in range(64) for y in range(64))


def test_the_emblem_is_drawn_on_the_token_above_its_letters():
    pygame.display.set_mode((200, 200))
    plain = sprite(TokenLook("monster", theme.MONSTER, "S1", 2), 64)
    marked = sprite(TokenLook("monster", theme.MONSTER, "S1", 2, emblem="skull"), 64)
    # The skull's brow, above the middle of the token: light on the black hexagon, where the plain token is black.
    brow = (32, 17)
    assert tuple(plain.get_at(brow))[:3] == theme.MONSTER
    r, g, b = tuple(marked.get_at(brow))[:3]
    assert min(r, g, b) > 150


def test_the_grid_screen_draws_a_skeleton_with_a_skull_and_the_warrior_with_a_sword():
    app = make_app()
    screen = open_encounter(app, monsters=("skeleton",))
    emblems = {t.cid: t.look.emblem for t in screen.scene().tokens}
    assert emblems == {"warrior": "sword", "skeleton": "skull"}
