"""Carpe Astra's characters, on Setup's and Play's models on a real store and engine: chosen
once on Setup (the draw or the table's choice), Play starts from them without asking, the
end of a turn with a Slander reminds to remove the agent, and after the first tap the
characters stay as they are. (The card drawn locked:
tests/ui/test_carpe_astra_characters_drawn.py.)"""

from __future__ import annotations

from companion.engine import Engine
from companion.i18n import say, speaking
from companion.screens.setup_checklist import Checklist, with_seat_names
from setup_guides import make_setup
from setup_guides.carpe_astra import CHARACTERS, GUILD_NAMES
from tests.screens.test_play_latria import Table

NAMES = ["Ann", "Ben", "Cleo"]


def test_characters_chosen_on_setup_reach_play_once(store):
    table = Table(store, "carpe_astra", NAMES, seed=5)
    engine = Engine(store)
    setup = Checklist.open(store, engine, table.id)
    drawn = make_setup("carpe_astra", 3, "standard", 5).characters
    assert list(setup.setup.characters) == list(drawn)

    # Ann takes the character the draw left out; the checklist follows.
    unused = next(c for c in CHARACTERS if c not in drawn)
    chosen = [unused, *drawn[1:]]
    assert setup.choose_characters(engine, chosen).saved
    again = Checklist.open(store, engine, table.id)
    with speaking("en"):
        (line,) = [with_seat_names(say(s.detail), NAMES) for s in again.setup.steps
                   if say(s.title) == "Characters"]
        names = {c: say(CHARACTERS[c].name) for c in CHARACTERS}
    assert "(chosen at the table)" in line and "seat" not in line
    assert again.setup.characters_chosen and not again.started

    # Play reads them: nothing asked, only who starts.
    note = "Characters: " + ", ".join(f"{n} {names[c]}"
                                      for n, c in zip(NAMES, chosen, strict=True)) + "."
    assert table.says(note)
    with speaking("en"):
        asked = [say(f.label) for f in table.action("Start round 1").fields]
    assert asked == ["Start player"]
    table.press("Start round 1", {"Start player": "Ann"})
    for label in ("Next: Make New Contacts", "Next: Infiltrate Guilds", "Next: Gain Support"):
        table.press(label)

    # Ann slanders Ben; at the end of her turn the agent on Ben's tile must go.
    with speaking("en"):
        guild = say(GUILD_NAMES[CHARACTERS[chosen[1]].guild])
    table.press("Scored a Slander card", {"Opponent slandered": "Ben", "Guild": guild})
    assert table.says("1 card scored this turn.")
    table.press("Next: Draw")
    assert table.says("Ann: remove your agent from Ben's character tile")

    # Chosen once: after the first tap Setup shows them fixed, and keeps them.
    late = Checklist.open(store, engine, table.id)
    assert late.started
    assert late.choose_characters(engine, None).stale
    assert list(Checklist.open(store, engine, table.id).setup.characters) == chosen
