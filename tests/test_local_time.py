"""Each phone's clock (companion/i18n/local_time.py): the time zone its page sends is read
as an IANA name, else as its offset, and anything else is no zone; dates drawn for a
session, or for another phone inside ``reading_in``, are on that phone's clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from hypothesis import given
from hypothesis import strategies as st

from companion.i18n import local_time

MOMENT = datetime(2026, 3, 4, 5, 15, tzinfo=UTC)


def test_a_zone_name_is_read_and_its_offset_is_the_fallback():
    assert local_time.zone_from("Asia/Tokyo +09:00") == ZoneInfo("Asia/Tokyo")
    assert local_time.zone_from("Europe/Berlin") == ZoneInfo("Europe/Berlin")
    # A name this computer's time zone database does not have: the offset the page sent.
    assert local_time.zone_from("Mars/Olympus_Mons +05:45") == timezone(timedelta(hours=5,
                                                                                  minutes=45))
    assert local_time.zone_from("-03:30") == timezone(-timedelta(hours=3, minutes=30))


def test_what_is_not_a_zone_is_none():
    for text in ("", "   ", "../../../etc/passwd", "+25:00", "+09:75", "+9", 42,
                 None, ["Asia/Tokyo"], "x" * 500):
        assert local_time.zone_from(text) is None, text


@given(st.integers(min_value=-14 * 60, max_value=14 * 60))
def test_every_offset_a_page_can_send_is_that_offset(minutes):
    whole = abs(minutes)
    text = f"{'-' if minutes < 0 else '+'}{whole // 60:02d}:{whole % 60:02d}"
    assert local_time.zone_from(text) == timezone(timedelta(minutes=minutes))


@given(st.text(max_size=120))
def test_any_text_is_a_zone_or_none_never_an_error(text):
    zone = local_time.zone_from(text)
    assert zone is None or MOMENT.astimezone(zone).utcoffset() is not None


def test_times_are_on_the_clock_of_the_phone_being_served():
    tokyo, new_york = ZoneInfo("Asia/Tokyo"), ZoneInfo("America/New_York")
    local_time.use_session_zone(lambda: tokyo)
    try:
        assert local_time.local(MOMENT).strftime("%d %H:%M") == "04 14:15"
        with local_time.reading_in(new_york):  # another phone's screen
            assert local_time.local(MOMENT).strftime("%d %H:%M") == "04 00:15"
            assert local_time.now().tzinfo == new_york
        assert local_time.current_zone() == tokyo
    finally:
        local_time.use_session_zone(lambda: None)
    # No zone told (a command line): this computer's.
    assert local_time.local(MOMENT) == MOMENT.astimezone()
