"""How fast ``python -m scorers`` answers a 6-player Latria sheet, against
``import pydantic`` alone (the goal: at most 2× that import).

Runs, alternately (A B A B …), the scorer's command line on a 6-player Latria sheet and
the baseline ``python -c "import pydantic; pydantic.BaseModel"`` (pydantic's top level is
lazy: naming BaseModel is what any use of it costs), each as a fresh process. Prints
median and min–max milliseconds for each, the load average, and on the last line the
ratio.

The first run of each writes Python's bytecode cache, as any first run does, even where
the environment says not to (``PYTHONDONTWRITEBYTECODE``): pydantic comes compiled from
its install, so the scorer's own modules must not be compiled from source on every run.

    .venv/bin/python bench/scorer_cli_bench.py [--runs 20]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def latria_sheet() -> dict:
    """The Latria example of tests/data (five players) with a sixth holding one card."""
    example = json.loads((ROOT / "tests" / "data" / "latria_example3.json").read_text())
    fay = {"name": "Fay", "cards": [{"astrology": "sun", "number": 7}]}
    return {**example, "players": [*example["players"], fay]}


def run(command: list[str], env: dict[str, str] | None = None) -> float:
    t0 = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, env=env)
    return (time.perf_counter() - t0) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        sheet = Path(folder) / "latria6.json"
        sheet.write_text(json.dumps(latria_sheet()), encoding="utf-8")
        commands = {
            "python -m scorers (6-player Latria)": [sys.executable, "-m", "scorers", str(sheet)],
            "import pydantic": [sys.executable, "-c", "import pydantic; pydantic.BaseModel"],
        }
        writing = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        for command in commands.values():  # warm the file and the bytecode caches
            run(command, writing)
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, command in commands.items():
                times[name].append(run(command))
    for name, ms in times.items():
        print(f"{name:>36}: median {statistics.median(ms):6.1f} ms "
              f"(min {min(ms):.1f}, max {max(ms):.1f})")
    print(f"load average {os.getloadavg()[0]:.2f}")
    a, b = (statistics.median(ms) for ms in times.values())
    print(f"scorers / import pydantic = {a / b:.2f}× (goal ≤ 2×)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
