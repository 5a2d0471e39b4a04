"""Setup drawn in-process (companion/ui/views/setup.py) on a real store and engine: the
draws of the seed named by player, every step of the guide with its own box, Carpe
Astra's support tokens by the guilds in play, ticks by the box or the row kept with the
table, Draw again asking first (Cancel keeps the setup and its ticks), and a Latria
table's Why? on its first parent quoting Latria's rulebook alone."""

from __future__ import annotations

import re

import flet as ft

from companion.screens.setup_checklist import with_seat_names
from companion.storage.store import Store
from companion.ui.views import setup as setup_view
from setup_guides import make_setup
from setup_guides.carpe_astra import CHARACTERS, GUILD_NAMES
from tests.ui.drawn import button_named, drawn_ctx
from tests.ui.test_history_screens import controls_labelled
from tests.ui.test_home_and_results import texts, view_texts
from tests.ui.test_new_table_drawn import every

NAMES = ["Ann", "Ben", "さくら"]


def drawn(store: Store, table_id: str):
    ctx = drawn_ctx(store)
    return ctx, setup_view.build(ctx, table_id)


def boxes(view) -> list[ft.Checkbox]:
    return every(view, lambda c: isinstance(c, ft.Checkbox))


def rows(view) -> dict[int, ft.Container]:
    """Each step's whole row by its box: a tap anywhere on it ticks the step."""
    return {id(c.content.controls[0].content): c for c in every(
        view, lambda c: isinstance(c, ft.Container) and c.on_click is not None
        and isinstance(c.content, ft.Row) and c.content.controls
        and isinstance(getattr(c.content.controls[0], "content", None), ft.Checkbox))}


def tapped(box: ft.Checkbox, on: bool) -> None:
    box.value = on
    box.on_change(type("Event", (), {"control": box, "data": str(on).lower()})())


def progress(view) -> str:
    (line,) = [t for t in view_texts(view) if re.search(r" done|steps done", t)]
    return line


def check_draws(view, setup) -> None:
    """The start player drawn from the seed by name (not by seat), and who plays which
    character shown picked."""
    shown = view_texts(view)
    at = shown.index("Start player")
    assert NAMES[setup.first_player - 1] in shown[at:at + 3]
    assert not any(text.startswith("Seat ") for text in shown)
    for seat, character in enumerate(setup.characters, start=1):
        (chip,) = controls_labelled(view, f"{CHARACTERS[character].name}: {NAMES[seat - 1]}")
        assert chip.selected


def test_three_player_carpe_astra_every_step_shown_ticked_and_kept(tmp_path):
    store = Store(tmp_path)
    table = store.create_table("carpe_astra", "standard", NAMES, seed=4242)
    ctx, view = drawn(store, table.id)
    setup = make_setup("carpe_astra", 3, "standard", 4242)
    assert "Share this seed: 4242" in view_texts(view)
    check_draws(view, setup)
    steps = setup.steps
    assert progress(view) == f"0 of {len(steps)} done"
    # Every step the guide has, in order, each with its own box.
    assert [b.semantics_label for b in boxes(view)] == [
        f"{n}. {s.title}" for n, s in enumerate(steps, start=1)]

    # The support tokens: 5 of each guild in play (the drawn characters'), 4 of the rest.
    (tokens,) = [s for s in steps if s.title == "Support tokens"]
    text = with_seat_names(tokens.detail, NAMES)
    assert text in ["".join(s.text for s in c.spans) for c in every(
        view, lambda c: isinstance(c, ft.Text) and c.spans)]
    five = re.search(r"put 5 support tokens each of (.+?) \(the guilds", text)
    four = re.search(r"and 4 each of (.+?) in a supply pile", text)
    in_play = {GUILD_NAMES[CHARACTERS[c].guild] for c in setup.characters}
    assert set(re.split(r", | and ", five.group(1))) == in_play
    assert set(re.split(r", | and ", four.group(1))) == set(GUILD_NAMES.values()) - in_play
    assert "27 tokens; the other 9 go back in the box" in text
    for seat, character in enumerate(setup.characters, start=1):
        assert f"{NAMES[seat - 1]}: two {GUILD_NAMES[CHARACTERS[character].guild]}" in text

    # Tick every step: odd ones on the box, even ones anywhere on the row.
    row = rows(view)
    for number, box in enumerate(boxes(view), start=1):
        if number % 2:
            tapped(box, True)
        else:
            row[id(box)].on_click(None)
        assert box.value is True
    assert progress(view) == f"All {len(steps)} steps done: ready to play."
    assert ctx.notices == []

    # Kept with the table: the screen drawn again shows every tick and the same seed.
    _, again = drawn(Store(tmp_path), table.id)
    assert "Share this seed: 4242" in view_texts(again)
    assert all(b.value for b in boxes(again))
    tapped(boxes(again)[-1], False)  # unticking is saved too
    _, third = drawn(Store(tmp_path), table.id)
    assert progress(third) == f"{len(steps) - 1} of {len(steps)} done"
    assert [b.value for b in boxes(third)] == [True] * (len(steps) - 1) + [False]


def test_draw_again_asks_first_cancel_keeps_and_confirmed_draws_anew(tmp_path):
    store = Store(tmp_path)
    table = store.create_table("carpe_astra", "advanced", NAMES, seed=4242)
    ctx, view = drawn(store, table.id)
    setup = make_setup("carpe_astra", 3, "advanced", 4242)
    check_draws(view, setup)  # a seed shared by another phone: the same draws
    last = setup.steps[-1]
    assert boxes(view)[-1].semantics_label == f"{len(setup.steps)}. {last.title}"
    tapped(boxes(view)[0], True)

    def draw_again() -> None:
        (button,) = every(view, lambda c: isinstance(c, ft.OutlinedButton)
                          and c.content == "Draw again")
        button.on_click(None)

    draw_again()
    assert ctx.page.dialog.title.value == "Draw again?"
    button_named(ctx.page.dialog, "Cancel").on_click(None)
    assert ctx.page.dialog is None
    assert store.get_table(table.id).seed == 4242
    assert boxes(view)[0].value is True
    draw_again()
    button_named(ctx.page.dialog, "Draw a new setup").on_click(None)
    seed = store.get_table(table.id).seed
    assert seed != 4242
    assert f"Share this seed: {seed}" in view_texts(view)
    assert progress(view) == f"0 of {len(setup.steps)} done"
    assert boxes(view)[0].value is False
    check_draws(view, make_setup("carpe_astra", 3, "advanced", seed))


def test_latrias_first_parent_why_quotes_latrias_rulebook_alone(tmp_path):
    """The first parent's Why? on a Latria table: the astrologer. Nothing on the screen,
    the dialog over the checklist, speaks of another game: not Altar's oldest player or
    Ancient God, nor Latoro's rider of animals."""
    store = Store(tmp_path)
    table = store.create_table("latria", "standard", ["Aiko", "Ben", "Chiara", "Dev"])
    ctx, view = drawn(store, table.id)
    (why,) = [b for b in every(view, lambda c: isinstance(c, ft.TextButton)) if (
        getattr(b.content, "semantics_label", "") or "").startswith(
        "Why? A human rule, or the drawn seat")]
    why.on_click(None)
    said = texts(ctx.page.dialog.content)
    assert '"The player who is most confident in astrology becomes the first player" ' \
           "(Latria)" in said
    shown = " ".join([*view_texts(view), *texts(ctx.page.dialog)])
    for elsewhere in ("oldest", "Ancient God", "animal", "Altar", "Latoro", "Carpe Astra",
                      "Luna"):
        assert elsewhere not in shown, elsewhere
