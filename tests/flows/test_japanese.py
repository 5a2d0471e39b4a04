"""The play flows in Japanese: every text a flow gives players is a catalog key
(companion/flows/i18n/<lang>/<game>.json) that renders in both languages; a whole game of
each flow, every player count and variant, reads in Japanese with no missing key, no
unfilled placeholder and no English sentence left (player names and the rulebook's quotes
stay as they are)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.flows import FLOWS, NOT_PICKED, FlowError, PlayView, build_event, luna, message
from scorers.messages import Msg, catalog_files, placeholders, render
from tests.flows.test_common import CONFIGS, NAMES, config_for

ROOT = Path(__file__).resolve().parents[2]
FLOWS_DIR = ROOT / "companion" / "flows"
I18N = FLOWS_DIR / "i18n"
# The games whose every text is a key (all of them now).
CONVERTED = ("latoro", "latria", "carpe_astra", "luna", "altar")


# --- catalogs ----------------------------------------------------------------------------


def test_the_japanese_catalog_mirrors_the_english_one_key_for_key():
    for path in sorted((I18N / "en").glob("*.json")):
        other = I18N / "ja" / path.name
        assert other.is_file(), other
        en = json.loads(path.read_text(encoding="utf-8"))
        ja = json.loads(other.read_text(encoding="utf-8"))
        assert set(en) == set(ja), (path.name, set(en) ^ set(ja))
        for key in en:
            assert key.startswith("flow." + path.stem + "."), key
            assert placeholders(en[key]) == placeholders(ja[key]), key
    assert sorted(p.name for p in (I18N / "ja").glob("*.json")) == sorted(
        p.name for p in (I18N / "en").glob("*.json"))


def test_every_key_is_used_by_the_flows():
    """Keys are literal strings in the code: a key no module names is dead."""
    code = "\n".join(p.read_text(encoding="utf-8") for p in FLOWS_DIR.glob("*.py"))
    unused = [key for key in catalog_files(I18N, "en") if f'"{key}"' not in code]
    assert not unused


def test_every_key_named_in_the_flows_is_in_the_catalog():
    english = catalog_files(I18N, "en")
    for path in FLOWS_DIR.glob("*.py"):
        for key in re.findall(r'Msg\(\s*"([^"]+)"', path.read_text(encoding="utf-8")):
            assert key in english, (path.name, key)


# --- a whole game in Japanese ------------------------------------------------------------

# Player names stay as they are: the tests' players, and the solo game's opponent (a
# player of the state, named in the log: not a text of the flow's).
PLAYER_NAMES = [*NAMES, luna.OPPONENT]
# An English sentence or phrase: two words of letters in a row.
ENGLISH = re.compile(r"[A-Za-z]{2,}[ ,.:;'’()/-]+[A-Za-z]{2,}")
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def japanese_ok(text: object, where: str) -> str:
    shown = render(text, "ja")
    assert "{" not in shown and "}" not in shown, (where, shown)
    bare = shown
    for name in PLAYER_NAMES:
        bare = bare.replace(name, "")
    assert not ENGLISH.search(bare), (where, shown)
    assert not ENGLISH_WORD.search(bare), (where, shown)
    if isinstance(text, str) and text and not isinstance(text, Msg):
        # A plain string is allowed only as a player's name or a number.
        assert text in PLAYER_NAMES or text.strip("0123456789+−-×/— ") == "", (where, text)
    return shown


def texts_of(view: PlayView) -> list[tuple[str, object]]:
    """Every text of a view a player reads, but the rulebook's quotes."""
    out: list[tuple[str, object]] = [("phase", view.phase), ("step", view.step),
                                     ("reminder", view.reminder),
                                     ("sections_label", view.sections_label)]
    out += [("note", n) for n in view.notes]
    for m in view.markers:
        out.append(("marker", m.label))
        if isinstance(m.value, str):
            out.append(("marker value", m.value))
    for s in view.sections:
        out.append(("section", s.label))
        out += [("section line", line) for line in s.lines]
    for a in view.actions:
        out.append(("action", a.label))
        for f in a.fields:
            out.append(("field", f.label))
            out += [("choice", c) for c in (f.choice_labels or [])]
            if f.kind == "choice" and f.choice_labels is None:
                out += [("choice", c) for c in (f.choices or [])]
    return [(where, text) for where, text in out if text not in ("", None)]


def filled(action, choice: int = 0) -> dict:
    """The event for ``action``, every field answered (its default, else a first pick)."""
    values = {}
    for f in action.fields:
        if f.default is not None and f.default is not NOT_PICKED:
            continue
        if f.kind in ("player", "choice") and f.choices:
            values[f.id] = f.choices[min(choice, len(f.choices) - 1)]
        elif f.kind == "number":
            values[f.id] = max(f.min or 0, min(1, f.max or 0))
        elif f.kind == "bool":
            values[f.id] = False
    return build_event(action, values)


def test_every_key_renders_in_both_languages():
    """Each template filled (names, numbers, words): nothing left in braces, and the
    Japanese has no English left."""
    english = catalog_files(I18N, "en")
    for key, template in english.items():
        params = {name: ("Ann" if name in ("name", "other", "first", "rest", "names")
                         else 3) for name in placeholders(template)}
        if "count" in params:
            params["count"] = 1
        for language in ("en", "ja"):
            shown = render(Msg(key, **params), language)
            assert "{" not in shown and "}" not in shown, (key, shown)
        japanese_ok(Msg(key, **params), key)


def latria_main(state) -> dict | None:
    """Latria's line through a game that meets eclipses, proposals, ties and kept cards."""
    names, r = [str(i + 1) for i in range(len(state.players))], state.round  # seats
    if state.step == "1" and r in (2, 3, 4, 6):
        return {"type": "reveal", "sun_mutation": r in (2, 4, 6), "moon_mutation": r == 3}
    if state.step != "4":
        return None
    if state.proposal is not None:
        return {"type": "accept", "printed": {name: True for name in names}}
    lo, hi = state.numbers
    parent = names[state.parent]
    children = [name for name in names if name != parent]
    scenario = r % 4
    if scenario == 0:  # the parent wins; the children below keep their cards
        cards = {parent: ("sun", hi)} | {c: (s, 6 + k) for k, (c, s) in enumerate(
            zip(children, ("sun", "moon", "polaris", "latria", "sun"), strict=False))}
    elif scenario == 1:  # a tie that suit priority breaks
        cards = {parent: ("moon", 8), children[0]: ("latria", 8)} | {
            c: ("polaris", lo + k) for k, c in enumerate(children[1:])}
    elif scenario == 2:  # a tie nobody wins
        cards = {parent: ("sun", lo), children[0]: ("moon", hi), children[1]: ("polaris", hi)}
        cards |= {c: ("latria", lo + 1 + k) for k, c in enumerate(children[2:])}
    else:  # the parent plays Latria and names the Moon; a child wins
        cards = {parent: ("latria", lo + 2), children[0]: ("moon", hi)} | {
            c: ("polaris", lo + k) for k, c in enumerate(children[1:], start=3)}
    return {"type": "cards_played", "parent_suit": cards[parent][0],
            "parent_number": cards[parent][1], "named": "moon",
            "suits": {c: cards[c][0] for c in children},
            "numbers": {c: cards[c][1] for c in children}}


def latoro_main(state) -> dict | None:
    """Latoro's line: the app keeps the resources from round 1, one player over the cap."""
    if state.phase == "placement" and state.resources is None:
        return {"type": "track_resources",
                "black": {"1": 9}}
    return None


def carpe_astra_main(state) -> dict | None:
    """Carpe Astra's line: paid moves and draws, slanders (one token kept), an Immediate
    Event."""
    from companion.flows.carpe_astra import CHARACTERS, current
    me, r = current(state), state.round
    if state.phase == "change_tack" and r == 2 and not state.drew:
        return {"type": "draw_cards"}
    if state.phase == "infiltrate" and r == 2 and state.moves < 3:
        return {"type": "move_agent"}
    if state.phase == "support" and r in (2, 3) and state.scored == 0:
        victim = (me + 1) % len(state.players)
        guild = CHARACTERS[state.characters[victim]]
        if state.support[victim].get(guild, 0) > 0:
            return {"type": "slander", "victim": victim + 1, "guild": guild,
                    "keep": r == 3}
    if state.phase == "round_end" and r == 1:
        return {"type": "end_round", "immediate": True}
    return None


def altar_main(state) -> dict | None:
    """Altar's line: a Ritual whenever one is possible (the Shrine tiles run out and the
    game ends), else Worship, else pass."""
    from companion.flows.altar import MAX_SHRINES, current
    if state.step not in ("action", "action2"):
        return None
    me = current(state)
    realms = [r for r, realm in enumerate(state.realms[me]) if realm.shrines < MAX_SHRINES]
    if "ritual" not in state.actions_done and realms and state.shrines_left:
        return {"type": "main", "action": "ritual", "realm": f"{me}-{realms[0]}"}
    action = "worship" if "worship" not in state.actions_done else "pass"
    return {"type": "main", "action": action}


MAIN = {"latria": latria_main, "latoro": latoro_main, "carpe_astra": carpe_astra_main,
        "altar": altar_main}


def hostile(action) -> list[dict]:
    """Wrong answers to an action's form: each field given a value of the wrong kind, a
    number out of range, nothing at all."""
    out = [{"type": action.event["type"]}]
    for f in action.fields:
        bad = {"player": "Nobody-here", "choice": "no-such-choice", "bool": "maybe",
               "number": "three"}[f.kind]
        values = [bad]
        if f.kind == "number" and f.max is not None and f.min is not None:
            values += [f.max + 1, f.min - 1]
        for value in values:
            out.append(build_event(action, {f.id: value}))
    return out


def check_error(err: FlowError, seen: set[str]) -> None:
    text = message(err)
    assert isinstance(text, Msg), str(err)
    seen.add(japanese_ok(text, "error"))


def play_whole_game(game: str, n: int, variant: str) -> tuple[set[str], set[str]]:
    """Drive ``game`` to its end: at each view render every text; try every action once
    from there (its view or its refusal rendered too); go on with the primary action,
    else the first action the flow accepts. Returns (texts, refusals) seen in Japanese."""
    flow = FLOWS[game]
    config = config_for(n, variant)
    if game == "carpe_astra":
        config["setup"] = {"characters": ["chun", "tyndar", "ichthon", "verron"][:n]}
    if game == "latria" and variant == "campaign":
        config["setup"] = {"campaign_game": 2, "first_player": 2}
    state = flow.initial(config)
    seen: set[str] = set()
    refusals: set[str] = set()
    types: set[str] = set()
    for _ in range(600):
        view = flow.view(state)
        for where, text in texts_of(view):
            seen.add(japanese_ok(text, f"{game} {view.step} {where}"))
        # Taps of other steps (or after the end) are refused with a sentence too.
        types |= {a.event["type"] for a in view.actions}
        for kind in sorted(types):
            try:
                flow.apply(state, {"type": kind})
            except FlowError as err:
                check_error(err, refusals)
        if view.finished:
            return seen, refusals
        ordered = sorted(view.actions, key=lambda a: not a.primary)
        following = None
        main = MAIN.get(game, lambda s: None)(state)
        if main is not None:
            following = flow.apply(state, main)
        for action in ordered:
            for event in hostile(action):
                try:
                    flow.apply(state, event)
                except FlowError as err:
                    check_error(err, refusals)
            if action.disabled:
                continue
            picks = (0, 1) if any(f.kind in ("player", "choice") for f in action.fields) else (0,)
            for choice in picks:
                try:
                    after = flow.apply(state, filled(action, choice))
                except FlowError as err:
                    check_error(err, refusals)
                    continue
                for where, text in texts_of(flow.view(after)):
                    seen.add(japanese_ok(text, f"{game} after {action.event} {where}"))
                if following is None and (action.primary or not any(
                        a.primary for a in ordered)):
                    following = after
        # A refusal every flow gives: an event of no known type.
        try:
            flow.apply(state, {"type": "no such tap"})
        except FlowError as err:
            check_error(err, refusals)
        assert following is not None, (game, view.step, [a.label for a in view.actions])
        state = following
    raise AssertionError(f"{game} did not end in 600 taps")


@pytest.mark.parametrize("game, n, variant", [c for c in CONFIGS if c[0] in CONVERTED])
def test_a_whole_game_reads_in_japanese(game, n, variant):
    seen, refusals = play_whole_game(game, n, variant)
    assert seen and refusals


def test_latoro_in_japanese_uses_its_rulebook_words():
    seen, refusals = play_whole_game("latoro", 4, "standard")
    for line in ("配置フェイズ", "回収フェイズ", "支援フェイズ",
                 "準備フェイズ — 1. 資源の上限チェック", "ラウンドマーカーを2に進めます。",
                 "次へ：ラウンド2 — 配置", "黒2、白1、茶1",
                 "手番順にウカ族かスーマ族を1つ配置：エリアカード、旅、支援トラック（ウカ族のみ）、自宅。"):
        assert line in seen, line
    assert "それはラトーロのプレイでは記録できません。" in refusals


def test_carpe_astra_without_a_setup_asks_the_characters_in_japanese():
    flow = FLOWS["carpe_astra"]
    view = flow.view(flow.initial(config_for(3, "standard")))
    shown = {japanese_ok(text, where) for where, text in texts_of(view)}
    assert "スタートプレイヤーと、誰がどのキャラクターを使うかを確認してください。" in shown
    assert {"Ann：キャラクター", "チュン提督", "ヴェロン議員"} <= shown
    with pytest.raises(FlowError) as err:
        flow.apply(flow.initial(config_for(2, "standard")),
                   {"type": "start", "player": 1,
                    "characters": {"1": "chun", "2": "chun"}})
    assert render(message(err.value), "ja") == (
        "チュン提督が2回選ばれています。各キャラクターは1人だけが使います。")


def test_a_refusal_keeps_its_message_for_the_screen():
    flow = FLOWS["latoro"]
    state = flow.initial(config_for(2, "standard"))
    with pytest.raises(FlowError) as err:
        flow.apply(state, {"type": "resources", "player": 1})
    assert str(err.value) == "The app does not keep the resources yet."
    assert render(message(err.value), "ja") == "資源はまだアプリで管理していません。"
    with pytest.raises(FlowError) as err:
        from companion.flows import replay
        replay("latoro", config_for(2, "standard"),
               [{"type": "start", "player": 1}, {"type": "convert"}])
    assert render(message(err.value), "ja").startswith("記録の2番目のイベントを再生できません：")
