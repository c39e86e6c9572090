"""The flow toolkit: decisions queued, sealed choices revealed in order, response windows and action tracks."""

import copy

import pytest

from game.core.flow import (
    ActionTrack,
    DecisionQueue,
    FlowError,
    Pending,
    ResponseWindow,
    RevealInOrder,
    order_after,
    reverse_order,
)
from game.core.secret import SealedChoices

TURN_ORDER = ("ann", "bo", "cy")


# -- a queue of pending decisions -----------------------------------------------------------------

def test_decisions_are_made_in_the_order_queued_and_an_interruption_comes_first():
    queue: DecisionQueue[str] = DecisionQueue()
    queue.add(Pending("ann", "act"), Pending("bo", "act"))
    queue.interrupt(Pending("cy", "reroll", "ann's attack"))
    assert queue.pending_seat() == "cy"
    assert queue.check("ann", "act") == "the decision awaited is cy's"
    assert queue.check("cy", "act") == "the decision awaited is reroll"
    assert queue.resolve("cy", "reroll") == Pending("cy", "reroll", "ann's attack")
    assert [queue.resolve(s, "act").seat for s in ("ann", "bo")] == ["ann", "bo"]
    assert queue.pending_seat() is None and queue.check("ann", "act") == "no decision is awaited"


def test_a_decision_out_of_turn_is_refused_and_changes_nothing():
    queue: DecisionQueue[str] = DecisionQueue([Pending("ann", "act")])
    with pytest.raises(FlowError):
        queue.resolve("bo", "act")
    assert len(queue) == 1


def test_a_seat_that_leaves_has_its_decisions_dropped():
    queue: DecisionQueue[str] = DecisionQueue([Pending("ann", "a"), Pending("bo", "a"), Pending("ann", "b")])
    assert [d.kind for d in queue.withdraw("ann")] == ["a", "b"]
    assert queue.waiting == [Pending("bo", "a")]


# -- reveal in order (text 000: face-up in reverse turn order, Base Attack declares at its reveal) ----

def sealed_cards() -> SealedChoices[tuple[str, ...]]:
    # Cards are placed face-down in reverse turn order: the last in turn order places first.
    placing: SealedChoices[tuple[str, ...]] = SealedChoices(reverse_order(TURN_ORDER))
    assert placing.next_seat() == "cy"
    placing.seal("cy", ("Lure",))
    placing.seal("bo", ("Base Attack", "Focus"))
    placing.seal("ann", ("Balance",))
    return placing


def test_cards_are_turned_up_in_reverse_turn_order_and_a_base_attack_decides_at_its_reveal():
    reveal: RevealInOrder[tuple[str, ...], str] = RevealInOrder.of(sealed_cards(), reverse_order(TURN_ORDER))
    assert reveal.reveal() == ("cy", ("Lure",))
    seat, cards = reveal.reveal()
    assert seat == "bo" and "Base Attack" in cards
    with pytest.raises(FlowError, match="cy was not the last"):
        reveal.ask("cy")
    reveal.ask("bo")
    assert reveal.next_seat() == "bo"
    with pytest.raises(FlowError, match="bo must decide"):
        reveal.reveal()
    reveal.decide("bo", "take the Priority token")
    assert reveal.shown() == {"cy": ("Lure",), "bo": ("Base Attack", "Focus")}  # ann's still face-down
    assert reveal.reveal() == ("ann", ("Balance",))
    assert reveal.complete and reveal.decisions == {"bo": "take the Priority token"}


def test_nothing_is_revealed_before_every_seat_has_chosen_and_only_the_awaited_seat_decides():
    placing: SealedChoices[str] = SealedChoices(("ann", "bo"))
    placing.seal("ann", "x")
    with pytest.raises(FlowError, match="still waiting for bo"):
        RevealInOrder.of(placing, ("bo", "ann"))
    placing.seal("bo", "y")
    reveal: RevealInOrder[str, str] = RevealInOrder.of(placing, ("bo", "ann"))
    with pytest.raises(FlowError):
        reveal.decide("bo", "attack")


# -- a response window (text 000: Fame rerolls; text 004: sparks and counters) ------------------------

def test_answers_start_after_the_roller_and_go_round_in_turn_order():
    window: ResponseWindow[str] = ResponseWindow.after(("ann", "bo", "cy", "dee"), "bo")
    assert window.order == ("cy", "dee", "ann", "bo")
    with pytest.raises(FlowError, match="cy's turn"):
        window.pass_turn("ann")


def test_the_window_closes_only_when_all_in_sequence_choose_not_to_answer():
    window: ResponseWindow[int] = ResponseWindow.after(TURN_ORDER, "ann")  # bo, cy, ann
    window.pass_turn("bo")
    window.answer("cy", 2)  # a reroll of the second die: everyone may answer again
    window.pass_turn("ann")
    window.pass_turn("bo")
    assert window.next_seat() == "cy"
    window.pass_turn("cy")
    assert window.closed and window.next_seat() is None and window.answers == [("cy", 2)]
    with pytest.raises(FlowError, match="closed"):
        window.answer("ann", 1)


def test_a_window_can_be_closed_early_and_may_leave_the_roller_out():
    window: ResponseWindow[str] = ResponseWindow.after(TURN_ORDER, "cy", roller_answers=False)
    assert window.order == ("ann", "bo")
    window.answer("ann", "counter")
    window.close()  # every die has been rerolled
    assert window.next_seat() is None
    assert ResponseWindow.after(("ann",), "ann", roller_answers=False).closed


def test_order_after_names_each_seat_once_ending_with_the_given_one():
    assert order_after(TURN_ORDER, "cy") == ("ann", "bo", "cy")
    with pytest.raises(FlowError):
        order_after(TURN_ORDER, "zed")


# -- an ordered track (text 000: the Priority track; text 002: the seven steps of a round) -----------

def test_the_highest_priority_goes_first_and_equal_priorities_go_in_turn_order_as_it_is_then():
    track: ActionTrack[str] = ActionTrack()
    track.queue(3, "cy", "Lure")
    track.queue(5, "bo", "Base Attack")
    track.queue(3, "ann", "Balance")
    track.queue(-6, "ann", "slowed")
    assert track.pop(TURN_ORDER).action == "Base Attack"
    # The Priority token moved to cy: cy now acts first in turn order, so wins the tie.
    assert track.pop(("cy", "ann", "bo")).action == "Lure"
    assert [track.pop(TURN_ORDER).action for _ in range(2)] == ["Balance", "slowed"]
    assert len(track) == 0 and track.peek(TURN_ORDER) is None


def test_one_actors_actions_at_the_same_rank_go_in_the_order_placed():
    track: ActionTrack[str] = ActionTrack()
    track.queue(4, "ann", "first")
    track.queue(4, "ann", "second")
    assert [track.pop(TURN_ORDER).action for _ in range(2)] == ["first", "second"]


STEPS = ("defend or protect", "shoot or throw", "focus or impede", "move", "attack, assist or aimed shot", "push",
         "focused actions")


def test_the_steps_of_a_round_go_first_step_first_whoever_queued_them():
    track: ActionTrack[str] = ActionTrack(highest_first=False, steps=STEPS)
    track.queue_at("push", "ann", "push the orc")
    track.queue_at("move", "cy", "to the loft")
    track.queue_at("move", "bo", "to the door")
    track.queue_at("defend or protect", "cy", "defend")
    initiative = ("bo", "cy", "ann")
    taken = [track.pop(initiative) for _ in range(4)]
    assert [(track.step_name(e), e.actor) for e in taken] == [
        ("defend or protect", "cy"), ("move", "bo"), ("move", "cy"), ("push", "ann")]
    with pytest.raises(FlowError, match="no step"):
        track.queue_at("dance", "ann", "x")


def test_steps_everyone_takes_together_go_first_step_first_then_as_placed_without_a_turn_order():
    # Text 001's engagement: the stances resolve in order, whoever is in them; no turn order ranks the actors.
    track: ActionTrack[str] = ActionTrack(highest_first=False, steps=STEPS)
    track.queue_at("push", "everyone", "second push")
    track.queue_at("move", "everyone", "move")
    track.queue_at("push", "anybody", "third push")
    track.queue_at("defend or protect", "everyone", "defend")
    first = track.peek()
    assert first is not None and first.action == "defend"
    assert [track.pop().action for _ in range(4)] == ["defend", "move", "second push", "third push"]
    assert track.peek() is None


def test_an_actor_without_a_place_in_the_turn_order_is_refused_and_one_that_left_is_withdrawn():
    track: ActionTrack[str] = ActionTrack()
    track.queue(1, "ann", "a")
    track.queue(2, "zed", "z")
    with pytest.raises(FlowError, match="zed"):
        track.pop(TURN_ORDER)
    assert [e.action for e in track.withdraw("zed")] == ["z"]
    assert track.pop(TURN_ORDER).action == "a"


# -- snapshots ----------------------------------------------------------------------------------------

def test_every_part_copies_into_an_equal_independent_snapshot():
    queue: DecisionQueue[str] = DecisionQueue([Pending("ann", "act")])
    reveal: RevealInOrder[tuple[str, ...], str] = RevealInOrder.of(sealed_cards(), reverse_order(TURN_ORDER))
    window: ResponseWindow[int] = ResponseWindow.after(TURN_ORDER, "ann")
    track: ActionTrack[str] = ActionTrack()
    track.queue(1, "ann", "a")
    parts = (queue, reveal, window, track)
    saved = copy.deepcopy(parts)
    assert saved == parts
    queue.resolve("ann", "act")
    reveal.reveal()
    window.pass_turn("bo")
    track.pop(TURN_ORDER)
    assert saved != parts
    assert saved[0].pending_seat() == "ann" and saved[1].next_seat() == "cy"
    assert saved[2].next_seat() == "bo" and len(saved[3]) == 1
