"""``python -m scorers SHEET.json [--json]`` — score a sheet (../shared/spec/score-sheets.md).

Exit status 0 with a result, 2 when the sheet is invalid (one line per problem on
standard error), never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import unicodedata

from scorers.base import Result, SheetProblems
from scorers.sheets import score_sheet


def display_width(text: str) -> int:
    """Columns a terminal gives ``text``: wide (e.g. Japanese) characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, width: int) -> str:
    return text + " " * max(0, width - display_width(text))


def render_table(result: Result) -> str:
    """A readable table: ranks and totals, then each player's breakdown, then the notes."""
    lines = []
    width = max([display_width(p.name) for p in result.players] + [6])
    lines.append(f"{'Rank':<5} {pad('Player', width)} {'Total':>6}")
    for p in sorted(result.players, key=lambda p: p.rank):
        lines.append(f"{p.rank:<5} {pad(p.name, width)} {p.total:>6}")
    for p in result.players:
        lines.append("")
        lines.append(f"{p.name}: {p.total}")
        for line in p.breakdown:
            lines.append(f"  {line.points:>+5}  {line.label}")
    lines.append("")
    winners = ", ".join(result.winners) if result.winners else "none"
    lines.append(f"Winner{'s' if len(result.winners) > 1 else ''}: {winners}")
    for note in result.notes:
        lines.append(f"Note: {note}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m scorers", description="Score a finished game from its score sheet (JSON)."
    )
    parser.add_argument("sheet", help="the score sheet, a JSON file, or - for standard input")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)

    try:
        if args.sheet == "-":
            text = sys.stdin.read()
        else:
            with open(args.sheet, encoding="utf-8") as f:
                text = f.read()
    except OSError as err:
        print(f"{args.sheet}: cannot read the sheet ({err.strerror})", file=sys.stderr)
        return 2
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        print(f"{args.sheet}: not valid JSON (line {err.lineno}, column {err.colno}: {err.msg})",
              file=sys.stderr)
        return 2
    try:
        result = score_sheet(data)
    except SheetProblems as err:
        for problem in err.problems:
            print(problem, file=sys.stderr)
        return 2
    try:
        if args.json:
            print(json.dumps(result.to_json_dict(), ensure_ascii=False, indent=2))
        else:
            print(render_table(result))
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader (e.g. `| head`) went away: not an error worth a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


if __name__ == "__main__":
    sys.exit(main())
