"""Run every benchmark in bench/ (files named bench_*.py, each with a main()) and print its figures."""

from __future__ import annotations

import importlib.util
import os
import platform
import sys
import timeit
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))


def yardstick_seconds() -> float:
    """Seconds this machine takes for sum(range(10**6)), the best of 5: figures divided by it compare across days."""
    return min(timeit.repeat("sum(range(10**6))", number=5, repeat=5)) / 5


def yardstick() -> str:
    """How fast this machine runs plain Python: figures from two machines compare after scaling by it."""
    best = yardstick_seconds()
    return (f"this machine: Python {platform.python_version()} on {platform.machine()}, "
            f"sum(range(10**6)) in {best * 1000:.1f} ms (best of 5)")


def main() -> int:
    """Run the benchmarks named on the command line, or all of them."""
    wanted = set(sys.argv[1:])
    print(yardstick(), flush=True)
    for path in sorted(HERE.glob("bench_*.py")):
        if wanted and path.stem not in wanted and path.stem.removeprefix("bench_") not in wanted:
            continue
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec is not None and spec.loader is not None  # a .py file in bench/ always has a loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        print(f"== {path.stem}", flush=True)
        module.main()
    return 0


if __name__ == "__main__":
    sys.exit(main())
