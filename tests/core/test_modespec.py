"""The registry of mode specifications: options, save versions and migrations, policies, the contract's defaults."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import game.modes  # noqa: F401  (registers grid and stances)
from game.core.baseline import RandomPlayer
from game.core.errors import GameError
from game.core.match import Match
from game.core.mode import MatchSetup, ModeBase, Seat, make_mode, mode_names, register_mode
from game.core.modespec import ModeSpec, OptionSpec, PolicySpec, UnknownMode, register_spec, spec, specs
from game.core.saves import SaveError, load_match, read_save, write_save
from game.players.base import make_policy
from tests.core.sealed_mode import SealedSignsMode, ShowSign

SEATS = (Seat("ann", ("ann",)), Seat("bo", ("bo",)))


def best_of(value: Any) -> str | None:
    return None if value in (3, 5) else "not 3 or 5"


def migrate(version: int, options: dict[str, Any],
            events: list[dict[str, Any]]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Saves of the first format were played the old way."""
    return ({**options, "old_ways": True} if version < 2 else options), events


COUNTED = ModeSpec("counted-signs", "Counted signs", SealedSignsMode, options=(OptionSpec("best_of", 3, best_of),),
                   policies={"random": PolicySpec(lambda seed, _level: RandomPlayer(seed))},
                   save_version=2, migrate=migrate)
register_spec(COUNTED)


def _saved(tmp_path: Path, **options: Any) -> Path:
    match = Match(MatchSetup("counted-signs", SEATS, dict(options)), 3)
    match.apply(ShowSign("rock"), "ann")
    match.apply(ShowSign("paper"), "bo")
    return write_save(match, tmp_path / "signs.json")


def _rewrite(path: Path, **changes: Any) -> Path:
    data = json.loads(path.read_text())
    setup_options = changes.pop("options", None)
    data.update(changes)
    if setup_options is not None:
        data["setup"]["options"].update(setup_options)
    path.write_text(json.dumps(data))
    return path


def test_an_unknown_mode_is_a_game_error_naming_the_modes_there_are():
    with pytest.raises(UnknownMode, match=r"unknown mode 'chess'; modes: .*grid.*stances") as refused:
        spec("chess")
    assert isinstance(refused.value, GameError)


def test_grid_and_stances_are_registered_with_their_maps_and_policies():
    grid, stances = spec("grid"), spec("stances")
    assert grid.needs_map and stances.needs_map and grid in specs() and stances in specs()
    assert grid.default_map == "builtin:hall" and stances.default_map == "builtin:crossing"
    assert grid.policies["tactical"].levels and not stances.policies["tactical"].levels
    assert "random" in grid.policies and "random" in stances.policies
    assert grid.rivals and not stances.rivals


def test_the_older_registration_makes_a_spec_with_nothing_but_the_factory():
    register_mode("plain-signs", SealedSignsMode)
    assert "plain-signs" in mode_names() and spec("plain-signs").options == ()
    assert isinstance(make_mode(MatchSetup("plain-signs", SEATS), None), SealedSignsMode)


def test_a_save_is_written_in_its_modes_own_format_and_read_back_without_its_older_ways(tmp_path):
    path = _saved(tmp_path, best_of=5)
    assert json.loads(path.read_text())["version"] == 2
    saved = read_save(path)
    assert saved.setup.options == {"best_of": 5}
    assert load_match(path).event_log() == saved.events


def test_a_save_of_an_older_format_of_its_mode_is_migrated_by_the_mode(tmp_path):
    saved = read_save(_rewrite(_saved(tmp_path), version=1))
    assert saved.setup.options["old_ways"] is True


def test_a_save_newer_than_its_modes_format_is_refused_naming_the_format_it_reads(tmp_path):
    path = _rewrite(_saved(tmp_path), version=3)
    with pytest.raises(SaveError, match=r"save format 3; this one reads up to 2\)$"):
        read_save(path)


def test_a_saves_options_are_checked_by_its_modes_spec(tmp_path):
    path = _rewrite(_saved(tmp_path), options={"best_of": 4})
    with pytest.raises(SaveError, match=r"the save is corrupt \(its option 'best_of' is not 3 or 5\)$"):
        read_save(path)
    # An option the mode does not read is not its business: the grid's round limit means nothing here.
    assert read_save(_rewrite(_saved(tmp_path), options={"max_rounds": "x"})).setup.options["max_rounds"] == "x"


def test_the_random_baseline_plays_a_mode_without_views_of_a_registered_kind():
    match = Match(MatchSetup("counted-signs", SEATS), 1)
    players = {seat.name: make_policy("random", n) for n, seat in enumerate(SEATS)}
    while (seat := match.pending_seat()) is not None:
        match.apply(players[seat].choose(match.view(seat), match.legal_actions(seat)), seat)
    assert match.outcome() is not None


def test_a_mode_asked_for_a_policy_it_lacks_names_those_it_has():
    with pytest.raises(GameError, match=r"the counted-signs mode has no policy 'tactical' \(policies: random\)"):
        COUNTED.make_policy("tactical", 1, "normal")


class Bare(ModeBase):
    """A mode with only what every mode must have, to read the contract's defaults."""

    def legal_actions(self, seat: str) -> list[Any]:
        return [ShowSign("rock")] if seat == "ann" else []

    def view(self, seat: str) -> str:
        return f"what {seat} knows"


def test_the_contracts_optional_parts_default_to_the_plainest_answers():
    mode = Bare()
    assert mode.is_legal(ShowSign("rock"), "ann") and not mode.is_legal(ShowSign("paper"), "ann")
    assert mode.spectator_view("Everyone") == "what Everyone knows"
    events: list[Any] = [object()]
    assert mode.events_for("ann", events) == events
    assert mode.undo_block(ShowSign("rock"), [], None, None) == "this mode cannot take actions back"
    assert mode.casualties() == {} and not mode.undoable
    mode.close()


def test_a_mode_that_takes_nothing_back_says_so_for_every_action(tmp_path):
    match = Match(MatchSetup("counted-signs", SEATS), 1)
    match.apply(ShowSign("rock"), "ann")
    assert match.undo_reason() == "the last action was another seat's"
    assert match.undo_blocks == ["this mode cannot take actions back"]


def test_every_mode_says_whether_it_plays_on_no_map_an_optional_one_or_a_map_always() -> None:
    from game.core.modespec import MAP_OPTIONAL, MAP_REQUIRED, NO_MAP

    kinds = {name: spec(name).map_kind for name in ("grid", "stances", "arenas", "cards", "beats")}
    assert kinds == {"grid": MAP_REQUIRED, "stances": MAP_REQUIRED, "arenas": MAP_REQUIRED, "cards": NO_MAP,
                     "beats": MAP_OPTIONAL}
    assert spec("beats").takes_map and not spec("cards").takes_map
    with pytest.raises(ValueError, match="map_use 'sometimes' is not one of none, optional, required"):
        ModeSpec("odd", "Odd", spec("cards").factory, map_use="sometimes")
