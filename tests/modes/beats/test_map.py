"""Beats on a map (rulings beats-map, beats-map-tools, beats-map-elements): the map is every fight's location, its
tools lie on the ground for anyone to arm themselves with wherever they lie, and the fighters stand on its spawns."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from game.core.battlefield import Battlefield, MapTool
from game.core.dice import ScriptedDice
from game.core.errors import GameError
from game.core.match import Match
from game.core.mode import MatchSetup, Seat
from game.modes.beats.actions import ARM, DISARM, HOLD, Act
from game.modes.beats.choices import choices
from game.modes.beats.content import load_content
from game.modes.beats.events import FightBegan, FirstAidGiven
from game.modes.beats.onmap import MAP_ELEMENTS, map_place, map_tool
from game.modes.beats.run import Run
from tests.modes.beats.scenario import more, sizes

ROOT = Path(__file__).resolve().parents[3]
TAVERN = ROOT / "maps" / "tavern.tmx"
ROOM = """
H.........
H........M
..........
"""
TOOLS = (MapTool((9, 0), "Poker", "", "wits", "Seared across Cheek"), MapTool((5, 2), "Chair", "chair"))


def room() -> Battlefield:
    """A small room: heroes at the left, a foe at the right, a poker and a chair lying about."""
    return replace(Battlefield.from_ascii(ROOM, name="The Back Room"), tools=TOOLS)


def map_run(rolls: list[int], heroes: tuple[str, ...] = ("bruiser",),
            fights: tuple[tuple[str, ...], ...] = (("thug",),)) -> tuple[Run, ScriptedDice]:
    """A run on the room whose first fight has begun and whose first round is rolled from ``rolls``."""
    dice = ScriptedDice(rolls)
    content = load_content()
    run = Run(content, dice, list(heroes), [tuple(f) for f in fights], 50, map_place(room(), content))
    run.begin_fight()
    return run, dice


def test_on_a_map_the_maps_tools_are_the_locations_tools_on_the_ground_at_each_fights_start() -> None:
    dice = ScriptedDice([7, 3, 2, 1, 2, 1])
    content = load_content()
    run = Run(content, dice, ["bruiser"], [("thug",)], 50, map_place(room(), content))
    began = next(e for e in run.begin_fight() if isinstance(e, FightBegan))
    names = [run.items[i].tool.name for i in run.ground]
    assert names == ["Poker", "Chair"]  # the map's, not the tavern's chair and bottle of the data
    assert began.location == "The Back Room" and began.lying == tuple(run.ground)
    assert run.lying_at == {run.ground[0]: (9, 0), run.ground[1]: (5, 2)}


def test_a_tool_anywhere_on_the_map_may_be_armed_wherever_its_fighter_stands() -> None:
    run, dice = map_run([7, 3, 2, 1, 2, 1])
    assert run.squares == {"bruiser": (0, 0), "thug": (9, 1)}
    run.present("bruiser", 0)
    run.present("thug", 0)
    run.act(Act("thug", HOLD))
    poker = run.ground[0]
    # The poker lies nine squares from the bruiser: text 004 has no squares, so it is within reach.
    assert Act("bruiser", ARM, "", poker) in choices(run)
    run.act(Act("bruiser", ARM, "", poker))
    assert poker in run.combatants["bruiser"].tools and poker not in run.lying_at
    for beat in (1, 2):
        run.present("bruiser", beat)
        run.present("thug", beat)
        if beat == 2:
            more(dice, [5, 5, 5, 1, 1, 1])
        for cid in run.order:
            run.act(Act(cid, HOLD))
    # The poker serves wits, as the map says: the bruiser's d4 of wits is now the poker's d8.
    assert sizes(run, "bruiser") == [10, 6, 8]


def test_a_map_tool_wounds_with_the_maps_words_or_else_is_struck_with_its_name() -> None:
    content = load_content()
    assert map_tool(TOOLS[0], content).hurts == "Seared across Cheek"
    plain = map_tool(MapTool((0, 0), "Ladder", "", "brawn"), content)
    assert (plain.name, plain.trait, plain.hurts) == ("Ladder", "brawn", "Struck with Ladder")
    chair = map_tool(TOOLS[1], content)
    assert (chair.trait, chair.hurts) == (content.tools["chair"].trait, content.tools["chair"].hurts)


def test_a_disarmed_tool_falls_at_the_feet_of_the_one_disarmed() -> None:
    run, _dice = map_run([7, 3, 2, 1, 2, 1])
    run.present("bruiser", 0)
    run.present("thug", 0)
    run.act(Act("thug", DISARM, "bruiser", "bruiser:staff"))
    run.allow("bruiser")
    assert "bruiser:staff" in run.ground and run.lying_at["bruiser:staff"] == (0, 0)


def test_on_a_map_first_aid_is_rolled_against_a_d6_of_elements() -> None:
    run, dice = map_run([7, 3, 2, 1, 2, 1], fights=(("thug",), ("footpad",)))
    run.combatants["bruiser"].wounds = 1  # beaten in an earlier fight
    run._between_fights()
    more(dice, [9, 2, 1, 4])
    event = next(e for e in run.tend("bruiser", "bruiser") if isinstance(e, FirstAidGiven))
    assert event.gm_dice[0] == (MAP_ELEMENTS, 4) and MAP_ELEMENTS == 6


def test_the_map_option_names_the_map_a_match_is_played_on_and_its_tools_lie_there() -> None:
    seats = (Seat("Ann", ("heroes",)), Seat("Bo", ("monsters",)))
    match = Match(MatchSetup("beats", seats, {"map": str(TAVERN), "fights": 1}), seed=4)
    view = match.view("Ann")
    assert view.location == "The Crooked Tavern"
    assert sorted(name for _i, name in view.ground) == ["Bottle", "Chair", "Chair", "Poker", "Rope"]
    assert all(member.square is not None for member in view.members) and len(view.lying_at) == 5
    table = Match(MatchSetup("beats", seats, {"fights": 1}), seed=4)
    assert all(member.square is None for member in table.view("Ann").members) and table.view("Ann").lying_at == ()


def test_a_map_too_small_for_the_fighters_is_refused_in_one_line() -> None:
    from game.ui.session import EncounterChoice, Session

    tiny = Battlefield.from_ascii("H.M", name="cupboard")
    with pytest.raises(GameError) as refused:
        Session(EncounterChoice(mode="beats", heroes=("bruiser", "cutpurse", "scholar"), monsters=("thug",), seed=1),
                tiny)
    assert "room for only" in str(refused.value) and "\n" not in str(refused.value)


def test_seeded_random_runs_on_the_tavern_keep_the_invariants_and_every_tool_on_the_ground_lies_on_a_square() -> None:
    import random

    from game.modes.beats.mode import BeatsMode
    from game.players.runner import MAX_DECISIONS
    from tests.modes.beats.test_random_matches import SEATS, _check

    for seed in range(100):
        rng = random.Random(seed)
        match = Match(MatchSetup("beats", SEATS, {"map": str(TAVERN), "fights": 1 + seed % 3}), seed)
        mode = match.mode
        assert isinstance(mode, BeatsMode)
        tavern = mode.battlefield
        assert tavern is not None
        for _ in range(MAX_DECISIONS):
            seat = match.pending_seat()
            if seat is None:
                break
            legal = mode.legal_actions(seat)
            match.apply(legal[rng.randrange(len(legal))], seat)
            run = mode.run
            assert set(run.lying_at) == set(run.ground), seed
            standing = [run.squares[c] for c in run.fighting]
            assert len(standing) == len(set(standing)) and all(tavern.is_open(s) for s in standing)
        assert match.outcome() is not None, seed
        _check(match.events)
