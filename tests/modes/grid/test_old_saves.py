"""Matches saved before the sixth save format replay event for event under the rules they were played by."""

import pytest

from game.core.errors import IllegalAction
from game.core.match import Match, replay
from game.core.mode import MatchSetup
from game.core.saves import load_match, write_save
from game.modes.grid.mode import default_seats
from game.modes.grid.skirmish import BUILTIN
from game.modes.grid.spec import LEGACY_ALLIES, LEGACY_GRID_RULES
from game.players.base import make_policy
from tests.saved_games import as_format


def test_a_save_of_the_fifth_format_replays_as_played_though_the_rules_changed_since(tmp_path):
    options = {"map": BUILTIN, "heroes": ["warrior", "mage"], "monsters": ["ooze", "skeleton", "wolf"],
               "max_rounds": 15, LEGACY_GRID_RULES: True, LEGACY_ALLIES: True}
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
