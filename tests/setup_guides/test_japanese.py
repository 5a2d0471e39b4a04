"""setup_guides in Japanese: every step of every game, player count, variant and
a few seeds renders from the Japanese catalog with no missing key and no unfilled
placeholder; the catalogs mirror each other key for key with the same placeholders and
every key is used; the command line's --lang; the JSON is the same in both languages apart
from its texts."""

from __future__ import annotations

import json
import pathlib
import re

import pytest

from scorers.messages import Msg, catalog_files, placeholders, render
from setup_guides import GAME_NAMES, SETUP_VARIANTS, SetupError, draws, make_setup
from setup_guides.__main__ import main
from setup_guides.carpe_astra import CHARACTER_NAMES, GUILD_LABELS
from setup_guides.carpe_astra import CHARACTERS as CA_CHARACTERS
from setup_guides.carpe_astra import GUILD_NAMES as CA_GUILDS

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "setup_guides"
I18N = PACKAGE / "i18n"

COMBOS = [
    (game, players, variant)
    for game, counts in SETUP_VARIANTS.items()
    for players, variants in counts.items()
    for variant in variants
]
SEEDS = (0, 1, 7, 2026)
KANA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def texts(setup) -> list:
    """Every player-facing text of a setup."""
    out = [setup.first_player_rule, setup.first_player_text()]
    for step in setup.steps:
        out += [step.title, step.detail, step.section]
    for label, value in draws(setup):
        out += [label, value]
    return out


def catalog_of(language: str) -> dict:
    return catalog_files(I18N, language)


# --- the catalogs ------------------------------------------------------------------------


def test_japanese_mirrors_english_key_for_key_with_the_same_placeholders():
    en, ja = catalog_of("en"), catalog_of("ja")
    assert set(en) == set(ja), sorted(set(en) ^ set(ja))
    for key in en:
        assert placeholders(en[key]) == placeholders(ja[key]), key
        assert key.startswith("setup."), key


def test_each_language_has_the_same_files():
    assert ({p.name for p in (I18N / "en").glob("*.json")}
            == {p.name for p in (I18N / "ja").glob("*.json")})


def test_every_key_is_used_in_the_code():
    code = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.glob("*.py"))
    unused = [key for key in catalog_of("en") if f'"{key}"' not in code]
    assert unused == []


def test_japanese_texts_are_japanese():
    """A Japanese value with words in it has Japanese words (the others are layout only:
    "{text}（{see}）。", the ordinals' "{n}")."""
    for key, value in catalog_of("ja").items():
        forms = value.values() if isinstance(value, dict) else [value]
        for form in forms:
            bare = re.sub(r"\{[^}]*\}", "", form)
            bare = re.sub(r"--[a-z-]+|\b(?:S-\d+|ECLIPSE|standard|campaign)\b", "", bare)
            assert KANA.search(bare) or not re.search(r"[A-Za-z]", bare), (key, form)


def test_carpe_astra_names_match_the_scorers_data():
    for cid, character in CA_CHARACTERS.items():
        assert CHARACTER_NAMES[cid] == character.name
    for gid, name in CA_GUILDS.items():
        assert GUILD_LABELS[gid] == name


# --- every setup in Japanese -------------------------------------------------------------


@pytest.mark.parametrize(("game", "players", "variant"), COMBOS)
@pytest.mark.parametrize("seed", SEEDS)
def test_every_setup_renders_in_japanese(game, players, variant, seed):
    setup = make_setup(game, players, variant, seed)
    for text in texts(setup):
        assert isinstance(text, Msg), repr(text)
        ja = render(text, "ja")
        assert ja and "{" not in ja and "}" not in ja, (text.key, ja)
        assert KANA.search(ja) or text.key.startswith("setup.common.draw.seat"), (text.key, ja)
    for step in setup.steps:
        cited = step.cited("ja")
        assert "{" not in cited and "see ruling" not in cited
        for ruling in step.rulings:
            assert ruling in cited


@pytest.mark.parametrize(("game", "players", "variant"), COMBOS)
def test_json_is_the_same_in_both_languages_apart_from_texts(game, players, variant):
    setup = make_setup(game, players, variant, 5)
    en, ja = setup.to_json_dict(), setup.to_json_dict("ja")
    assert en == make_setup(game, players, variant, 5).to_json_dict()
    assert len(en["steps"]) == len(ja["steps"])
    for e, j in zip(en["steps"], ja["steps"], strict=True):
        assert set(e) == set(j) == {"title", "detail"}
        assert e != j
    strip = {"steps", "first_player_rule"}
    assert {k: v for k, v in en.items() if k not in strip} == {
        k: v for k, v in ja.items() if k not in strip}


# --- a few exact lines -------------------------------------------------------------------


def step_ja(setup, title: str) -> str:
    [step] = [s for s in setup.steps if s.title == title]
    return step.cited("ja")


def test_latoro_speaks_its_rulebooks_words():
    setup = make_setup("latoro", 4, seed=3)
    assert render(setup.first_player_rule, "ja") == (
        "最近動物に乗ったプレイヤーが１番手となり、スタートプレイヤーカードを受け取ります。")
    assert step_ja(setup, "Colours and pieces") == (
        "各プレイヤーは好きな色を選び、その色のウカ族（大きいコマ）3個とスーマ族（小さいコマ）1個を"
        "受け取ります。余ったウカ族コマは捧げものボードに置きます。")
    assert step_ja(setup, "Level 2 face-up cards") == (
        "4人：レベル2の山札からカード6枚を表向きにします（山札には11枚残ります）。")
    assert render(setup.steps[0].section, "ja") == "場の準備"
    assert "黒2・白1・茶1" in step_ja(setup, "Starting resources")


def test_latria_removed_cards_and_first_parent():
    setup = make_setup("latria", 3, seed=3)
    assert step_ja(setup, "Remove astrology cards") == (
        "3人：右下にアイコンのあるカードすべてを抜きます。4種類（太陽・月・北極星・ラトリア）"
        "それぞれの1–3、13–15、計24枚です。占星カードは36枚残ります（各種類4–12）。")
    assert step_ja(setup, "Choose the first parent").endswith(
        "親マーカーを親の前に置いて、準備完了です（裁定S-2、S-1を参照）。")
    assert [tuple(render(x, "ja") for x in row) for row in draws(setup)] == [
        ("最初の親", f"{setup.first_player}番席")]


def test_carpe_astra_luna_and_altar_lines():
    ca = make_setup("carpe_astra", 2, seed=1)
    assert step_ja(ca, "Start player") == (
        f"ランダムに決定：{ca.first_player}番席（シードで抽選）。手番は左隣へ（時計回り）進みます。"
        "ゲームは10ラウンドで、イベントカード1枚につき1ラウンドです。")
    assert render(Msg("setup.carpe_astra.character_label", name=CHARACTER_NAMES["chun"],
                      colour=Msg("setup.carpe_astra.colour.red"),
                      guild=GUILD_LABELS["military"]), "ja") == "チュン提督（赤・軍事）"
    solo = make_setup("luna", 1, "solo2", seed=2026)
    assert render(solo.first_player_text(), "ja") == "仮想の対戦相手（ソロルール。あなたは1番席）"
    assert step_ja(solo, "Time tokens").startswith(
        "ソロでは使いません：時間トークン4枚は箱に残します。")
    altar = make_setup("altar", 5, seed=1)
    assert step_ja(altar, "Remove priestesses") == (
        "5人：巫女は抜きません（抜くのは2人・3人・4人のときだけ）（裁定S-14を参照）。")
    assert [render(GAME_NAMES[g], "ja") for g in SETUP_VARIANTS] == [
        "ラトリア・オーパス", "カルペ・アストラ", "ルナ", "アルター", "ラトーロ"]


def test_errors_render_in_japanese():
    with pytest.raises(SetupError) as err:
        make_setup("latria", 7)
    message = err.value.args[0]
    assert str(err.value) == "latria has no 7-player game; players: 3–6"
    assert render(message, "ja") == "latriaに7人のゲームはありません。人数：3–6"
    assert err.value.text("ja") == render(message, "ja") and err.value.text() == str(err.value)
    with pytest.raises(SetupError) as err:
        make_setup("luna", 1, "standard")
    assert "solo1, solo2, solo3" in render(err.value.args[0], "ja")


# --- the command line --------------------------------------------------------------------


def run(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as exit_:
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_lang_ja_prints_japanese(capsys):
    code, out, err = run(capsys, "latoro", "--players", "2", "--seed", "4", "--lang", "ja")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "ラトーロ — 2人、バリアント standard、シード 4"
    assert lines[1] == "（同じシードなら同じ準備になります：--seed 4）"
    assert "場の準備" in lines and " 1. ボード" in lines
    assert "シードで抽選：" in lines
    setup = make_setup("latoro", 2, seed=4)
    assert f"スタートプレイヤー：{setup.first_player}番席（シードで抽選）" in lines
    assert lines[-1].startswith("ルールブック：最近動物に乗ったプレイヤーが")
    assert not any(line.lstrip().startswith(("、", "。", "）")) for line in lines)
    _, english, _ = run(capsys, "latoro", "--players", "2", "--seed", "4")
    _, default, _ = run(capsys, "latoro", "--players", "2", "--seed", "4", "--lang", "en")
    assert english == default and english.startswith("Latoro — 2 players")


@pytest.mark.parametrize("game", list(SETUP_VARIANTS))
def test_cli_json_same_numbers_and_keys_in_both_languages(capsys, game):
    players = min(SETUP_VARIANTS[game])
    argv = [game, "--players", str(players), "--seed", "9", "--json"]
    _, en_out, _ = run(capsys, *argv)
    code, ja_out, err = run(capsys, *argv, "--lang", "ja")
    assert (code, err) == (0, "")
    en, ja = json.loads(en_out), json.loads(ja_out)

    def shape(value):
        if isinstance(value, dict):
            return {k: shape(v) for k, v in value.items()}
        if isinstance(value, list):
            return [shape(v) for v in value]
        return "<text>" if isinstance(value, str) else value

    keep = {k: v for k, v in en.items() if k not in ("steps", "first_player_rule")}
    assert keep == {k: v for k, v in ja.items() if k not in ("steps", "first_player_rule")}
    assert shape(en) == shape(ja)
    assert KANA.search(ja["steps"][0]["title"]) and KANA.search(ja["first_player_rule"])


@pytest.mark.parametrize("lang", ["xx", "EN", "", "jp"])
def test_cli_unknown_lang_is_one_line_and_exit_2(capsys, lang):
    code, out, err = run(capsys, "latria", "--players", "4", "--lang", lang)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "--lang" in err and "en, ja" in err


@pytest.mark.parametrize(("argv", "expected"), [
    (["latria", "--players", "7"], "latriaに7人のゲームはありません。人数：3–6"),
    (["latria", "--players", "four"],
     "--players は整数です（'four'は使えません）。latriaの人数：3, 4, 5, 6"),
    (["latria", "--players", "4", "--seed", "abc"],
     "--seed は0以上の整数です（'abc'は使えません）"),
    (["altar", "--players", "3", "--variant", "campaign"],
     "altarの3人プレイに'campaign'というバリアントはありません。バリアント：standard"),
])
def test_cli_errors_in_japanese(capsys, argv, expected):
    code, out, err = run(capsys, *argv, "--lang", "ja")
    assert (code, out) == (2, "")
    assert err == f"python -m setup_guides: {expected}\n"


@pytest.mark.parametrize("players", sorted(SETUP_VARIANTS["latria"]))
def test_every_latria_campaign_game_renders_in_japanese(players):
    for game in range(2, players + 1):
        setup = make_setup("latria", players, "campaign", 3, campaign_game=game,
                           first_parent=players)
        for text in texts(setup):
            ja = render(text, "ja")
            assert isinstance(text, Msg) and "{" not in ja and KANA.search(ja), (text, ja)


@pytest.mark.parametrize("players", sorted(SETUP_VARIANTS["carpe_astra"]))
def test_carpe_astra_chosen_characters_render_in_japanese(players):
    chosen = list(reversed(CA_CHARACTERS))[:players]
    setup = make_setup("carpe_astra", players, seed=4, characters=chosen)
    [step] = [s for s in setup.steps if s.title == "Characters"]
    assert "テーブルで選択" in step.cited("ja") or not setup.characters_chosen
    for text in texts(setup):
        assert "{" not in render(text, "ja")
