"""Carpe Astra (2–4 players): final scoring by guild majorities.

Sheet and result: ../shared/spec/score-sheets.md, section "Carpe Astra". Rules: the
rulebook ``seeds/001_0024dcda2c461955.txt`` ("Components", "Setup", "Winning the Game",
"Scoring Example"). Readings of unclear rules: ``docs/RULINGS.md`` (C-…).

The guilds, characters and tokens in play are public module data, so the app's score
screen can set its stepper limits from the same source as the checks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field, StrictInt, StrictStr

from scorers.base import (
    Line,
    Model,
    Note,
    PlayerResult,
    Problem,
    Result,
    SheetProblems,
    name_problems,
    ruled,
    shared_ranks,
    winners_of,
)
from scorers.limits import crop
from scorers.wording import join_and

GAME = "carpe_astra"
PLAYER_COUNTS = range(2, 5)  # Setup: 2-, 3- or 4-player layouts


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


# Aim of the Game: the six guilds, their logos and colours (in the rulebook's order).
# "Expansionists" in the event examples is the guild listed as Settlers (RULES-GAPS, C-5).
GUILDS: dict[str, Guild] = {
    "military": Guild("Military", "red", "crosshair"),
    "traders": Guild("Traders", "yellow", "credit"),
    "priests": Guild("Priests", "blue", "scarab"),
    "engineers": Guild("Engineers", "green", "cogs"),
    "settlers": Guild("Settlers", "orange", "world"),
    "politicians": Guild("Politicians", "black", "handshake"),
}
# Setup, last bullet: each character's colour and own guild.
CHARACTERS: dict[str, Character] = {
    "chun": Character("Admiral Ch'un", "red", "military"),
    "tyndar": Character("Trader Tyndar", "yellow", "traders"),
    "ichthon": Character("High Priest Ichthon", "blue", "priests"),
    "verron": Character("Senator Verron", "black", "politicians"),
}
SUPPORT_TOKENS_PER_GUILD = 6  # Components: 36 triangular support tokens, six per guild
MONEY_TOKENS = 49  # Components: 49 money tokens (credits)
STARTING_CREDITS = 5  # Setup: each player takes five credits
STARTING_SUPPORT = 2  # Setup: two support tokens of the character's own guild


def tokens_in_play(players: int, characters: Iterable[str] = ()) -> dict[str, int]:
    """Support tokens of each guild in play (Setup): 2 players 3 each; 3 players 5 for the
    guilds of the three characters in play and 4 for the others (ruling C-1); 4 players 6."""
    if players == 2:
        return {g: 3 for g in GUILDS}
    if players == 4:
        return {g: 6 for g in GUILDS}
    if players == 3:
        played = {CHARACTERS[c].guild for c in characters if c in CHARACTERS}
        return {g: 5 if g in played else 4 for g in GUILDS}
    raise ValueError(f"Carpe Astra is for 2–4 players, not {players}")


# ---------------------------------------------------------------------------------------
# The sheet
# ---------------------------------------------------------------------------------------

Tokens = Annotated[StrictInt, Field(ge=0)]


class Support(Model):
    """Support tokens per guild; a missing guild is 0."""

    military: Tokens = 0
    traders: Tokens = 0
    priests: Tokens = 0
    engineers: Tokens = 0
    settlers: Tokens = 0
    politicians: Tokens = 0


class Player(Model):
    name: StrictStr
    character: Literal["chun", "tyndar", "ichthon", "verron"]
    credits: Annotated[StrictInt, Field(ge=0)]
    support: Support = Support()


class Sheet(Model):
    game: Literal["carpe_astra"] = "carpe_astra"
    players: list[Player]


# ---------------------------------------------------------------------------------------
# Guild majorities
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Award:
    points: int
    place: str  # "most", "tie for most", "second", "tie for second", …
    shared: bool = False  # the same points go to each tied player ("→ 3 each")


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
            out.append(Award(6, f"most (holds all {in_play} in play)"))
        elif c == top:
            out.append(Award(4, "most"))
        elif at_top > 1:
            out.append(Award(0, "no second place after a tie for most"))
        elif c == second and at_second > 1:
            out.append(Award(1, "tie for second", shared=True))
        elif c == second:
            out.append(Award(2, "second"))
        else:
            out.append(Award(0, "third or lower"))
    return out


def guild_points(counts: Sequence[int], in_play: int) -> list[int]:
    """Points of each player in one guild from everyone's token counts (see guild_awards)."""
    return [a.points if a else 0 for a in guild_awards(counts, in_play)]


# ---------------------------------------------------------------------------------------
# Checks and scoring
# ---------------------------------------------------------------------------------------


def _who(player: Player, i: int) -> str:
    return crop(player.name.strip()) or f"player {i + 1}"


def check(sheet: Sheet) -> list[Problem]:
    """Every problem of a sheet that one field alone cannot show (empty when it is valid)."""
    problems: list[Problem] = []
    n = len(sheet.players)
    if n not in PLAYER_COUNTS:
        problems.append(Problem(where="players", message=f"{n} players; Carpe Astra is for 2–4"))
    problems += name_problems([p.name for p in sheet.players], lambda i: f"players[{i}].name")
    who = [_who(p, i) for i, p in enumerate(sheet.players)]
    owner: dict[str, int] = {}
    for i, p in enumerate(sheet.players):
        if p.character in owner:  # Setup: each player plays one of the four characters
            problems.append(
                Problem(
                    where=f"players[{i}].character",
                    message=f"{CHARACTERS[p.character].name} is already "
                    f"{who[owner[p.character]]}'s character; each character is played "
                    "at most once",
                )
            )
        else:
            owner[p.character] = i
    if n in PLAYER_COUNTS:
        limits = tokens_in_play(n, (p.character for p in sheet.players))
        for guild, limit in limits.items():
            counts = [getattr(p.support, guild) for p in sheet.players]
            if sum(counts) <= limit:
                continue
            name = GUILDS[guild].name
            last = max(i for i, c in enumerate(counts) if c > 0)
            reason = f"a {n}-player game has only {limit}"
            rulings = []
            if n == 3:
                reason += " (5 for the guilds of the characters in play, 4 for the others)"
                rulings = ["C-1"]
            holders = [i for i, c in enumerate(counts) if c > 0]
            if len(holders) == 1:
                message = f"{counts[last]} tokens, but {reason}"
            else:
                spread = ", ".join(f"{who[i]} {counts[i]}" for i in holders)
                message = f"{sum(counts)} {name} tokens in all ({spread}), but {reason}"
            problems.append(Problem(where=f"players[{last}].support.{guild}", message=message,
                                    rulings=rulings))
    credits = [p.credits for p in sheet.players]
    if sum(credits) > MONEY_TOKENS:  # Components: 49 money tokens (C-6)
        last = max(i for i, c in enumerate(credits) if c > 0)
        problems.append(
            Problem(
                where=f"players[{last}].credits",
                message=f"{sum(credits)} credits in all ("
                + ", ".join(f"{who[i]} {c}" for i, c in enumerate(credits))
                + f"), but the box has {MONEY_TOKENS} money tokens",
                rulings=["C-6"],
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
    limits = tokens_in_play(n, (p.character for p in sheet.players))
    breakdowns: list[list[Line]] = [[] for _ in names]
    notes: list[Note] = []
    for guild, limit in limits.items():
        counts = [getattr(p.support, guild) for p in sheet.players]
        awards = guild_awards(counts, limit)
        for i, award in enumerate(awards):
            if award is None:
                continue
            place = award.place
            if "holds all" not in place:
                place += f" ({counts[i]} token{'s' if counts[i] != 1 else ''})"
            each = " each" if award.shared else ""
            label = f"{GUILDS[guild].name}: {place} → {award.points}{each}"
            breakdowns[i].append(Line(label=label, points=award.points))
            if award.points == 6:
                notes.append(ruled(
                    f"{names[i]} holds all {limit} {GUILDS[guild].name} tokens in play, "
                    "none left in the supply: 6 points", "C-2"))
    for lines in breakdowns:
        if not lines:
            lines.append(Line(label="No support tokens", points=0))
    totals = [sum(line.points for line in lines) for lines in breakdowns]
    credits = [p.credits for p in sheet.players]
    # Winning the Game: most points; a draw → most money; still tied → shared (C-4).
    ranks = shared_ranks([(-t, -c) for t, c in zip(totals, credits, strict=True)])
    players = [
        PlayerResult(name=names[i], total=totals[i], rank=ranks[i], breakdown=breakdowns[i])
        for i in range(n)
    ]
    if n == 3:
        played = join_and([GUILDS[g].name for g in GUILDS if limits[g] == 5])
        notes.insert(0, ruled(
            f"3 players: 5 support tokens for the guilds of the characters in play "
            f"({played}) and 4 for the others", "C-1"))
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
        listed = join_and([names[k] for k in tied])
        values = {credits[k] for k in tied}
        if len(values) == 1:
            notes.append(ruled(
                f"{listed} tie on {total} and on credits ({credits[tied[0]]}): "
                f"{_shared(ranks[tied[0]])}", "C-4"))
            continue
        if len(tied) == 2:
            a, b = tied
            notes.append(ruled(
                f"{names[a]} and {names[b]} tie on {total}; {names[a]} has more "
                f"credits ({credits[a]} > {credits[b]})", "C-4"))
        else:
            order = ", ".join(f"{names[k]} {credits[k]}" for k in tied)
            notes.append(ruled(f"{listed} tie on {total}; more credits rank them: {order}",
                               "C-4"))
        for value in sorted(values, reverse=True):
            still = [k for k in tied if credits[k] == value]
            if len(still) > 1:
                notes.append(ruled(
                    f"{join_and([names[k] for k in still])} also tie on credits ({value}): "
                    f"{_shared(ranks[still[0]])}", "C-4"))
    return notes


def _shared(rank: int) -> str:
    if rank == 1:
        return "they share custody of the throne (rank 1)"
    return f"they share rank {rank}"
