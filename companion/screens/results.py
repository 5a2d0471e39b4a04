"""Results in plain Python: the sheet scored (as the Score screen shows it, with the
table's own readings), the winners, the ranking and which places a tie-break decided, the
reason for each tie and the other notes, every player's breakdown, the text and the
link the result is taken elsewhere with, a Latria campaign's standings and its next game,
and Altar's winner by an ability. The Results screen (companion/ui/views/results.py) draws
it; tests/screens/ test it in-process.

Opening the results finishes the table: the game is over, and the table leaves Home's
"Tables in progress" for History (it still opens the same way, to check or correct the
scores; a change to its sheet from now on is dated, Store ``corrected_at``).

Altar: where the rulebook leaves the winner to the gods' and followers' abilities (the
game ended by the Shrine tiles or the deck, or a tie; ruling AL-3), the table can record
who won by such an ability; it is saved in the score sheet (``ability_winner``,
``ability``) as a field-level change, so the Score screen and the command line give the
same result. Which games allow it is a fact of their catalog record (``ability_wins``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from companion.catalog import GAMES
from companion.i18n import current_language, listed, local_time, say, t, t_for
from companion.i18n import name as player_name
from companion.screens import rematch
from companion.screens.answers import Told, told
from companion.screens.rematch import Opened
from companion.screens.score import EmptySheet, problem_text, shown_sheet
from companion.screens.wording import game_title
from companion.sheet_changes import REMOVE
from companion.table import campaign, result_text
from companion.table.record import TableSession
from companion.table.result_text import ranking, tie_broken, total_words, winners_line
from scorers import altar, bgstats
from scorers.base import Note, Result, SheetProblems
from scorers.sheets import score_sheet, validated
from scorers.ties import tie_notes


class Reads(Protocol):
    def get_table(self, table_id: str) -> TableSession | None: ...
    def box_values(self, game: str) -> dict[str, Any]: ...
    def series(self, series_id: str) -> list[TableSession]: ...
    def events(self, table_id: str) -> list[dict]: ...
    def event_times(self, table_id: str) -> tuple[datetime, datetime] | None: ...


class Changes(rematch.Changes, Protocol):
    def finish(self, table_id: str) -> Any: ...
    def change_sheet(self, table_id: str, changes: list, base: dict | None = None) -> Any: ...


@dataclass(frozen=True)
class Row:
    """A line of the ranking: the place ("1."), the name, the total in words (points,
    Altar's progress or "Realm complete"), and whether a tie-break decided the place
    (the reason follows the ranking)."""

    place: str
    name: str
    total: str
    tie_broken: bool = False


@dataclass(frozen=True)
class Breakdown:
    """One player's card: their total in a sentence ("Ann: 17 points") and each line of
    the breakdown, its label and its points in words."""

    total: str
    lines: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Share:
    """The result taken elsewhere: the text Share and Copy carry, the share sheet's
    subject, and the BG Stats link (a play as BG Stats imports it)."""

    text: str
    subject: str
    link: str


@dataclass(frozen=True)
class Choice:
    """A chip of Altar's "won by an ability": the winner it records (None: nobody), its
    words, what a screen reader hears, and whether it is the one recorded."""

    value: str | None
    text: str
    spoken: str
    picked: bool


@dataclass(frozen=True)
class Ability:
    """Altar, where the rulebook defers to the gods' and followers' abilities: the god or
    follower recorded (``which``, at most ``max_length`` characters) and the chips, one
    for nobody and one per player."""

    which: str
    max_length: int
    choices: tuple[Choice, ...]


@dataclass(frozen=True)
class Standing:
    """A line of a campaign's standings: place, name, each game's points ("+3, −1"), the
    total over the games scored."""

    place: str
    name: str
    per_game: str
    total: str


@dataclass(frozen=True)
class Standings:
    """A Latria campaign after this game: the heading (after how many games, of how
    many), the standings and their notes, and the next game's button (``next_label``;
    None: the series is complete)."""

    session: TableSession
    series_id: str
    heading: str
    rows: tuple[Standing, ...] = ()
    notes: tuple[Note, ...] = ()
    next_label: str | None = None

    def next_game(self, engine: rematch.Changes) -> Opened:
        """The series' next game: a new table of its series (screens/rematch.py)."""
        return rematch.next_game(engine, self.session, self.series_id)


@dataclass(frozen=True)
class Results:
    """Table ``table_id``'s Results as opened. ``session`` None: no table (deleted) or no
    score form for its game; ``empty`` says which, in the players' words. ``result``
    None: the sheet does not score; ``problems`` say why, in the players' words.
    ``sheet`` is the sheet scored (the table's readings in it; the empty form when
    nothing was entered): the base of a change made here. ``ties`` are the reasons ties
    went as they did (under the ranking), ``others`` the other notes (under "Why")."""

    table_id: str
    title: str
    session: TableSession | None = None
    sheet: dict | None = None
    result: Result | None = None
    problems: tuple[str, ...] = ()
    winners: str = ""
    ranking: tuple[Row, ...] = ()
    ties: tuple[Note, ...] = ()
    others: tuple[Note, ...] = ()
    breakdowns_heading: str = ""
    breakdowns: tuple[Breakdown, ...] = ()
    share: Share | None = None
    ability: Ability | None = None
    campaign: Standings | None = None
    empty: str = ""

    @classmethod
    def open(cls, reads: Reads, engine: Changes, table_id: str,
             empty_sheet: EmptySheet) -> Results:
        """The results as saved; a table scored here for the first time is finished
        (deleted on another phone, or a store that can only be read: left so)."""
        session = reads.get_table(table_id)
        if session is None:
            return cls(table_id, t("app.title"), empty=t("table.not_found"))
        game = GAMES.get(session.game)
        sheet = (shown_sheet(empty_sheet, session, reads.box_values(session.game))
                 if game is not None and game.score_form else None)
        if sheet is None:
            return cls(table_id, t("app.title"), empty=t("results.no_sheet"))
        session = session.model_copy(update={"score_sheet": sheet})
        try:
            result = score_sheet(sheet)
        except SheetProblems as err:
            return cls(table_id, t("results.title"), session, sheet,
                       problems=tuple(saved_problem_text(p, sheet) for p in err.problems))
        if session.status != "finished":
            engine.finish(session.id)
        ties = tuple(tie_notes(result))
        return cls(
            table_id, t("results.title_game", game=game_title(game)), session, sheet, result,
            winners=winners_line(result.winners),
            ranking=ranking_rows(result),
            ties=ties,
            others=tuple(note for note in result.note_details if note not in ties),
            breakdowns_heading=t_for(session.game, "results.breakdowns"),
            breakdowns=tuple(breakdown(session.game, result, player)
                             for player in result.players),
            share=share(reads, session, result),
            ability=ability(session.game, sheet) if game.ability_wins else None,
            campaign=standings(reads, session) if session.variant == "campaign" else None,
        )

    def record_ability(self, engine: Changes, winner: str | None, which: str | None) -> Told:
        """Altar: ``winner`` won by the god's or follower's ability ``which`` (None, or
        blank: not named); ``winner`` None takes it back. Stale: the sheet was replaced
        or the table deleted on another phone; refused: the saved tables can only be
        read."""
        what = (which or "").strip()
        changes = [(("ability_winner",), REMOVE if winner is None else winner),
                   (("ability",), REMOVE if winner is None or not what else what)]
        return told(engine.change_sheet(self.table_id, changes, base=self.sheet))


def ranking_rows(result: Result) -> tuple[Row, ...]:
    broken = tie_broken(result)
    return tuple(Row(t("results.place", rank=player.rank), player_name(player.name),
                     total_words("results.total_value", result, player),
                     player.name in broken)
                 for player in ranking(result))


def breakdown(game: str, result: Result, player) -> Breakdown:
    return Breakdown(total_words("score.total", result, player, name=player.name),
                     tuple((say(line.label), t_for(game, "results.line_value",
                                                   points=line.points))
                           for line in player.breakdown))


def saved_problem_text(problem, sheet: Any) -> str:
    """A sheet problem in the players' words: whose entry it is (or every player's), and
    what is wrong, as the Score screen says it."""
    players = sheet.get("players") if isinstance(sheet, dict) else None  # any saved sheet
    names = [p["name"] if isinstance(p, dict) and isinstance(p.get("name"), str) else ""
             for p in (players if isinstance(players, list) else [])]
    return problem_text(problem, names)


def share(reads: Reads, session: TableSession, result: Result) -> Share:
    """The text and the link are made with the screen, from what the table knows now:
    the phone acts on them inside the tap itself (views/results_share.py)."""
    times = reads.event_times(session.id)
    text = result_text.summary(session.game, session.variant, result,
                               result_text.played_at(session.created_at, times))
    return Share(text, t("share.subject", game=t(GAMES[session.game].name)),
                 bgstats_link(reads, session, result, times))


def bgstats_link(reads: Reads, session: TableSession, result: Result,
                 times: tuple[datetime, datetime] | None) -> str:
    """The play as BG Stats imports it: dated by its first tap of Play, its length from
    the first to the last tap (``times``, Store.event_times), and who started where Play
    recorded it."""
    names = [p.name for p in result.players]
    game = GAMES[session.game]
    variant = (t(game.variant(session.variant).label)
               if session.variant != "standard" and any(v.id == session.variant
                                                        for v in game.variants) else None)
    return bgstats.play_link(
        result, when=result_text.played_at(session.created_at, times), variant=variant,
        start_player=result_text.start_player(reads.events(session.id),
                                              list(session.players), names),
        duration_min=bgstats.duration_minutes(*times) if times else None,
        play_id=session.id, language=current_language(), zone=local_time.current_zone())


def ability(game: str, sheet: dict) -> Ability | None:
    """Altar: who won by a god's or follower's ability, where the rulebook defers to them
    (None: it does not here)."""
    scored = validated(game, sheet)
    if not altar.ability_can_decide(scored):
        return None
    chosen = scored.ability_winner

    def picked(value: str | None) -> bool:
        if value is None or chosen is None:
            return value is chosen
        return value.casefold() == chosen.strip().casefold()

    options: list[tuple[str | None, str]] = [(None, t("results.ability_none"))]
    options += [(p.name.strip(), p.name.strip()) for p in scored.players]
    return Ability(scored.ability or "", altar.GOD_NAME_MAX, tuple(
        Choice(value, text, t("results.ability_pick", name=text) if value else text,
               picked(value))
        for value, text in options))


def standings(reads: Reads, session: TableSession) -> Standings:
    """The standings after this game, and the way to the next game of the series."""
    root = campaign.series_id(session)
    tables = reads.series(root)
    result, played = campaign.standings(tables)
    total = len(session.players)
    heading = (t("campaign.standings", n=played, total=total) if played else
               t("campaign.standings_none", total=total))
    rows: tuple[Standing, ...] = ()
    notes: tuple[Note, ...] = ()
    if result is not None:
        rows = tuple(Standing(t("results.place", rank=player.rank), player_name(player.name),
                              listed(f"{line.points:+d}" for line in player.breakdown),
                              str(player.total))
                     for player in ranking(result))
        notes = tuple(result.note_details)
    next_label = (t("campaign.next", n=len(tables) + 1) if campaign.can_start_next(tables)
                  else None)
    return Standings(session, root, heading, rows, notes, next_label)
