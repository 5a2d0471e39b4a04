"""History: the finished plays, newest first, filtered by game and by player; each play's
game, variant, date, corrections, winners and players with their totals in words, the
Results it opens; and the plays listed as a spreadsheet file (CSV).

The plays, the players met and the CSV are companion/table/history.py's; this model words
them as the screen shows them. A finished table with nothing entered is scored on the
empty score form its view hands in (``empty_sheet``: the forms draw with flet, and this
layer draws nothing). Dates are on the phone's clock, as Home's are (``wording.when``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from companion.catalog import GAMES
from companion.i18n import listed, local_time, t
from companion.i18n import name as player_name
from companion.screens.wording import game_title, when
from companion.table import history
from companion.table.history import EmptySheet
from companion.table.plays import PlayRecord, player_key
from companion.table.record import TableSession
from companion.table.result_text import total_words, winners_line


class Reads(Protocol):
    def history(self, game: str | None = None,
                player: str | None = None) -> list[TableSession]: ...

    def box_values(self, game: str) -> dict: ...


@dataclass(frozen=True)
class Choice:
    """A filter chip: its words, its name for screen readers, whether it is the filter
    applied, and what a tap filters by (``value``: a game id or a player's name; None:
    every game, everyone)."""

    label: str
    spoken: str
    chosen: bool
    value: str | None


@dataclass(frozen=True)
class PlayerLine:
    """A player of a play as History lists them: their name, their total in words (the
    points, or Altar's "Realm complete"), and whether they won."""

    name: str
    total: str
    winner: bool


@dataclass(frozen=True)
class PastPlay:
    """One finished play: its card, what a tap on it opens (``results``), and the finished
    table that Rematch and Same seats under it start from (``session``)."""

    session: TableSession
    title: str  # the game's name with its other name beside it
    variant_and_date: str  # "Standard · Finished today at 14:05"
    corrected: str | None  # when its sheet was corrected after the finish
    winners: str  # "Ann wins", "Ann and Ben share the win", "No winner"
    players: tuple[PlayerLine, ...]  # ranked as Results rank them
    spoken: str  # what a screen reader calls the card: "Open the results: Latria, ..."
    results: str  # the route of its Results

    @classmethod
    def of(cls, record: PlayRecord, session: TableSession) -> PastPlay:
        game = GAMES[record.game]
        date = t("home.finished_at", when=when(record.finished_at))
        scored = {p.name: p for p in record.result.players}
        # a shared rank by total, higher first, as Results list it (result_text.ranking)
        ranked = sorted(record.players, key=lambda p: (p.rank, -p.total, p.seat))
        return cls(
            session=session,
            title=game_title(game),
            variant_and_date=f"{t(game.variant(record.variant).label)} · {date}",
            corrected=(None if record.corrected_at is None
                       else t("history.corrected", when=when(record.corrected_at))),
            winners=winners_line(record.winners),
            players=tuple(PlayerLine(player_name(p.name),
                                     total_words("results.total_value", record.result,
                                                 scored[p.name]),
                                     p.winner) for p in ranked),
            spoken=t("history.open", game=t(game.name), when=when(record.finished_at),
                     players=listed(player_name(p.name) for p in record.players)),
            results=f"/table/{record.table_id}/results")


@dataclass(frozen=True)
class PastPlays:
    """What History shows for the filters asked for. A filter that no longer matches a
    play (the last play of that game or with that player was reopened or deleted) is
    dropped: ``game`` and ``player`` are the filters applied."""

    game: str | None
    player: str | None
    any_play: bool  # some table is finished: the filters are shown
    games: tuple[Choice, ...]  # "All games", then the games played, in the catalog's order
    players: tuple[Choice, ...]  # "Everyone", then each player met, most plays first
    plays: tuple[PastPlay, ...]  # newest first
    records: tuple[PlayRecord, ...]  # the plays listed, for the spreadsheet file
    empty: str | None  # the line shown instead of plays: none finished, or none matching

    @classmethod
    def open(cls, reads: Reads, empty_sheet: EmptySheet, game: str | None = None,
             player: str | None = None) -> PastPlays:
        every = reads.history()
        played = [g for g in GAMES if any(s.game == g for s in every)]
        met = history.players_met(every)
        if game not in played:
            game = None
        if player is not None and player_key(player) not in {player_key(n) for n in met}:
            player = None
        sessions = reads.history(game, player)
        by_id = {s.id: s for s in sessions}
        records = tuple(r for s in sessions
                        if (r := history.finished_record(reads, s, empty_sheet)))
        games = (Choice(t("history.all_games"), t("history.show_all_games"), game is None,
                        None),
                 *(Choice(t(GAMES[g].name), t("history.pick_game", game=t(GAMES[g].name)),
                          game == g, g) for g in played))
        players = (Choice(t("history.everyone"), t("history.show_everyone"), player is None,
                          None),
                   *(Choice(player_name(n), t("history.pick_player", name=n),
                            player is not None and player_key(player) == player_key(n), n)
                     for n in met))
        if not every:
            empty = t("history.empty")
        elif not records:
            empty = t("history.none_match")
        else:
            empty = None
        return cls(game, player, bool(every), games, players,
                   tuple(PastPlay.of(r, by_id[r.table_id]) for r in records), records,
                   empty)

    def spreadsheet(self) -> tuple[str, bytes]:
        """The plays listed as a spreadsheet file: its name, dated today on the phone's
        clock, and its bytes (one row per player per play: table/history.py)."""
        return (f"plays-{local_time.now():%Y-%m-%d}.csv", history.csv_bytes(self.records))
