"""Each game's play flow is a step table (companion.flows.base.StepTable): its steps follow
the rulebook's turn structure, heading by heading; the recorded games (the replay corpus)
reach every step and make every move; and each step quotes the section it stands for."""

from __future__ import annotations

from collections import defaultdict

import pytest

from companion.flows import FLOWS, FlowError
from companion.rules.quotes import find
from companion.rules.rulebooks import books
from companion.table.renaming import seat_names, seated_event
from tests.flows.replay_corpus import load

# Per game, its steps in the table's order and the heading of the rulebook (English) each
# stands under, as printed: the table must list the same steps in the same order.
HEADINGS: dict[str, list[tuple[str, str]]] = {
    "altar": [
        ("start", "Setup"),
        ("draw", "Draw a Card"),
        ("action", "Main Actions"),
        ("action2", "Main Actions"),  # 2 players: "two different actions" (Gameplay)
        ("end_turn", "Free Actions"),
        ("end", "End of the Game"),
    ],
    "luna": [
        ("start", "Setup"),
        ("shrines", "1. Preliminary Round"),
        ("novices", "1. Preliminary Round"),
        ("favors", "1. Preliminary Round"),
        ("action", "Action Phase"),
        ("scoring", "Scoring Phase"),
        ("prep_novices", "Preparing the Next Round"),
        ("prep_figures", "Preparing the Next Round"),
        ("prep_guard", "Preparing the Next Round"),
        ("end", "Game End"),
        # the solo game's own steps: Solo Game Rules, Level 1, after the game's own rules
        ("solo_opponent", "Level 1"),
        ("solo_temple", "Level 1"),
        ("solo_deactivate", "Level 1"),
        ("solo_opponent_tile", "Level 1"),
        ("solo_shrine", "Level 1"),
    ],
    "carpe_astra": [
        ("start", "Setup"),
        ("change_tack", "Change Tack"),
        ("contacts", "Make New Contacts"),
        ("infiltrate", "Infiltrate Guilds"),
        ("support", "Gain Support"),
        ("draw", "Draw"),
        ("round_end", "End of a Round"),
        ("immediate", "End of a Round"),
        ("end", "End of the Game"),
    ],
    "latria": [
        ("start", "Game Setup"),
        ("1", "Step 1: Reveal celestial cards"),
        ("2", "Step 2: Parent plays a card"),
        ("3", "Step 3: Children play a card"),
        ("4", "Step 4: Acquire cards"),
        ("5", "Step 5: Set aside unacquired cards"),
        ("6", "Step 6: Next parent"),
        ("end", "Step 6: Next parent"),  # "When the round in which … ends, the game ends"
    ],
    "latoro": [
        ("start", "Player setup"),
        ("placement", "Placement phase"),
        ("collection", "Collection phase"),
        ("support", "Support phase"),
        ("prep_cap", "Preparation phase"),
        ("prep_marker", "Preparation phase"),
        ("prep_refill", "Preparation phase"),
        ("end", "End of the game"),
    ],
}
ENGLISH = {"latoro": "latoro-en"}  # the book the headings are in (else the game's own)
GAMES = sorted(HEADINGS)


# Moves the recorded games' random taps never made (a form rarely filled in right by
# chance), played here: (config, events in seats).
MORE: dict[str, list[tuple[dict, list[dict]]]] = {
    "altar": [({"players": ["Ann", "Ben"], "variant": "standard"}, [
        {"type": "start", "player": 1},  # refused: the Goddess of Love not answered
        {"type": "start", "player": 1, "love": None},
        {"type": "main", "action": "worship"},  # refused: the draw comes first
        {"type": "next"},
        {"type": "main", "action": "ritual", "realm": "0-1"},
        {"type": "main", "action": "ritual", "realm": "0-0"},  # refused: not a different one
        {"type": "altar", "realm": "1-0", "change": "activate"},
        {"type": "shrine", "realm": "1-1"},
        {"type": "main", "action": "worship"},
        {"type": "next"},
        {"type": "deck_exhausted"},
    ])],
    "latoro": [({"players": ["Ann", "Ben"], "variant": "standard"}, [
        {"type": "start", "player": 1},
        {"type": "track_resources", "black": {"1": 3, "2": 1}},
        {"type": "next"}, {"type": "next"},  # to the Support phase
        {"type": "convert", "player": 1, "black": 3, "get": "white"},
    ])],
}


def logs(game: str):
    """(config, events in seats) of every recorded game, and the ones above."""
    for recorded in load():
        if recorded["game"] == game:
            config = recorded["config"]
            seats = seat_names(game, config["variant"], config["players"])
            yield config, [seated_event(tap["event"], seats) for tap in recorded["taps"]]
    yield from MORE.get(game, [])


def walked(game: str):
    """(state before, event, state after or None when refused) for every tap played."""
    flow = FLOWS[game]
    for config, events in logs(game):
        state = flow.initial(config)
        for event in events:
            try:
                after = flow.apply(state, event)
            except FlowError:
                yield state, event, None
                continue
            yield state, event, after
            state = after


def test_every_game_has_a_step_table():
    assert set(HEADINGS) == set(FLOWS)
    assert all(flow.steps is not None for flow in FLOWS.values())


@pytest.mark.parametrize("game", GAMES)
def test_the_steps_follow_the_rulebooks_headings_in_order(game):
    table = FLOWS[game].steps
    assert [s.id for s in table.steps] == [step for step, _ in HEADINGS[game]]
    book = books()[ENGLISH.get(game, game)]
    titles = [s.title for s in book.sections]
    places = []
    for step, heading in HEADINGS[game]:
        assert heading in titles, (step, heading)
        places.append(titles.index(heading))
    assert places == sorted(places), "the table's order is not the rulebook's"


@pytest.mark.parametrize("game", GAMES)
def test_each_step_quotes_the_section_of_its_heading(game):
    table = FLOWS[game].steps
    english = ENGLISH.get(game, game)
    heading = dict(HEADINGS[game])
    seen: dict[str, set[str]] = defaultdict(set)
    for state, _, _ in walked(game):
        view = table.view(state)
        for citation in view.cites:
            if citation.book == english:
                for passage in citation.passages:
                    seen[getattr(state, table.step_field)].add(find(citation, passage)
                                                               .section.title)
    for step, sections in seen.items():
        assert heading[step] in sections, (step, sections)


@pytest.mark.parametrize("game", GAMES)
def test_the_recorded_games_reach_every_step_and_make_every_move(game):
    table = FLOWS[game].steps
    reached: set[str] = set()
    moved: set[str] = set()
    refused: set[str] = set()
    for state, event, after in walked(game):
        reached.add(getattr(state, table.step_field))
        if after is None:
            refused.add(event["type"])
        else:
            moved.add(event["type"])
            reached.add(getattr(after, table.step_field))
    assert reached == {s.id for s in table.steps}
    assert moved >= set(table.moves) | {"next"}
    assert refused, "the records hold refused taps too"
