"""`make fuzz`: run many mutants of each kind (maps, saves, data files, command lines) and print the counts.

Each input runs in this process under a time limit (a safety net, see runner.TIME_LIMIT), the whole run under
a memory limit; any traceback, hang, memory blow-up or refusal of more than one line is listed and fails the run.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MEMORY_LIMIT = 3 * 2**30
"""Address space the whole run may take: a mutant that would exhaust memory fails fast instead."""


def main() -> int:
    """Run ``--count`` mutants of each kind from ``--seed`` and print what each kind did."""
    parser = argparse.ArgumentParser(prog="make fuzz", description=__doc__)
    parser.add_argument("--count", type=int, default=1000, help="mutants of each kind (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first mutant (default 1)")
    parser.add_argument("--kinds", default="maps,saves,data,commands", help="comma-separated kinds to run")
    args = parser.parse_args()
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    with tempfile.TemporaryDirectory(prefix="rulebound-fuzz-") as scratch:
        os.environ["XDG_DATA_HOME"] = str(Path(scratch) / "home")  # never the player's own saves and settings
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        sys.path.insert(0, str(ROOT))
        from tests.fuzz.kinds import KINDS

        failures = 0
        for kind in args.kinds.split(","):
            started = time.monotonic()
            tally: Counter[str] = Counter()
            problems: list[str] = []
            run_one = KINDS[kind](Path(scratch) / kind)
            for index in range(args.count):
                seed = args.seed * 1_000_003 + index
                verdict, what = run_one(random.Random(seed))
                tally[verdict] += 1
                if what:
                    problems.append(f"  {kind} seed {seed}: {what}")
            failures += len(problems)
            shown = ", ".join(f"{n} {verdict}" for verdict, n in sorted(tally.items()))
            print(f"{kind}: {args.count} mutants ({shown}) in {time.monotonic() - started:.0f} s", flush=True)
            for line in problems[:20]:
                print(line, flush=True)
    print(f"fuzz: {failures} problems" if failures else "fuzz: no traceback, hang or memory blow-up")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
