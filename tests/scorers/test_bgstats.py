"""BG Stats' "push a play" link: ``python -m scorers SHEET --bgstats``
for every sheet in tests/data, Altar's result that is not points, the link's encoding of
any name, and a bad sheet treated exactly as without ``--bgstats``."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import unquote
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorers import bgstats
from scorers.messages import render
from scorers.sheets import score_sheet
from scorers.ties import tie_notes

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parents[1] / "data"
SHEETS = sorted(DATA.glob("*.json"))
PREFIX = "https://app.bgstatsapp.com/createPlay.html?data="
# A campaign and a round are played with their game's box: sent as that game.
BOX = {"latria": "latria", "latria_campaign": "latria", "carpe_astra": "carpe_astra",
       "luna": "luna", "luna_round": "luna", "altar": "altar", "latoro": "latoro"}


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "scorers", *map(str, args)], cwd=ROOT,
                          input=stdin, capture_output=True, text=True, encoding="utf-8",
                          timeout=60)


def decoded(link: str) -> dict:
    assert link.startswith(PREFIX)
    return json.loads(unquote(link[len(PREFIX):]))


@pytest.mark.parametrize("sheet", SHEETS, ids=[p.stem for p in SHEETS])
def test_the_link_of_every_example_sheet_is_the_scorers_result(sheet):
    out = run(sheet, "--bgstats")
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""
    lines = out.stdout.splitlines()
    assert len(lines) == 1 and " " not in lines[0]  # one line, a link a shell can pass on
    play = decoded(lines[0])
    result = score_sheet(json.loads(sheet.read_text(encoding="utf-8")))

    game = play["game"]
    assert set(game) == {"name", "highestWins", "noPoints", "sourceGameId"}
    assert game["sourceGameId"] == "table-companion:" + BOX[result.game]
    assert game["highestWins"] is True
    assert game["noPoints"] is (result.game == "altar")
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play["playDate"])
    # The command line knows no events: no length, no start player.
    assert "durationMin" not in play
    assert [p["name"] for p in play["players"]] == [p.name for p in result.players]
    for sent, scored in zip(play["players"], result.players, strict=True):
        assert sent["rank"] == scored.rank
        assert sent["winner"] is (scored.name in result.winners)
        assert "startPlayer" not in sent
        assert sent["sourcePlayerId"] == bgstats.source_player_id(scored.name)
        if result.game == "altar":
            assert "score" not in sent
        else:
            assert sent["score"] == scored.total
    assert [p["name"] for p in play["players"] if p["winner"]] == result.winners
    reasons = [render(n.text) for n in tie_notes(result)]
    for reason in reasons:  # the tie-break reason, without ruling ids
        assert reason in play.get("comments", "")
    assert not re.search(r"\([A-Z]{1,2}-\d+\)", play.get("comments", ""))


def test_altar_is_sent_as_no_points_without_scores():
    play = decoded(run(DATA / "altar_example.json", "--bgstats").stdout.strip())
    assert play["game"]["noPoints"] is True
    assert all("score" not in p for p in play["players"])
    assert [p["rank"] for p in play["players"]] == [2, 1, 3]
    assert [p["name"] for p in play["players"] if p["winner"]] == ["Ben"]


def test_the_comments_follow_lang_and_the_sheets_variant():
    play = decoded(run(DATA / "luna_example.json", "--bgstats", "--lang", "ja").stdout.strip())
    assert "評議会" in play["comments"]
    sheet = {"game": "latria", "variant": "simple", "players": [
        {"name": "Ann", "cards": [{"celestial": "sun", "vp": 1}]},
        {"name": "Ben", "cards": []}, {"name": "Cy", "cards": []}]}
    play = decoded(run("-", "--bgstats", stdin=json.dumps(sheet)).stdout.strip())
    assert play["comments"].splitlines()[0] == "Variant: Simple"
    campaign = decoded(run(DATA / "latria_campaign_example.json", "--bgstats").stdout.strip())
    assert campaign["game"]["name"] == "Latria"
    assert campaign["comments"].startswith("Campaign standings")


BAD = [
    ("missing", ["no-such-sheet.json"], None),
    ("not json", ["-"], "{not json"),
    ("invalid", ["-"], json.dumps({"game": "latria", "players": [{"name": "Ann"}]})),
    ("unknown game", ["-"], json.dumps({"game": "chess", "players": []})),
    ("two outputs", [str(DATA / "luna_example.json"), "--json"], None),
]


@pytest.mark.parametrize(("args", "stdin"), [(a, s) for _, a, s in BAD],
                         ids=[name for name, _, _ in BAD])
def test_a_bad_sheet_with_bgstats_is_told_as_without_it(args, stdin):
    plain = run(*[a for a in args if a != "--json"], stdin=stdin)
    linked = run(*args, "--bgstats", stdin=stdin)
    assert linked.returncode == 2 and linked.stdout == ""
    if "--json" in args:  # --json and --bgstats are two outputs: one line, as any mistake
        assert linked.stderr.count("\n") == 1 and "--bgstats" in linked.stderr
        return
    assert plain.returncode == 2
    assert linked.stderr == plain.stderr and linked.stderr


def test_the_command_imports_the_link_only_when_asked():
    code = ("import sys, contextlib, io\nfrom scorers.__main__ import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    main([{str(DATA / 'luna_example.json')!r}{{}}])\n"
            "print('scorers.bgstats' in sys.modules)")
    for extra, imported in (("", "False"), (", '--bgstats'", "True")):
        out = subprocess.run([sys.executable, "-c", code.format(extra)], cwd=ROOT,
                             capture_output=True, text=True, timeout=60)
        assert out.stdout.strip() == imported, out.stderr


def test_the_app_adds_what_play_knew():
    result = score_sheet(json.loads((DATA / "latoro_example.json").read_text("utf-8")))
    start = datetime(2026, 3, 4, 19, 0, tzinfo=UTC)
    play = bgstats.play(result, when=start, start_player="けんた",
                        duration_min=bgstats.duration_minutes(start, start + timedelta(
                            minutes=47, seconds=40)), play_id="abc123", language="ja")
    assert play["durationMin"] == 48
    assert play["sourcePlayId"] == "table-companion:abc123"
    assert [p["name"] for p in play["players"] if p["startPlayer"]] == ["けんた"]
    assert play["playDate"] == start.astimezone().strftime("%Y-%m-%d %H:%M:%S")  # local
    # On the clock of the phone that sends it, in the same form.
    tokyo = bgstats.play(result, when=start, zone=ZoneInfo("Asia/Tokyo"))
    assert tokyo["playDate"] == "2026-03-05 04:00:00"
    assert "同点" in play["comments"]
    assert bgstats.duration_minutes(start, start) is None
    assert bgstats.duration_minutes(start, start + timedelta(seconds=20)) is None
    assert bgstats.duration_minutes(None, None) is None


@given(st.text(min_size=1, max_size=40).filter(str.strip))
def test_a_players_id_is_the_same_for_the_same_name_in_any_case(name):
    assert bgstats.source_player_id(name) == bgstats.source_player_id(name.casefold())
    assert bgstats.source_player_id(name) == bgstats.source_player_id(f" {name} ")
    assert re.fullmatch(r"table-companion:player:[0-9a-f]{16}", bgstats.source_player_id(name))


def test_different_names_are_different_players():
    ids = {bgstats.source_player_id(n) for n in ("Ann", "Anne", "あおい", "アオイ", "Ben")}
    assert len(ids) == 5


NAMES = st.text(min_size=1, max_size=40).map(str.strip).filter(bool)


@given(st.lists(NAMES, min_size=2, max_size=4, unique_by=str.casefold))
def test_any_names_survive_the_link(names):
    # "&", "%", "#", "+", spaces, quotes, Japanese: all come back as they were.
    result = score_sheet({"game": "latoro", "players": [
        {"name": n, "clan_tag_points": 0, "honor_points": [], "resources": {}} for n in names]})
    link = bgstats.play_link(result, when=datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC))
    assert not re.search(r"[\s&#+]", link[len(PREFIX):])
    assert [p["name"] for p in decoded(link)["players"]] == names
