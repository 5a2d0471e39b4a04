"""How the screens name a game and a moment: the game's title with its other name beside
it, its player range, and "today at 14:05" on the phone's clock."""

from __future__ import annotations

from datetime import datetime

from companion.catalog import Game
from companion.i18n import ENGLISH, local_time, speaking, t


def players_label(game: Game) -> str:
    if game.min_players == game.max_players:
        return t("game.players_n", count=game.min_players)
    return t("game.players_range", min=game.min_players, max=game.max_players)


def name_beside(game: Game) -> str:
    """The game's other name, shown beside ours: the English one in Japanese, the box's
    Japanese one in English (Latoro: ラトーロ); "" when there is none."""
    name = t(game.name)
    with speaking(ENGLISH):
        english = t(game.name)
    return english if name != english else game.native_name


def game_title(game: Game) -> str:
    """The game's name as its box prints it beside ours: "Latoro · ラトーロ" in English,
    "ラトリア・オーパス · Latria" in Japanese (the English name stays beside it, as on the
    boxes of the four English games)."""
    beside = name_beside(game)
    return f"{t(game.name)} · {beside}" if beside else t(game.name)


def when(moment: datetime, now: datetime | None = None) -> str:
    """A moment as a table reads it, on the phone's clock: "today at 14:05", "yesterday at 9:30",
    "Tue 4 Mar at 20:15", "4 Mar 2024 at 20:15"; in Japanese "今日 14:05", "昨日 9:30",
    "3月4日(火) 20:15", "2024年3月4日 20:15" (the catalog's ``home.day_*`` templates; the
    day and month names are the catalog's too, not the server's locale's).

    The phone's clock is its own time zone, as its page told the server
    (companion/i18n/local_time.py), else this computer's."""
    local = local_time.local(moment)
    today = local_time.local(now).date() if now else local_time.now().date()
    time = f"{local.hour}:{local.minute:02d}"
    days = (today - local.date()).days
    if days == 0:
        return t("home.when_today", time=time)
    if days == 1:
        return t("home.when_yesterday", time=time)
    names = {"weekday": t(f"home.weekday_{local.weekday()}"),
             "month": t(f"home.month_{local.month}"), "day": local.day, "year": local.year}
    if 1 < days < 7:
        day = t("home.day_this_week", **names)
    elif local.year == today.year:
        day = t("home.day_this_year", **names)
    else:
        day = t("home.day_other_year", **names)
    return t("home.when_day", day=day, time=time)
