"""Text 003, monster keywords: Beast, Mindless, Drone, Undead."""

import pytest

from game.core.errors import ContentError
from game.modes.grid.actions import RollInitiative
from game.modes.grid.content import DamageSpec, load_content
from game.modes.grid.events import Died, EnduranceRolled, Reanimated, ResolveRolled
from game.modes.grid.wounds import deal_damage
from tests.modes.grid.scenario import Scenario, of_type


def test_beast_and_mindless_monsters_have_no_role_or_background():
    content = load_content()
    simple = [m for m in content.monsters.values() if {"Beast", "Mindless"} & set(m.keywords)]
    assert simple
    assert all(not m.role and not m.background for m in simple)


def test_a_beast_with_a_role_is_refused_naming_file_entry_and_field(tmp_path):
    import shutil

    from game.core.content import DATA

    shutil.copytree(DATA / "grid", tmp_path / "grid")
    path = tmp_path / "grid" / "monsters.toml"
    path.write_text(path.read_text().replace('[wolf]\nname = "Wolf"', '[wolf]\nname = "Wolf"\nrole = "brute"'))
    with pytest.raises(ContentError, match=r"monsters\.toml: \[wolf\]: a Beast or Mindless .* 'role'"):
        load_content(tmp_path / "grid")


def test_drone_dies_as_soon_as_it_takes_any_damage():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"kobold": (5, 3)})
    s.script(1)  # 1 damage, no resistance
    events = deal_damage(s.state, s.ent("kobold"), DamageSpec(rank=1, type="slashing"))
    assert of_type(events, Died)[0].reason == "a Drone dies as soon as it takes any damage"
    assert not of_type(events, EnduranceRolled)


def test_drone_that_takes_no_damage_lives():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"kobold": (5, 3)})
    s.script(1)  # rank 0 is not used here: rank 1, result 1 minus 0... shield the kobold
    s.gear("kobold").equipped.append("shield")
    deal_damage(s.state, s.ent("kobold"), DamageSpec(rank=1, type="slashing"))
    assert s.health("kobold").state == "standing"


def test_undead_unconscious_at_turn_start_reanimates_on_resolve_8_or_higher():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"skeleton": (5, 3)})
    s.health("skeleton").state = "unconscious"
    s.health("skeleton").wounds = 2
    s.script(1, 1, 9)  # initiative: skeleton first
    s.script(8, 1)  # Resolve 2: 8 -> rises
    s.script(5, 5, 5)  # Speed 2, Perception 1
    events = s.act(RollInitiative())
    assert of_type(events, ResolveRolled)[0].reanimated
    assert of_type(events, Reanimated)[0].wounds == 1
    assert s.health("skeleton").state == "prone"
    assert s.scores("skeleton").movement == 5


def test_undead_below_8_stays_down():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"skeleton": (5, 3), "wolf": (6, 3)})
    s.health("skeleton").state = "unconscious"
    s.health("skeleton").wounds = 2
    s.script(1, 1, 9, 1, 1)  # initiative: skeleton first, then warrior, wolf
    s.script(7, 1)  # Resolve: 7 -> neither dies nor rises
    s.script(*[5] * 6)
    events = s.act(RollInitiative())
    assert not of_type(events, ResolveRolled)[0].reanimated
    assert s.health("skeleton").state == "unconscious"


def test_a_living_monster_never_reanimates():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"orc_brute": (5, 3), "wolf": (6, 3)})
    s.health("orc_brute").state = "unconscious"
    s.health("orc_brute").wounds = 3
    s.script(1, 1, 9, 1, 1, 1, 1)
    s.script(9, 9, 9)  # Resolve 3: 9 -> survives, but it is not Undead
    s.script(*[5] * 6)
    events = s.act(RollInitiative())
    assert not of_type(events, ResolveRolled)[0].reanimated
    assert s.health("orc_brute").state == "unconscious"
