"""The attack preview's chance of a wound is what the rules' damage and Endurance rolls give, and an area
catches, read from the view, whom the rules catch."""

import random

import esper

from game.core.components import Position
from game.core.dice import SeededDice
from game.core.geometry import distance
from game.modes.grid.attacks import targets_in_area
from game.modes.grid.preview import AttackPreview, area_squares, attack_preview, caught_in_area, hit_chances
from game.modes.grid.state import cid_of
from game.modes.grid.wounds import deal_damage
from tests.modes.grid.scenario import Scenario

HITS = 4000


def _preview(s: Scenario, target: str) -> AttackPreview:
    view = s.mode.view("heroes")
    warrior, aimed_at = view.combatant("warrior"), view.combatant(target)
    assert warrior is not None and aimed_at is not None
    return attack_preview(s.state.content, warrior, aimed_at, "strike", "longsword")


def _wounded_share(s: Scenario, target: str, damage_before: int) -> float:
    """The share of many longsword hits, dealt by the rules with seeded dice, that wound (or kill) the target."""
    s.mode._enter()
    s.state.dice = SeededDice(5)
    spec = s.state.content.items["longsword"].damage
    assert spec is not None
    health = s.health(target)
    wounded = 0
    for _ in range(HITS):
        health.damage, health.wounds, health.state = damage_before, 0, "standing"
        deal_damage(s.state, s.ent(target), spec)
        wounded += health.wounds > 0 or health.state != "standing"
    return wounded / HITS


def test_the_chance_that_a_hit_wounds_is_the_damage_roll_against_the_targets_endurance_roll():
    # "if the result is less than their current Damage score ... increase their Wounds score by 1"
    for damage_before in (0, 6):
        s = Scenario(heroes={"warrior": (1, 1)}, monsters={"orc_brute": (2, 1)})
        s.begin_turn("warrior")
        s.health("orc_brute").damage = damage_before
        preview = _preview(s, "orc_brute")
        share = _wounded_share(s, "orc_brute", damage_before)
        sigma = (preview.p_wound * (1 - preview.p_wound) / HITS) ** 0.5
        assert abs(share - preview.p_wound) < 4 * sigma, (damage_before, share, preview.p_wound)


def test_damage_already_taken_makes_the_next_wound_likelier():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"orc_brute": (2, 1)})
    s.begin_turn("warrior")
    fresh = _preview(s, "orc_brute").p_wound
    s.health("orc_brute").damage = 10
    assert _preview(s, "orc_brute").p_wound > fresh


def test_a_drone_dies_from_any_damage_that_gets_through():
    # "they die as soon as they take any damage" (Drone)
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"kobold": (2, 1)})
    s.begin_turn("warrior")
    preview = _preview(s, "kobold")
    spec = s.state.content.items["longsword"].damage
    assert spec is not None
    through, _ = hit_chances(spec.rank, spec.bonus, 0, 0, 0, False)
    assert preview.drone and preview.p_wound == through
    assert abs(_wounded_share(s, "kobold", 0) - preview.p_wound) < 0.03


PILLARS = """
###########
#.........#
#..#...o..#
#.........#
#...,.#...#
#.........#
###########
"""


def _shuffle(s: Scenario, rng: random.Random) -> None:
    """Put every combatant on its own random open square, with random Senses, Hidden and a chance of being down."""
    s.mode._enter()
    open_squares = sorted(s.battlefield.squares - s.battlefield.walls - s.battlefield.opaque)
    for cid, square in zip(s.state.by_cid, rng.sample(open_squares, len(s.state.by_cid)), strict=False):
        esper.component_for_entity(s.ent(cid), Position).square = square
        s.scores(cid).senses, s.scores(cid).hidden = rng.randint(0, 6), rng.choice((0, 0, 3, 8))
        s.health(cid).state = "unconscious" if rng.random() < 0.15 else "standing"


def test_the_view_finds_whom_an_area_catches_as_the_rules_do():
    # Ruling grid-area: "every combatant within its radius of the chosen square, in sight of that square and
    # seen by the attacker, friend or foe (the attacker included)".
    rng = random.Random(7)
    s = Scenario(PILLARS, heroes={"mage": (1, 1), "warrior": (2, 1), "ranger": (3, 1)},
                 monsters={"kobold#1": (8, 5), "kobold#2": (7, 5), "wolf": (6, 5)})
    caught_someone = caught_ally = left_out_hidden = 0
    for _ in range(60):
        _shuffle(s, rng)
        s.health("mage").state = "standing"
        s.begin_turn("mage", senses=s.scores("mage").senses)
        view = s.mode.view("heroes")
        for centre in sorted(view.visible):
            for radius in (1, 2):
                by_view = [c.cid for c in caught_in_area(view, centre, radius)]
                by_rules = [cid_of(e) for e in targets_in_area(s.state, s.ent("mage"), centre, radius)]
                assert by_view == by_rules, (centre, radius)
                caught_someone += bool(by_view)
                caught_ally += any(not cid.startswith(("kobold", "wolf")) for cid in by_view)
                left_out_hidden += any(c.square is not None and distance(c.square, centre) <= radius
                                       and c.cid not in by_view for c in view.combatants
                                       if c.cid in view.hidden_from_current)
    assert caught_someone and caught_ally and left_out_hidden  # the positions tried the cases that matter


def test_an_areas_squares_are_those_in_sight_of_its_centre_that_the_current_combatant_sees():
    s = Scenario(PILLARS, heroes={"mage": (1, 3)}, monsters={"kobold": (9, 5)})
    s.begin_turn("mage")
    view = s.mode.view("heroes")
    squares = area_squares(view, (3, 1), 2)
    # (3, 3) is in the mage's sight and two squares from the centre, behind the pillar at (3, 2) from it.
    assert (3, 3) in view.visible and (3, 3) not in squares
    assert (1, 3) in squares and (2, 1) in squares and squares <= view.visible
