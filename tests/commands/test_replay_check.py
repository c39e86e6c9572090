"""`replay FILE --check` reproduces every event of many saved seeded matches."""

from pathlib import Path

from game.core.match import Match
from game.core.mode import MatchSetup, Seat
from game.core.saves import read_save, write_save
from game.modes.grid.skirmish import BUILTIN
from game.players.baseline import RandomPlayer
from main import main

MATCHES = 200
HEROES = ("warrior", "ranger", "mage", "cleric", "rogue")
MONSTERS = ("wolf", "skeleton", "goblin_archer", "kobold", "giant_rat", "zombie")


def play_and_save(seed: int, folder: Path) -> Path:
    """A small match set up and decided at random from the seed (sides, seats, rounds), saved."""
    pick = RandomPlayer(seed).rng
    heroes = pick.sample(HEROES, pick.randint(1, 2))
    if seed % 4 == 0:  # two hero parties, one hero of the first played by a second person
        sides = [["heroes", heroes], ["rivals", pick.sample(HEROES, 1)]]
        seats = (Seat("Ann", (heroes[0],)), Seat("Bo", ("heroes", "rivals")))
        options = {"map": BUILTIN, "sides": sides, "max_rounds": 2}
    else:
        seats = (Seat("Ann", ("heroes",)), Seat("Computer", ("monsters",), True))
        options = {"map": BUILTIN, "heroes": heroes, "monsters": pick.sample(MONSTERS, pick.randint(1, 2)),
                   "max_rounds": pick.randint(1, 3)}
    match = Match(MatchSetup("grid", seats, options), seed)
    players = {seat.name: RandomPlayer(seed * 7 + i) for i, seat in enumerate(seats)}
    while not match.over:
        seat = match.pending_seat()
        assert seat is not None
        match.apply(players[seat].choose(match.view(seat), match.legal_actions(seat)), seat)
    return write_save(match, folder / f"match-{seed}.json")


def test_replaying_200_saved_seeded_matches_with_check_reproduces_every_event(tmp_path, capsys):
    paths = [play_and_save(seed, tmp_path) for seed in range(MATCHES)]
    events = 0
    for path in paths:
        assert main(["replay", str(path), "--check"]) == 0, capsys.readouterr().err
        out = capsys.readouterr().out
        saved = len(read_save(path).events)
        assert out == f"{path}: {saved} events replayed, every one as saved\n"
        events += saved
    assert events > MATCHES * 20  # real matches, not empty ones
