"""Simultaneous secret choices: sealed one seat at a time, revealed together, never seen early."""

import dataclasses
import json

import pytest

from game.core.hotseat import HotSeat
from game.core.match import Match
from game.core.mode import MatchSetup, Seat
from game.core.secret import ChoiceSealed, ChoicesRevealed, SealedChoices
from game.players.baseline import RandomPlayer
from tests.core.sealed_mode import SealedSignsMode, ShowSign

SEATS = (Seat("Ann", ("a",)), Seat("Bo", ("b",)), Seat("Cpu", ("c",), computer=True))


def sign_match(seed: int = 1) -> Match:
    return Match(MatchSetup("sealed-signs", SEATS), seed)


def test_choices_are_asked_one_seat_at_a_time_in_order():
    match = sign_match()
    assert match.pending_seat() == "Ann"
    match.apply(ShowSign("rock"))
    assert match.pending_seat() == "Bo"


def test_sealed_event_names_the_seat_but_not_the_choice():
    match = sign_match()
    (event,) = match.apply(ShowSign("scissors"))
    assert isinstance(event, ChoiceSealed) and event.seat == "Ann"
    assert "scissors" not in json.dumps(event.to_dict())


def test_no_view_holds_another_seats_choice_before_the_reveal():
    match = sign_match()
    match.apply(ShowSign("paper"))
    for seat in ("Bo", "Cpu"):
        assert "paper" not in json.dumps(dataclasses.asdict(match.view(seat)))
    assert match.view("Ann").own_sign == "paper"
    assert match.view("Bo").chosen == ("Ann",)


def test_all_choices_are_revealed_together_when_the_last_is_in():
    match = sign_match()
    match.apply(ShowSign("rock"))
    match.apply(ShowSign("scissors"))
    events = match.apply(ShowSign("paper"))
    revealed = [e for e in events if isinstance(e, ChoicesRevealed)][0]
    assert dict(revealed.choices) == {"Ann": "rock", "Bo": "scissors", "Cpu": "paper"}


def test_a_seat_cannot_choose_twice():
    choices = SealedChoices(("a", "b"))
    choices.seal("a", 1)
    assert choices.check("a") == "a has already chosen"
    with pytest.raises(ValueError):
        choices.reveal()


def test_the_computer_chooses_from_a_view_without_the_persons_choice():
    match = sign_match(4)
    match.apply(ShowSign("rock"))
    match.apply(ShowSign("rock"))
    seen = []

    class Spy(RandomPlayer):
        def choose(self, view, legal):
            seen.append(view)
            return super().choose(view, legal)

    spy = Spy(1)
    match.apply(spy.choose(match.view("Cpu"), match.legal_actions("Cpu")), "Cpu")
    assert seen[0].own_sign is None and "rock" not in json.dumps(dataclasses.asdict(seen[0]))


def test_a_person_never_sees_the_computers_choice_before_the_reveal():
    seats = (Seat("Cpu", ("c",), computer=True), Seat("Ann", ("a",)))
    match = Match(MatchSetup("sealed-signs", seats), 2)
    computer = RandomPlayer(3)
    match.apply(computer.choose(match.view("Cpu"), match.legal_actions("Cpu")), "Cpu")
    sign = match.mode.choosing.known_to("Cpu")[0]
    assert sign not in json.dumps(dataclasses.asdict(match.view("Ann")))


def test_a_handover_comes_between_two_people_but_not_before_the_computer():
    hotseat = HotSeat(SEATS)
    match = sign_match(5)
    log = []
    players = {s.name: RandomPlayer(i) for i, s in enumerate(SEATS)}
    while not match.over:
        seat = match.pending_seat()
        person = hotseat.handover_for(seat)
        if person is not None:
            log.append(("handover", person))
            hotseat.confirm(person)
        if hotseat.person_of(seat) is not None:
            assert hotseat.viewer() == seat, "a person's view was shown to somebody else"
        match.apply(players[seat].choose(match.view(seat), match.legal_actions(seat)), seat)
        log.append(("chose", seat))
    for before, after in zip(log, log[1:], strict=False):
        if before[0] == "chose" and after[0] == "chose" and "Cpu" not in (before[1], after[1]):
            assert before[1] == after[1], "two people decided without a hand-over between them"
    assert ("handover", "Bo") in log


def test_sealed_mode_is_a_registered_mode():
    assert isinstance(sign_match().mode, SealedSignsMode)
