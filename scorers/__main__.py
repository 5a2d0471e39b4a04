"""``python -m scorers SHEET.json [--json | --bgstats]`` — score a sheet
(docs/score-sheets.md). ``--bgstats`` (an extension, docs/bgstats.md) prints BG
Stats' "push a play" link for the result instead, on one line.

Exit status 0 with a result, 2 when the sheet is invalid (one line per problem on
standard error), never a traceback. Also 2, with one line, when the sheet cannot be read
(a missing file, a closed standard input, more than 5 MB, not UTF-8, nested too deep:
``scorers/limits.py``) or the result cannot be written (a full disk, a closed standard
output); a reader that goes away early (``| head``) is not an error.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sys
import unicodedata
from collections.abc import Callable
from datetime import datetime

from scorers.base import Result, SheetProblems
from scorers.command_line import Parser, tell
from scorers.limits import MAX_SHEET_BYTES, SheetTextError, crop, load_sheet_text, quote
from scorers.messages import ENGLISH, LANGUAGES, Msg, render
from scorers.sheets import score_sheet


def display_width(text: str) -> int:
    """Columns a terminal gives ``text``: wide (e.g. Japanese) characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, width: int) -> str:
    return text + " " * max(0, width - display_width(text))


def rpad(text: str, width: int) -> str:
    return " " * max(0, width - display_width(text)) + text


def render_table(result: Result, language: str = ENGLISH) -> str:
    """A readable table: ranks and totals, then each player's breakdown, then the notes,
    in ``language`` (the names and numbers are the sheet's)."""
    def say_(key: str, **params: object) -> str:
        return render(Msg(key, **params), language)

    lines = []
    rank, player, total = (say_("scorers.cli.rank"), say_("scorers.cli.player"),
                           say_("scorers.cli.total"))
    width = max([display_width(p.name) for p in result.players] + [6])
    rank_width = max(5, display_width(rank))
    lines.append(f"{pad(rank, rank_width)} {pad(player, width)} {rpad(total, 6)}")
    for p in sorted(result.players, key=lambda p: p.rank):
        lines.append(f"{pad(str(p.rank), rank_width)} {pad(p.name, width)} {p.total:>6}")
    for p in result.players:
        lines.append("")
        lines.append(f"{p.name}: {p.total}")
        for line in p.breakdown:
            lines.append(f"  {line.points:>+5}  {render(line.label, language)}")
    lines.append("")
    if not result.winners:
        lines.append(say_("scorers.cli.no_winner"))
    else:
        lines.append(say_("scorers.cli.winners", count=len(result.winners),
                          names=", ".join(result.winners)))
    for note in result.note_details:
        lines.append(say_("scorers.cli.note", note=note.render(language)))
    return "\n".join(lines)


PROG = "python -m scorers"


def read_sheet(name: str) -> bytes:
    """The sheet's bytes from a file or, for "-", standard input; at most one byte past
    the 5 MB limit is read, so a huge input is refused without reading it all."""
    if name == "-":
        stream = getattr(sys.stdin, "buffer", sys.stdin)
        if stream is None:
            raise OSError(errno.EBADF, "standard input is closed")
        try:
            data = stream.read(MAX_SHEET_BYTES + 1)
        except ValueError:  # the stream was closed in this process
            raise OSError(errno.EBADF, "standard input is closed") from None
        return data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data
    with open(name, "rb") as f:
        return f.read(MAX_SHEET_BYTES + 1)


def write_result(text: str, json_text: Callable[[], str] | None) -> str | None:
    """Print the result; None when it was written (or its reader went away), else why
    not. An output that cannot show the text gets JSON's \\u escapes (``--json``) or
    UTF-8 (the table), never an encoding error."""
    stream = sys.stdout
    if stream is None:
        return "standard output is closed"
    try:
        try:
            stream.write(text + "\n")
        except UnicodeEncodeError:
            if json_text is not None:
                stream.write(json_text() + "\n")  # ASCII-only JSON, the same value
            else:
                stream.flush()
                stream.buffer.write((text + "\n").encode("utf-8", "backslashreplace"))
        stream.flush()
    except BrokenPipeError:
        # The reader (e.g. `| head`) went away: not an error worth a message.
        _silence_stdout()
    except (OSError, ValueError) as err:  # a full disk, a closed descriptor
        _silence_stdout()
        return getattr(err, "strerror", None) or str(err) or type(err).__name__
    return None


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so the flush at exit cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
    except Exception as err:  # pragma: no cover - a bug; still one line, no traceback
        tell(f"{PROG}: internal error ({type(err).__name__}: {crop(str(err), 80)})")
        return 1


def _main(argv: list[str] | None) -> int:
    parser = Parser(
        prog=PROG, description="Score a finished game from its score sheet (JSON)."
    )
    parser.add_argument("sheet", help="the score sheet, a JSON file, or - for standard input")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the result as JSON")
    output.add_argument("--bgstats", action="store_true",
                        help="print the link that sends the result to BG Stats (one line)")
    parser.add_argument("--lang", default=ENGLISH, metavar="LANG",
                        help=f"the language of the sentences: {', '.join(LANGUAGES)} "
                        "(default en)")
    args, extra = parser.parse_known_args(argv)
    if extra:  # each value quoted at most 40 characters
        parser.error("unrecognized arguments: " + " ".join(quote(a) for a in extra))
    if args.lang not in LANGUAGES:
        parser.error(f"--lang {quote(args.lang)} is not a language here; one of: "
                     f"{', '.join(LANGUAGES)}")
    lang = args.lang
    shown = crop(args.sheet, 200)  # a file name, not a value: cropped only when absurd

    try:
        raw = read_sheet(args.sheet)
    except OSError as err:
        tell(render(Msg("scorers.cli.cannot_read", sheet=shown,
                       reason=str(err.strerror or err)), lang))
        return 2
    if len(raw) > MAX_SHEET_BYTES:  # refused before parsing (and before reading it all)
        size = None
        if args.sheet != "-":
            with contextlib.suppress(OSError):
                size = os.stat(args.sheet).st_size
        tell(f"{shown}: {render(SheetTextError('too_big', size=size).message, lang)}")
        return 2
    try:
        data = load_sheet_text(raw)
    except SheetTextError as err:
        tell(f"{shown}: {render(err.message, lang)}")
        return 2
    try:
        result = score_sheet(data)
    except SheetProblems as err:
        for problem in err.problems:
            tell(problem.render(lang))
        return 2
    if args.bgstats:
        # Imported only here: the command's start-up stays that of scoring.
        from scorers import bgstats

        # The command line knows neither when play began nor who started: the play is
        # dated now (local time), with no duration and no start player.
        problem = write_result(bgstats.play_link(
            result, when=datetime.now().astimezone(), variant=bgstats.sheet_variant(data),
            language=lang), None)
    elif args.json:
        out = result.to_json_dict(lang)
        text = json.dumps(out, ensure_ascii=False, indent=2)
        problem = write_result(text, lambda: json.dumps(out, ensure_ascii=True, indent=2))
    else:
        problem = write_result(render_table(result, lang), None)
    if problem:
        tell(render(Msg("scorers.cli.cannot_write", prog=PROG, reason=problem), lang))
        return 2
    return 0


if __name__ == "__main__":
    # pydantic's documented switch (pydantic docs, "Pydantic Plugins", disabling them;
    # read in pydantic/plugin/_loader.py): no scan of every installed package's entry
    # points for plugins, which this command has none of. Set only in the command's own
    # process, never by the library; a value the user set wins. (It starts sooner.)
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    sys.exit(main())
