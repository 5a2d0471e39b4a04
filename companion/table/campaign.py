"""A Latria campaign is a series of tables (Latria, Extension Rules 3: as many games as
players). Its standings come from each game's totals through scorers.latria_campaign.

"Each player is the starting parent for one game, in turn": game N's starting parent is
game 1's, one seat on clockwise per game (ruling S-3). Game 1's is the one its play
confirmed on the first tap, or else the seat its setup drew; later games are set up with
it (``setup_options``), so their checklist, their seed card and their Play screen agree.
"""

from __future__ import annotations

from companion.table.record import TableSession
from scorers.base import Result, SheetProblems
from scorers.sheets import score_sheet


def series_id(session: TableSession) -> str:
    return session.campaign_id or session.id


def game_totals(session: TableSession) -> dict[str, int] | None:
    """Each player's VP in one game of the series, or None while its sheet is not valid."""
    if not session.score_sheet:
        return None
    try:
        result = score_sheet(session.score_sheet)
    except SheetProblems:
        return None
    return {p.name: p.total for p in result.players}


def standings(tables: list[TableSession]) -> tuple[Result | None, int]:
    """(the campaign result over the games scored so far, how many games that is)."""
    if not tables:
        return None, 0
    games = [totals for s in tables if (totals := game_totals(s)) is not None]
    if not games:
        return None, 0
    sheet = {"game": "latria_campaign", "players": list(tables[0].players), "games": games}
    try:
        return score_sheet(sheet), len(games)
    except SheetProblems:
        return None, len(games)


def game_number(tables: list[TableSession], session: TableSession) -> int:
    """The game's place in its series, 1 for the first (and for a table not in it)."""
    ids = [s.id for s in tables]
    return ids.index(session.id) + 1 if session.id in ids else 1


def place_in_series(store, session: TableSession) -> tuple[int, int] | None:
    """(which game, of how many) for a table of a Latria campaign; None for any other
    table. A campaign has as many games as players (Extension Rules 3)."""
    if session.variant != "campaign":  # (Latria's: the one game with a campaign)
        return None
    return game_number(store.series(series_id(session)), session), len(session.players)


def first_parent(store, game1: TableSession) -> int | None:
    """Game 1's starting parent as a seat 1…N: the parent its play confirmed, else the
    seat its setup drew (None when it has neither)."""
    for event in store.events(game1.id):
        if event.get("type") == "start":  # its player is a seat (companion/flows)
            seat = event.get("player")
            if (isinstance(seat, int) and not isinstance(seat, bool)
                    and 1 <= seat <= len(game1.players)):
                return seat
            break
    if game1.seed is None:
        return None
    # Imported here: setup_guides builds its models as it is imported, and a start (Home,
    # which places a table in its series) does not need them.
    from setup_guides import SetupError, make_setup

    try:  # game 1's own seed: its draw (game 1 follows no other game)
        return make_setup(game1.game, len(game1.players), game1.variant, game1.seed).first_player
    except SetupError:
        return None


def setup_options(store, session: TableSession) -> dict[str, int]:
    """What a later campaign game is set up with: its number and game 1's starting parent
    (``setup_guides.make_setup``'s ``campaign_game`` and ``first_parent``)."""
    tables = store.series(series_id(session))
    number = game_number(tables, session)
    if number < 2 or number > len(session.players):
        return {}
    options = {"campaign_game": number}
    parent = first_parent(store, tables[0])
    if parent is not None:
        options["first_parent"] = parent
    return options


def can_start_next(tables: list[TableSession]) -> bool:
    """A campaign has as many games as players (Extension Rules 3)."""
    return bool(tables) and len(tables) < len(tables[0].players)
