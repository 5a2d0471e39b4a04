"""Latria on Play's model (companion/screens/play.py) on a real store and engine, as the
browser once walked it: two rounds with a mutation card kept through a restart and taken
back by Undo; step 4's quick record and its card helper; a table without a setup draw
asking who starts. ``Table`` drives Play by the words on its buttons, as a player does;
the other games' in-process walks use it too."""

from __future__ import annotations

from companion.engine import Engine
from companion.flows import build_event
from companion.flows.base import NOT_PICKED, Action
from companion.i18n import say, speaking
from companion.screens.play import Play, Tapped
from companion.storage.store import Store


class Table:
    """One table in a store, played through Play's model by its buttons' words (English).
    ``picks`` name a field by its label and a choice by its label (or give the value)."""

    def __init__(self, store: Store, game: str, players: list[str], variant: str = "standard",
                 seed: int | None = 1, table_id: str | None = None):
        self.store = store
        self.engine = Engine(store)
        self.id = table_id or store.create_table(game, variant, players, seed=seed).id

    @property
    def play(self) -> Play:
        return Play.open(self.store, self.id)

    def action(self, label: str) -> Action:
        with speaking("en"):
            labels = [say(a.label) for a in self.play.view.actions]
        assert label in labels, (label, labels)
        return self.play.view.actions[labels.index(label)]

    def event(self, label: str, picks: dict | None = None) -> dict:
        action = self.action(label)
        values = {}
        with speaking("en"):
            for name, choice in (picks or {}).items():
                (field,) = [f for f in action.fields if say(f.label) == name]
                labels = [say(c) for c in field.choice_labels or []]
                values[field.id] = (field.choices[labels.index(choice)]
                                    if choice in labels else choice)
        return build_event(action, values)

    def tap(self, label: str, picks: dict | None = None, ending: bool = False) -> Tapped:
        with speaking("en"):
            return self.play.tap(self.engine, self.event(label, picks), ending=ending)

    def press(self, label: str, picks: dict | None = None, ending: bool = False) -> None:
        """A tap that must be saved."""
        tapped = self.tap(label, picks, ending)
        assert tapped.saved, (label, tapped)

    def big(self) -> str:
        """The big button's words."""
        with speaking("en"):
            return say(next(a.label for a in self.play.view.actions if a.primary))

    def shown(self) -> list[str]:
        """Every line the screen shows of the game: where, markers and notes."""
        with speaking("en"):
            view = self.play.view
            return [say(view.step), say(view.reminder),
                    *(f"{say(m.label)} {say(m.value) if m.value is not None else ''}".strip()
                      for m in view.markers),
                    *(say(n) for n in view.notes)]

    def says(self, words: str) -> bool:
        return any(words in line for line in self.shown())


FOUR = ["Ann", "Ben", "Cleo", "Dan"]


def play_round(table: Table, *, parent: str, mutation: bool, body: str, taker: str,
               next_parent: str) -> None:
    table.press("Next: Step 2 — Parent plays",
                {"The Sun card shows the mutation symbol": mutation})
    assert table.says(f"{parent} plays one astrology card")
    table.press("Next: Step 3 — Children play")
    table.press("Next: Step 4 — Acquire")
    assert table.says("Step 4 — Acquire cards")
    table.press("Record who took the cards",
                {"Targeted body": body, "Took the celestial cards": taker})
    table.press("Next: Step 6 — Next parent")
    assert table.big().endswith(f"— {next_parent} is parent")
    table.press(table.big())


def test_two_rounds_with_a_mutation_survive_a_restart_and_undo(tmp_path):
    table = Table(Store(tmp_path), "latria", FOUR)
    table.press("Start round 1", {"First parent": "Ann"})
    assert table.says("Step 1 — Reveal celestial cards")
    # Round 1: a Sun mutation card flips the Sun into eclipse; Ben takes the Sun cards.
    play_round(table, parent="Ann", mutation=True, body="Sun", taker="Ben", next_parent="Ben")
    assert "Round 2 of 11" in table.shown()
    # Round 2: no mutation; Cleo takes the Moon cards and becomes the parent.
    play_round(table, parent="Ben", mutation=False, body="Moon", taker="Cleo",
               next_parent="Cleo")

    # A restart: a new store on the same folder opens the table where it was.
    again = Table(Store(tmp_path), "latria", FOUR, table_id=table.id)
    shown = again.shown()
    assert "Round 3 of 11" in shown and "Parent Cleo" in shown
    assert shown[0] == "Step 1 — Reveal celestial cards"
    assert "Sun eclipsed (1 of 3 mutations)" in shown

    # Undo takes back the last tap: round 2, step 6, Ben still the parent.
    assert again.play.undo(again.engine, again.store).saved
    shown = again.shown()
    assert shown[0] == "Step 6 — Next parent" and "Round 2 of 11" in shown
    assert "Parent Ben" in shown


def to_step_4(table: Table) -> None:
    table.press("Start round 1", {"First parent": "Ann"})
    table.press("Next: Step 2 — Parent plays")
    table.press("Next: Step 3 — Children play")
    table.press("Next: Step 4 — Acquire")


def test_step4_quick_record_first_and_the_helper_keeps_the_cards(store):
    """Step 4: "who took the cards" is the big button and nothing is answered for the
    table; the card helper is folded behind one tap, its numbers start at 7 (the middle of
    2–13 with 4 players); "Enter the cards again" starts from the cards entered."""
    table = Table(store, "latria", FOUR)
    to_step_4(table)
    record = table.action("Record who took the cards")
    assert record.primary
    assert all(f.default is NOT_PICKED for f in record.fields if f.key in ("body", "taker"))
    helper = table.action("Enter the cards played")
    assert helper.folded
    assert [f.default for f in helper.fields if f.kind == "number"] == [7, 7, 7, 7]

    cards = {"Ann (parent): suit": "Sun", "Ann (parent): number": 9, "Ben: suit": "Sun",
             "Ben: number": 12, "Cleo: suit": "Moon", "Dan: suit": "Latria"}
    table.press("Enter the cards played", cards)
    assert table.says("Cards: Ann Sun 9, Ben Sun 12, Cleo Moon 7, Dan Latria 7.")
    assert table.says("Ben takes the Sun cards")

    # Entered again: the form opens on the cards as entered, to change one.
    again = table.action("Enter the cards again")
    with speaking("en"):
        starts = {say(f.label): f.default for f in again.fields}
    assert (starts["Cleo: suit"], starts["Dan: suit"], starts["Ben: number"]) == (
        "moon", "latria", 12)
    table.press("Enter the cards again", {"Cleo: suit": "Sun"})
    assert table.says("Cards: Ann Sun 9, Ben Sun 12, Cleo Sun 7, Dan Latria 7.")
    table.press("Accept: Ben takes the Sun cards")
    assert table.shown()[0] == "Step 5 — Set aside unacquired cards"


def test_step_4_asks_keeping_only_of_the_children_who_did_not_take(store):
    """The parent is never asked whether they kept their card; the taker's question is
    not asked (the form, tests/ui/test_play_forms_kept.py, dims it); what is recorded
    leads to step 5."""
    table = Table(store, "latria", ["Ann", "Ben", "Cleo"])
    to_step_4(table)
    with speaking("en"):
        asked = [say(f.label) for f in table.action("Record who took the cards").fields
                 if f.group == "kept"]
    assert asked == ["Ben kept their own card", "Cleo kept their own card"]
    event = table.event("Record who took the cards", {
        "Targeted body": "Sun", "Took the celestial cards": "Cleo",
        "Ben kept their own card": True, "Cleo kept their own card": True})
    assert event["kept"] == {"2": True, "3": False}  # the taker's tick records no
    assert table.play.tap(table.engine, event).saved
    assert table.shown()[0].startswith("Step 5")
    assert table.says("Cleo")


def test_a_table_without_a_setup_draw_asks_who_starts(store):
    """No draw proposes a first parent: none is picked, Start says what to choose, and the
    one picked starts."""
    table = Table(store, "latria", ["Ann", "Ben", "Cleo"], seed=None)
    (parent,) = table.action("Start round 1").fields
    assert parent.default is NOT_PICKED
    refused = table.tap("Start round 1")
    assert not refused.saved and "first parent" in refused.notice.lower()
    assert store.last_seq(table.id) == 0
    table.press("Start round 1", {"First parent": "Ben"})
    shown = table.shown()
    assert shown[0] == "Step 1 — Reveal celestial cards" and "Parent Ben" in shown
