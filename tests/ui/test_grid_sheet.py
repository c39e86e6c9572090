"""Clicking an enemy shows its sheet: keywords explained, its weapons, what it resists, and nothing private."""

import pygame

from tests.ui.helpers import click, make_app, open_encounter, press


def _sheet(monster: str) -> list[str]:
    app = make_app()
    screen = open_encounter(app, monsters=(monster,), places={"warrior": (2, 2), monster: (5, 3)})
    press(app, pygame.K_SPACE)
    click(app, screen.map_view.square_centre((5, 3)))
    assert screen.selected == monster
    return [line.text for line in screen.info_lines()[1]]


def test_an_enemys_sheet_names_its_weapons_in_hand_but_not_what_it_carries_nor_its_scores():
    text = _sheet("goblin_archer")
    assert "Shortbow: ranged, range 8, damage 2 piercing, 2 hands" in text
    assert not any("Dagger" in line for line in text)  # carried, not in hand: its seat's to know
    assert not any(word in line for line in text for word in ("Movement", "Senses", "Hidden", "Carried", "Shoot"))


def test_an_undead_enemys_sheet_explains_its_keywords_and_what_it_resists():
    text = _sheet("skeleton")
    assert "Undead: may rise again when Unconscious at the start of its turn." in text
    assert "Mindless: no role or background." in text
    assert "Longsword: melee, damage 2+1 slashing" in text
    assert "Resists (damage taken less): necrotic 3, piercing 2" in text


def test_an_own_heros_panel_keeps_its_scores_and_leaves_its_weapons_to_its_action_tab():
    app = make_app()
    screen = open_encounter(app, places={"warrior": (2, 2), "kobold": (6, 4)})
    press(app, pygame.K_SPACE)
    screen.select("warrior")
    text = [line.text for line in screen.info_lines()[1]]
    assert any(line.startswith("Movement") for line in text)  # its own: the scores show
    assert text[-1] == "Equipped: Longsword, Shield, Chain Mail" and "Weapons" not in text


def test_a_number_in_brackets_is_never_bare_an_auras_radius_and_an_options_key_say_which_they_are():
    text = _sheet("ooze")
    aura = next(line for line in text if line.startswith("Auras: "))
    assert aura == "Auras: Stench (radius 1)"
    app = make_app()
    screen = open_encounter(app)
    press(app, pygame.K_SPACE)  # roll initiative: the warrior's options are numbered
    tips = [getattr(b, "tool_tip_text", "") or "" for b in screen.groups.get("right", [])
            if getattr(b, "text", "")[:1].isdigit()]
    assert tips and all(tip.endswith(f"(key {n})") for n, tip in enumerate(tips, 1))


def test_a_bosss_sheet_explains_the_orange_ring_on_its_token():
    assert "Boss: the leader of the monsters; an orange ring marks its token." in _sheet("necromancer")
