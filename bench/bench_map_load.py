"""How long the map loader takes on the largest map of the shared Tiled corpus, against pytmx alone."""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.core.errors import MapError  # noqa: E402
from game.maps import load_map  # noqa: E402
from game.maps.tmxfile import import_pytmx  # noqa: E402

CORPUS = ROOT.parent / "shared" / "tiled-corpus"
RUNS = 31
LIMIT = 2.0  # the loader may take at most twice as long as pytmx alone


def largest_map(corpus: Path) -> Path | None:
    """The corpus map with the most squares among those the game plays."""
    sizes = []
    for path in sorted(corpus.rglob("*.tmx")):
        try:
            battlefield = load_map(path)
        except MapError:
            continue
        sizes.append((battlefield.width * battlefield.height, path.stat().st_size, path))
    return max(sizes)[2] if sizes else None


def median_ms(run: Callable[[], object], other: Callable[[], object]) -> tuple[float, float]:
    """Median times of two loaders in milliseconds, their runs interleaved so a busy machine slows both alike."""
    first, second = [], []
    run(), other()  # warm the caches and imports of both
    for _ in range(RUNS):
        started = time.perf_counter()
        run()
        first.append(time.perf_counter() - started)
        started = time.perf_counter()
        other()
        second.append(time.perf_counter() - started)
    return statistics.median(first) * 1000, statistics.median(second) * 1000


def main() -> None:
    """Print pytmx's time, the loader's time and their ratio for the largest corpus map."""
    if not CORPUS.is_dir():
        print(f"no Tiled corpus at {CORPUS}: nothing to measure")
        return
    path = largest_map(CORPUS)
    if path is None:
        print(f"no playable map in {CORPUS}")
        return
    pytmx = import_pytmx()
    alone, ours = median_ms(lambda: pytmx.TiledMap(str(path)), lambda: load_map(path))
    battlefield = load_map(path)
    ratio = ours / alone
    print(f"map: {path.relative_to(CORPUS)} ({battlefield.width}x{battlefield.height} squares, "
          f"{path.stat().st_size // 1024} KB), median of {RUNS} runs")
    print(f"pytmx alone:      {alone:7.2f} ms")
    print(f"game/maps loader: {ours:7.2f} ms")
    print(f"ratio:            {ratio:7.2f} (at most {LIMIT:.0f} wanted: {'ok' if ratio <= LIMIT else 'TOO SLOW'})")


if __name__ == "__main__":
    main()
