"""The stances mode's computer policy: it reads only its view, guesses stances from what it sees, mixes its own."""

import json
from collections import Counter

from game.core.match import Match
from game.core.mode import MatchSetup, Seat
from game.modes.stances.actions import Attack, ChooseStance, Engage, Join, ShrugOff, TakeDamage
from game.modes.stances.ai import StanceGame, StancesPlayer
from game.modes.stances.mode import StancesMode
from game.players.base import make_policy
from game.players.baseline import RandomPlayer
from game.players.runner import play_match
from main import main
from tests.modes.stances.scenario import Scenario

PERSON_AND_COMPUTER = (Seat("heroes", ("heroes",)), Seat("monsters", ("monsters",), computer=True))


def duel(**monsters) -> Scenario:
    """The warrior, played by a person, face to face with an undead orc (or the monsters given) of the computer."""
    return Scenario(heroes={"warrior": (4, 2)}, monsters=monsters or {"undead_orc": (5, 2)}, seats=PERSON_AND_COMPUTER)


def test_the_policy_cannot_see_a_sealed_stance_so_its_choice_does_not_depend_on_it():
    picks = set()
    for sealed in ("cunning", "agility", "might", "defensive"):
        s = duel()
        s.act(Engage("warrior", "undead_orc"), ChooseStance("warrior", sealed))
        view = s.mode.view("monsters")
        assert view.fighter("warrior").stance is None
        picks.add(StancesPlayer(7).choose(view, s.legal()))
    assert len(picks) == 1


def test_the_policy_mixes_its_stances_so_the_same_fight_does_not_always_get_the_same_one():
    s = duel()
    s.act(Engage("warrior", "undead_orc"), ChooseStance("warrior", "might"))
    view, legal = s.mode.view("monsters"), s.legal()
    counts = Counter(StancesPlayer(seed).choose(view, legal).stance for seed in range(300))
    assert len(counts) >= 3 and max(counts.values()) < 0.8 * 300


def test_the_policy_reads_weapons_and_range_an_archer_out_of_reach_never_defends_and_the_orc_avoids_agility():
    s = Scenario(heroes={"archer": (1, 2)}, monsters={"undead_orc": (8, 2)}, seats=PERSON_AND_COMPUTER)
    board = StancesPlayer(1)._board(s.mode.view("monsters"))
    game = StanceGame(board, ["archer", "undead_orc"])
    game.play(60)
    archer, orc = game.mix["archer"], game.mix["undead_orc"]
    assert archer["defensive"] < 0.05  # the orc's axe cannot reach her: holding back gains nothing
    assert archer["might"] < 0.1  # her might is a d4
    assert orc["agility"] < 0.1  # agility is hit by both of her good stances (cunning beats it, agility ties)


def test_the_policy_strikes_the_badly_wounded_enemy_first():
    s = Scenario(heroes={"warrior": (4, 2), "priest": (4, 3)}, monsters={"undead_orc": (5, 2)},
                 seats=(Seat("heroes", ("heroes",)), Seat("monsters", ("monsters",), computer=True)))
    s.vitals("priest").hit_points = 3
    s.act(Engage("warrior", "undead_orc"), Join("priest"))
    s.act(ChooseStance("warrior", "defensive"), ChooseStance("priest", "defensive"))
    s.act(ChooseStance("undead_orc", "might"))
    choice = StancesPlayer(3).choose(s.mode.view("monsters"), s.legal())
    assert choice.target == "priest"


def test_the_policy_shrugs_off_a_blow_that_would_put_it_down_but_not_a_scratch():
    for damage, expected in ((7, ShrugOff), (3, TakeDamage)):
        s = Scenario(heroes={"warrior": (4, 2)}, monsters={"undead_orc": (5, 2)}, first="monsters",
                     seats=(Seat("heroes", ("heroes",), computer=True), Seat("monsters", ("monsters",))))
        s.vitals("warrior").hit_points = 6
        s.act(Engage("undead_orc", "warrior"), ChooseStance("warrior", "cunning"), ChooseStance("undead_orc", "might"))
        s.script(1, 1, damage, 1, 1)  # 1 + 1 + damage + 2 might bonus against 1 + 1 + 2 chain
        s.act(Attack("undead_orc", "warrior"))
        assert s.decision() == ("damage", "warrior")
        assert isinstance(StancesPlayer(1).choose(s.mode.view("heroes"), s.legal()), expected)


def test_the_tactical_policy_plays_a_stances_view_to_the_end():
    seats = (Seat("heroes", ("heroes",), True, "tactical"), Seat("monsters", ("monsters",), True, "tactical"))
    setup = MatchSetup("stances", seats, {"heroes": ["warrior", "archer"], "monsters": ["undead_orc", "goblin"],
                                          "max_rounds": 30})
    match = play_match(setup, 4, {"heroes": make_policy("tactical", 1), "monsters": make_policy("tactical", 2)})
    assert match.outcome() is not None
    match.mode.close()


def test_the_policy_beats_the_random_baseline():
    seats = (Seat("heroes", ("heroes",), True), Seat("monsters", ("monsters",), True))
    wins = Counter()
    # Twelve seeds, five in six to win: a match against the ogre can grind on to the round limit (a draw).
    for seed in range(12):
        for smart in ("heroes", "monsters"):
            setup = MatchSetup("stances", seats, {"heroes": ["warrior", "priest"], "monsters": ["undead_orc", "ogre"],
                                                  "max_rounds": 40})
            players = {side: StancesPlayer(seed) if side == smart else RandomPlayer(seed) for side in
                       ("heroes", "monsters")}
            match = Match(setup, seed)
            while not match.over:
                seat = match.pending_seat()
                match.apply(players[seat].choose(match.view(seat), match.legal_actions(seat)), seat)
            wins[smart] += match.outcome().winner == smart
            match.mode.close()
    assert wins["heroes"] >= 10 and wins["monsters"] >= 10


def test_simulate_plays_the_stances_mode(capsys):
    code = main(["simulate", "--mode", "stances", "--games", "2", "--seed", "3", "--max-rounds", "30", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["games"] == 2
    assert set(report["combatants"]) == {"warrior", "archer", "priest", "rogue", "undead_orc", "undead_hound",
                                         "ogre", "skeleton_archer"}


def test_a_played_out_stance_game_is_kept_and_serves_the_same_engagement_with_the_same_result(monkeypatch):
    def play(seed: int) -> list[object]:
        seats = (Seat("heroes", ("heroes",), True), Seat("monsters", ("monsters",), True))
        setup = MatchSetup("stances", seats, {"heroes": ["warrior", "archer", "priest"],
                                              "monsters": ["undead_orc", "ogre", "skeleton_archer"], "max_rounds": 12})
        players = {side: StancesPlayer(seed + n) for n, side in enumerate(("heroes", "monsters"))}
        match = Match(setup, seed)
        chosen = []
        while not match.over:
            seat = match.pending_seat()
            assert seat is not None
            chosen.append(players[seat].choose(match.view(seat), match.legal_actions(seat)))
            match.apply(chosen[-1], seat)
        kept = sum(len(p._games) for p in players.values())
        assert isinstance(match.mode, StancesMode)
        match.mode.close()
        return [kept, *chosen]

    seeds = (2, 3)
    kept = [play(seed) for seed in seeds]
    monkeypatch.setattr("game.modes.stances.ai.GAMES_KEPT", 0)  # every game played out afresh
    afresh = [play(seed) for seed in seeds]
    for (games_kept, *with_games_kept), (none_kept, *played_afresh) in zip(kept, afresh, strict=True):
        assert games_kept > 0 and none_kept == 0
        assert with_games_kept == played_afresh and any(isinstance(a, ChooseStance) for a in played_afresh)


def test_a_stance_game_played_on_from_fewer_rounds_ends_as_one_played_from_the_start():
    s = Scenario(heroes={"warrior": (4, 2), "archer": (3, 4)}, monsters={"undead_orc": (5, 2), "ogre": (5, 3)},
                 seats=PERSON_AND_COMPUTER)
    board = StancesPlayer(1)._board(s.mode.view("monsters"))
    ids = ["archer", "ogre", "undead_orc", "warrior"]
    whole = StanceGame(board, ids)
    whole.play(40)
    start = StanceGame(board, ids)
    start.play(16)
    played_on = start.copy()
    played_on.play(40)
    assert played_on.mix == whole.mix and played_on.rounds == 40
    assert start.rounds == 16 and start.mix != whole.mix  # the game it went on from is left as it was


def test_with_nothing_better_to_do_the_policy_finishes_a_fallen_enemy_rather_than_pass_round_after_round():
    # The last monster up, an archer that has acted, stands walled in by the fallen: the priest cannot reach it,
    # and passing every round would run the fight to the round limit. Finishing a body next to her clears the way.
    s = Scenario(heroes={"priest": (10, 3)},
                 monsters={"skeleton_archer": (10, 1), "ogre": (9, 1), "undead_hound": (9, 2), "undead_orc": (10, 2)},
                 seats=(Seat("heroes", ("heroes",), computer=True), Seat("monsters", ("monsters",))))
    for cid in ("ogre", "undead_hound", "undead_orc"):
        s.vitals(cid).state = "unconscious"
        s.vitals(cid).hit_points = -2
    s.use("skeleton_archer").acted = True
    choice = StancesPlayer(1).choose(s.mode.view("heroes"), s.legal())
    assert isinstance(choice, Engage) and choice.target in ("undead_hound", "undead_orc")
