"""The GM side declares before the players choose: all, only the step, secret for an Awesome point, or changed
tactics paid to the heroes affected; the heroes' plans stay sealed from other seats until the steps play out."""

from __future__ import annotations

from game.core.dice import SeededDice
from game.core.mode import MatchSetup, Seat
from game.modes.arenas.events import AwesomePaid, PlanChosen, PlansRevealed, TacticsChosen, TacticsDeclared
from game.modes.arenas.mode import ArenasMode
from game.modes.arenas.plans import Plan, choose, declare

SEATS = (Seat("gm", ("monsters",)), Seat("alice", ("fighter", "ranger")), Seat("bob", ("duelist", "priest")))


def match(**options) -> ArenasMode:
    mode = ArenasMode(MatchSetup("arenas", SEATS, options), SeededDice(7))
    mode.start()
    return mode


def test_the_game_master_declares_every_monster_before_any_hero_chooses():
    mode = match()
    order = []
    while mode.state.round == 1 and mode.pending_seat() is not None:
        seat = mode.pending_seat()
        order.append(seat)
        action = next(a for a in mode.legal_actions(seat) if getattr(a, "shown", "all") == "all")
        mode.apply(action, seat)
    assert order == ["gm"] * 5 + ["alice"] * 2 + ["bob"] * 2


def test_a_declaration_of_all_shows_the_plan_and_one_of_the_step_shows_only_its_part_of_the_round():
    mode = match()
    mode.apply(declare("goblin_pack", Plan("defend"), "all"), "gm")
    events = mode.apply(declare("orc_brute", Plan("defend"), "step"), "gm")
    told = {t.cid: t for t in mode.view("alice").told}
    assert told["goblin_pack"].plan == "defend" and told["orc_brute"] == type(told["orc_brute"])("orc_brute", "step",
                                                                                                   1, "")
    assert TacticsDeclared("orc_brute", "step", 1, "") in events


def test_keeping_a_monsters_tactics_secret_puts_an_awesome_point_in_the_bowl():
    mode = match()
    events = mode.apply(declare("goblin_pack", Plan("defend"), "secret"), "gm")
    assert mode.state.gm_awesome == 2 and AwesomePaid("game master", (), 1, "to keep Goblin pack's tactics secret") \
        in events
    assert mode.view("alice").told[0].shown == "secret" and mode.view("alice").told[0].plan == ""
    assert [e for e in mode.events_for("alice", events) if isinstance(e, TacticsChosen)] == []
    assert [e.plan for e in mode.events_for("gm", events) if isinstance(e, TacticsChosen)] == ["defend"]


def test_changing_a_monsters_apparent_tactics_pays_each_affected_hero_an_awesome_point():
    mode = match(gm_awesome=3)
    mode.state.fighters["goblin_pack"].arena = "Gatehouse"  # beside the four heroes
    legal = mode.legal_actions("gm")
    assert all(a.shown != "bluff" for a in legal)  # four heroes to pay, three points in the bowl
    mode.state.gm_awesome = 4
    mode._options.clear()
    bluff = declare("goblin_pack", Plan("defend"), "bluff", "attack")
    assert mode.check(bluff, "gm") is None
    mode.apply(bluff, "gm")
    assert mode.state.gm_awesome == 0 and mode.state.fighters["fighter"].awesome == 2
    assert mode.view("alice").told[0].step == 5  # the heroes are told it will attack


def test_a_declaration_binds_the_monster_to_its_plan():
    mode = match()
    mode.apply(declare("goblin_pack", Plan("defend"), "all"), "gm")
    assert mode.state.declarations["goblin_pack"].plan == Plan("defend")


def test_no_seat_sees_another_seats_sealed_plan_before_the_steps_reveal_it():
    mode = match()
    for _ in range(5):
        mode.apply(next(a for a in mode.legal_actions("gm") if a.shown == "secret" or mode.state.gm_awesome == 0), "gm")
    events = mode.apply(choose("fighter", Plan("defend")), "alice")
    assert [e for e in mode.events_for("bob", events) if isinstance(e, PlanChosen)] == []
    assert mode.view("bob").own_plans == () and mode.view("alice").own_plans == (("fighter", "defend"),)
    assert mode.view("gm").own_plans and all(cid not in ("fighter",) for cid, _ in mode.view("gm").own_plans)
    assert mode.spectator_view().own_plans == () and mode.view("bob").told[0].plan == ""
    mode.apply(choose("ranger", Plan("defend")), "alice")
    mode.apply(choose("duelist", Plan("defend")), "bob")
    events = mode.apply(choose("priest", Plan("defend")), "bob")
    revealed = [e for e in events if isinstance(e, PlansRevealed)]
    assert revealed and ("fighter", "defend") in revealed[0].plans


def test_the_chance_to_hit_before_choosing_is_the_resolvers():
    mode = match()
    st = mode.state
    for cid in ("goblin_pack", "orc_brute", "kobold_slinger", "cultist"):
        st.fighters[cid].arena = "Gatehouse"
    mode._options.clear()
    mode._views.clear()
    view = mode.view("gm")
    chance = view.chance(Plan("attack", "fighter"))
    assert chance is not None and 0 < chance < 1
