"""Two people at one screen, played through the screen: each is handed only what their seat may know."""

import json

import pygame
import pytest

from game.core.mode import Seat
from game.modes.grid import events as ev
from game.modes.grid.actions import EndTurn, Move, RollInitiative
from game.modes.grid.mode import GridMode
from game.players.baseline import RandomPlayer
from game.ui import theme
from game.ui.modes.grid import GridScreen
from game.ui.modes.grid.log import grid_context, log_lines
from game.ui.session import BUILT_IN, EncounterChoice, Session
from tests.modes.grid.test_hotseat_views import assert_view_is_honest
from tests.ui.helpers import as_buttons, click, make_app, open_encounter, press, settle, until

PEOPLE = (Seat("Ann", ("heroes",)), Seat("Bo", ("monsters",)))


class Reference:
    """Each person's log as the engine says they learnt it, action by action, written as the screen writes it."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.lines: dict[str, list] = {seat.name: [] for seat in PEOPLE}
        self.seen: dict[str, set[str]] = {seat.name: set() for seat in PEOPLE}  # every combatant in the seat's views
        self.add(list(session.match.events))

    def add(self, events: list) -> None:
        mode = self.session.match.mode
        assert isinstance(mode, GridMode)
        for seat in self.lines:
            readable = mode.log_events(seat, events)
            view = mode.view(seat)
            known = {c.cid for c in view.combatants}
            # What the seat watched a combatant do as it went out of sight names one its views showed before.
            watched = [e for e in readable if isinstance(e, ev.SeenActing)]
            assert all(e.cid in self.seen[seat] and e.seat == seat for e in watched)
            self.seen[seat] |= known
            text = json.dumps([e.to_dict() for e in readable if not isinstance(e, ev.SeenActing)])
            for _, who in mode.state.combatants():
                if who.cid not in known:
                    assert f'"{who.cid}"' not in text, f"{seat}'s log names unseen {who.cid}"
            private = (ev.MovementPointsSet, ev.SensesSet, ev.Scanned, ev.Hid)
            assert not any(isinstance(e, private) and e.cid not in known for e in readable)
            ctx = grid_context(self.session.content, self.session.names,
                             frozenset(c.cid for c in view.combatants if c.controlled), frozenset(known))
            self.lines[seat] += log_lines(readable, ctx)


def _black_but_the_dialog(app, screen) -> None:
    """While the hand-over screen shows, every pixel outside its box is black: nothing of the board is left."""
    box = screen.layout.dialog(520, 240)
    w, h = app.surface.get_size()
    for x in range(0, w, 9):
        for y in range(0, h, 9):
            if not box.collidepoint(x, y):
                assert tuple(app.surface.get_at((x, y)))[:3] == (0, 0, 0), (x, y)


def _take(app, screen: GridScreen, action) -> None:
    """Do an action as a person would: keys for the round and the turn, a click for a move."""
    before = len(screen.match.actions)
    if isinstance(action, (RollInitiative, EndTurn)):
        press(app, pygame.K_SPACE)
    elif isinstance(action, Move) and action.to in screen.reach:
        screen.map_view.centre_on(action.to)
        click(app, screen.map_view.square_centre(action.to))
    else:
        screen.act(action)
        settle(app)
    assert len(screen.match.actions) == before + 1, f"{action} was not taken through the screen"


@pytest.mark.parametrize("seed", [3, 8])
def test_each_person_is_handed_only_their_own_view_and_log_with_a_hand_over_between_them(seed):
    app = make_app()
    choice = EncounterChoice(BUILT_IN, heroes=("ranger", "rogue"), monsters=("goblin_archer", "bandit"), seed=seed,
                             max_rounds=5, seats=PEOPLE)
    session = Session(choice)
    screen = GridScreen(app, session, on_menu=lambda: None, on_again=lambda: None)
    app.show(screen)
    settle(app)
    reference = Reference(session)
    players = {seat.name: RandomPlayer(seed + i) for i, seat in enumerate(PEOPLE)}
    mode = session.match.mode
    shown: str | None = None
    handovers = 0
    while not session.match.over:
        seat = session.pending_seat()
        if seat != shown:
            # A different person decides: the board is hidden until they say they are ready.
            assert screen.overlay == "handover" and screen.handover_person() == seat
            _black_but_the_dialog(app, screen)
            # Behind the hand-over screen the previous person's log and selection are already gone.
            assert screen.log.lines == reference.lines[seat] and screen.selected is None
            assert [getattr(b, "text", "") for b in screen.buttons] == ["I am ready"]
            press(app, pygame.K_RETURN)
            handovers += 1
            shown = seat
            # Nothing of the person before survives: no selection, cursor, hover preview or chosen action.
            assert screen.selected in (None, screen.view.current) and screen.cursor is None
            assert screen.hover_path is None
            assert screen.chosen is None and not screen.anim.busy(pygame.time.get_ticks())
        assert screen.overlay is None and screen.watching_seat() == seat
        # What the screen was handed is the acting seat's view, and the view is honest.
        assert screen.view == session.match.view(seat)
        assert_view_is_honest(mode, mode.seat(seat))
        # The list holds what this person's view holds, and enemies out of sight that their own seat's views
        # showed before (in anyone's turn, as their log told them), never what only the other seat saw.
        rows = screen._rows()
        assert {row.cid for row in rows if row.in_sight} == {c.cid for c in screen.view.combatants}
        gone = reference.seen[seat] - {c.cid for c in screen.view.combatants}
        assert {row.cid for row in rows if not row.in_sight} <= gone
        assert screen.log.lines == reference.lines[seat]
        action = players[seat].choose(screen.view, screen.legal or session.match.legal_actions(seat))
        events_before = len(session.match.events)
        _take(app, screen, action)
        reference.add(session.match.events[events_before:])
        if screen.overlay != "handover" and not session.match.over:
            assert screen.log.lines == reference.lines[screen.watching_seat()]
    assert handovers >= 4
    assert screen.hotseat.handovers[:2] == ["Ann", "Bo"] or screen.hotseat.handovers[0] == "Ann"
    settle(app)
    assert screen.overlay == "result"


def test_a_single_person_against_the_computer_never_sees_a_hand_over():
    app = make_app()
    choice = EncounterChoice(BUILT_IN, heroes=("warrior",), monsters=("wolf",), seed=2, max_rounds=2,
                             seats=(Seat("Ann", ("heroes",)), Seat("Computer", ("monsters",), True)))
    screen = GridScreen(app, Session(choice), on_menu=lambda: None, on_again=lambda: None)
    app.show(screen)
    settle(app)
    while not screen.match.over:
        assert screen.overlay is None
        if screen.my_turn or screen.view.phase == "initiative":
            press(app, pygame.K_SPACE)
        else:
            press(app, pygame.K_SPACE)  # Go: the computer plays its turn
            assert until(app, lambda: screen.auto is None)
    assert screen.hotseat.handovers == []


def test_per_hero_seats_hand_over_between_two_heroes_of_one_party():
    app = make_app()
    seats = (Seat("Ann", ("warrior",)), Seat("Bo", ("mage",)), Seat("Computer", ("monsters",), True))
    choice = EncounterChoice(BUILT_IN, heroes=("warrior", "mage"), monsters=("wolf",), seed=4, max_rounds=3,
                             seats=seats)
    session = Session(choice)
    screen = GridScreen(app, session, on_menu=lambda: None, on_again=lambda: None)
    app.show(screen)
    settle(app)
    seen: list[str] = []
    for _ in range(400):
        if session.match.over:
            break
        if screen.overlay == "handover":
            seen.append(screen.handover_person())
            assert theme.BG not in {tuple(app.surface.get_at((x, 400)))[:3] for x in range(0, 1280, 10)}
            press(app, pygame.K_RETURN)
            continue
        if screen.my_turn:
            # A person sees their own hero's private scores and not the other person's.
            own = {c.cid for c in screen.view.combatants if c.controlled}
            assert own == ({"warrior"} if screen.watching_seat() == "Ann" else {"mage"})
            other = screen.view.combatant("mage" if "warrior" in own else "warrior")
            assert other is None or other.movement is None
        press(app, pygame.K_SPACE)
        assert until(app, lambda: screen.auto is None)
    assert "Ann" in seen and "Bo" in seen


WALLED = """
###########
#H..#.....#
#...#.....#
#.........#
###########
"""


@pytest.mark.parametrize("rogue_in_sight", [True, False])
def test_someone_acting_out_of_sight_is_an_enemy_since_a_side_knows_where_its_own_stand(rogue_in_sight):
    # Ruling grid-move-allies: the rogue another seat plays is known to Ann's seat wherever it stands.
    app = make_app()
    seats = (Seat("Ann", ("warrior",)), Seat("Computer", ("rogue", "monsters"), computer=True))
    screen = open_encounter(app, WALLED, heroes=("warrior", "rogue"), seats=seats,
                            places={"warrior": (1, 1), "rogue": (2, 2) if rogue_in_sight else (8, 1),
                                    "kobold": (7, 1)})
    assert screen.view.combatant("kobold") is None and screen.view.combatant("rogue") is not None
    assert screen._unseen_actor() == "an unseen enemy"
    pygame.quit()


def test_the_end_turn_button_names_the_combatant_whose_turn_it_ends() -> None:
    app = make_app()
    choice = EncounterChoice(BUILT_IN, heroes=("ranger",), monsters=("goblin_archer",), seed=3, seats=PEOPLE)
    session = Session(choice)
    screen = GridScreen(app, session, on_menu=lambda: None, on_again=lambda: None)
    app.show(screen)
    settle(app)
    told = set()
    for _ in range(12):
        if screen.overlay == "handover":
            press(app, pygame.K_RETURN)
        elif screen.view.phase == "initiative":
            press(app, pygame.K_SPACE)
        else:
            current = screen.current
            assert current is not None
            end = next(e for e in as_buttons(screen.groups["right"]) if getattr(e, "text", "").startswith("End Turn"))
            # A person may play the monsters: the tooltip does not call a Goblin Archer a hero.
            assert end.tool_tip_text == f"End {current.name}'s turn (Space)"
            told.add(current.hero)
            screen.end_turn()
            settle(app)
    assert told == {True, False}


def _lost_sight_of(session: Session, seat: str) -> set[str]:
    """The enemies a seat remembers and does not see now."""
    return set(session.last_seen(session.match.view(seat)))


def test_a_resumed_hot_seat_match_remembers_for_each_person_the_enemies_they_saw(tmp_path):
    from game.core.saves import read_save

    choice = EncounterChoice(BUILT_IN, heroes=("ranger", "rogue"), monsters=("goblin_archer", "bandit"), seed=3,
                             max_rounds=8, seats=PEOPLE)
    session = Session(choice)
    players = {seat.name: RandomPlayer(3 + i) for i, seat in enumerate(PEOPLE)}
    # Each person remembers, from their own seat's views in everyone's turns, enemies now out of their sight.
    for _ in range(200):
        if _lost_sight_of(session, "Ann") and _lost_sight_of(session, "Bo"):
            break
        seat = session.pending_seat()
        assert seat is not None, "the match ended before both people lost sight of an enemy"
        session.apply(players[seat].choose(session.match.view(seat), session.match.legal_actions(seat)), seat)
    resumed = Session.resume(read_save(session.save(tmp_path / "hot.json")))
    for seat in ("Ann", "Bo"):
        assert resumed.last_seen(resumed.match.view(seat)) == session.last_seen(session.match.view(seat))
    assert _lost_sight_of(resumed, "Ann") and _lost_sight_of(resumed, "Bo")
