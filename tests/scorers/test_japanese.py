"""The scorers in Japanese: every sentence a scorer gives players is a catalog
key and its parameters; each renders in Japanese with nothing left unfilled, the two
catalogs match key for key, and ``python -m scorers --lang ja`` prints Japanese with the
same numbers, keys and results as English."""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scorers.base import SheetProblems
from scorers.messages import Msg, catalog_files, placeholders, render
from scorers.sheets import score_sheet

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parents[1] / "data"
I18N = ROOT / "scorers" / "i18n"
JA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")

# The games whose every sentence is a message (all of them now).
CONVERTED = ("latria", "latria_campaign", "carpe_astra", "luna", "luna_round", "altar", "latoro")


def messages_in(value: Any) -> list[Msg]:
    """Every Msg in a result or a problem (their ``asdict`` keeps them)."""
    if isinstance(value, Msg):
        return [value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return messages_in(dataclasses.asdict(value))
    if isinstance(value, dict):
        return [m for v in value.values() for m in messages_in(v)]
    if isinstance(value, list | tuple):
        return [m for v in value for m in messages_in(v)]
    return []


def assert_japanese(msg: Msg) -> str:
    text = render(msg, "ja")
    assert "{" not in text and "}" not in text, (msg.key, text)
    return text


def sheet(name: str) -> dict[str, Any]:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def example_sheets() -> list[Path]:
    return sorted(p for p in DATA.glob("*.json")
                  if json.loads(p.read_text(encoding="utf-8"))["game"] in CONVERTED)


# --- catalogs ---------------------------------------------------------------------------


def test_the_japanese_catalog_mirrors_the_english_one_key_for_key():
    en, ja = catalog_files(I18N, "en"), catalog_files(I18N, "ja")
    assert sorted(set(en) ^ set(ja)) == []
    for key, text in en.items():
        assert placeholders(text) == placeholders(ja[key]), key


def test_every_key_is_used_by_the_code_as_a_literal():
    code = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "scorers").glob("*.py"))
    used = set(re.findall(r'"(scorers\.[a-z_]+\.[a-z_.0-9]+)"', code))
    keys = {k for k in catalog_files(I18N, "en") if k.startswith("scorers.")}
    assert sorted(keys - used) == [] and sorted(used - keys) == []


# --- results ----------------------------------------------------------------------------


@pytest.mark.parametrize("path", example_sheets(), ids=lambda p: p.stem)
def test_every_sentence_of_an_example_renders_in_japanese(path):
    result = score_sheet(json.loads(path.read_text(encoding="utf-8")))
    for p in result.players:
        for line in p.breakdown:
            assert isinstance(line.label, Msg), line.label
            assert_japanese(line.label)
    for note in result.note_details:
        assert isinstance(note.text, Msg), note.text
        assert JA.search(assert_japanese(note.text))
    for msg in messages_in(result):
        assert_japanese(msg)


def problems_of(data: dict[str, Any]) -> list:
    with pytest.raises(SheetProblems) as err:
        score_sheet(data)
    return err.value.problems


def assert_problems_in_japanese(data: dict[str, Any]) -> list[str]:
    problems = problems_of(data)
    assert problems
    out = []
    for problem in problems:
        assert isinstance(problem.message, Msg), problem.message
        text = assert_japanese(problem.message)
        assert JA.search(text), text
        out.append(problem.render("ja"))
    return out


# Latria ---------------------------------------------------------------------------------


def latria(*players: dict[str, Any], variant: str = "standard") -> dict[str, Any]:
    return {"game": "latria", "variant": variant, "players": list(players)}


def test_latria_lines_in_japanese():
    result = score_sheet(sheet("latria_example3.json"))
    ann = result.players[0]
    assert [render(x.label, "ja") for x in ann.breakdown] == [
        "太陽 4+3+2+1 = 10", "月 3+1 = 4", "北極星 (1+2) × 2 × 2 = 12", "ラトリア 1",
        "食 −((3+2) × 2)"]
    assert result.note_details[-1].render("ja") == (
        "DeeとEveは0点で同点。食の点が少ないDeeが上位です（0 < 1） (L-10)")


def test_latria_ties_polaris_and_variants_in_japanese():
    c = {"celestial": "sun", "vp": 2}
    sheets = [
        latria({"name": "A", "cards": [c]}, {"name": "B", "cards": [c]},
               {"name": "C", "cards": [c]}),
        latria({"name": "A", "cards": [c, {"celestial": "moon", "vp": 1}]},
               {"name": "B", "cards": [{"celestial": "sun", "vp": 3}],
                "eclipsed": [{"celestial": "sun", "vp": 1}]},
               {"name": "C", "cards": [{"celestial": "sun", "vp": 4}],
                "eclipsed": [{"celestial": "sun", "vp": 1}]}, {"name": "D"}),
        latria({"name": "A", "cards": [{"celestial": "polaris", "special": "discard_two"},
                                       c, {"celestial": "moon", "vp": 3},
                                       {"celestial": "sun", "vp": 4}]},
               {"name": "B"}, {"name": "C"}),
        latria({"name": "A", "cards": [{"celestial": "polaris", "special": "discard_two"}, c]},
               {"name": "B", "cards": [{"astrology": "polaris", "number": 5, "multiplier": 2},
                                       {"celestial": "polaris", "vp": 2}]}, {"name": "C"}),
        latria({"name": "A", "cards": [c]}, {"name": "B"}, {"name": "C"}, variant="simple"),
        latria({"name": "A", "eclipsed": [{"celestial": "polaris", "vp": 2}]},
               {"name": "B"}, {"name": "C"}, variant="star_eclipse"),
    ]
    for data in sheets:
        result = score_sheet(data)
        assert result.note_details
        for msg in messages_in(result):
            assert_japanese(msg)


def test_latria_problems_in_japanese():
    bad = [
        {}, {"celestial": "sun", "astrology": "moon", "number": 8},
        {"celestial": "sun", "number": 3, "vp": 2}, {"celestial": "moon"},
        {"celestial": "sun", "vp": 2, "special": "x0"}, {"celestial": "sun", "vp": 7},
        {"celestial": "sun", "special": "x2"}, {"astrology": "moon", "special": "x2",
                                                "number": 8},
        {"astrology": "moon"}, {"astrology": "polaris", "number": 5, "multiplier": 3},
        {"astrology": "moon", "number": 8, "multiplier": 2},
        {"astrology": "moon", "number": 8, "vp": 1}, {"astrology": "moon", "number": 3},
        {"astrology": "latria", "number": 5}, {"astrology": "latria", "number": 5, "vp": 0},
    ]
    lines = assert_problems_in_japanese(latria({"name": "A", "cards": bad}, {"name": "B"}))
    assert lines[0] == "players: 2人です。ラトリア・オーパスは3–6人用です"
    sun4 = {"celestial": "sun", "vp": 4}
    assert_problems_in_japanese(latria(
        {"name": "A", "cards": [sun4] * 4, "eclipsed": [sun4],
         "discarded": [sun4]},
        {"name": "a", "cards": [{"astrology": "moon", "number": 8}] * 2},
        {"name": "", "cards": [{"astrology": "moon", "number": 14}],
         "eclipsed": [{"celestial": "polaris", "vp": 1}]}))
    assert_problems_in_japanese(latria(
        {"name": "A", "cards": [{"celestial": "polaris", "special": "discard_two"},
                                sun4, sun4, sun4],
         "discarded": [{"celestial": "polaris", "special": "discard_two"},
                       {"celestial": "moon", "vp": 3}]},
        {"name": "B", "cards": [{"celestial": "polaris", "special": "discard_two"}],
         "discarded": [sun4]},
        {"name": "C", "cards": [{"celestial": "polaris", "vp": 1}], "eclipsed": [sun4]},
        variant="simple"))


# Latria campaign ------------------------------------------------------------------------


def test_latria_campaign_in_japanese():
    result = score_sheet(sheet("latria_campaign_example.json"))
    assert [render(x.label, "ja") for x in result.players[3].breakdown] == [
        "第1ゲーム：最下位（4点）→ −1", "第2ゲーム：1位（18点）→ 4", "第3ゲーム：3位（10点）→ 2",
        "第4ゲーム：3位（11点）→ 2"]
    names = ["A", "B", "C", "D", "E"]
    for games in ([{"A": 5, "B": 5, "C": 3, "D": 1, "E": 1}, {k: 2 for k in names},
                   {"A": 9, "B": 9, "C": 7, "D": 3, "E": 1}], []):
        result = score_sheet({"game": "latria_campaign", "players": names, "games": games})
        assert result.note_details
        for msg in messages_in(result):
            assert_japanese(msg)
    assert_problems_in_japanese({"game": "latria_campaign", "players": ["A", "B"],
                                 "games": [{"A": 1, "X": 2}, {}, {}]})


# Carpe Astra ----------------------------------------------------------------------------


def carpe_astra(*players: tuple[str, str, int, dict[str, int]]) -> dict[str, Any]:
    return {"game": "carpe_astra", "players": [
        {"name": n, "character": c, "credits": m, "support": s} for n, c, m, s in players]}


def test_carpe_astra_in_japanese():
    result = score_sheet(sheet("carpe_astra_example.json"))
    assert render(result.players[0].breakdown[0].label, "ja") == "軍人：最多（3個）→ 4"
    sheets = [
        carpe_astra(("A", "chun", 3, {"military": 3, "priests": 1}),
                    ("B", "tyndar", 3, {"priests": 1}), ("C", "verron", 3, {})),
        carpe_astra(("A", "chun", 3, {"military": 2}), ("B", "tyndar", 3, {"military": 1}),
                    ("C", "verron", 3, {"military": 1}), ("D", "ichthon", 2, {"traders": 2}),),
        carpe_astra(("A", "chun", 3, {"military": 2}), ("B", "tyndar", 3, {"traders": 2}),
                    ("C", "verron", 1, {"priests": 2}), ("D", "ichthon", 1, {})),
    ]
    for data in sheets:
        result = score_sheet(data)
        assert result.note_details
        for msg in messages_in(result):
            assert_japanese(msg)
    assert_problems_in_japanese(carpe_astra(("A", "chun", 30, {"military": 6}),
                                            ("B", "chun", 30, {"military": 1})))
    assert_problems_in_japanese(carpe_astra(("A", "chun", 3, {"military": 6}),
                                            ("B", "tyndar", 3, {}), ("C", "verron", 3, {})))
    assert_problems_in_japanese(carpe_astra(("A", "chun", 3, {"traders": 2}),
                                            ("B", "tyndar", 3, {"traders": 3}),
                                            ("C", "verron", 3, {}), ("D", "ichthon", 3, {}),
                                            ("E", "ichthon", 3, {})))


# Luna -----------------------------------------------------------------------------------


def luna(*players: tuple[str, int, int, int, int], **extra: Any) -> dict[str, Any]:
    return {"game": "luna", "council_order": [p[0] for p in players], "players": [
        {"name": n, "influence": i, "shrines": s, "unused_favors": f, "council_points": c}
        for n, i, s, f, c in players], **extra}


def test_luna_in_japanese():
    result = score_sheet(sheet("luna_example.json"))
    assert render(result.players[0].breakdown[1].label, "ja").startswith("祠 ")
    for data in (luna(("A", 10, 1, 1, 2), ("B", 11, 1, 0, 3), ("C", 13, 0, 0, 1)),
                 luna(("A", 10, 1, 1, 2), ("B", 10, 1, 1, 2)), luna(("A", 10, 1, 1, 2))):
        for msg in messages_in(score_sheet(data)):
            assert_japanese(msg)
    bad = luna(("A", -1, 7, 8, -1), ("A", 1, 1, 1, 1), ("C", 1, 1, 1, 1), ("D", 1, 1, 1, 1),
               ("E", 1, 1, 1, 1))
    bad["council_order"] = ["A", "A", "X"]
    bad["players"][0]["virtual"] = True
    assert_problems_in_japanese(bad)


def luna_round(*players: tuple[str, int, int, int, int], **extra: Any) -> dict[str, Any]:
    return {"game": "luna_round", "council_order": [p[0] for p in players], "players": [
        {"name": n, "priestess_isle": p, "apostate_isle": a, "temple_novices": t,
         "temple_books": b} for n, p, a, t, b in players], **extra}


def test_luna_round_in_japanese():
    result = score_sheet(sheet("luna_round_example.json"))
    assert [render(x.label, "ja") for x in result.players[0].breakdown] == [
        "月の巫女：1位（島に3）→ 6", "背教者：見習いなし → 0", "神殿：見習い2個 + 書の上1個 → 3"]
    sheets = [luna_round(("A", 2, 1, 1, 0), ("B", 2, 0, 0, 0), ("C", 2, 3, 0, 0),
                         ("D", 1, 0, 0, 0), priestess_values=[6, 2, 1]),
              luna_round(("A", 2, 1, 1, 0), ("B", 2, 0, 0, 0), ("C", 1, 3, 0, 0),
                         priestess_values=[5, 2]),
              luna_round(("A", 2, 1, 1, 0), ("Virtual opponent", 2, 2, 0, 0),
                         priestess_values=[5, 2])]
    sheets[2]["players"][1]["virtual"] = True
    sheets[2]["players"][0]["influence"] = 0
    for data in sheets:
        for msg in messages_in(score_sheet(data)):
            assert_japanese(msg)
    assert_problems_in_japanese(luna_round(("A", 20, 9, 9, 10), ("B", 1, -1, 0, -1),
                                           ("C", 1, 0, 13, 1), priestess_values=[4, 5, -1, 0]))
    assert_problems_in_japanese(luna_round(("A", 1, 0, 0, 0), ("B", 1, 0, 0, 0)))


# Altar ----------------------------------------------------------------------------------


def altar(end: str, *players: tuple[str, list[tuple[int, int]], int | None],
          **extra: Any) -> dict[str, Any]:
    return {"game": "altar", "end": end, **extra, "players": [
        {"name": n, "last_shrine_turn": t,
         "realms": [{"shrines": s, "active_altars": a} for s, a in realms]}
        for n, realms, t in players]}


def test_altar_in_japanese():
    result = score_sheet(sheet("altar_example.json"))
    assert "祠" in render(result.players[0].breakdown[0].label, "ja")
    sheets = [
        altar("realm_completed", ("A", [(2, 3)], 14), ("B", [(2, 3)], 15), ("C", [(1, 1)], 3)),
        altar("shrines_depleted", ("A", [(2, 1)], 14), ("B", [(2, 0)], 15), ("C", [(0, 1)], None)),
        altar("deck_exhausted", ("A", [(0, 1)], None), ("B", [(0, 0)], None),
              ("C", [(0, 2)], None)),
        altar("realm_completed", ("A", [(3, 2), (1, 4)], 4), ("B", [(1, 1), (0, 2)], 2)),
        altar("shrines_depleted", ("A", [(2, 3)], 4), ("B", [(1, 1)], 2), ("C", [(1, 1)], 3),
              ability_winner="B", ability="Ancient God"),
        altar("deck_exhausted", ("A", [(1, 1)], 4), ("B", [(1, 1)], 2), ("C", [(0, 1)], None),
              ability_winner="B"),
    ]
    for data in sheets:
        result = score_sheet(data)
        for msg in messages_in(result):
            assert_japanese(msg)
    assert_problems_in_japanese(altar("realm_completed", ("A", [(4, 5), (0, 0)], 0),
                                      ("B", [(0, 0)], 3)))
    assert_problems_in_japanese(altar("realm_completed", ("A", [(1, 1)], None),
                                      ("B", [(1, 1)], None), ("C", [(1, 1)], None),
                                      ability_winner="X"))
    assert_problems_in_japanese(altar("shrines_depleted", ("A", [(2, 1)], None),
                                      ("B", [(2, 1)], None), ("C", [(2, 1)], None)))


# Latoro ---------------------------------------------------------------------------------


def test_latoro_in_japanese_with_the_rulebooks_terms():
    result = score_sheet(sheet("latoro_example.json"))
    labels = [render(x.label, "ja") for x in result.players[0].breakdown]
    assert labels[0].startswith("氏族タグ：") and labels[1].startswith("栄誉カード")
    assert labels[2].startswith("資源コマ ")
    tie = {"game": "latoro", "players": [
        {"name": n, "clan_tag_points": 3, "honor_points": [],
         "resources": {"black": 2, "white": 2, "brown": 2}} for n in ("あおい", "Ben")]}
    result = score_sheet(tie)
    assert [render(x.label, "ja") for x in result.players[0].breakdown] == [
        "氏族タグ：3", "栄誉カード：表向きなし → 0", "資源コマ 6 ÷ 3 → 2（黒2、白2、茶2）"]
    for msg in messages_in(result):
        assert_japanese(msg)
    assert_problems_in_japanese({"game": "latoro", "players": [
        {"name": "A", "clan_tag_points": -1, "honor_points": [1, -1, 2, 3],
         "resources": {"black": -1, "white": 8}}]})


# --- the command line -------------------------------------------------------------------


def run(*args: object) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scorers", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, encoding="utf-8", timeout=60)


def test_the_command_line_speaks_japanese_with_lang_ja():
    out = run(DATA / "latria_example3.json", "--lang", "ja")
    assert out.returncode == 0 and out.stderr == ""
    lines = out.stdout.splitlines()
    assert lines[0].split() == ["順位", "プレイヤー", "合計"]
    assert "    +12  北極星 (1+2) × 2 × 2 = 12" in lines
    assert "勝者：Ann" in lines
    assert any(line.startswith("注：") and "L-10" in line for line in lines)


def without_texts(value: Any, texts: set[str]) -> Any:
    """``value`` with every string that is a rendered sentence replaced by a mark."""
    if isinstance(value, dict):
        return {k: without_texts(v, texts) for k, v in value.items()}
    if isinstance(value, list):
        return [without_texts(v, texts) for v in value]
    return "TEXT" if isinstance(value, str) and value in texts else value


@pytest.mark.parametrize("path", example_sheets(), ids=lambda p: p.stem)
def test_json_keeps_keys_numbers_and_results_in_both_languages(path):
    en, ja = (json.loads(run(path, "--json", "--lang", lang).stdout) for lang in ("en", "ja"))
    result = score_sheet(json.loads(path.read_text(encoding="utf-8")))
    texts = {render(m, lang) for m in messages_in(result) for lang in ("en", "ja")}
    texts |= {n.render(lang) for n in result.note_details for lang in ("en", "ja")}
    assert without_texts(en, texts) == without_texts(ja, texts)
    assert en != ja and en["winners"] == ja["winners"]
    assert json.loads(run(path, "--json").stdout) == en


def test_an_unknown_language_is_one_line_and_exit_2():
    out = run(DATA / "latria_example3.json", "--lang", "xx")
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.splitlines()) == 1 and "'xx'" in out.stderr


def test_problems_on_the_command_line_in_japanese(tmp_path):
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(latria({"name": "A"}, {"name": "B"})), encoding="utf-8")
    out = run(path, "--lang", "ja")
    assert out.returncode == 2
    assert out.stderr.splitlines() == ["players: 2人です。ラトリア・オーパスは3–6人用です"]


def test_a_sheet_that_cannot_be_read_is_told_in_japanese(tmp_path):
    path = tmp_path / "sheet.json"
    path.write_text('{"game": "latria", "players": [', encoding="utf-8")
    out = run(path, "--lang", "ja")
    assert out.returncode == 2 and len(out.stderr.splitlines()) == 1
    assert "正しいJSONではありません" in out.stderr
    path.write_text(json.dumps({"game": "chess", "players": []}), encoding="utf-8")
    out = run(path, "--lang", "ja")
    assert out.returncode == 2 and "ここにあるゲームではありません" in out.stderr
    path.write_text(json.dumps({"game": "luna", "players": [], "council_order": [],
                                "extra": 10**7}), encoding="utf-8")
    out = run(path, "--lang", "ja")
    assert out.returncode == 2 and "1,000,000までです" in out.stderr
    out = run(tmp_path / "missing.json", "--lang", "ja")
    assert out.returncode == 2 and "スコアシートを読めません" in out.stderr


def test_type_mistakes_are_told_in_japanese_and_unchanged_in_english():
    problems = problems_of({"game": "latria", "players": [
        {"name": 1, "cards": [{"celestial": "x", "vp": -1, "number": 99}], "eclipsed": 5}, 4]})
    assert [str(p) for p in problems] == [
        "players[0].name: Input should be a valid string",
        "players[0].cards[0].celestial: Input should be 'sun', 'moon' or 'polaris'",
        "players[0].cards[0].vp: Input should be greater than or equal to 0",
        "players[0].cards[0].number: Input should be less than or equal to 15",
        "players[0].eclipsed: Input should be a valid list",
        "players[1]: Input should be a valid dictionary or instance of Player"]
    for p in problems:
        assert isinstance(p.message, Msg) and JA.search(render(p.message, "ja"))
    unknown = problems_of({"game": "luna", "council_order": [], "players": [], "x": 1})
    assert any(render(p.message, "ja") == "不明なキーです（つづりを確認してください）"
               for p in unknown)
