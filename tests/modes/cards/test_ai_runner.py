"""The computer running the monsters aims each action where the revealed track says it does most."""

from __future__ import annotations

from game.modes.cards.actions import ChooseTarget
from game.modes.cards.ai import CardsPlayer
from game.modes.cards.ai_runner import prospect
from game.modes.cards.mode import CardsMode
from tests.modes.cards.scenario import fight, join_all, keep_all, place


def _ogre_crushes(*cards: tuple[str, str], placer: str = "mage") -> CardsMode:
    """Knight and mage against an ogre whose action die (1) is Crush; ``placer`` places ``cards``, the other none."""
    mode = fight(["knight", "mage"], ["ogre"], dice=[1])
    join_all(mode)
    for cid in ("mage", "knight"):  # the ogre holds the token, so the mage (last in turn order) places first
        place(mode, cid, *(cards if cid == placer else ()))
    keep_all(mode)
    assert mode.view("monsters").targeting == ("ogre", "crush")
    return mode


def _aim(mode: CardsMode) -> str:
    action = CardsPlayer(1).choose(mode.view("monsters"), mode.legal_actions("monsters"))
    assert isinstance(action, ChooseTarget)
    return action.target


def test_the_runner_aims_at_the_character_its_attack_hurts_most() -> None:
    # Crush (Might against Might): the mage's defense is 5 and its Block 1, the knight's 9 and 1.
    assert _aim(_ogre_crushes()) == "mage"


def test_a_block_the_track_raises_before_the_attack_turns_the_runner_to_the_other_character() -> None:
    # Stone Skin (Priority 11, Block 2) is revealed on the track: it is up before Crush (2) comes off.
    mode = _ogre_crushes(("stone_skin", "mage"))
    view = mode.view("monsters")
    crush = view.content.card("crush")
    shielded = prospect(view, view.member("ogre"), crush, view.member("mage"))
    bare = prospect(_ogre_crushes().view("monsters"), view.member("ogre"), crush, view.member("mage"))
    assert sum(h * p for h, p in shielded.injury.items()) < sum(h * p for h, p in bare.injury.items())
    assert _aim(mode) == "knight"


def test_a_lure_on_the_track_draws_the_runners_attack_and_it_knows_it() -> None:
    # The knight's Lure (11) comes off before Crush (2): an attack aimed at the mage reaches the knight.
    mode = _ogre_crushes(("lure", "knight"), placer="knight")
    view = mode.view("monsters")
    crush, ogre = view.content.card("crush"), view.member("ogre")
    assert prospect(view, ogre, crush, view.member("mage")).reached == "knight"
    assert prospect(view, ogre, crush, view.member("knight")).reached == "knight"


def test_the_runner_takes_a_recall_that_cancels_a_characters_attack_still_on_the_track() -> None:
    # The knight is down to 1 Grit with Heavy Swing (2) waiting; Crush comes off at 2 too, the ogre first in
    # turn order (it holds the token): Recalling the knight now spares the ogre the swing.
    mode = fight(["knight", "mage"], ["ogre"], dice=[1])
    join_all(mode)
    mode.state.fighters["knight"].grit = 1
    place(mode, "mage")
    place(mode, "knight", ("heavy_swing", "ogre"))
    keep_all(mode)
    view = mode.view("monsters")
    seen = prospect(view, view.member("ogre"), view.content.card("crush"), view.member("knight"))
    assert seen.saved > 0 and seen.recall > 0.5
    assert _aim(mode) == "knight"
