"""Every switchable reading (scorers/readings.py ``SWITCHABLE``) chosen by a table reaches
every part its text concerns, and no other: the setup checklist (``SETS_OUT``: C-1, the
support tokens set out), Play (``play`` readings, and those that change what Play starts
from) and Score (``score`` readings, in the sheet the scorer reads). Each is walked
setup → Play → Score in-process, both ways, for every game, variant and player count the
table can have (where the reading cannot matter, both ways give the same)."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from companion.catalog import GAMES
from companion.flows import FLOWS, FlowError
from companion.table.record import TableSession
from companion.table.setup import flow_config, setup_json, sheet_with_readings
from scorers import carpe_astra as scorer
from scorers.base import SheetProblems
from scorers.readings import ALTERNATIVE, DOCUMENTED, SETS_OUT, SWITCHABLE
from scorers.sheets import score_sheet
from tests.flows.replay_corpus import NAMES, _tap

NOW = datetime(2026, 12, 6, tzinfo=UTC)
TAPS = 400


def tables() -> list[tuple[str, str, str, int]]:
    """(ruling, game, variant, players): every table of the reading's game."""
    out = []
    for ruling in SWITCHABLE:
        game = next(g for g in GAMES.values() if g.reading(ruling))
        for variant in game.variants:
            for n in variant.players or game.player_counts:
                out.append((ruling, game.id, variant.id, n))
    return out


def session(game: str, variant: str, n: int, readings: dict[str, str]) -> TableSession:
    return TableSession(id="t", game=game, variant=variant, players=NAMES[:n], seed=11,
                        created_at=NOW, updated_at=NOW, readings=readings)


def walk(game: str, config: dict, seed: int):
    """Play from the first tap, taps drawn from what each view offers (as the recorded
    games are: tests/flows/replay_corpus.py), to the end or ``TAPS`` taps."""
    flow = FLOWS[game]
    rng = random.Random(seed)
    state = flow.initial(config)
    for _ in range(TAPS):
        view = flow.view(state)
        if view.finished:
            break
        try:
            state = flow.apply(state, _tap(rng, view))
        except FlowError:
            continue
    return state


@pytest.mark.parametrize("ruling, game, variant, n", tables())
def test_a_reading_reaches_setup_play_and_score(ruling, game, variant, n):
    reading = GAMES[game].reading(ruling)
    matters = reading.applies(variant, n)
    where = SWITCHABLE[ruling][1]
    parts = {}
    for choice in (DOCUMENTED, ALTERNATIVE):
        table = session(game, variant, n, {ruling: choice})
        other = choice == ALTERNATIVE
        try:
            FLOWS[game].initial({"players": NAMES[:n], "variant": variant, "setup": None})
        except FlowError:
            pytest.skip("no play flow for this table")
        # Setup: only a reading that changes what is set out changes the checklist
        setup = setup_json(table)
        config = flow_config(table)
        state = FLOWS[game].initial(config)
        # Play: the readings its flow applies, and those its setup sets out
        plays = where == "play" or ruling in SETS_OUT
        assert state.readings == ({ruling: ALTERNATIVE} if other and plays else {})
        end = walk(game, config, seed=n)
        prefill = FLOWS[game].score_prefill(end)
        # Score: the sheet the scorer reads carries the table's score readings (LC-1:
        # the campaign's sheet, which adds up the games' sheets)
        sheet = sheet_with_readings(table, prefill)
        if prefill["game"] != SWITCHABLE[ruling][0]:
            assert "readings" not in sheet
            sheet = sheet_with_readings(table, {"game": SWITCHABLE[ruling][0]})
        carried = (sheet.get("readings") or {}).get(ruling)
        assert carried == (ALTERNATIVE if other and where == "score" else None)
        parts[choice] = (setup, prefill)
        if game == "carpe_astra":
            tokens_agree(table, setup, config, sheet, other)
    if not matters or ruling not in SETS_OUT:
        # the setup is the same both ways where it cannot matter, or the reading
        # concerns no setup
        assert parts[DOCUMENTED][0] == parts[ALTERNATIVE][0]


def tokens_agree(table: TableSession, setup: dict | None, config: dict, sheet: dict,
                 other: bool) -> None:
    """Carpe Astra, C-1: the setup's support tokens, Play's supply (with the two each
    player takes) and the scorer's limits are the same numbers, the table's reading's;
    a player can win every token Play holds, and the scorer counts that as all of them."""
    n = len(table.players)
    flow = FLOWS["carpe_astra"]
    state = flow.initial(config)
    start = next(a for a in flow.view(state).actions if a.event["type"] == "start")
    event = dict(start.event)
    chars = ["chun", "tyndar", "ichthon", "verron"][:n]
    event.setdefault("characters", {str(i + 1): c for i, c in enumerate(chars)})
    event["player"] = 1
    state = flow.apply(state, event)
    limits = scorer.tokens_in_play(n, state.characters, other)
    if setup is not None:
        assert setup["support_tokens"] == limits
    held = {g: state.supply[g] + sum(p.get(g, 0) for p in state.support)
            for g in scorer.GUILDS}
    assert held == limits
    if n == 3:
        unplayed = next(g for c, g in scorer.CHARACTER_GUILDS.items()
                        if c not in state.characters)
        assert limits[unplayed] == (5 if other else 4)
    # the first player wins every token of the guild Play's supply holds most of
    guild = max(scorer.GUILDS, key=lambda g: (state.supply[g], g))
    while state.phase != "support":
        state = flow.apply(state, {"type": "next"})
    while state.supply[guild]:
        state = flow.apply(state, {"type": "network", "guild": guild})
    with pytest.raises(FlowError):
        flow.apply(state, {"type": "network", "guild": guild})
    prefill = flow.score_prefill(state)
    result = score_sheet(sheet_with_readings(table, prefill))
    counts = prefill["players"][0]["support"][guild]
    assert counts == limits[guild] - sum(p.get(guild, 0) for p in state.support[1:])
    if all(guild not in p for p in state.support[1:]):  # every token: 6 points (C-2)
        assert any(line.points == 6 for line in result.players[0].breakdown)
    assert sheet.get("readings", {}).get("C-1") == (ALTERNATIVE if other else None)


@pytest.mark.parametrize("other", [False, True])
def test_carpe_astra_three_players_the_unplayed_guild(other):
    """The issue's table: 3 players, Ichthon (Priests) not in play. Setup S-4 sets out 4
    Priests tokens under the app's reading of C-1, 5 under the table's other one; Play's
    supply holds the same and a player can take every one; Score counts them as all."""
    table = session("carpe_astra", "standard", 3,
                    {"C-1": ALTERNATIVE if other else DOCUMENTED})
    table.setup_choices = {"characters": ["chun", "tyndar", "verron"]}
    setup = setup_json(table)
    priests = 5 if other else 4
    assert setup["support_tokens"]["priests"] == priests
    step = next(s for s in setup["steps"] if "support tokens each of" in s["detail"])
    assert step["detail"].endswith("(see ruling C-1)." if other else "(see ruling S-4).")
    assert ("the table's reading" in step["detail"]) == other
    flow = FLOWS["carpe_astra"]
    state = flow.initial(flow_config(table))
    start = flow.view(state).actions[0]
    assert start.event["tokens_reading"] == ("alternative" if other else "documented")
    state = flow.apply(state, {**start.event, "player": 1})
    assert state.supply["priests"] == priests
    while state.phase != "support":
        state = flow.apply(state, {"type": "next"})
    for _ in range(priests):
        state = flow.apply(state, {"type": "network", "guild": "priests"})
    assert state.support[0]["priests"] == priests
    prefill = flow.score_prefill(state)
    result = score_sheet(sheet_with_readings(table, prefill))
    lines = [line for line in result.players[0].breakdown if line.points == 6]
    assert len(lines) == 1  # all the Priests tokens: 6 (C-2)
    if other:
        with pytest.raises(SheetProblems):  # the app's reading has only 4 in play
            score_sheet(prefill | {"readings": {}})


def test_a_reading_changed_after_the_first_tap_keeps_the_log_and_play_says_so():
    """The table may change C-1 after Play began (it is also a reading of Score): the
    tokens were set out under the first one, which the log keeps (a token won can't go
    back), and Play says that Score now counts the other number."""
    table = session("carpe_astra", "standard", 3, {"C-1": ALTERNATIVE})
    table.setup_choices = {"characters": ["chun", "tyndar", "verron"]}
    flow = FLOWS["carpe_astra"]
    state = flow.initial(flow_config(table))
    events = [{**flow.view(state).actions[0].event, "player": 1}]
    events += [{"type": "next"}] * 3 + [{"type": "network", "guild": "priests"}] * 5
    for e in events:
        state = flow.apply(state, e)
    table.readings = {"C-1": DOCUMENTED}
    again = flow.initial(flow_config(table))
    for e in events:  # the log replays under the changed reading
        again = flow.apply(again, e)
    assert again.support[0]["priests"] == 5 and again.tokens_reading == ALTERNATIVE
    view = flow.view(again)
    assert any("Score now counts 4" in str(n) for n in view.notes)
    assert "C-1" in view.note_rulings
