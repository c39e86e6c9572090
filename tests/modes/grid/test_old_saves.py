"""Matches saved before the sixth save format replay event for event under the rules they were played by."""

import pytest

from game.core.errors import IllegalAction
from game.core.match import Match, replay
from game.core.mode import MatchSetup
from game.core.saves import SaveError, load_match, write_save
from game.modes.grid.mode import default_seats
from game.modes.grid.skirmish import BUILTIN
from game.modes.grid.spec import LEGACY_ALLIES, LEGACY_CORNERS, LEGACY_GRID_RULES
from game.players.base import make_policy
from tests.saved_games import as_format


def test_a_save_of_the_fifth_format_replays_as_played_though_the_rules_changed_since(tmp_path):
    options = {"map": BUILTIN, "heroes": ["warrior", "mage"], "monsters": ["ooze", "skeleton", "wolf"],
               "max_rounds": 15, LEGACY_GRID_RULES: True, LEGACY_ALLIES: True,
               LEGACY_CORNERS: True}
    played = Match(MatchSetup("grid", default_seats(), options), 7)
    players = {"heroes": make_policy("tactical", 1), "monsters": make_policy("tactical", 2)}
    while (seat := played.pending_seat()) is not None:
        played.apply(players[seat].choose(played.view(seat), played.legal_actions(seat)), seat)
    path = write_save(played, tmp_path / "old.json")
    as_format(path, 5)
    assert load_match(path).event_log() == played.event_log()
    # The same actions under today's rules come out otherwise (an ooze's Stench, conditions rolled as dice).
    current = MatchSetup("grid", default_seats(), {k: v for k, v in options.items() if k != LEGACY_GRID_RULES})
    with pytest.raises(IllegalAction):  # the dice fall otherwise, and a later move of the old match is refused
        replay(current, 7, played.actions)



# Ground everywhere; walls at (1, 0) and (0, 1) close the hero spawn (the first square) but for the diagonal to
# (1, 1). The monster spawn is the last square.
SQUEEZE_GROUND = ["111111", "111111", "111111"]
SQUEEZE_WALLS = [".1....", "1.....", "......"]


def _warrior_tries_the_squeeze(path, legacy: bool) -> tuple[Match, list[str | None]]:
    """A short match in which the warrior asks to squeeze out at each of its turns; every other decision ends a turn."""
    from game.modes.grid.actions import EndTurn, Move

    options = {"map": str(path), "heroes": ["warrior"], "monsters": ["kobold"], "max_rounds": 2}
    played = Match(MatchSetup("grid", default_seats(), {**options, LEGACY_CORNERS: True} if legacy else options), 5)
    refusals: list[str | None] = []
    while (seat := played.pending_seat()) is not None:
        legal = played.legal_actions(seat)
        if played.view(seat).current == "warrior" and EndTurn() in legal:
            refusals.append(played.mode.check(Move((1, 1)), seat))
            if refusals[-1] is None:
                played.apply(Move((1, 1)), seat)
                played.apply(Move((0, 0)), seat)  # and back, to squeeze again next turn
        played.apply(EndTurn() if EndTurn() in legal else legal[0], seat)
    return played, refusals


def test_a_save_of_the_seventh_format_keeps_diagonals_from_squeezing_between_two_walls_and_replays(tmp_path):
    # Ruling grid-diagonal-squeeze: from the eighth save format a diagonal may pass between two walls; a match
    # saved before was played without that step, and replays and goes on so.
    from tests.maps.tiled_files import floor_map, tile_layer

    path = floor_map(tmp_path, SQUEEZE_GROUND, tile_layer("walls", SQUEEZE_WALLS))
    old, refusals = _warrior_tries_the_squeeze(path, legacy=True)
    assert len(refusals) == 2 and set(refusals) == {"no way leads there"}
    saved = write_save(old, tmp_path / "old.json")
    as_format(saved, 7)
    resumed = load_match(saved)
    assert resumed.event_log() == old.event_log()
    assert resumed.mode.state.legacy_corners
    # Today's match squeezes out and back each turn; read as a save of the seventh format, those moves are refused.
    new, refusals = _warrior_tries_the_squeeze(path, legacy=False)
    assert refusals == [None, None]
    saved = write_save(new, tmp_path / "new.json")
    assert load_match(saved).event_log() == new.event_log()
    as_format(saved, 7)
    with pytest.raises(SaveError, match="does not replay"):
        load_match(saved)
