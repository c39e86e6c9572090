"""The menu's "Find an even fight": steps the monsters as each balance estimate comes in, and says how it went."""

from __future__ import annotations

from game.players.balance import is_even, shown_percent
from game.players.even_fight import MAX_TRIES, EvenFightSearch, Monsters
from game.ui.estimate import BalanceEstimate, EncounterKey


def with_monsters(key: EncounterKey, monsters: Monsters) -> EncounterKey:
    """The same encounter with other monsters."""
    return key._replace(monsters=tuple(monsters))


class BalanceSearch:
    """One search at a time; any change the player makes to the encounter stops it."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._search: EvenFightSearch | None = None
        self._expected: EncounterKey | None = None  # the encounter the search set and waits to hear about
        self._note = ""
        self._note_key: EncounterKey | None = None  # the note is shown while this encounter is chosen

    def running(self) -> bool:
        """Whether a search is under way."""
        return self._search is not None

    def can_start(self, balance: BalanceEstimate) -> bool:
        """Whether there is an estimate, and it is not even already."""
        report = balance.report()
        return report is not None and not is_even(report["hero_win_rate"])

    def start(self, key: EncounterKey, room: int | None = None) -> None:
        """Begin from the encounter chosen now, whose estimate is in; ``room``: the most monsters its map holds."""
        self._search = EvenFightSearch(limit=self.limit if room is None else min(self.limit, room))
        self._expected = key
        self._note, self._note_key = "", None

    def stop(self, note: str, key: EncounterKey | None) -> None:
        """End the search with a note for the encounter it ended on."""
        self._search = self._expected = None
        self._note, self._note_key = note, key

    def advance(self, key: EncounterKey | None, balance: BalanceEstimate) -> Monsters | None:
        """After the menu's estimate moved on: the monsters to choose next, if the search changes them."""
        search = self._search
        if search is None:
            return None
        if key != self._expected:
            self.stop("Search stopped: the encounter was changed.", key)
            return None
        assert key is not None
        report = balance.report()
        if report is None:
            if balance.failed():
                self.stop("Search stopped: there is no estimate for these monsters.", key)
            return None
        after = search.step(key[3], report["hero_win_rate"])
        if after is None:
            best, rate = search.best()
            tries = len(search.tried)
            if is_even(rate):
                note = f"An even fight with {len(best)} monsters, found in {tries} " \
                       f"{'estimate' if tries == 1 else 'estimates'}."
            else:
                note = (f"No count is even; the closest tried ({len(best)} monsters, heroes win about "
                        f"{shown_percent(rate)} %) is chosen.")
            self.stop(note, with_monsters(key, best))
            return best if best != key[3] else None
        self._expected = with_monsters(key, after)
        return after

    def note(self, key: EncounterKey | None) -> str:
        """What to say under the estimate for the encounter chosen now."""
        if self._search is not None:
            return f"Searching for an even fight: estimate {len(self._search.tried) + 1} of at most {MAX_TRIES}\u2026"
        return self._note if key == self._note_key else ""
