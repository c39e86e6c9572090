"""Text 001's own example, played out as the text tells it: you, your archer ally, the undead orc and its hound."""

from game.core.secret import ChoiceSealed, ChoicesRevealed
from game.modes.stances.actions import (
    Attack,
    ChooseStance,
    Dash,
    Engage,
    Join,
    ShrugOff,
    StayPut,
    TakeDamage,
)
from game.modes.stances.events import (
    AttackRolled,
    ContestRolled,
    DamageTaken,
    EngagementEnded,
    EngagementEntered,
    NoAttack,
    PriorityPassed,
    StanceStepBegan,
    Wounded,
)
from tests.modes.stances.scenario import Scenario, of_type


def test_the_texts_example_of_the_orc_the_undead_hound_and_the_archer():
    s = Scenario(heroes={"warrior": (1, 2), "archer": (1, 4)}, monsters={"undead_orc": (6, 2),
                                                                           "undead_hound": (9, 2)})
    # "You initiate a fight, and dash towards the undead orc in front of you. Priority passes to the enemies."
    events = s.act(Dash("warrior", (5, 2)))
    assert of_type(events, PriorityPassed)[-1].side == "monsters" and s.seat() == "monsters"
    # "The orc's undead wolf dashes, coming adjacent to you as well. Priority passes back to you and allies."
    events = s.act(Dash("undead_hound", (5, 1)))
    assert of_type(events, PriorityPassed)[-1].side == "heroes"
    # "Your ally decides she wants to shoot the first orc with an arrow, announcing she's entering an engagement."
    (entered,) = of_type(s.act(Engage("archer", "undead_orc")), EngagementEntered)
    assert entered.targeted_side == "monsters"
    # "Since an engagement has started, nobody can use abilities that aren't instant now."
    assert s.decision() == ("join", "heroes")
    # "You decide to join the engagement, since you can attack the orc too. The undead hound joins the
    # engagement as well."
    s.act(Join("warrior"))
    s.act(Join("undead_hound"))
    # "The orc is already in the engagement, so it doesn't have to use its action to join."
    assert not s.use("undead_orc").acted
    assert s.decision() == ("stance", "warrior")
    # "you'll choose might, she'll choose agility. You announce you're ready, and stances are revealed.
    # The orc chose might, and the hound chose cunning."
    s.act(ChooseStance("warrior", "might"), ChooseStance("archer", "agility"))
    assert [e.seat for e in of_type(s.act(ChooseStance("undead_orc", "might")), ChoiceSealed)] == ["undead_orc"]
    events = s.act(ChooseStance("undead_hound", "cunning"))
    (revealed,) = of_type(events, ChoicesRevealed)
    assert dict(revealed.choices) == {"warrior": "might", "archer": "agility", "undead_orc": "might",
                                      "undead_hound": "cunning"}
    # "1. Cunning happens first. Although cunning beats agility, the hound is not adjacent to your archer
    # friend, so the hound does nothing."
    assert of_type(events, StanceStepBegan)[0].stance == "cunning"
    assert [(e.cid, e.stance) for e in of_type(events, NoAttack)] == [("undead_hound", "cunning")]
    # "2. Agility comes next. Your ally chose agility, which beats the might stance of the orc. ... decides to
    # use her Execute ability ... She makes an attack roll against the orc, and the orc makes a defense roll."
    assert s.decision() == ("declare", "archer")
    assert {a.target for a in s.legal() if isinstance(a, Attack)} == {"undead_orc"}
    s.script(8, 9, 7, 3, 2)  # archer: heart d8, agility d10, longbow d8; orc: heart d8, agility d6 (+1 bones)
    (attack,) = of_type(s.act(Attack("archer", "undead_orc", execute=True)), AttackRolled)
    assert (attack.attack.result, attack.defence.result, attack.execute, attack.damage) == (24, 6, True, 36)
    # "The orc decides it's more damage than he's interested in, and decides to reduce his heart die to halve
    # the damage. He remains alive."
    assert s.decision() == ("damage", "undead_orc")
    events = s.act(ShrugOff("undead_orc"))
    (taken,) = of_type(events, DamageTaken)
    assert (taken.amount, taken.shrugged, taken.heart, taken.hit_points) == (18, True, 6, 12)
    assert of_type(events, Wounded)[0].rank == 18
    assert s.vitals("undead_orc").state == "up"
    s.act(StayPut("archer"))  # she may sidestep after her attack; she stays
    # "3. After agility comes might. ... you can attack either the orc (since you tied stances), or the hound
    # (might beats cunning)."
    assert s.decision() == ("declare", "warrior")
    assert {a.target for a in s.legal() if isinstance(a, Attack)} == {"undead_orc", "undead_hound"}
    s.act(Attack("warrior", "undead_orc"))
    # "the orc decided to attack you as well, since you were its only target."
    assert {a.target for a in s.legal() if isinstance(a, Attack)} == {"warrior"}
    # "You each make contested attack rolls, with the loser taking the difference in damage. Unfortunately you
    # roll a bit lower, so you end up taking a few points of damage."
    s.script(3, 4, 2, 4, 6, 3)  # you: heart d8, might d10, longsword d8; the orc: heart d6 now, might d10, axe d8
    (contest,) = of_type(s.act(Attack("undead_orc", "warrior")), ContestRolled)
    assert (contest.attack.result, contest.counter.result, contest.loser, contest.damage) == (9, 13, "warrior", 4)
    events = s.act(TakeDamage("warrior"))
    assert s.vitals("warrior").hit_points == 26
    # "The engagement ends, since everyone who can attack has done so. The enemies now have priority."
    assert of_type(events, EngagementEnded)[0].priority == "monsters"
    assert s.state.engagement is None and s.seat() == "monsters"
    # "At this point, nobody except for the orc has an action left, since the orc didn't have to use an
    # action to join the engagement (they were forced to join)."
    view = s.mode.view("monsters")
    assert [f.cid for f in view.fighters if not f.acted] == ["undead_orc"]
    # "The orc might enter an engagement again with you, in which case nobody else would have actions left
    # to join, or they might not. The round continues."
    assert Engage("undead_orc", "warrior") in s.legal()
    s.act(Engage("undead_orc", "warrior"))
    assert s.decision() == ("stance", "warrior") and s.state.engagement.participants == ["undead_orc", "warrior"]
    assert s.state.round == 1
    assert s.dice.remaining == 0
