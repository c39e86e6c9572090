"""Hot-seat stances: people choose in turn, the screen is handed over between them, and nobody sees a stance early."""

import dataclasses
import json

from game.core.events import to_plain
from game.core.hotseat import HotSeat
from game.core.match import Match
from game.core.mode import MatchSetup, Seat
from game.core.secret import ChoiceSealed, ChoicesRevealed
from game.modes.stances.actions import Attack, ChooseStance, Engage, Join
from game.players.baseline import RandomPlayer
from tests.modes.stances.scenario import Scenario

SEATS = (Seat("Ann", ("warrior",)), Seat("Bo", ("archer",)), Seat("Cpu", ("monsters",), computer=True))


def test_no_seat_sees_another_seats_stance_before_the_reveal():
    s = Scenario(heroes={"warrior": (4, 2), "archer": (1, 2)}, monsters={"undead_orc": (5, 2)}, seats=SEATS)
    s.act(Engage("warrior", "undead_orc"), Join("archer"))
    assert s.seat() == "Ann"
    (sealed,) = s.act(ChooseStance("warrior", "might"))
    assert isinstance(sealed, ChoiceSealed) and "might" not in json.dumps(sealed.to_dict())
    for seat in ("Bo", "Cpu"):
        view = s.mode.view(seat)
        assert view.fighter("warrior").stance is None and view.fighter("warrior").chose_stance
        assert '"stance": "might"' not in json.dumps(to_plain(dataclasses.asdict(view)))
    assert s.mode.view("Ann").fighter("warrior").stance == "might"
    assert s.seat() == "Bo"
    s.act(ChooseStance("archer", "agility"))
    assert '"stance": "agility"' not in json.dumps(to_plain(dataclasses.asdict(s.mode.view("Cpu"))))
    s.script(*[1] * 12)
    events = s.act(ChooseStance("undead_orc", "cunning"))
    revealed = [e for e in events if isinstance(e, ChoicesRevealed)][0]
    assert dict(revealed.choices) == {"warrior": "might", "archer": "agility", "undead_orc": "cunning"}
    assert s.mode.view("Bo").fighter("undead_orc").stance == "cunning"


def test_people_hand_the_screen_over_and_never_see_each_others_sealed_stances():
    match = Match(MatchSetup("stances", SEATS, {"heroes": ["warrior", "archer"], "monsters": ["undead_orc", "wolf"],
                                                "max_rounds": 6}), 3)
    hotseat = HotSeat(SEATS)
    players = {s.name: RandomPlayer(i) for i, s in enumerate(SEATS)}
    log = []
    while not match.over:
        seat = match.pending_seat()
        person = hotseat.handover_for(seat)
        if person is not None:
            hotseat.confirm(person)
            log.append(("handover", person))
        if hotseat.person_of(seat) is not None:
            assert hotseat.viewer() == seat, "a person's view was shown to somebody else"
        view = match.view(seat)
        e = match.mode.state.engagement
        if e is not None and e.stances is not None and not e.stances.revealed:
            for f in view.fighters:
                if not f.controlled:
                    assert f.stance is None, f"{seat} saw {f.cid}'s stance before the reveal"
        action = players[seat].choose(view, match.legal_actions(seat))
        match.apply(action, seat)
        log.append(("chose", seat))
    people = {"Ann", "Bo"}
    for before, after in zip(log, log[1:], strict=False):
        if before[0] == "chose" and after[0] == "chose" and {before[1], after[1]} <= people:
            assert before[1] == after[1], "two people decided without a hand-over between them"
    assert ("handover", "Bo") in log
    assert any(isinstance(e, ChoicesRevealed) for e in match.events)
    match.mode.close()


def test_whom_a_fighter_attacks_stays_sealed_until_every_fighter_of_that_stance_has_declared():
    s = Scenario(heroes={"warrior": (4, 2)}, monsters={"undead_orc": (5, 2)}, seats=SEATS[::2])
    s.act(Engage("warrior", "undead_orc"), ChooseStance("warrior", "might"), ChooseStance("undead_orc", "might"))
    (sealed,) = s.act(Attack("warrior", "undead_orc"))
    assert isinstance(sealed, ChoiceSealed) and "target" not in json.dumps(sealed.to_dict())
    theirs = s.mode.view("Cpu").engagement
    assert theirs.sealed == ("warrior",) and theirs.own_declarations == ()
    assert s.mode.view("Ann").engagement.own_declarations == (("warrior", Attack("warrior", "undead_orc")),)
