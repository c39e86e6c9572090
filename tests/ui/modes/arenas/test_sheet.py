"""A click on a token of the arenas map shows its sheet: each weapon with its type explained, its armour, its
abilities, and none of its sealed plan; each token wears an emblem of its weapon; a square hovered names its
terrain."""

from __future__ import annotations

from typing import Any

import pytest

from game.modes.arenas import events as ev
from game.modes.arenas.skirmish import DEFAULT_HEROES, DEFAULT_MONSTERS
from game.ui.emblems import named_emblem
from tests.ui.helpers import click, hover, make_app
from tests.ui.modes.watching import emblems_drawn, open_mode, persons_turn


def _open() -> tuple[Any, Any]:
    app = make_app()
    screen = open_mode(app, mode="arenas", seed=4, heroes=DEFAULT_HEROES, monsters=DEFAULT_MONSTERS,
                       max_rounds=10)
    assert persons_turn(app, screen)  # the game master's side declares first
    return app, screen


def test_a_click_on_a_monster_shows_its_weapons_explained_and_not_its_sealed_tactics():
    app, screen = _open()
    slinger = screen.view.fighter("kobold_slinger")
    click(app, screen.map_view.square_centre(slinger.square))
    assert screen.selected == "kobold_slinger"
    text = [line.text for line in screen.info_lines()[1]]
    assert "Dagger (melee): light, 2d10 to hit, damage d4, parrying, +2 to attack in Tight arenas" in text
    assert any(line.startswith("Sling (shoot or throw): sling, 2d10 to hit") and "Open arenas" in line
               for line in text)
    # What the game master's side chose for it in secret is not on its sheet.
    chosen = [e.plan for e in screen.match.events if isinstance(e, ev.TacticsChosen) and e.cid == "kobold_slinger"]
    assert not any(plan in line for plan in chosen for line in text)


def test_a_cultists_sheet_explains_its_healing_and_a_packs_its_minions():
    app, screen = _open()
    for cid in ("cultist", "goblin_pack"):
        screen.select(cid)
        text = " ".join(line.text for line in screen.info_lines()[1])
        if cid == "cultist":
            assert "Healing: a Focus" in text
        else:
            assert "A group of 4 minions" in text


@pytest.mark.parametrize(("name", "weapons", "emblem"), [
    ("Kobold slinger", ["Sling", "Dagger"], "sling"), ("Orc brute", ["Greataxe"], "axe"),
    ("Ogre", ["Maul"], "hammer"), ("Wolf", ["Jaws"], "paw"), ("Halberdier", ["Glaive"], "spear"),
    ("Skeleton spearman", ["Spear"], "skull"), ("Rat swarm", ["Claws"], "paw")])
def test_an_arenas_character_wears_the_emblem_of_its_body_else_its_weapon(name: str, weapons: list[str],
                                                                          emblem: str):
    assert named_emblem(name, weapons) == emblem


def test_the_arenas_map_draws_each_token_with_its_emblem(monkeypatch: pytest.MonkeyPatch):
    app, screen = _open()
    emblems = {t.cid: t.look.emblem for t in screen.scene().tokens}
    assert emblems["ranger"] == "bow" and emblems["kobold_slinger"] == "sling"
    assert emblems["fighter"] == "sword" and emblems["ogre"] == "hammer"
    assert {"bow", "sling", "sword", "hammer"} <= emblems_drawn(app, monkeypatch)  # drawn on the map's tokens


def test_hovering_an_empty_square_names_its_arena_and_terrain_and_a_token_its_wounds():
    app, screen = _open()
    taken = {f.square for f in screen.view.fighters}
    bf = screen.session.battlefield
    empty = next(s for s in sorted(bf.playable) if s not in taken and any(s in a.squares for a in screen.view.arenas))
    hover(app, screen.map_view.square_centre(empty))
    label = screen.scene().hover_label
    arena = next(a for a in screen.view.arenas if empty in a.squares)
    assert label is not None and label[0].startswith(f"{arena.name}: {arena.kind}, {arena.favours} \u00b7 ")
    assert "movement point" not in label[0]  # a move goes from arena to arena: no square costs anything
    fighter = screen.view.fighter("fighter")
    hover(app, screen.map_view.square_centre(fighter.square))
    label = screen.scene().hover_label
    assert label is not None and label[0].startswith("Fighter \u00b7 ") and "wounds" in label[0]
