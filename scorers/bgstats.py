"""BG Stats' "push a play" link: a scored result as the play BG Stats imports.

The format is BG Stats' own (https://www.bgstatsapp.com/support/push-plays-to-bg-stats-
from-other-apps-or-websites/): ``https://app.bgstatsapp.com/createPlay.html?data=`` and
the play as URL-encoded JSON; described in docs/bgstats.md. Pure: no flet, no clock of its
own (the caller says when the play was), so the app and ``python -m scorers SHEET.json
--bgstats`` give the same link for the same play.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime, tzinfo
from typing import Any
from urllib.parse import quote

from scorers.base import Result
from scorers.boxes import GAME_IDS, box
from scorers.messages import ENGLISH, Msg, Text, render
from scorers.ties import tie_notes

LINK = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE = "table-companion"
SOURCE_NAME = "Table Companion"

# The game as BG Stats matches it: its box name (English, as BoardGameGeek lists it) and a
# stable id of ours, the same on every phone. A campaign or a round is played with the
# game's box, so it is sent as that game (what it is goes into the comments).
SHEET_GAMES = {sheet: (game, box(game).NAME) for game in GAME_IDS for sheet in box(game).SHEETS}
# Altar's total is progress toward a complete Realm, not points (score-sheets.md, Altar).
NO_POINTS = frozenset(sheet for sheet, (game, _) in SHEET_GAMES.items() if not box(game).POINTS)
# What a sheet that is not one whole game is, said in the comments.
KINDS = {"latria_campaign": Msg("scorers.bgstats.kind.latria_campaign"),
         "luna_round": Msg("scorers.bgstats.kind.luna_round")}
# A sheet's own variant (Latria's "variant"), said in the comments; the standard game is
# not mentioned.
SHEET_VARIANTS = {"simple": Msg("scorers.bgstats.variant.simple"),
                  "star_eclipse": Msg("scorers.bgstats.variant.star_eclipse")}


def source_player_id(name: str) -> str:
    """A player's id for BG Stats, the same for the same name on every phone and table:
    names are compared as the scorers compare them (``name_issues``: case and surrounding
    spaces do not matter, "Ann" and " ann" are one player)."""
    key = name.strip().casefold()
    return f"{SOURCE}:player:{hashlib.sha256(key.encode('utf-8')).hexdigest()[:16]}"


def sheet_variant(sheet: Any) -> Msg | None:
    """The variant a sheet itself names, in words; None for the standard game."""
    variant = sheet.get("variant") if isinstance(sheet, dict) else None
    return SHEET_VARIANTS.get(variant) if isinstance(variant, str) else None


def duration_minutes(first: datetime | None, last: datetime | None) -> int | None:
    """Whole minutes (rounded) from the first to the last play event; None when not
    known: no events, or less than a minute between them (one tap is no length)."""
    if first is None or last is None:
        return None
    minutes = round((last - first).total_seconds() / 60)
    return minutes if minutes >= 1 else None


def play(result: Result, *, when: datetime, variant: Text | None = None,
         start_player: str | None = None, duration_min: int | None = None,
         play_id: str | None = None, language: str = ENGLISH,
         zone: tzinfo | None = None) -> dict[str, Any]:
    """The play BG Stats imports. ``when``: when the play was (sent in local time: on
    ``zone``'s clock, the phone's, else this computer's);
    ``variant``: the table's variant in words (None: the standard game);
    ``start_player``: who started, where play recorded it; ``play_id``: the table's id."""
    game_id, game_name = SHEET_GAMES[result.game]
    no_points = result.game in NO_POINTS
    players = []
    for player in result.players:
        entry: dict[str, Any] = {"name": player.name}
        if not no_points:
            entry["score"] = player.total
        entry["rank"] = player.rank
        entry["winner"] = player.name in result.winners
        if start_player is not None:
            entry["startPlayer"] = player.name == start_player
        entry["sourcePlayerId"] = source_player_id(player.name)
        players.append(entry)
    out: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "game": {"name": game_name, "highestWins": True, "noPoints": no_points,
                 "sourceGameId": f"{SOURCE}:{game_id}"},
        "playDate": when.astimezone(zone).strftime("%Y-%m-%d %H:%M:%S"),
        "players": players,
    }
    if duration_min is not None:
        out["durationMin"] = duration_min
    if play_id is not None:
        out["sourcePlayId"] = f"{SOURCE}:{play_id}"
    comments = comment_lines(result, variant, language)
    if comments:
        out["comments"] = "\n".join(comments)
    return out


def comment_lines(result: Result, variant: Text | None, language: str) -> list[str]:
    """What the play was (a campaign, a round, a variant), then why ties went as they
    did: the sentences without ruling ids (BG Stats shows them to the players)."""
    lines: list[Text] = []
    if result.game in KINDS:
        lines.append(KINDS[result.game])
    if variant:
        lines.append(Msg("scorers.bgstats.variant", variant=variant))
    lines += [note.text for note in tie_notes(result)]
    return [render(line, language) for line in lines]


def link(data: dict[str, Any]) -> str:
    """The link that opens BG Stats' import dialog with ``data``."""
    return LINK + quote(json.dumps(data, ensure_ascii=False, separators=(",", ":")), safe="")


def play_link(result: Result, **details: Any) -> str:
    """``link(play(result, **details))``."""
    return link(play(result, **details))
