"""A quick fuzz run for `make test`: a few mutants of each kind, derandomized, each kept to the game's promise.

The large run is `make fuzz` (tests/fuzz/run.py). Here hypothesis draws the seeds, always the same ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz.kinds import KINDS, Verdict

QUICK = settings(max_examples=10, deadline=None, derandomize=True, database=None,
                 suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@pytest.fixture(scope="module")
def runners(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Callable[[random.Random], Verdict]]]:
    folder = tmp_path_factory.mktemp("fuzz")
    home = folder / "home"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_DATA_HOME", str(home))  # never the player's own saves and settings
        yield {kind: make(Path(folder) / kind) for kind, make in KINDS.items()}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_hostile_inputs_are_refused_in_one_line_or_accepted(runners, kind):
    failures: list[str] = []

    @QUICK
    @given(st.integers(min_value=0, max_value=2**32))
    def one(seed: int) -> None:
        verdict, what = runners[kind](random.Random(seed))
        if what:
            failures.append(f"seed {seed}: {what}")

    one()
    assert not failures, failures
