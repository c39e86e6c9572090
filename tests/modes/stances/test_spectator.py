"""The view of a replay's spectator of every side: every fighter, and sealed choices only once they are revealed."""

from game.modes.stances.actions import Attack, ChooseStance, Engage
from tests.modes.stances.scenario import Scenario


def test_the_spectator_sees_every_fighter_but_controls_none_and_no_sealed_stance_before_the_reveal():
    s = Scenario(heroes={"warrior": (4, 2)}, monsters={"undead_orc": (5, 2)})
    view = s.mode.spectator_view("Everyone")
    assert view.seat == "Everyone" and {f.cid for f in view.fighters} == {"warrior", "undead_orc"}
    assert not any(f.controlled for f in view.fighters)
    assert view.decision == s.mode.view("heroes").decision  # the decision under way is public
    s.act(Engage("warrior", "undead_orc"), ChooseStance("warrior", "might"))
    warrior = s.mode.spectator_view("Everyone").fighter("warrior")
    assert warrior.chose_stance and warrior.stance is None
    assert s.mode.view("heroes").fighter("warrior").stance == "might"  # its own seat knows it
    s.script(*[3] * 30)
    s.act(ChooseStance("undead_orc", "might"))
    view = s.mode.spectator_view("Everyone")
    assert view.engagement is not None and view.engagement.stances_revealed
    assert {f.cid: f.stance for f in view.fighters} == {"warrior": "might", "undead_orc": "might"}


def test_the_spectator_reads_who_declared_but_not_what_until_the_declarations_are_revealed():
    s = Scenario(heroes={"warrior": (4, 2)}, monsters={"undead_orc": (5, 2)})
    s.act(Engage("warrior", "undead_orc"), ChooseStance("warrior", "might"), ChooseStance("undead_orc", "might"))
    assert s.decision() == ("declare", "warrior")
    attack = next(a for a in s.legal() if isinstance(a, Attack) and not a.push and not a.execute)
    s.act(attack)
    sealed = s.mode.spectator_view("Everyone").engagement
    assert sealed is not None and sealed.sealed == ("warrior",) and sealed.own_declarations == ()
    assert all(cid != "warrior" for cid, _ in sealed.declared)
    assert s.mode.view("heroes").engagement.own_declarations == (("warrior", attack),)
    s.script(8, 10, 8, 1, 1, 1)  # the warrior wins the clash: the orc's damage keeps the engagement going
    s.act(next(a for a in s.legal() if isinstance(a, Attack) and not a.push and not a.execute))
    assert s.decision() == ("damage", "undead_orc")
    revealed = s.mode.spectator_view("Everyone").engagement
    assert revealed is not None and dict(revealed.declared)["warrior"] == attack and revealed.sealed == ()
