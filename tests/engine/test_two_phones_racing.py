"""Two phones on two server processes sharing one database file: two engines over two
store handles. Whatever order they tap, undo and look in, the saved log is always one the
game replays, holds every tap an engine answered saved (less the ones an undo answered
saved took back), and nothing else."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import Engine, Refused, Saved, Stale
from companion.flows import FLOWS, build_event, replay
from companion.storage.store import Store
from companion.table.setup import flow_config

GAME = "latoro"  # its big button plays a whole game through (tests/engine/test_outcomes.py)
PLAYERS = ["Ann", "Ben", "Cat"]

steps = st.lists(st.tuples(st.sampled_from([0, 1]), st.sampled_from(["tap", "undo", "look"])),
                 max_size=30)


class Phone:
    """A screen drawn from the log at ``seen`` (its state), and the engine it taps with."""

    def __init__(self, database: Path | str, table_id: str):
        self.store = Store(database)  # a handle of its own, as another process has
        self.engine = Engine(self.store)
        self.table_id = table_id
        self.look()

    def look(self) -> None:
        session = self.store.get_table(self.table_id)
        self.config = flow_config(session, self.store)
        events, self.seen = self.store.log(self.table_id)
        self.state = replay(GAME, self.config, events)

    def big_button(self) -> dict | None:
        primary = [a for a in FLOWS[GAME].view(self.state).actions if a.primary]
        if not primary:
            return None
        answers = {f.id: f.choices[0] if f.choices else f.default for f in primary[0].fields}
        return build_event(primary[0], answers)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(order=steps)
def test_two_phones_in_any_order_lose_nothing_acknowledged(database, order):
    """On each database (tests/postgres.py); a table of its own each time."""
    table = Store(database).create_table(GAME, "standard", PLAYERS, seed=7)
    phones = [Phone(database, table.id), Phone(database, table.id)]
    acknowledged: list[dict] = []  # the log as the engines' answers say it is
    for which, what in order:
        phone = phones[which]
        if what == "look":
            phone.look()
            continue
        if what == "tap":
            event = phone.big_button()
            if event is None:  # the game is over: only Undo is left on screen
                continue
            outcome = phone.engine.tap(table.id, event, phone.seen, config=phone.config)
            if isinstance(outcome, Saved):
                acknowledged.append(event)
        else:
            outcome = phone.engine.undo(table.id, phone.seen)
            if isinstance(outcome, Saved):
                assert outcome.value == acknowledged.pop()  # the last tap, named
        assert isinstance(outcome, Saved | Refused | Stale)
        if isinstance(outcome, Stale):  # another phone moved first: this one had
            assert outcome.found != phone.seen  # drawn an older log
        if isinstance(outcome, Refused):
            assert what == "undo" and phone.seen == 0  # nothing to undo, or …
        # … every answer leaves the saved log the one the answers add up to
        events, last = phones[0].store.log(table.id)
        assert events == acknowledged
        replay(GAME, phone.config, events)  # the game takes it
        if not isinstance(outcome, Refused):
            phone.look()  # saved or stale: the screen is drawn again
            assert phone.seen == last
