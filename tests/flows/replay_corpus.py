"""Recorded games: logs played on the flows as they are, kept as test data, so that a
change to how a flow is written (not to what it does) can be shown to change nothing.

For every game, player count and variant, with and without the Setup screen's draw,
and once with the table's other readings: taps drawn from what each view offers (the
primary one most of the time, any other one else, forms filled in at random), each tap
recorded with what came of it: the view it led to (as a digest) or the flow's refusal
(its message). The last view and the score sheet's prefill are kept whole.

    python -m tests.flows.replay_corpus          # check: the flows replay every log
    python -m tests.flows.replay_corpus --write  # record again (after a change of rules)

tests/flows/test_replay_corpus.py replays each log and compares.

The games were recorded when events named players; they are kept in that form (a new
record is written in it too: ``named_event``, ``named_view``). Replaying, each event is
put in seats by the store migration's own function (companion/table/renaming.py
``seated_events``), and each view is compared in the names' form: so the migrated logs
and today's flows are shown to agree.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from companion.flows import (
    FLOWS,
    NOT_PICKED,
    Action,
    Field,
    FlowError,
    PlayView,
    build_event,
    message,
)
from companion.rules.quotes import quoted
from companion.table.renaming import NAME_KEYED, NAME_LISTS, NAME_VALUES, seat_names, seated_event
from scorers.readings import SWITCHABLE
from setup_guides import SetupError, make_setup

CORPUS = Path(__file__).resolve().parents[1] / "data" / "replay_corpus.json.gz"
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]
SETUP_SEED = 20261203
MAX_TAPS = 400  # taps tried per log; a game that has not ended by then stops there

# What of a view is compared: a field added to PlayView later does not make every
# recorded game differ; a field removed or changed does.
VIEW_KEYS = ("game", "round", "rounds", "phase", "step", "reminder", "rule", "rule_source",
             "rule_ja", "rule_source_ja", "markers", "actions", "notes", "note_rulings", "rulings",
             "active_player", "finished", "sections", "sections_label", "section")


def configs() -> Iterator[tuple[str, int, str]]:
    """Every game, player count and variant the flows accept (Luna's solo levels are
    for one player, its other variants for two to four)."""
    for game, flow in FLOWS.items():
        low, high = flow.player_range
        for n in range(low, high + 1):
            for variant in flow.variants:
                try:
                    flow.initial({"players": NAMES[:n], "variant": variant, "setup": None})
                except FlowError:
                    continue
                yield game, n, variant


def setup_for(game: str, n: int, variant: str) -> dict[str, Any] | None:
    try:
        return make_setup(game, n, variant, SETUP_SEED).to_json_dict()
    except SetupError:
        return None  # no such setup (a variant the setup guide does not know)


def other_readings(game: str) -> dict[str, str]:
    return {r: "alternative" for r, (g, where) in SWITCHABLE.items()
            if g == game and where == "play"}


def view_json(view: PlayView, seats: list[str]) -> dict[str, Any]:
    data = named_view(json.loads(view.model_dump_json()), seats)
    data.update(quoted_rule(view))
    return {k: data[k] for k in VIEW_KEYS if k in data}


def quoted_rule(view: PlayView) -> dict[str, str]:
    """The rule's words and source as views held them when they were recorded (copied
    text then; citations resolved in the rulebooks now): the English quote, and for a
    rulebook in Japanese (Latoro) the original's."""
    english = quoted(view.cites, "en")
    japanese = quoted(view.cites, "ja")
    original = japanese if japanese is not None and japanese.original else None
    return {"rule": english.text if english else "",
            "rule_source": english.source if english else "",
            "rule_ja": original.text if original else "",
            "rule_source_ja": original.source if original else ""}


def digest(view: PlayView, seats: list[str]) -> str:
    text = json.dumps(view_json(view, seats), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def named_event(event: dict[str, Any], seats: list[str]) -> dict[str, Any]:
    """An event in seats as it was saved when events named players: ``seated_event``'s
    inverse, for the views' events and for a new record."""
    def name(v: Any) -> Any:
        return seats[v - 1] if isinstance(v, int) and not isinstance(v, bool) else v

    out = {}
    for key, v in event.items():
        if key in NAME_VALUES:
            v = name(v)
        elif key in NAME_KEYED and isinstance(v, dict):
            v = {seats[int(k) - 1] if k.isdigit() else k: x for k, x in v.items()}
        elif key in NAME_LISTS and isinstance(v, list):
            v = [name(x) for x in v]
        out[key] = v
    return out


def named_view(data: dict[str, Any], seats: list[str]) -> dict[str, Any]:
    """A view's JSON as the flows drew it when events named players: a player field's
    choices and default were the names (shown as they were, no labels of their own), a
    group's field per player was keyed by the name."""
    for action in data.get("actions", []):
        action["event"] = named_event(action["event"], seats)
        for f in action["fields"]:
            if f["kind"] == "player":
                f["choices"] = [seats[c - 1] for c in f["choices"]]
                f["choice_labels"] = None
                if isinstance(f["default"], int):
                    f["default"] = seats[f["default"] - 1]
            if f["group"] in NAME_KEYED and f["key"].isdigit():
                f["key"] = seats[int(f["key"]) - 1]
    return data


def refusal(err: FlowError) -> Any:
    return json.loads(json.dumps(message(err), default=_msg_json, ensure_ascii=False))


def _msg_json(value: Any) -> Any:
    if hasattr(value, "key") and hasattr(value, "params"):
        return {"key": value.key, "params": value.params}
    return str(value)


def _value(rng: random.Random, f: Field) -> Any:
    if f.kind == "bool":
        return rng.random() < 0.5
    if f.kind == "number":
        return rng.randint(f.min, f.max)
    options: list[Any] = list(f.choices or [])
    if f.optional or not options:
        options.append(None)
    return rng.choice(options)


def _tap(rng: random.Random, view: PlayView) -> dict[str, Any]:
    primary = [a for a in view.actions if a.primary]
    offered: list[Action] = [a for a in view.actions if not a.disabled] or view.actions
    action = primary[0] if primary and rng.random() < 0.6 else rng.choice(offered)
    values = {}
    for f in action.fields:
        if rng.random() < 0.6 or f.default is NOT_PICKED:
            values[f.id] = _value(rng, f)
    return build_event(action, values)


def play(game: str, config: dict[str, Any], seed: int) -> dict[str, Any]:
    """One recorded game: the config, each tap tried and what came of it."""
    flow = FLOWS[game]
    rng = random.Random(seed)
    state = flow.initial(config)
    seats = list(state.players)
    view = flow.view(state)
    taps = []
    for _ in range(MAX_TAPS):
        if view.finished:
            break
        event = _tap(rng, view)
        try:
            state = flow.apply(state, event)
        except FlowError as err:
            taps.append({"event": named_event(event, seats), "refused": refusal(err)})
            continue
        view = flow.view(state)
        taps.append({"event": named_event(event, seats), "view": digest(view, seats)})
    start = digest(flow.view(flow.initial(config)), seats)
    return {"game": game, "config": config, "seed": seed, "start": start,
            "taps": taps, "last_view": view_json(view, seats),
            "prefill": json.loads(json.dumps(flow.score_prefill(state), default=_msg_json))}


def record() -> list[dict[str, Any]]:
    games = []
    for game, n, variant in configs():
        base = {"players": NAMES[:n], "variant": variant}
        setup = setup_for(game, n, variant)
        tables = [{**base, "setup": None}]
        if setup is not None:
            tables.append({**base, "setup": setup})
        if other_readings(game):
            tables.append({**base, "setup": setup, "readings": other_readings(game)})
        for config in tables:
            games.append(play(game, config, seed=len(games) + 1))
    return games


def load() -> list[dict[str, Any]]:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as f:
        return json.load(f)


def differences(recorded: dict[str, Any]) -> list[str]:
    """Where today's flow, replaying a recorded game's taps, does not do what it did."""
    game, config = recorded["game"], recorded["config"]
    flow = FLOWS[game]
    state = flow.initial(config)
    seats = seat_names(game, config["variant"], config["players"])
    where = f"{game} {len(config['players'])} {config['variant']} (seed {recorded['seed']})"
    if digest(flow.view(state), seats) != recorded["start"]:
        return [f"{where}: the first view differs"]
    for number, tap in enumerate(recorded["taps"], start=1):
        event = seated_event(tap["event"], seats)
        try:
            after = flow.apply(state, event)
        except FlowError as err:
            if "refused" not in tap:
                return [f"{where}, tap {number} {tap['event']}: refused ({message(err)!s}), "
                        "was accepted"]
            if refusal(err) != tap["refused"]:
                return [f"{where}, tap {number}: refused with {refusal(err)}, "
                        f"was {tap['refused']}"]
            continue
        if "refused" in tap:
            return [f"{where}, tap {number} {tap['event']}: accepted, was refused "
                    f"({tap['refused']})"]
        state = after
        view = flow.view(state)
        if digest(view, seats) != tap["view"]:
            return [f"{where}, tap {number} {tap['event']}: the view differs "
                    f"(now: {view.step!s} / {view.reminder!s})"]
    problems = []
    if view_json(flow.view(state), seats) != recorded["last_view"]:
        problems.append(f"{where}: the last view differs")
    prefill = json.loads(json.dumps(flow.score_prefill(state), default=_msg_json))
    if prefill != recorded["prefill"]:
        problems.append(f"{where}: the score prefill differs: {prefill} != {recorded['prefill']}")
    return problems


def main(argv: list[str]) -> int:
    if "--write" in argv:
        games = record()
        CORPUS.parent.mkdir(parents=True, exist_ok=True)
        with gzip.GzipFile(CORPUS, "wb", mtime=0) as f:
            f.write(json.dumps(games, ensure_ascii=False, sort_keys=True).encode())
        taps = sum(len(g["taps"]) for g in games)
        print(f"{len(games)} games, {taps} taps: {CORPUS}")
        return 0
    problems = [p for g in load() for p in differences(g)]
    print("\n".join(problems) or "every recorded game replays as it was recorded")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
