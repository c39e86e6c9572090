"""The search for an even fight: one monster more or fewer at a time until the estimate calls it even."""

from __future__ import annotations

from collections.abc import Callable

from game.players.balance import is_even
from game.players.even_fight import MAX_TRIES, EvenFightSearch, Monsters, one_fewer, one_more


def _search(rate_of: Callable[[Monsters], float], start: Monsters, limit: int = 16) -> EvenFightSearch:
    """Run a search whose estimate of each encounter is scripted."""
    search = EvenFightSearch(limit=limit)
    monsters: Monsters | None = start
    while monsters is not None:
        monsters = search.step(monsters, rate_of(monsters))
    return search


def by_count(rates: dict[int, float]) -> Callable[[Monsters], float]:
    """An estimate that only counts the monsters."""
    return lambda monsters: rates[len(monsters)]


def test_the_fight_is_even_only_between_the_favoured_bounds() -> None:
    assert is_even(0.36) and is_even(0.5) and is_even(0.644)
    assert not is_even(0.35) and not is_even(0.65) and not is_even(0.66)


def test_one_more_adds_the_most_numerous_kind_beside_its_fellows() -> None:
    assert one_more(("goblin", "rat", "rat", "ogre")) == ("goblin", "rat", "rat", "rat", "ogre")
    assert one_more(("goblin", "rat")) == ("goblin", "goblin", "rat")  # a tie: the first listed
    assert one_more(("goblin", "rat"), "rat") == ("goblin", "rat", "rat")


def test_one_fewer_takes_the_most_numerous_kind_and_spares_a_lone_leader() -> None:
    assert one_fewer(("necromancer", "zombie", "zombie", "skeleton")) == ("necromancer", "zombie", "skeleton")
    assert one_fewer(("goblin", "rat")) == ("goblin",)  # a tie: the last listed
    assert one_fewer(("goblin", "rat", "rat"), "goblin") == ("rat", "rat")


def test_an_easy_fight_gets_monsters_until_it_is_even() -> None:
    search = _search(by_count({3: 0.95, 4: 0.80, 5: 0.55}), ("rat", "rat", "goblin"))
    assert [len(m) for m, _ in search.tried] == [3, 4, 5]
    assert search.best() == (("rat", "rat", "rat", "rat", "goblin"), 0.55)


def test_a_hard_fight_loses_monsters_until_it_is_even() -> None:
    search = _search(by_count({6: 0.05, 5: 0.20, 4: 0.40}), ("zombie",) * 5 + ("necromancer",))
    assert [len(m) for m, _ in search.tried] == [6, 5, 4]
    assert search.best()[0] == ("zombie",) * 3 + ("necromancer",)


def test_an_even_fight_ends_the_search_at_once() -> None:
    search = _search(by_count({4: 0.5}), ("rat",) * 4)
    assert len(search.tried) == 1 and is_even(search.best()[1])


def test_when_one_monster_tips_the_fight_over_one_of_each_other_kind_is_tried_in_its_place() -> None:
    start = ("ogre", "ogre", "goblin", "rat")
    rates = {start: 0.80,
             ("ogre", "ogre", "ogre", "goblin", "rat"): 0.20,  # one more ogre: from easy to very hard
             ("ogre", "ogre", "goblin", "goblin", "rat"): 0.55,  # a goblin in its place: even
             ("ogre", "ogre", "goblin", "rat", "rat"): 0.70}
    search = _search(rates.__getitem__, start)
    assert [m for m, _ in search.tried] == list(rates)[:3]
    assert search.best() == (("ogre", "ogre", "goblin", "goblin", "rat"), 0.55)


def test_when_no_other_kind_lands_between_the_closest_tried_is_the_answer() -> None:
    start = ("ogre", "goblin")
    rates = {start: 0.75, ("ogre", "ogre", "goblin"): 0.10, ("ogre", "goblin", "goblin"): 0.30}
    search = _search(rates.__getitem__, start)
    assert [m for m, _ in search.tried] == list(rates)
    assert search.best() == (("ogre", "goblin", "goblin"), 0.30)


def test_when_no_count_is_even_the_closer_of_the_two_sides_is_the_answer() -> None:
    search = _search(by_count({3: 0.70, 4: 0.20}), ("rat",) * 3)
    assert [len(m) for m, _ in search.tried] == [3, 4]  # only rats: no other kind to try in its place
    assert search.best() == (("rat",) * 3, 0.70) and not is_even(search.best()[1])


def test_the_search_stops_at_the_most_monsters_allowed_and_at_one_monster() -> None:
    assert [len(m) for m, _ in _search(by_count({2: 0.9, 3: 0.9}), ("rat",) * 2, limit=3).tried] == [2, 3]
    assert [len(m) for m, _ in _search(by_count({2: 0.1, 1: 0.1}), ("rat",) * 2).tried] == [2, 1]


def test_the_search_plays_at_most_its_number_of_estimates() -> None:
    search = _search(by_count({n: 0.99 for n in range(1, 17)}), ("rat",))
    assert len(search.tried) == MAX_TRIES
    assert search.best()[0] == ("rat",) * MAX_TRIES  # none closer than another: the last, furthest along
