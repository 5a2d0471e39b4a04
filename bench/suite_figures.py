"""The test suite's figures, read from the log of a full run: how long the run took, how
much of the tests' time the browser tests took, and how many tests ran again.

Make the log with every test's time in it, then read it:

    PYTEST_ADDOPTS=--durations=0 CI=true bash .ci/run > suite.log 2>&1
    .venv/bin/python bench/suite_figures.py suite.log

The browser tests are those that drive a browser: tests/e2e (Chromium) and tests/site
(WebKit). A test's time is its setup, call and teardown, as pytest reports them. The goals:
the run within 10 minutes on 2 cores, the browser tests at most half of the tests' time,
no test run again. Exits 1 when one is missed.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

BROWSER = ("tests/e2e/", "tests/site/")
WALL_GOAL = 600  # seconds
SHARE_GOAL = 0.5

TIMED = re.compile(r"^([\d.]+)s (?:setup|call|teardown) +(tests/\S+?)::")
SUMMARY = re.compile(r"^=+ (.*) in ([\d.]+)s")
RERUN = re.compile(r"(\d+) rerun")


def figures(log: str) -> dict:
    by_file: Counter[str] = Counter()
    wall, reruns = None, 0
    for line in log.splitlines():
        if timed := TIMED.match(line):
            by_file[timed[2]] += float(timed[1])
        elif summary := SUMMARY.match(line):
            wall = float(summary[2])
            reruns = int(found[1]) if (found := RERUN.search(summary[1])) else 0
    browser = sum(t for f, t in by_file.items() if f.startswith(BROWSER))
    return {"wall": wall, "tests": sum(by_file.values()), "browser": browser,
            "reruns": reruns, "slowest": by_file.most_common(8)}


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not Path(argv[0]).is_file():
        print("usage: bench/suite_figures.py LOG (a full run's log, with --durations=0)")
        return 2
    f = figures(Path(argv[0]).read_text(errors="replace"))
    if f["wall"] is None or not f["tests"]:
        print("The log holds no finished run with every test's time (--durations=0).")
        return 2
    share = f["browser"] / f["tests"]
    print(f"run            {f['wall']:7.0f} s   (goal ≤ {WALL_GOAL} s)")
    print(f"tests' time    {f['tests']:7.0f} s   (both processes)")
    print(f"browser tests  {f['browser']:7.0f} s   {share:.0%} of it (goal ≤ {SHARE_GOAL:.0%})")
    print(f"run again      {f['reruns']:7d}     (goal 0)")
    print("slowest files:")
    for name, seconds in f["slowest"]:
        print(f"  {seconds:6.1f} s  {name}")
    met = f["wall"] <= WALL_GOAL and share <= SHARE_GOAL and f["reruns"] == 0
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
