"""``python -m setup_guides GAME --players N [--variant V] [--seed S] [--json]``.

A readable checklist, or the setup as JSON (../shared/spec/setup-guides.md). Exit status
0 with a setup; 2 with one line on standard error naming what is allowed when the game,
player count, variant or seed is not one the game has. Never a traceback.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import sys
import textwrap
from typing import NoReturn

from scorers.limits import crop, quote
from setup_guides import GAME_NAMES, GAMES, SetupError, draws, make_setup
from setup_guides.base import Setup

PROG = "python -m setup_guides"


class Parser(argparse.ArgumentParser):
    """argparse, but a mistake is one line on standard error and exit status 2."""

    def error(self, message: str) -> NoReturn:
        say(f"{PROG}: {crop(message, 300)} (see --help)")
        self.exit(2)


def say(line: str) -> None:
    """One line on standard error, whatever state it is in (closed, full, ASCII-only)."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        try:
            print(line, file=stream, flush=True)
        except UnicodeEncodeError:
            encoding = getattr(stream, "encoding", None) or "ascii"
            stream.buffer.write((line + "\n").encode(encoding, "backslashreplace"))
            stream.flush()
    except (OSError, ValueError, AttributeError):
        pass


def whole_number(text: str) -> int | None:
    """``"12"`` → 12, ``"-1"`` → -1; anything else (``"1.5"``, ``"x"``, ``"١٢"``) → None."""
    text = text.strip()
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()):
        return None
    try:
        return int(text)
    except ValueError:  # more digits than Python converts
        return None


def emit(text: str) -> None:
    """Print to standard output, in UTF-8 when its own encoding cannot show the text.
    Raises OSError when it cannot be written (closed, full)."""
    if sys.stdout is None:
        raise OSError(errno.EBADF, "standard output is closed")
    try:
        try:
            print(text)
        except UnicodeEncodeError:
            sys.stdout.flush()
            sys.stdout.buffer.write((text + "\n").encode("utf-8"))
        sys.stdout.flush()
    except ValueError as err:  # closed in this process
        raise OSError(errno.EBADF, "standard output is closed") from err


def silence_stdout() -> None:
    """Point standard output at /dev/null, so the flush at exit cannot fail again."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def render_text(setup: Setup) -> str:
    """The checklist: a header, the numbered steps, the draws, the first player."""
    name = GAME_NAMES[setup.game]
    lines = [
        f"{name} — {setup.players} player{'s' if setup.players != 1 else ''}, "
        f"variant {setup.variant}, seed {setup.seed}",
        f"(the same seed gives the same setup: --seed {setup.seed})",
        "",
    ]
    width = len(str(len(setup.steps)))
    indent = " " * (width + 2)
    section = None
    for i, step in enumerate(setup.steps, start=1):
        if step.section and step.section != section:
            section = step.section
            lines.append(f"{section}")
        lines.append(f"{i:>{width}}. {step.title}")
        lines.extend(
            textwrap.wrap(
                step.cited_detail,
                width=88,
                initial_indent=indent,
                subsequent_indent=indent,
                break_on_hyphens=False,
            )
        )
    lines.append("")
    lines.append("Drawn from the seed:")
    rows = draws(setup)
    label_width = max(len(label) for label, _ in rows)
    for label, value in rows:
        lines.append(f"  {label:<{label_width}}  {value}")
    lines.append("")
    lines.append(f"First player: {setup.first_player_text()}")
    lines.append(f"Rulebook: {setup.first_player_rule}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
    except Exception as err:  # pragma: no cover - a bug; still one line, no traceback
        say(f"{PROG}: internal error ({type(err).__name__}: {crop(str(err), 80)})")
        return 1


def _main(argv: list[str] | None) -> int:
    games = ", ".join(GAMES)
    parser = Parser(
        prog=PROG,
        description="A setup checklist for a game, its player count and variant, "
        "with the random parts drawn from a seed.",
    )
    parser.add_argument("game", metavar="GAME", help=f"one of: {games}")
    parser.add_argument("--players", metavar="N", required=True, help="the player count")
    parser.add_argument("--variant", metavar="V", help="the variant (default: standard, or solo1)")
    parser.add_argument("--seed", metavar="S", help="a whole number ≥ 0 (default: a new one)")
    parser.add_argument("--json", action="store_true", help="print the setup as JSON")
    parser.add_argument("--campaign-game", metavar="N",
                        help="Latria campaign: set up game N of the series (its starting "
                        "parent follows game 1's)")
    parser.add_argument("--first-parent", metavar="SEAT",
                        help="Latria campaign, with --campaign-game: game 1's starting parent "
                        "(default: the seat drawn from the seed)")
    args, extra = parser.parse_known_args(argv)
    if extra:  # each value quoted at most 40 characters
        parser.error("unrecognized arguments: " + " ".join(quote(a) for a in extra))

    players = whole_number(args.players)
    if players is None:
        counts = ", ".join(str(n) for n in GAMES.get(args.game, {}))
        allowed = f"; {args.game} has {counts}" if counts else ""
        say(f"{PROG}: --players must be a whole number, not {quote(args.players)}{allowed}")
        return 2
    seed = None
    if args.seed is not None:
        seed = whole_number(args.seed)
        if seed is None:
            say(f"{PROG}: --seed must be a whole number ≥ 0, not {quote(args.seed)}")
            return 2
    campaign: dict[str, int] = {}
    for flag, key, text in (("--campaign-game", "campaign_game", args.campaign_game),
                            ("--first-parent", "first_parent", args.first_parent)):
        if text is not None:
            number = whole_number(text)
            if number is None:
                say(f"{PROG}: {flag} must be a whole number, not {quote(text)}")
                return 2
            campaign[key] = number
    try:
        setup = make_setup(args.game, players, args.variant, seed, **campaign)
    except SetupError as err:
        say(f"{PROG}: {err}")
        return 2
    text = (
        json.dumps(setup.to_json_dict(), ensure_ascii=False, indent=2)
        if args.json
        else render_text(setup)
    )
    try:
        emit(text)
    except BrokenPipeError:  # e.g. piped into `head`: not an error worth a message
        silence_stdout()
    except OSError as err:  # a full disk, a closed standard output
        silence_stdout()
        say(f"{PROG}: cannot write the setup ({err.strerror or err})")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
