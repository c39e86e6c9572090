"""Timings of the grid geometry the AI leans on: field of view, bounded reach and distance fields."""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.battlefield import Battlefield, Square  # noqa: E402
from game.core.fov import SightMap, field_of_view  # noqa: E402
from game.core.paths import cheapest_path, distance_field, grid_step_cost, reachable  # noqa: E402

SEED = 20240601
SAMPLES = 200


def random_battlefield(size: int, wall_share: float, seed: int = SEED) -> Battlefield:
    """A size x size map with about ``wall_share`` of its squares walls, the same for the same seed."""
    rng = random.Random(seed)
    squares = [(x, y) for y in range(size) for x in range(size)]
    walls = frozenset(square for square in squares if rng.random() < wall_share)
    return Battlefield(size, size, frozenset(squares), walls, name=f"random {size}x{size}")


def timings(run: Callable[[Square], object], origins: list[Square]) -> tuple[float, float]:
    """Median and 95th percentile of ``run`` over the origins, in milliseconds."""
    times = []
    for origin in origins:
        started = time.perf_counter()
        run(origin)
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(0.95 * len(times)))]


def report(label: str, figures: tuple[float, float]) -> None:
    """Print one line of figures."""
    median, p95 = figures
    print(f"  {label:<44} median {median:7.3f} ms   p95 {p95:7.3f} ms", flush=True)


def bench_map(size: int, wall_share: float) -> None:
    """Time every operation on one map from the same seeded sample of open squares."""
    field = random_battlefield(size, wall_share)
    rng = random.Random(SEED + size)
    playable = sorted(field.playable)
    origins = [rng.choice(playable) for _ in range(SAMPLES)]
    goals = [rng.choice(playable) for _ in range(SAMPLES)]
    print(f"{size}x{size}, {len(field.walls) / len(field.squares):.0%} walls, {SAMPLES} samples")
    blocks, on_map = field.blocks_sight, field.squares.__contains__
    report("field_of_view (predicates)", timings(lambda o: field_of_view(o, blocks, on_map), origins))
    sight = SightMap(field, cache_size=0)  # nothing remembered: every call is a fresh scan
    report("SightMap.visible_from (uncached)", timings(sight.visible_from, origins))
    step = grid_step_cost(field)
    report("reachable(budget=12)", timings(lambda o: reachable(o, 12, step), origins))
    pairs = dict(zip(origins, goals, strict=True))
    report("cheapest_path (random pair)", timings(lambda o: cheapest_path(o, pairs[o], step), origins))
    groups = [tuple(rng.sample(playable, 4)) for _ in range(SAMPLES // 10)]
    by_first = {group[0]: group for group in groups}
    report("distance_field (4 sources, no limit)", timings(lambda o: distance_field(by_first[o], step), list(by_first)))


def main() -> None:
    """Print median and p95 timings on seeded random maps and on open rooms."""
    for size in (64, 100):
        bench_map(size, 0.15)
    for size in (64, 100):
        bench_map(size, 0.0)


if __name__ == "__main__":
    main()
