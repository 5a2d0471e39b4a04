"""``python -m setup_guides GAME --players N [--variant V] [--seed S] [--json] [--lang L]``.

A readable checklist, or the setup as JSON (docs/setup-guides.md). Exit status
0 with a setup; 2 with one line on standard error naming what is allowed when the game,
player count, variant, seed or language is not one the game has. Never a traceback.
``--lang ja`` prints the checklist, the JSON's texts and the messages in Japanese (the
numbers, keys and results are the same in every language); English by default.
"""

from __future__ import annotations

import errno
import json
import os
import sys
import textwrap
import unicodedata

from scorers.command_line import Parser, tell
from scorers.limits import crop, quote
from scorers.messages import ENGLISH, LANGUAGES, Msg, render
from setup_guides import GAME_NAMES, SETUP_VARIANTS, SetupError, draws, make_setup
from setup_guides.base import Setup

PROG = "python -m setup_guides"


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


# Columns per line of a step's detail.
WRAP_WIDTH = 88
# Japanese: no line starts with these (kinsoku), they stay at the end of the line before.
NO_LINE_START = set("、。，．・：；？！）」』】〕）ー～…ぁぃぅぇぉっゃゅょァィゥェォッャュョ")


def columns(char: str) -> int:
    return 2 if unicodedata.east_asian_width(char) in "WF" else 1


def text_columns(text: str) -> int:
    """How wide ``text`` is on a terminal (a Japanese character takes two columns)."""
    return sum(columns(char) for char in text)


def wrap(text: str, language: str, indent: str) -> list[str]:
    """``text`` in lines of at most ``WRAP_WIDTH`` columns after ``indent``: at spaces in
    English; in Japanese anywhere, but never a punctuation mark at the start of a line."""
    if language == ENGLISH:
        return textwrap.wrap(text, width=WRAP_WIDTH, initial_indent=indent,
                             subsequent_indent=indent, break_on_hyphens=False)
    lines: list[str] = []
    line, used = "", len(indent)
    for char in text:
        if used + columns(char) > WRAP_WIDTH and line and char not in NO_LINE_START:
            lines.append(indent + line.rstrip())
            line, used = "", len(indent)
            if char == " ":
                continue
        line += char
        used += columns(char)
    if line.strip():
        lines.append(indent + line.rstrip())
    return lines


def render_text(setup: Setup, language: str = ENGLISH) -> str:
    """The checklist: a header, the numbered steps, the draws, the first player."""

    def say_in(text: object) -> str:
        return render(text, language)

    lines = [
        say_in(Msg("setup.cli.header", name=GAME_NAMES[setup.game], count=setup.players,
                   variant=setup.variant, seed=setup.seed)),
        say_in(Msg("setup.cli.same_seed", seed=setup.seed)),
        "",
    ]
    width = len(str(len(setup.steps)))
    indent = " " * (width + 2)
    section = None
    for i, step in enumerate(setup.steps, start=1):
        if step.section and step.section != section:
            section = step.section
            lines.append(say_in(section))
        lines.append(f"{i:>{width}}. {say_in(step.title)}")
        lines.extend(wrap(step.cited(language), language, indent))
    lines.append("")
    lines.append(say_in(Msg("setup.cli.drawn")))
    rows = [(say_in(label), say_in(value)) for label, value in draws(setup)]
    label_width = max(text_columns(label) for label, _ in rows)
    for label, value in rows:
        pad = " " * (label_width - text_columns(label))
        lines.append(f"  {label}{pad}  {value}")
    lines.append("")
    lines.append(say_in(Msg("setup.cli.first_player", who=setup.first_player_text())))
    lines.append(say_in(Msg("setup.cli.rulebook", rule=setup.first_player_rule)))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
    except Exception as err:  # pragma: no cover - a bug; still one line, no traceback
        tell(f"{PROG}: internal error ({type(err).__name__}: {crop(str(err), 80)})")
        return 1


def _main(argv: list[str] | None) -> int:
    games = ", ".join(SETUP_VARIANTS)
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
    parser.add_argument("--lang", metavar="L", default=ENGLISH,
                        help=f"the language of the checklist: {', '.join(LANGUAGES)} "
                        "(default: en)")
    parser.add_argument("--campaign-game", metavar="N",
                        help="Latria campaign: set up game N of the series (its starting "
                        "parent follows game 1's)")
    parser.add_argument("--first-parent", metavar="SEAT",
                        help="Latria campaign, with --campaign-game: game 1's starting parent "
                        "(default: the seat drawn from the seed)")
    args, extra = parser.parse_known_args(argv)
    if extra:  # each value quoted at most 40 characters
        parser.error("unrecognized arguments: " + " ".join(quote(a) for a in extra))

    language = args.lang
    if language not in LANGUAGES:
        tell(f"{PROG}: " + Msg("setup.cli.error.lang", languages=", ".join(LANGUAGES),
                               value=quote(language)))
        return 2

    def fail(message: Msg) -> int:
        tell(f"{PROG}: {render(message, language)}")
        return 2

    players = whole_number(args.players)
    if players is None:
        counts = ", ".join(str(n) for n in SETUP_VARIANTS.get(args.game, {}))
        if counts:
            return fail(Msg("setup.cli.error.players_allowed", value=quote(args.players),
                            game=args.game, counts=counts))
        return fail(Msg("setup.cli.error.players", value=quote(args.players)))
    seed = None
    if args.seed is not None:
        seed = whole_number(args.seed)
        if seed is None:
            return fail(Msg("setup.cli.error.seed", value=quote(args.seed)))
    campaign: dict[str, int] = {}
    for flag, key, text in (("--campaign-game", "campaign_game", args.campaign_game),
                            ("--first-parent", "first_parent", args.first_parent)):
        if text is not None:
            number = whole_number(text)
            if number is None:
                return fail(Msg("setup.cli.error.number", flag=flag, value=quote(text)))
            campaign[key] = number
    try:
        setup = make_setup(args.game, players, args.variant, seed, **campaign)
    except SetupError as err:
        tell(f"{PROG}: {err.text(language)}")
        return 2
    text = (
        json.dumps(setup.to_json_dict(language), ensure_ascii=False, indent=2)
        if args.json
        else render_text(setup, language)
    )
    try:
        emit(text)
    except BrokenPipeError:  # e.g. piped into `head`: not an error worth a message
        silence_stdout()
    except OSError as err:  # a full disk, a closed standard output
        silence_stdout()
        return fail(Msg("setup.cli.error.write", reason=str(err.strerror or err)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
