"""The pure helpers of the Setup screen (companion/ui/views/setup.py), and the screen's build
against a real store (no browser)."""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given
from hypothesis import strategies as st

import setup_guides
from companion.engine import Engine
from companion.screens.setup_checklist import (
    first_player_mode,
    kept_ticks,
    number_parts,
    sections,
    split_draws,
    with_seat_names,
)
from companion.storage.store import Store
from companion.ui.views import setup as screen


def every_setup(seed: int = 7):
    for game, counts in setup_guides.SETUP_VARIANTS.items():
        for players, variants in counts.items():
            for variant in variants:
                yield setup_guides.make_setup(game, players, variant, seed)


def bold(text: str) -> list[str]:
    return [part for part, is_number in number_parts(text) if is_number]


# --- numbers in bold ---------------------------------------------------------------------


def test_numbers_are_cut_out_in_order():
    assert number_parts("Deal 10 cards to 3 players") == [
        ("Deal ", False), ("10", True), (" cards to ", False), ("3", True), (" players", False)]


def test_ranges_signs_and_ordinals_are_one_number():
    assert bold("the 1–3 and 13–15 of each suit") == ["1–3", "13–15"]
    assert bold("place 4 scores −1; place 1 scores 4") == ["4", "−1", "1", "4"]
    assert bold("the 1st–2nd highest tiles; the 3rd–4th") == ["1st–2nd", "3rd–4th"]
    assert bold("the 3-player layout") == ["3"]
    assert bold("value “5” (2–3 players)") == ["5", "2–3"]


def test_ruling_names_and_digits_inside_words_stay_plain():
    assert bold("see ruling S-1 and rulings S-10 and S-11") == []
    assert bold("marked sun_x0 and x2") == []


def test_text_without_numbers_is_one_plain_part():
    assert number_parts("Shuffle the deck") == [("Shuffle the deck", False)]
    assert number_parts("") == [("", False)]


@given(st.text())
def test_the_parts_join_back_into_the_text(text):
    assert "".join(part for part, _ in number_parts(text)) == text


def test_every_checklist_line_joins_back():
    for setup in every_setup():
        for step in setup.steps:
            for text in (step.title, step.detail):
                assert "".join(part for part, _ in number_parts(text)) == text


# --- seats and names ---------------------------------------------------------------------


def test_seats_are_named_after_who_sits_there():
    """The Setup screen names players, not "seat 1"."""
    names = ["Ann", "Ben", "さくら"]
    assert with_seat_names("Seat 3", names) == "さくら"
    assert with_seat_names("You (seat 1)", names) == "You (Ann)"
    assert with_seat_names("seat 1: two Military and seat 2: two Traders", names) == (
        "Ann: two Military and Ben: two Traders")
    assert with_seat_names("Seat 4", names) == "Seat 4"  # no such seat: left as it is
    assert with_seat_names("Temple board 1 from the gate", names) == (
        "Temple board 1 from the gate")


# --- the first player --------------------------------------------------------------------


def test_human_rules_offer_the_drawn_seat_random_rules_use_it():
    modes = {}
    for setup in every_setup():
        modes.setdefault(setup.game, set()).add((setup.variant, first_player_mode(setup)))
    assert {m for _, m in modes["latria"]} == {"rule"}
    assert {m for _, m in modes["altar"]} == {"rule"}
    assert {m for _, m in modes["latoro"]} == {"rule"}
    assert {m for _, m in modes["carpe_astra"]} == {"drawn"}
    assert {v: m for v, m in modes["luna"]} == {
        "standard": "drawn", "preselected": "drawn",
        "solo1": "fixed", "solo2": "fixed", "solo3": "fixed"}


def test_every_games_draws_start_with_the_first_player():
    """The screen shows draws()[0] as the first player: hold the library to that."""
    for setup in every_setup():
        first, others = split_draws(setup_guides.draws(setup))
        assert first is not None
        if first_player_mode(setup) != "fixed":
            assert first[1] == f"Seat {setup.first_player}", setup.game
        assert len(others) == len(setup_guides.draws(setup)) - 1
    assert split_draws([]) == (None, [])


# --- sections ----------------------------------------------------------------------------


def test_sections_keep_the_checklist_order_and_numbers():
    setup = setup_guides.make_setup("carpe_astra", 3, "standard", 7)
    grouped = sections(setup.steps)
    assert [name for name, _ in grouped] == ["Setup", "Play"]
    numbers = [n for _, group in grouped for n, _ in group]
    assert numbers == list(range(1, len(setup.steps) + 1))
    assert grouped[1][1][0][1].title == "Start player"


def test_a_section_that_comes_back_starts_a_new_group():
    Step = setup_guides.Step
    steps = [Step(title="a", detail="", section="X"), Step(title="b", detail="", section="Y"),
             Step(title="c", detail="", section="X")]
    assert [(name, [n for n, _ in g]) for name, g in sections(steps)] == [
        ("X", [1]), ("Y", [2]), ("X", [3])]


def test_only_ticks_of_this_checklist_are_kept():
    assert kept_ticks([0, 1, 3, 8, 9, -1], 8) == {1, 3, 8}


# --- the screen against a real store -----------------------------------------------------


def fake_ctx(store):
    return SimpleNamespace(store=store, page=None, go=lambda route: None,
                           toast=lambda message: None, live={}, engine=Engine(store))


def test_a_table_without_a_seed_gets_one_saved_once(tmp_path):
    store = Store(tmp_path)
    table = store.create_table("latria", "campaign", ["Ann", "Ben", "さくら"])
    assert table.seed is None
    view = screen.build(fake_ctx(store), table.id)
    seed = store.get_table(table.id).seed
    assert isinstance(seed, int)
    assert view.route == f"/table/{table.id}/setup"
    screen.build(fake_ctx(store), table.id)
    assert store.get_table(table.id).seed == seed


def test_the_latria_campaign_variant_gets_the_campaign_checklist(tmp_path):
    store = Store(tmp_path)
    table = store.create_table("latria", "campaign", ["Ann", "Ben", "Cleo"], seed=5)
    view = screen.build(fake_ctx(store), table.id)
    texts = []

    def walk(control):
        for name in ("semantics_label", "value"):
            value = getattr(control, name, None)
            if isinstance(value, str):
                texts.append(value)
        for span in getattr(control, "spans", None) or []:
            texts.append(span.text)
        for child in ("content",):
            if getattr(control, child, None) is not None:
                walk(getattr(control, child))
        for child in getattr(control, "controls", None) or []:
            walk(child)

    for control in view.controls:
        walk(control)
    expected = setup_guides.make_setup("latria", 3, "campaign", 5)
    assert "Extension Rules: Campaign" in texts
    assert f"{len(expected.steps)}. Campaign: one game per player" in texts


def test_a_missing_table_is_a_message_not_a_crash(tmp_path):
    view = screen.build(fake_ctx(Store(tmp_path)), "nope")
    assert view.route == "/table/nope/setup"


def test_choosing_a_character_swaps_it_with_whoever_had_it():
    from companion.ui.views.setup_characters import swapped

    assert swapped(["chun", "tyndar", "verron"], 2, "chun") == ["verron", "tyndar", "chun"]
    # A character not in play (2 or 3 players): the old one leaves play.
    assert swapped(["chun", "tyndar"], 0, "ichthon") == ["ichthon", "tyndar"]
    assert swapped(["chun", "tyndar"], 0, "chun") == ["chun", "tyndar"]


def test_a_chosen_character_reaches_play(tmp_path):
    """The characters chosen on Setup are the table's setup, which Play starts from."""
    from companion.flows import FLOWS
    from companion.storage.store import Store
    from companion.table.setup import flow_config

    store = Store(tmp_path)
    table = store.create_table("carpe_astra", "standard", ["Ann", "Ben", "Cat"], seed=5)
    store.set_setup_choice(table.id, "characters", ["ichthon", "verron", "chun"], 5)
    config = flow_config(store.get_table(table.id))
    assert config["setup"]["characters"] == ["ichthon", "verron", "chun"]
    start = FLOWS["carpe_astra"].view(FLOWS["carpe_astra"].initial(config)).actions[0]
    assert start.event["characters"] == {"1": "ichthon", "2": "verron", "3": "chun"}
    # A saved choice that no longer fits (a damaged row) leaves the draw.
    store.set_setup_choice(table.id, "characters", ["ichthon", "ichthon", "chun"], 5)
    assert flow_config(store.get_table(table.id))["setup"]["characters"] == \
        setup_guides.make_setup("carpe_astra", 3, "standard", 5).characters
