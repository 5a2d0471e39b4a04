"""A tap that reached the server for a control another phone's change took off the screen
is told on that phone (companion/ui/app.py ``tell_missed_taps``); so is one for a control
the phone's own tap just before took off it (a number typed in Score's
form drawn anew for the character picked went nowhere); every other event goes on as
before, and a quick second tap on the control tapped first stays silent."""

from __future__ import annotations

from collections import deque
from types import SimpleNamespace

from hypothesis import given
from hypothesis import strategies as st

from companion.ui.app import PLAYER_EVENTS, missed_tap, tell_missed_taps
from tests.run_async import run

EVENTS = st.sampled_from(sorted(PLAYER_EVENTS | {"focus", "blur", "dismiss", "resized"}))


@given(EVENTS, st.integers(1, 50), st.booleans(),
       st.lists(st.frozensets(st.integers(1, 50)), max_size=3))
def test_only_a_players_tap_on_a_control_taken_away_for_another_phone_is_missed(
        event, control, on_screen, redraws):
    expected = (event in PLAYER_EVENTS and not on_screen
                and any(control in gone for gone in redraws))
    assert missed_tap(event, control, on_screen, redraws) is expected


class Session:
    """Flet's session as far as the wrapper sees it: the controls on screen, and its
    delivery of an event (which may take the control off the screen, as Next does)."""

    def __init__(self, on_screen: set[int], takes_away: int | None = None,
                 redraws: set[int] = frozenset(), goes_to: str | None = None):
        self.index = dict.fromkeys(on_screen, object())
        self.delivered: list[tuple[int, str]] = []
        self.takes_away = takes_away
        self.redraws = redraws  # what the tap on ``takes_away`` also takes off the screen
        self.goes_to = goes_to  # the route it opens, if any
        self.page: SimpleNamespace | None = None

    async def dispatch_event(self, control_id, event_name, event_data):
        if control_id in self.index:
            self.delivered.append((control_id, event_name))
            if control_id == self.takes_away:
                for gone in {control_id, *self.redraws}:  # its handler drew the screen again
                    self.index.pop(gone, None)
                if self.goes_to:
                    self.page.route = self.goes_to


def phone(session: Session, taken_away: set[int]) -> SimpleNamespace:
    """``taken_away``: what a redraw for another phone's change took off the screen."""
    told: list[str] = []
    page = SimpleNamespace(session=session, route="/table/t1/score")
    session.page = page
    ctx = SimpleNamespace(page=page, taken_away=[taken_away], taken_by_own=deque(maxlen=3),
                          tell_missed_tap=lambda own=False: told.append(
                              "own" if own else "told"))
    tell_missed_taps(ctx)
    return SimpleNamespace(session=session, told=told)


def test_a_tap_on_a_control_another_phone_took_away_is_told_once():
    p = phone(Session(on_screen={1, 2}), taken_away={7})
    run(p.session.dispatch_event(7, "click", None))
    assert p.told == ["told"] and p.session.delivered == []


def test_taps_on_screen_are_delivered_and_not_told_even_when_they_redraw():
    p = phone(Session(on_screen={1, 2}, takes_away=2), taken_away={2, 7})
    run(p.session.dispatch_event(2, "click", None))
    run(p.session.dispatch_event(1, "change", "3"))
    assert p.session.delivered == [(2, "click"), (1, "change")] and p.told == []


def test_a_second_tap_on_what_this_phones_own_tap_took_away_is_silent():
    p = phone(Session(on_screen={1, 2}, takes_away=2), taken_away=set())
    run(p.session.dispatch_event(2, "click", None))
    run(p.session.dispatch_event(2, "click", None))  # Next tapped twice
    assert p.session.delivered == [(2, "click")] and p.told == []


def test_a_blur_from_a_field_taken_away_is_not_a_tap():
    p = phone(Session(on_screen={1}), taken_away={7})
    run(p.session.dispatch_event(7, "blur", None))
    assert p.told == []


def test_a_tap_on_a_control_this_phones_own_tap_took_away_is_told():
    """Score: a character picked draws the form again (its counts anew); the number typed
    in the box seen before, and a + seen before, reach boxes no longer on screen."""
    p = phone(Session(on_screen={1, 2, 3, 4}, takes_away=1, redraws={2, 3}),
              taken_away=set())
    run(p.session.dispatch_event(1, "click", None))  # the character
    run(p.session.dispatch_event(2, "change", "2"))  # Military's box, drawn before
    assert p.told == ["own"]
    run(p.session.dispatch_event(3, "click", None))  # Priests' +, drawn before
    run(p.session.dispatch_event(4, "click", None))  # still on screen: delivered
    assert p.told == ["own", "own"]
    assert p.session.delivered == [(1, "click"), (4, "click")]


def test_a_tap_on_the_screen_this_phones_own_tap_left_is_silent():
    p = phone(Session(on_screen={1, 2}, takes_away=1, redraws={2}, goes_to="/table/t1"),
              taken_away=set())
    run(p.session.dispatch_event(1, "click", None))  # Back
    run(p.session.dispatch_event(2, "click", None))
    assert p.told == []
