"""Carpe Astra (2–4 players): final scoring by guild majorities.

Sheet and result: docs/score-sheets.md, section "Carpe Astra". Rules: the
rulebook ``seeds/001_0024dcda2c461955.txt`` ("Components", "Setup", "Winning the Game",
"Scoring Example"). Readings of unclear rules: ``docs/RULINGS.md`` (C-…).

The guilds, characters and tokens in play are public module data, so the app's score
screen can set its stepper limits from the same source as the checks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scorers.base import (
    Line,
    Note,
    PlayerResult,
    Problem,
    Result,
    SheetProblems,
    comma_list,
    name_problems,
    ruled,
    shared_ranks,
    winners_of,
)
from scorers.boxes.carpe_astra import (
    CHARACTER_GUILDS,
    PLAYER_COUNTS,
    guilds_being_played,
)
from scorers.boxes.carpe_astra import CREDIT_TOKENS as MONEY_TOKENS
from scorers.boxes.carpe_astra import tokens_in_play as box_tokens_in_play
from scorers.limits import crop
from scorers.messages import AndList, Msg
from scorers.readings import applied_note, chosen

if TYPE_CHECKING:
    from scorers.sheet_models.carpe_astra import Player, Sheet

GAME = "carpe_astra"


@dataclass(frozen=True)
class Guild:
    name: str
    colour: str
    logo: str


@dataclass(frozen=True)
class Character:
    name: str
    colour: str
    guild: str  # a key of GUILDS


# Aim of the Game: the six guilds (the box's, in its order), their logos and colours.
# "Expansionists" in the event examples is the guild listed as Settlers (C-5).
GUILDS: dict[str, Guild] = {
    "military": Guild(Msg("scorers.carpe_astra.guild.military"), "red", "crosshair"),
    "traders": Guild(Msg("scorers.carpe_astra.guild.traders"), "yellow", "credit"),
    "priests": Guild(Msg("scorers.carpe_astra.guild.priests"), "blue", "scarab"),
    "engineers": Guild(Msg("scorers.carpe_astra.guild.engineers"), "green", "cogs"),
    "settlers": Guild(Msg("scorers.carpe_astra.guild.settlers"), "orange", "world"),
    "politicians": Guild(Msg("scorers.carpe_astra.guild.politicians"), "black", "handshake"),
}
# Setup, last bullet: each character's colour and own guild.
CHARACTERS: dict[str, Character] = {
    "chun": Character(Msg("scorers.carpe_astra.character.chun"), "red",
                      CHARACTER_GUILDS["chun"]),
    "tyndar": Character(Msg("scorers.carpe_astra.character.tyndar"), "yellow",
                        CHARACTER_GUILDS["tyndar"]),
    "ichthon": Character(Msg("scorers.carpe_astra.character.ichthon"), "blue",
                         CHARACTER_GUILDS["ichthon"]),
    "verron": Character(Msg("scorers.carpe_astra.character.verron"), "black",
                        CHARACTER_GUILDS["verron"]),
}


def tokens_in_play(players: int, characters: Iterable[str] = (),
                   other_reading: bool = False) -> dict[str, int]:
    """Support tokens of each guild in play (Setup): 2 players 3 each; 3 players 5 for the
    guilds of the three characters in play and 4 for the others (ruling C-1); 4 players 6.
    ``other_reading`` (the table's choice, C-1's other reading): with 3 players every
    guild that has a character (all four, whoever plays them) gets 5, the others 4."""
    return box_tokens_in_play(players, guilds_being_played(characters, other_reading))


# ---------------------------------------------------------------------------------------
# Guild majorities
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Award:
    points: int
    place: str  # "most", "tie for most", "most_all", "second", "tie for second", …
    shared: bool = False  # the same points go to each tied player ("→ 3 each")

    def label(self, guild: str, count: int, in_play: int) -> Msg:
        """The breakdown line: "Priests: most (3 tokens) → 4"."""
        name = GUILDS[guild].name
        if self.place == "most_all":
            return Msg("scorers.carpe_astra.line.most_all", guild=name, in_play=in_play,
                       points=self.points)
        keys = {"tie for most": Msg("scorers.carpe_astra.line.tie_most", guild=name,
                                    count=count, points=self.points),
                "most": Msg("scorers.carpe_astra.line.most", guild=name, count=count,
                            points=self.points),
                "no second": Msg("scorers.carpe_astra.line.no_second", guild=name,
                                 count=count, points=self.points),
                "tie for second": Msg("scorers.carpe_astra.line.tie_second", guild=name,
                                      count=count, points=self.points),
                "second": Msg("scorers.carpe_astra.line.second", guild=name, count=count,
                              points=self.points),
                "third": Msg("scorers.carpe_astra.line.third", guild=name, count=count,
                             points=self.points)}
        return keys[self.place]


def guild_awards(counts: Sequence[int], in_play: int) -> list[Award | None]:
    """Each player's award in one guild from everyone's token counts (None: no tokens).

    Winning the Game: among players with at least one token, a single most → 4 (6 if that
    player holds every token of the guild in play, ruling C-2); a single second → 2; a tie
    for second → 1 each; a tie for most → 3 each and no second place (ruling C-3).
    """
    holding = sorted({c for c in counts if c > 0}, reverse=True)
    if not holding:
        return [None for _ in counts]
    top = holding[0]
    at_top = sum(1 for c in counts if c == top)
    second = holding[1] if len(holding) > 1 else None
    at_second = sum(1 for c in counts if second is not None and c == second)
    out: list[Award | None] = []
    for c in counts:
        if c <= 0:
            out.append(None)  # "You must have at least one support token ... to earn points"
        elif c == top and at_top > 1:
            out.append(Award(3, "tie for most", shared=True))
        elif c == top and c >= in_play:
            out.append(Award(6, "most_all"))
        elif c == top:
            out.append(Award(4, "most"))
        elif at_top > 1:
            out.append(Award(0, "no second"))
        elif c == second and at_second > 1:
            out.append(Award(1, "tie for second", shared=True))
        elif c == second:
            out.append(Award(2, "second"))
        else:
            out.append(Award(0, "third"))
    return out


def guild_points(counts: Sequence[int], in_play: int) -> list[int]:
    """Points of each player in one guild from everyone's token counts (see guild_awards)."""
    return [a.points if a else 0 for a in guild_awards(counts, in_play)]


# ---------------------------------------------------------------------------------------
# Checks and scoring
# ---------------------------------------------------------------------------------------


def _who(player: Player, i: int) -> str:
    return crop(player.name.strip()) or Msg("scorers.base.player_n", n=i + 1)


def check(sheet: Sheet) -> list[Problem]:
    """Every problem of a sheet that one field alone cannot show (empty when it is valid)."""
    problems: list[Problem] = []
    n = len(sheet.players)
    if n not in PLAYER_COUNTS:
        problems.append(Problem(where="players",
                                message=Msg("scorers.carpe_astra.problem.players", count=n)))
    problems += name_problems([p.name for p in sheet.players], lambda i: f"players[{i}].name")
    who = [_who(p, i) for i, p in enumerate(sheet.players)]
    owner: dict[str, int] = {}
    for i, p in enumerate(sheet.players):
        if p.character in owner:  # Setup: each player plays one of the four characters
            problems.append(
                Problem(
                    where=f"players[{i}].character",
                    message=Msg("scorers.carpe_astra.problem.character_taken",
                                character=CHARACTERS[p.character].name,
                                who=who[owner[p.character]]),
                )
            )
        else:
            owner[p.character] = i
    if n in PLAYER_COUNTS:
        limits = tokens_in_play(n, (p.character for p in sheet.players),
                                chosen(sheet.readings, "C-1"))
        for guild, limit in limits.items():
            counts = [getattr(p.support, guild) for p in sheet.players]
            if sum(counts) <= limit:
                continue
            name = GUILDS[guild].name
            last = max(i for i, c in enumerate(counts) if c > 0)
            rulings = ["C-1"] if n == 3 else []
            holders = [i for i, c in enumerate(counts) if c > 0]
            if len(holders) == 1:
                if n == 3:
                    message = Msg("scorers.carpe_astra.problem.tokens_three", count=counts[last],
                                  limit=limit)
                else:
                    message = Msg("scorers.carpe_astra.problem.tokens", count=counts[last],
                                  players=n, limit=limit)
            else:
                spread = comma_list([Msg("scorers.carpe_astra.holder_count", who=who[i],
                                         count=counts[i]) for i in holders])
                if n == 3:
                    message = Msg("scorers.carpe_astra.problem.tokens_all_three",
                                  count=sum(counts), guild=name, spread=spread, limit=limit)
                else:
                    message = Msg("scorers.carpe_astra.problem.tokens_all", count=sum(counts),
                                  guild=name, spread=spread, players=n, limit=limit)
            problems.append(Problem(where=f"players[{last}].support.{guild}", message=message,
                                    rulings=rulings, everyone=len(holders) > 1))
    credits = [p.credits for p in sheet.players]
    if sum(credits) > MONEY_TOKENS:  # Components: 49 money tokens (C-6)
        last = max(i for i, c in enumerate(credits) if c > 0)
        problems.append(
            Problem(
                where=f"players[{last}].credits",
                message=Msg("scorers.carpe_astra.problem.credits", count=sum(credits),
                            spread=comma_list([Msg("scorers.carpe_astra.holder_credits",
                                                   who=who[i], count=c)
                                               for i, c in enumerate(credits)]),
                            limit=MONEY_TOKENS),
                rulings=["C-6"],
                everyone=True,
            )
        )
    return problems


def score(sheet: Sheet) -> Result:
    """Score a Carpe Astra sheet; raise SheetProblems listing every mistake when it is invalid."""
    problems = check(sheet)
    if problems:
        raise SheetProblems(problems)
    names = [p.name.strip() for p in sheet.players]
    n = len(names)
    other = chosen(sheet.readings, "C-1")
    limits = tokens_in_play(n, (p.character for p in sheet.players), other)
    breakdowns: list[list[Line]] = [[] for _ in names]
    notes: list[Note] = []
    for guild, limit in limits.items():
        counts = [getattr(p.support, guild) for p in sheet.players]
        awards = guild_awards(counts, limit)
        for i, award in enumerate(awards):
            if award is None:
                continue
            label = award.label(guild, counts[i], limit)
            # Stats: a guild's majorities add up to that guild
            breakdowns[i].append(Line(label=label, points=award.points,
                                      category=GUILDS[guild].name.key))
            if award.points == 6:
                notes.append(ruled(Msg("scorers.carpe_astra.note.all_tokens", who=names[i],
                                       count=limit, guild=GUILDS[guild].name), "C-2"))
    for lines in breakdowns:
        if not lines:
            lines.append(Line(label=Msg("scorers.carpe_astra.line.none"), points=0))
    totals = [sum(line.points for line in lines) for lines in breakdowns]
    credits = [p.credits for p in sheet.players]
    # Winning the Game: most points; a draw → most money; still tied → shared (C-4).
    ranks = shared_ranks([(-t, -c) for t, c in zip(totals, credits, strict=True)])
    players = [
        PlayerResult(name=names[i], total=totals[i], rank=ranks[i], breakdown=breakdowns[i])
        for i in range(n)
    ]
    if n == 3 and other:
        played = AndList([GUILDS[g].name for g in GUILDS if limits[g] == 5])
        notes.insert(0, ruled(applied_note("C-1"), "C-1"))
        notes.insert(1, ruled(Msg("scorers.carpe_astra.note.three_players_other",
                                  guilds=played), "C-1"))
    elif n == 3:
        played = AndList([GUILDS[g].name for g in GUILDS if limits[g] == 5])
        notes.insert(0, ruled(Msg("scorers.carpe_astra.note.three_players", guilds=played),
                              "C-1"))
    elif other:
        notes.insert(0, ruled(Msg("scorers.carpe_astra.note.reading_unused"), "C-1"))
    notes += _tie_notes(names, totals, credits, ranks)
    return Result(game=GAME, players=players, winners=winners_of(players), notes=notes)


def _tie_notes(
    names: Sequence[str], totals: Sequence[int], credits: Sequence[int], ranks: Sequence[int]
) -> list[Note]:
    """Why ties on points were broken (most money) or shared (Winning the Game; C-4)."""
    notes = []
    for total in sorted(set(totals), reverse=True):
        tied = [k for k, t in enumerate(totals) if t == total]
        if len(tied) < 2:
            continue
        tied.sort(key=lambda k: (-credits[k], names[k].casefold()))
        listed = AndList([names[k] for k in tied])
        values = {credits[k] for k in tied}
        if len(values) == 1:
            notes.append(ruled(Msg("scorers.carpe_astra.tie.draw", names=listed, total=total,
                                   credits=credits[tied[0]], shared=_shared(ranks[tied[0]])),
                               "C-4"))
            continue
        if len(tied) == 2:
            a, b = tied
            notes.append(ruled(Msg("scorers.carpe_astra.tie.two", first=names[a],
                                   second=names[b], total=total, first_credits=credits[a],
                                   second_credits=credits[b]), "C-4"))
        else:
            order = comma_list([Msg("scorers.carpe_astra.holder_credits", who=names[k],
                                    count=credits[k]) for k in tied])
            notes.append(ruled(Msg("scorers.carpe_astra.tie.many", names=listed, total=total,
                                   order=order), "C-4"))
        for value in sorted(values, reverse=True):
            still = [k for k in tied if credits[k] == value]
            if len(still) > 1:
                notes.append(ruled(Msg("scorers.carpe_astra.tie.also",
                                       names=AndList([names[k] for k in still]),
                                       credits=value, shared=_shared(ranks[still[0]])),
                                   "C-4"))
    return notes


def _shared(rank: int) -> Msg:
    if rank == 1:
        return Msg("scorers.carpe_astra.tie.throne")
    return Msg("scorers.carpe_astra.tie.rank", rank=rank)
