"""Every Why? quotes the table's own game: on Setup (every step of every game, player
count and variant), on Play (every step the flows reach) and on Score and Results (the
notes of the scorers), the rulebook's words the dialog shows (companion/ui/views/why.py)
are found in that game's rulebook, in English and in Japanese.

A reading for every game (S-1, S-2) quotes several rulebooks, each piece naming its
own: a table is shown its game's piece alone, none when its rulebook has none."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from companion.catalog import GAMES
from companion.flows import FLOWS, build_event
from companion.i18n import speaking
from companion.rules import rulebooks
from companion.rules.rulings import ruling
from companion.rules.rulings_doc import entries
from companion.ui.widgets.why import own_words
from scorers.sheets import score_sheet
from setup_guides import SetupError, make_setup
from tests.flows.test_common import CONFIGS, NAMES, NO_PRIMARY
from tests.flows.test_presets import answered, setup_for

DATA = Path(__file__).resolve().parents[1] / "data"
QUOTE = re.compile(r"[\"“「]([^\"”」]+)[\"”」]")
CUT = re.compile(r"…|\.\.\.|\[…\]|\[\.\.\.\]")  # where a quote leaves words out
LANGUAGES = ("en", "ja")


def letters(text: str) -> str:
    """Only the words' letters: a quote keeps the words, not always the line breaks,
    list numbers or punctuation of the rulebook."""
    return re.sub(r"[\W_\d]+", "", text).lower()


@cache
def rulebook_letters(game: str) -> str:
    names = [GAMES[game].rulebook] + (["latoro-en.md"] if game == "latoro" else [])
    return letters(" ".join(rulebooks.read(name) for name in names))


def foreign_quotes(shown: str, game: str) -> list[str]:
    """The pieces quoted in ``shown`` that ``game``'s rulebook does not hold."""
    pieces = [p for q in QUOTE.findall(shown) for p in CUT.split(q)]
    return [p for p in pieces
            if len(letters(p)) >= 12 and letters(p) not in rulebook_letters(game)]


@cache
def entry_games() -> dict[str, str]:
    return {e.id: e.game for e in entries()}


def why_problems(ruling_ids, game: str, passed: str | None) -> list[str]:
    """What is wrong with the Why? of ``ruling_ids`` on a ``game`` table whose screen
    passes ``passed`` as the game (Setup: the game; Play and Score: none)."""
    problems = []
    for rid in ruling_ids:
        if entry_games().get(rid) not in ("", game):
            problems.append(f"{rid} is a reading of {entry_games().get(rid)!r}")
        for language in LANGUAGES:
            with speaking(language):
                r = ruling(rid)
                assert r is not None, rid
                shown = own_words(r.rulebook, passed)
            problems += [f"{rid} ({language}) quotes {p!r}" for p in foreign_quotes(shown, game)]
    return problems


def setups():
    for game in GAMES.values():
        for n in game.player_counts:
            for variant in game.variants:
                try:
                    yield game.id, n, variant.id, make_setup(game.id, n, variant.id, 7)
                except SetupError:
                    continue  # not a variant for this count
                if variant.id == "campaign":  # a later game of the series has its own step
                    yield game.id, n, variant.id, make_setup(game.id, n, variant.id, 7,
                                                             campaign_game=2)


def test_every_setup_why_quotes_the_tables_own_rulebook():
    """Every step of every game's Setup, all player counts and variants: its Why? quotes
    that game's rulebook only."""
    seen = set()
    for game, n, variant, setup in setups():
        for step in setup.steps:
            assert not why_problems(step.rulings, game, game), (game, n, variant, step.title)
            seen.update((game, r) for r in step.rulings)
    assert {g for g, _ in seen} == set(GAMES)  # every game's Setup has a Why?
    assert ("latria", "S-2") in seen and ("latoro", "S-2") in seen


def test_latria_first_parents_why_quotes_latria_alone():
    """The first parent's Why? on a Latria table: the astrologer, not the oldest player
    nor whoever last rode an animal."""
    step = next(s for s in make_setup("latria", 4, "standard", 7).steps if "S-2" in s.rulings)
    for language in LANGUAGES:
        with speaking(language):
            r = ruling("S-2")
            shown = own_words(r.rulebook, "latria")
            assert "confident in astrology" in shown
            for elsewhere in ("oldest", "Ancient God", "animal", "動物", "Altar", "Latoro"):
                assert elsewhere not in shown and elsewhere not in r.table, elsewhere
    assert step.rulings


def test_a_reading_for_every_game_quotes_nothing_where_the_rulebook_says_nothing():
    """Seats clockwise (S-1): Latria's and Latoro's rulebooks say nothing of it, so their
    tables read the reading without another game's words; Luna's table reads Luna's."""
    words = ruling("S-1").rulebook
    assert own_words(words, "latria") == own_words(words, "latoro") == ""
    assert own_words(words, "luna") == (
        '"Beginning with the start player and continuing clockwise" (Luna, Preliminary Round)')
    assert own_words(words, None) == words  # the Rulings screen of every game: all


def play_rulings(game: str, n: int, variant: str) -> set[str]:
    """The readings of every step a whole game walks through, its main buttons tapped."""
    flow = FLOWS[game]
    state = flow.initial({"players": NAMES[:n], "variant": variant,
                          "setup": setup_for(game, n, variant)})
    found: set[str] = set()
    for _ in range(600):
        view = flow.view(state)
        found.update(view.rulings)
        if view.finished:
            break
        primary = next((a for a in view.actions if a.primary), None)
        event = (build_event(primary, answered(primary)) if primary
                 else NO_PRIMARY[game](state))
        state = flow.apply(state, event)
    return found


@pytest.mark.parametrize("game, n, variant", CONFIGS, ids=[f"{g}-{n}-{v}" for g, n, v in CONFIGS])
def test_every_play_why_quotes_the_tables_own_rulebook(game, n, variant):
    """Play's Why? (the screen passes no game: its readings are the game's own)."""
    assert not why_problems(play_rulings(game, n, variant), game, None)


def test_every_reading_quotes_its_own_games_rulebook():
    """Every reading of one game (a Score or Results note, a Play step, wherever it is
    shown) quotes that game's rulebook; one for every game names each piece's own."""
    for e in entries():
        games = [e.game] if e.game else list(GAMES)
        for game in games:
            assert not why_problems([e.id], game, game if not e.game else None), e.id


@pytest.mark.parametrize("path", sorted(DATA.glob("*.json")), ids=lambda p: p.stem)
def test_score_notes_cite_their_own_games_readings(path):
    """The notes a scored sheet shows with a Why? (Score, Results) are its game's."""
    sheet = json.loads(path.read_text(encoding="utf-8"))
    result = score_sheet(sheet)
    game = sheet["game"].removesuffix("_campaign").removesuffix("_round")
    cited = {r for note in result.note_details for r in note.rulings}
    assert not why_problems(cited, game, None)
