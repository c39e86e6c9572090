"""Whether two seats' views hold the same knowledge: what decides a hot-seat hand-over."""

from game.core.hotseat import HotSeat, same_knowledge
from game.core.match import Match
from game.core.mode import MatchSetup, Seat
from game.modes.stances.actions import ChooseStance, Engage
from tests.core.sealed_mode import ShowSign
from tests.modes.stances.scenario import Scenario

SEATS = (Seat("Ann", ("heroes",)), Seat("Bo", ("monsters",)))


def test_views_that_differ_only_in_whose_they_are_hold_the_same_knowledge():
    s = Scenario(heroes={"warrior": (2, 2)}, monsters={"undead_orc": (3, 2)}, seats=SEATS)
    ann, bo = s.mode.view("Ann"), s.mode.view("Bo")
    assert ann != bo  # each marks its own fighters
    assert same_knowledge(ann, bo)


def test_a_sealed_stance_is_knowledge_the_other_seat_lacks_until_the_reveal():
    s = Scenario(heroes={"warrior": (2, 2)}, monsters={"undead_orc": (3, 2)}, seats=SEATS)
    s.act(Engage("warrior", "undead_orc"), ChooseStance("warrior", "might"))
    assert not same_knowledge(s.mode.view("Ann"), s.mode.view("Bo"))
    s.act(ChooseStance("undead_orc", "cunning"))
    assert s.mode.view("Bo").fighter("warrior").stance == "might"  # revealed together: known to both again
    assert same_knowledge(s.mode.view("Ann"), s.mode.view("Bo"))


def test_containers_compare_item_by_item():
    assert same_knowledge({"a": (1, [2])}, {"a": (1, [2])})
    assert not same_knowledge({"a": (1, [2])}, {"a": (1, [3])})
    assert not same_knowledge((1, 2), (1, 2, 3))
    assert not same_knowledge((1,), [1])


PEOPLE = (Seat("Ann", ("heroes",)), Seat("Bo", ("monsters",)))


def _views(mode: str, options: dict) -> tuple[object, object]:
    match = Match(MatchSetup(mode, PEOPLE, options), 3)
    return match.view("Ann"), match.view("Bo")


def test_each_modes_secrets_keep_the_hand_over():
    # The grid's fog and each side's own scores, the cards' hands, a die presented in the beats mode.
    assert not same_knowledge(*_views("grid", {"map": "builtin:hall", "heroes": ["warrior"], "monsters": ["kobold"]}))
    assert not same_knowledge(*_views("cards", {"heroes": ["knight"], "monsters": ["giant_rat"]}))
    beats = Match(MatchSetup("beats", PEOPLE, {}), 3)
    assert beats.pending_seat() == "Ann"
    beats.apply(beats.legal_actions("Ann")[0], "Ann")  # a die presented in secret
    assert not same_knowledge(beats.view("Ann"), beats.view("Bo"))


def test_a_sealed_sign_is_knowledge_the_other_seat_lacks():
    match = Match(MatchSetup("sealed-signs", (Seat("Ann", ("a",)), Seat("Bo", ("b",)))), 1)
    assert same_knowledge(match.view("Ann"), match.view("Bo"))
    match.apply(ShowSign("rock"))
    assert not same_knowledge(match.view("Ann"), match.view("Bo"))


def test_the_first_decision_always_has_a_hand_over_and_later_ones_only_over_private_knowledge():
    s = Scenario(heroes={"warrior": (2, 2)}, monsters={"undead_orc": (3, 2)}, seats=SEATS)
    hotseat = HotSeat(SEATS)
    logs = {"Ann": ["the encounter begins"], "Bo": ["the encounter begins"]}
    assert hotseat.private_between("Ann", s.mode.view, logs.__getitem__)  # nobody sat down yet
    hotseat.confirm("Ann")
    assert not hotseat.private_between("Bo", s.mode.view, logs.__getitem__)
    logs["Bo"].append("a line only Bo read")
    assert hotseat.private_between("Bo", s.mode.view, logs.__getitem__)


def test_the_choices_made_in_secret_are_marked_so_and_the_open_ones_are_not():
    from game.modes.arenas.plans import Choose, Declare
    from game.modes.beats.actions import Present
    from game.modes.cards.actions import PlaceCard
    from game.modes.grid.actions import Move
    from game.modes.stances.actions import Dash

    # Before each of these the screen is handed over, even when the two people's views agree: the next person
    # chooses what the last one may not watch being chosen.
    assert all(kind.secret for kind in (ChooseStance, PlaceCard, Present, Choose, Declare, ShowSign))
    assert not any(kind.secret for kind in (Dash, Engage, Move))
