"""The attack preview's chance of a wound is what the rules' damage and Endurance rolls give."""

from game.core.dice import SeededDice
from game.modes.grid.preview import AttackPreview, attack_preview, hit_chances
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
