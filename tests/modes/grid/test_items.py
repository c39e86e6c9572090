"""Text 003: Pick Up, Equip, Unequip, Drop; treasure piles; gear changing ranks and damage (ruling grid-modifiers)."""

from game.core.battlefield import Battlefield
from game.core.dice import ScriptedDice
from game.core.mode import MatchSetup
from game.modes.grid import stats
from game.modes.grid.actions import Drop, Equip, PickUp, Unequip
from game.modes.grid.mode import GridMode, default_seats
from game.modes.grid.view import GridView
from tests.modes.grid.scenario import Scenario

ROOM_WITH_TREASURE = """
#######
#H.$..#
#....M#
#######
"""


def treasure_scenario() -> Scenario:
    s = Scenario.__new__(Scenario)
    s.battlefield = Battlefield.from_ascii(ROOM_WITH_TREASURE, items={(3, 1): "warhammer"})
    s.dice = ScriptedDice([])
    setup = MatchSetup("grid", default_seats(), {"battlefield": s.battlefield, "heroes": ["ranger"],
                                                 "monsters": ["wolf"]})
    s.mode = GridMode(setup, s.dice)
    s.mode.start()
    s.state = s.mode.state
    return s


def test_treasure_pile_lies_on_its_square_and_is_seen():
    s = treasure_scenario()
    s.begin_turn("ranger")
    view: GridView = s.mode.view("heroes")
    assert ((3, 1), ("warhammer",)) in view.piles


def test_pick_up_takes_an_adjacent_item_for_1_point():
    s = treasure_scenario()
    s.begin_turn("ranger", movement=3)
    assert s.check(PickUp("warhammer", (3, 1))) == "the item is not adjacent"
    esper_square = (2, 1)
    s.mode._enter()
    import esper

    from game.core.components import Position

    esper.component_for_entity(s.ent("ranger"), Position).square = esper_square
    s.act(PickUp("warhammer", (3, 1)))
    assert "warhammer" in s.gear("ranger").carried
    assert s.scores("ranger").movement == 2
    assert s.mode.view("heroes").piles == ()


def test_equip_and_unequip_cost_1_point_each():
    s = Scenario(heroes={"ranger": (1, 1)}, monsters={"wolf": (7, 5)})
    s.begin_turn("ranger", movement=2)
    s.act(Unequip("shortbow"))
    s.act(Equip("dagger"))
    assert s.gear("ranger").equipped == ["leather_armour", "dagger"]
    assert s.scores("ranger").movement == 0
    assert s.check(Equip("shortbow")) is not None


def test_equip_needs_a_free_hand():
    s = Scenario(heroes={"ranger": (1, 1)}, monsters={"wolf": (7, 5)})
    s.begin_turn("ranger", movement=5)
    assert s.check(Equip("dagger")) == "no free hands for it: unequip something first"


def test_drop_costs_nothing_and_leaves_a_pile():
    s = Scenario(heroes={"ranger": (1, 1)}, monsters={"wolf": (7, 5)})
    s.begin_turn("ranger", movement=0)
    s.act(Drop("shortbow"))
    assert "shortbow" not in s.gear("ranger").carried
    assert "shortbow" not in s.gear("ranger").equipped
    assert ((1, 1), ("shortbow",)) in s.mode.view("heroes").piles


def test_equipped_armour_changes_ranks():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (7, 5)})
    ent = s.ent("warrior")
    assert stats.rank(s.state, ent, "Endurance") == 4  # 3 + chain mail
    assert stats.rank(s.state, ent, "Speed") == 1  # 2 - chain mail
    s.gear("warrior").equipped.remove("chain_mail")
    assert stats.rank(s.state, ent, "Endurance") == 3
