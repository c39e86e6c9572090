"""Possible arenas: a hero suggests one next to its arena, the game master draws it in or not."""

from __future__ import annotations

from pathlib import Path

from game.core.dice import SeededDice
from game.core.mode import MatchSetup, Seat
from game.modes.arenas.ai import ArenasPlayer
from game.modes.arenas.events import ArenaSuggested, SuggestionAnswered
from game.modes.arenas.mode import ArenasMode
from game.modes.arenas.plans import Choose, DrawIn, Plan, Suggest, choose, declare

ROOT = Path(__file__).resolve().parents[3]
BARN = str(ROOT / "maps" / "barn.tmx")
WAGONS, FARMYARD, LANE = "Hay Wagons", "Farmyard", "Lane"
SEATS = (Seat("gm", ("monsters",)), Seat("heroes", ("heroes",)))


def barn(heroes: tuple[str, ...] = ("fighter",), monsters: tuple[str, ...] = ("wolf",),
         where: str = FARMYARD) -> ArenasMode:
    """A barn fight with the heroes moved to ``where`` and every monster declared to defend."""
    mode = ArenasMode(MatchSetup("arenas", SEATS, {"map": BARN, "heroes": list(heroes),
                                                   "monsters": list(monsters)}), SeededDice(5))
    mode.start()
    for cid in heroes:
        mode.state.fighters[cid].arena = where
    for cid, f in list(mode.state.fighters.items()):
        if not f.hero:
            mode.apply(declare(cid, Plan("defend")), "gm")
    return mode


def test_a_possible_arena_is_no_arena_until_it_is_drawn_in():
    mode = barn()
    assert WAGONS not in mode.state.arenas.names and WAGONS in mode.state.possible
    assert mode.view("heroes").arena(WAGONS) is None
    assert [a.name for a in mode.view("heroes").possible] == [WAGONS]


def test_a_hero_next_to_a_possible_arena_may_suggest_it_and_the_game_master_draws_it_in():
    mode = barn()
    assert Suggest("fighter", WAGONS) in mode.legal_actions("heroes")
    events = mode.apply(Suggest("fighter", WAGONS), "heroes")
    assert [(e.cid, e.arena, e.kind) for e in events if isinstance(e, ArenaSuggested)] == \
        [("fighter", WAGONS, "hazardous")]
    assert mode.pending_seat() == "gm" and mode.view("gm").asking == ("fighter", WAGONS)
    assert mode.legal_actions("gm") == [DrawIn(WAGONS, True), DrawIn(WAGONS, False)]
    assert mode.check(choose("fighter", Plan("defend")), "heroes") is not None
    events = mode.apply(DrawIn(WAGONS, True), "gm")
    answer = next(e for e in events if isinstance(e, SuggestionAnswered))
    assert (answer.drawn, answer.kind, answer.beside) == (True, "hazardous", (FARMYARD,))
    st = mode.state
    assert st.kind(WAGONS) == "hazardous" and st.arenas.adjacent(WAGONS, FARMYARD) and WAGONS not in st.possible
    # An arena like the others: the hero may move into it this very round.
    assert mode.pending_seat() == "heroes"
    assert choose("fighter", Plan("move", arena=WAGONS)) in mode.legal_actions("heroes")
    assert mode.view("heroes").arena(WAGONS) is not None


def test_a_refused_suggestion_may_be_made_again_only_in_a_later_round():
    mode = barn()
    mode.apply(Suggest("fighter", WAGONS), "heroes")
    events = mode.apply(DrawIn(WAGONS, False), "gm")
    assert [e.drawn for e in events if isinstance(e, SuggestionAnswered)] == [False]
    assert WAGONS not in mode.state.arenas.names
    assert Suggest("fighter", WAGONS) not in mode.legal_actions("heroes")
    assert mode.check(Suggest("fighter", WAGONS), "heroes") is not None
    mode.apply(choose("fighter", Plan("wait")), "heroes")
    while mode.pending_seat() == "gm":
        mode.apply(mode.legal_actions("gm")[0], "gm")
    assert mode.state.round == 2 and Suggest("fighter", WAGONS) in mode.legal_actions("heroes")


def test_only_a_hero_in_an_arena_next_to_it_may_suggest_it():
    mode = barn(where=LANE)
    assert not [a for a in mode.legal_actions("heroes") if isinstance(a, Suggest)]
    assert mode.check(Suggest("fighter", WAGONS), "heroes") is not None
    assert mode.check(DrawIn(WAGONS, True), "gm") is not None  # nobody asked


def test_the_game_master_answering_sees_no_heros_sealed_plan():
    mode = barn(heroes=("fighter", "ranger"))
    mode.apply(choose("fighter", Plan("defend")), "heroes")
    mode.apply(Suggest("ranger", WAGONS), "heroes")
    gm = mode.view("gm")
    assert gm.asking == ("ranger", WAGONS) and "fighter" in gm.chosen
    assert all(cid not in ("fighter", "ranger") for cid, _ in gm.own_plans)


def test_a_suggestion_and_its_answer_cannot_be_taken_back():
    mode = barn()
    events = mode.apply(Suggest("fighter", WAGONS), "heroes")
    assert mode.undo_block(Suggest("fighter", WAGONS), events, None, None) is not None
    assert mode.undo_block(DrawIn(WAGONS, True), mode.apply(DrawIn(WAGONS, True), "gm"), None, None) is not None


def test_the_computer_game_master_draws_in_only_an_arena_that_favours_the_monsters():
    mode = barn(monsters=("skeleton_spear",))  # a spear: hazardous favours it
    mode.apply(Suggest("fighter", WAGONS), "heroes")
    assert ArenasPlayer(1).choose(mode.view("gm"), mode.legal_actions("gm")) == DrawIn(WAGONS, True)
    mode = barn(heroes=("halberdier",), monsters=("wolf",))  # a glaive: hazardous favours the hero
    mode.apply(Suggest("halberdier", WAGONS), "heroes")
    assert ArenasPlayer(1).choose(mode.view("gm"), mode.legal_actions("gm")) == DrawIn(WAGONS, False)


def test_the_computer_suggests_an_arena_that_favours_its_heroes_and_then_chooses():
    mode = barn(heroes=("halberdier",))
    assert ArenasPlayer(1).choose(mode.view("heroes"), mode.legal_actions("heroes")) == Suggest("halberdier", WAGONS)
    mode = barn(heroes=("fighter",))  # a longsword: nothing to gain
    assert isinstance(ArenasPlayer(1).choose(mode.view("heroes"), mode.legal_actions("heroes")), Choose)


def test_a_possible_arena_drawn_in_has_the_kind_the_maps_changes_give_it_by_then():
    from game.modes.arenas.events import ArenaChanged
    from game.modes.arenas.rounds import begin_round

    mode = barn()
    st = mode.state
    st.changes = (*st.changes, (WAGONS, 2, "open"))
    st.round = 1
    assert not [e for e in begin_round(st) if isinstance(e, ArenaChanged) and e.arena == WAGONS]  # not drawn in
    for cid, f in list(st.fighters.items()):
        if not f.hero:
            mode.apply(declare(cid, Plan("defend")), "gm")
    assert [(p.name, p.kind) for p in mode.view("heroes").possible] == [(WAGONS, "open")]
    mode.apply(Suggest("fighter", WAGONS), "heroes")
    events = mode.apply(DrawIn(WAGONS, True), "gm")
    assert [e.kind for e in events if isinstance(e, SuggestionAnswered)] == ["open"] and st.kind(WAGONS) == "open"
