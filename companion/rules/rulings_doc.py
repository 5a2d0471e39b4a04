"""The readings of docs/RULINGS.md as the Rulings screen shows them: each entry's title,
its **At the table.** line (the reading, in the players' words), the rulebook's words it
rests on, its **Why.** (sentences that speak of the program are left out, an id is
replaced by that ruling's title) and where the app uses it (the game and the screen).

The file is read through companion/rules/rulebooks.py: the repository's docs/, else the copy
bundled with the app.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from companion.catalog import GAMES
from companion.i18n import ENGLISH, catalog, current_language, speaking, t
from companion.rules.rulebooks import RULINGS_FILE, read

ENTRY = re.compile(r"^#### ([A-Z]{1,2}-\d+)\s+(?:—\s+)?(.+)$")
# The scoring rulings are named by their id's letters, each game's own (its catalog record:
# id prefix → what the entries read, "score" or "campaign"); setup (S-) and play (P-) by
# their part's game.
SCORING = {prefix: game.id for game in GAMES.values() for prefix, _ in game.ruling_prefixes}
SCORING_PART = {prefix: part for game in GAMES.values() for prefix, part in game.ruling_prefixes}
# the longest prefixes first: "LC-1" is a campaign entry, not "L" and "C-1"
PREFIXES = sorted({*SCORING, "S", "P"}, key=lambda prefix: (-len(prefix), prefix))
RULING_ID = re.compile(rf"\b(?:{'|'.join(PREFIXES)})-\d+\b")
PROGRAM_WORDS = re.compile(r"`|python|seeds/|\bspec\b|scorer|RULES-GAPS|\.md\b|\.py\b|"
                           r"\bsheet|\bfield\b|\bJSON\b", re.IGNORECASE)
# In a reason, also the app's own workings (its notes, results and helpers).
NOT_FOR_PLAYERS = re.compile(PROGRAM_WORDS.pattern + r"|\bnotes?\b|\bresult's\b|helper",
                             re.IGNORECASE)


def quotes_original(ruling_id: str) -> bool:
    """Whether a game's own ruling quotes a rulebook not written in English (Latoro's,
    in Japanese): its quotes are the original's words, and in Japanese they are shown as
    the rulebook words them, without the English glosses the document adds."""
    game = SCORING.get(ruling_id.split("-")[0])
    return game is not None and GAMES[game].rulebook_language != ENGLISH


@dataclass(frozen=True)
class Entry:
    id: str
    title: str
    game: str  # a game id, or "" for every game
    where: str  # "score", "campaign", "setup" or "play"
    table: str  # the reading at the table
    rulebook: str  # the rulebook's words ("" when the entry quotes none)
    why: str  # "" when the entry gives no reason in players' words


def _game_named(heading: str) -> str:
    with speaking(ENGLISH):  # the document's headings are English
        for game in GAMES.values():
            if heading.strip().lower().startswith(t(game.name).lower()):
                return game.id
    return ""


def _join(lines: list[str]) -> str:
    return " ".join(line.strip() for line in lines if line.strip())


def players_words(text: str, titles: dict[str, str]) -> str:
    """``text`` without the parentheses and sentences that speak of the program; a ruling
    id becomes that ruling's title in quotes."""
    text = re.sub(r"\s*\([^()]*\)", lambda m: "" if NOT_FOR_PLAYERS.search(m.group()) else
                  m.group(), text)
    kept = []
    for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z\"“(])", text):
        clauses = [c for c in sentence.strip().split("; ")
                   if c and not NOT_FOR_PLAYERS.search(c)]
        if clauses:
            kept_text = "; ".join(clauses).rstrip(".") + "."
            kept.append(kept_text[0].upper() + kept_text[1:])
    out = " ".join(kept).replace("*", "")
    return RULING_ID.sub(lambda m: f"“{titles.get(m.group(), m.group())}”", out).strip()


def parse(text: str) -> list[Entry]:
    raw: list[dict] = []
    part = game_heading = ""
    for block in re.split(r"\n\s*\n", text):
        lines = block.strip().split("\n")
        for line in lines:
            if line.startswith("## "):
                part = line[3:].lower()
            elif line.startswith("### "):
                game_heading = line[4:]
        head = ENTRY.match(lines[0])
        if head:
            raw.append({"id": head.group(1), "title": head.group(2).strip(), "part": part,
                        "game": game_heading, "table": "", "quotes": [], "why": ""})
            lines = lines[1:]
        if not raw or not lines or lines[0].startswith("#"):
            continue
        entry = raw[-1]
        if lines[0].startswith("**At the table.**"):
            entry["table"] = _join(lines).removeprefix("**At the table.**").strip()
        elif lines[0].startswith("**Why.**"):
            entry["why"] = _join(lines).removeprefix("**Why.**").strip()
        elif all(line.startswith(">") for line in lines):
            entry["quotes"].append(_join([line[1:] for line in lines]))
    titles = {e["id"]: e["title"] for e in raw}
    out = []
    for e in raw:
        prefix = e["id"].split("-")[0]
        if prefix in SCORING:
            game, where = SCORING[prefix], SCORING_PART[prefix]
        else:
            game, where = _game_named(e["game"]), "setup" if prefix == "S" else "play"
        out.append(Entry(e["id"], e["title"], game, where, e["table"],
                         "\n\n".join(e["quotes"]), players_words(e["why"], titles)))
    return out


@cache
def entries() -> list[Entry]:
    """Every entry of the rulings, in the document's order (read once per process)."""
    return parse(read(RULINGS_FILE))


def said(entry: Entry, part: str, language: str | None = None) -> str:
    """An entry's ``title``, ``table`` line or ``why`` in the reader's language (the
    catalog's translation, ``companion/i18n/<lang>/rulings.json``), else as the document
    has it."""
    text = catalog(language or current_language()).get(f"ruling.{entry.id}.{part}")
    return text if isinstance(text, str) else getattr(entry, part)


def where_label(entry: Entry) -> str:
    """Where the app uses a reading, in the players' words ("Latria · Score")."""
    game = t(GAMES[entry.game].name) if entry.game else t("rules.every_game")
    return t(f"rules.where.{entry.where}", game=game)
