"""Two people at one screen: after every action, the acting seat's view and log hold only what it may know."""

import dataclasses
import json

import pytest

from game.core.hotseat import HotSeat
from game.core.match import Match
from game.core.mode import MatchSetup, Seat
from game.modes.grid.actions import EndTurn
from game.modes.grid.events import UNSEEN, TurnStarted
from game.modes.grid.mode import GridMode
from game.modes.grid.skirmish import BUILTIN
from game.modes.grid.visibility import can_see, sight_of
from game.players.baseline import RandomPlayer
from tests.modes.grid.scenario import Scenario

PEOPLE = (Seat("Ann", ("heroes",)), Seat("Bo", ("monsters",)))


def assert_view_is_honest(mode: GridMode, seat: Seat) -> None:
    """Everything in the seat's view is something its combatants know, and nothing private of others."""
    view = mode.view(seat.name)
    st = mode.state
    mine = [ent for ent, who in st.combatants() if who.side in seat.sides]
    current = st.current_entity()
    allowed = sight_of(st, current) if current in mine else frozenset().union(*(sight_of(st, e) for e in mine))
    assert view.visible <= allowed
    for c in view.combatants:
        ent = st.ent(c.cid)
        if c.controlled:
            continue
        assert c.movement is None and c.senses is None and c.hidden is None and c.carried is None
        if c.state != "dead":
            assert any(can_see(st, m, ent) for m in mine), f"{seat.name} sees {c.cid} that no combatant of theirs sees"
    for pile_square, _ in view.piles:
        assert pile_square in view.visible


@pytest.mark.parametrize("seed", range(12))
def test_two_person_hot_seat_match_shows_each_seat_only_its_own_knowledge(seed):
    match = Match(MatchSetup("grid", PEOPLE, {"map": BUILTIN, "heroes": ["ranger", "rogue"],
                                              "monsters": ["goblin_archer", "bandit"], "max_rounds": 15}), seed)
    mode = match.mode
    assert isinstance(mode, GridMode)
    hotseat = HotSeat(PEOPLE)
    players = {"Ann": RandomPlayer(seed), "Bo": RandomPlayer(seed + 50)}
    shown_to: list[str] = []
    while not match.over:
        seat = match.pending_seat()
        person = hotseat.handover_for(seat)
        if person is not None:
            hotseat.confirm(person)
        if shown_to and shown_to[-1] != seat:
            assert person == seat, "the board changed hands without a hand-over screen"
        shown_to.append(seat)
        assert_view_is_honest(mode, mode.seat(seat))
        events = match.apply(players[seat].choose(match.view(seat), match.legal_actions(seat)), seat)
        for other in PEOPLE:
            log = mode.events_for(other.name, events)
            known = {c.cid for c in mode.view(other.name).combatants}
            text = json.dumps([e.to_dict() for e in log])
            for _, who in mode.state.combatants():
                if who.cid not in known:
                    assert f'"{who.cid}"' not in text, f"{other.name}'s log names unseen {who.cid}"
        json.dumps(dataclasses.asdict(match.view(seat)), default=str)


WALLED = """
###########
#...#.....#
#...#.....#
#...#.....#
###########
"""


def test_a_seat_learns_that_an_unseen_enemys_turn_began_but_not_whose():
    s = Scenario(WALLED, heroes={"warrior": (1, 1)}, monsters={"wolf": (7, 2)})
    s.begin_turn("warrior", order=["wolf"])
    s.script(*[5] * 20)
    events = s.act(EndTurn())
    assert any(isinstance(e, TurnStarted) and e.cid == "wolf" for e in events)
    heroes = [e for e in s.mode.events_for("heroes", events) if isinstance(e, TurnStarted)]
    assert [e.cid for e in heroes] == [UNSEEN]
    monsters = [e for e in s.mode.events_for("monsters", events) if isinstance(e, TurnStarted)]
    assert [e.cid for e in monsters] == ["wolf"]
