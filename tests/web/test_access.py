"""The access code and the limits, without Flet or a server (companion/web/access.py,
companion/web/serving.py)."""

from __future__ import annotations

import io

from hypothesis import given
from hypothesis import strategies as st

from companion.web.access import (
    KEY_FILE,
    LONGEST_WAIT,
    TRIES_PER_MINUTE,
    WRONG_CODES_PER_MINUTE,
    Gate,
    Guessing,
    Lobby,
    RateLimiter,
    code_matches,
    code_problem,
    kept_key,
    new_code,
)
from companion.web.serving import Serving, is_every_address, is_loopback, print_where_to_go


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def gate_with_clock(code: str, told: list | None = None) -> tuple[Gate, Clock]:
    clock = Clock()
    told = told if told is not None else []
    guessing = Guessing(clock=clock, on_guessing=lambda: told.append(clock.now))
    return Gate(code, tries=RateLimiter(TRIES_PER_MINUTE, 60.0, clock=clock),
                guessing=guessing), clock


@given(st.from_regex(r"[0-9A-Za-z]{4,32}", fullmatch=True))
def test_any_4_to_32_digits_or_letters_is_a_code(code):
    assert code_problem(code) is None


@given(st.text().filter(lambda s: not (4 <= len(s) <= 32 and s.isascii() and s.isalnum())))
def test_anything_else_is_refused_in_one_line(code):
    problem = code_problem(code)
    assert problem is not None and "\n" not in problem.replace(repr(code), "")


def test_new_codes_are_six_digits_and_differ():
    codes = {new_code() for _ in range(50)}
    assert all(len(c) == 6 and c.isdigit() for c in codes)
    assert len(codes) > 40  # random, not a counter or a constant


def test_a_code_typed_with_spaces_or_another_case_matches():
    assert code_matches("246810", " 246 810 ")
    assert code_matches("Ab12", "aB12")
    assert not code_matches("246810", "246811")
    assert not code_matches("246810", "")


@given(st.lists(st.sampled_from([" ", "-", "\t"]), min_size=7, max_size=7))
def test_spaces_and_dashes_anywhere_still_match(gaps):
    typed = "".join(gap + digit for gap, digit in zip(gaps[:6], "246810", strict=True)) + gaps[-1]
    assert code_matches("246810", typed)


@given(st.from_regex(r"[0-9]{1,12}", fullmatch=True).filter(lambda s: s != "246810"))
def test_other_digits_never_match(typed):
    assert not code_matches("246810", typed)


def test_the_doctests_hold():
    import doctest

    from companion.web import access, server, serving

    for module in (access, server, serving):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


def test_five_wrong_codes_a_minute_then_a_wait_even_for_the_right_one():
    gate, clock = gate_with_clock("246810")
    for _ in range(TRIES_PER_MINUTE - 1):
        verdict = gate.check("10.0.0.7", "000000")
        assert not verdict.admitted and verdict.wait_seconds == 0
    verdict = gate.check("10.0.0.7", "000000")  # the fifth wrong one
    assert not verdict.admitted and verdict.wait_seconds == 60
    clock.now += 20
    verdict = gate.check("10.0.0.7", "246810")
    assert not verdict.admitted and verdict.wait_seconds == 40
    # Another phone is not held up by this one's tries.
    assert gate.check("10.0.0.8", "246810").admitted
    clock.now += 40
    assert gate.check("10.0.0.7", "246810").admitted


def test_right_codes_do_not_use_up_tries():
    gate, _ = gate_with_clock("246810")
    for _ in range(20):
        assert gate.check("10.0.0.7", "246810").admitted


def test_an_open_gate_lets_everyone_in():
    assert Gate(None).open and Gate(None).check("10.0.0.7", "").admitted


@given(st.lists(st.floats(min_value=0, max_value=200), max_size=40))
def test_rate_limiter_never_allows_more_than_its_limit_in_any_minute(steps):
    clock = Clock()
    limiter = RateLimiter(5, 60.0, clock=clock)
    allowed: list[float] = []
    for step in steps:
        clock.now += step
        if limiter.allow("client"):
            allowed.append(clock.now)
    for i, moment in enumerate(allowed):
        assert sum(1 for m in allowed[i:] if m < moment + 60.0) <= 5


def test_rate_limiter_says_how_long_to_wait():
    clock = Clock()
    limiter = RateLimiter(2, 60.0, clock=clock)
    assert limiter.allow("a") and limiter.allow("a")
    assert not limiter.allow("a")
    assert limiter.wait("a") == 60.0
    clock.now += 59.5
    assert limiter.wait("a") == 0.5
    clock.now += 0.5
    assert limiter.allow("a")


# --- wrong codes across every client ---------------------------------------------------


@given(st.lists(st.floats(min_value=0, max_value=90), max_size=300))
def test_wrong_codes_reaching_the_check_never_pass_the_cap_in_any_minute(steps):
    """However many addresses guess, and however fast: at most the cap of wrong codes in
    any 60 s reaches the check (what Gate.check does with each try, without a client's
    own limit)."""
    clock = Clock()
    guessing = Guessing(clock=clock)
    checked: list[float] = []
    for step in steps:
        clock.now += step
        if guessing.wait() > 0:
            guessing.refused()
        else:
            guessing.wrong()
            checked.append(clock.now)
    for i, moment in enumerate(checked):
        assert sum(1 for m in checked[i:] if m < moment + 60.0) <= WRONG_CODES_PER_MINUTE


def test_the_wait_doubles_while_the_guessing_goes_on_and_ends_after_a_calm_minute():
    told: list[float] = []
    gate, clock = gate_with_clock("246810", told)
    waits = []
    for _ in range(6):
        addresses = iter(range(10_000))
        verdict = None
        while verdict is None or verdict.wait_seconds == 0:
            verdict = gate.check(f"10.0.0.{next(addresses)}", "000000")
        waits.append(verdict.wait_seconds)
        # Meanwhile every new try waits, even with the right code.
        assert gate.check("10.9.0.1", "246810").wait_seconds == verdict.wait_seconds
        clock.now += verdict.wait_seconds  # the guesser comes back as soon as it may
    assert waits == [60, 120, 240, 480, LONGEST_WAIT, LONGEST_WAIT]
    assert len(told) == 1  # the console is told once for the whole burst
    clock.now += 61  # a calm minute
    assert gate.check("10.9.9.9", "246810").admitted
    for n in range(WRONG_CODES_PER_MINUTE):
        gate.check(f"10.1.0.{n}", "000000")
    assert gate.check("10.1.1.1", "246810").wait_seconds == 60  # the first wait again
    assert len(told) == 2  # a new burst


def test_a_phone_that_joined_keeps_a_pass_that_no_guess_is_and_the_cap_does_not_hold():
    gate, _ = gate_with_clock("246810")
    kept = gate.phone_pass()
    assert "246810" not in kept and gate.knows(kept)
    for n in range(WRONG_CODES_PER_MINUTE):
        gate.check(f"10.0.0.{n}", "000000")
    assert gate.check("10.0.1.1", "246810").wait_seconds > 0  # everyone new waits
    assert gate.knows(kept)  # the pass needs no check
    assert not gate.knows("246810") and not gate.knows(None) and not gate.knows(kept[:-1])
    # Another server's key, or another code, makes another pass.
    assert not Gate("246810").knows(kept)
    assert not Gate("135790", key=gate.key).knows(kept)
    assert Gate("246810", key=gate.key).knows(kept)


def test_the_key_is_kept_in_the_data_folder_for_the_next_start(tmp_path):
    key = kept_key(tmp_path)
    assert len(key) == 32 and kept_key(tmp_path) == key
    assert (tmp_path / KEY_FILE).stat().st_mode & 0o077 == 0  # the user's own
    (tmp_path / KEY_FILE).write_text("not hex")
    assert kept_key(tmp_path) != key  # made anew, and kept
    assert kept_key(tmp_path) == kept_key(tmp_path)


def test_a_folder_that_cannot_keep_the_key_gives_one_for_this_run(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("")
    assert len(kept_key(blocked)) == 32  # no traceback; the phones type the code again


# --- the sessions waiting for the code ---------------------------------------------------


@given(st.lists(st.tuples(st.sampled_from(["enter", "join", "leave"]),
                          st.integers(min_value=0, max_value=5)), max_size=80))
def test_the_lobby_never_holds_more_than_its_bounds(steps):
    lobby = Lobby(per_client=2, in_all=5)
    tickets = []
    for n, (step, client) in enumerate(steps):
        if step == "enter":
            if (ticket := lobby.enter(f"10.0.0.{client}")) is not None:
                lobby.bind(ticket, f"s{n}")
                tickets.append(ticket)
        elif tickets:
            ticket = tickets.pop(client % len(tickets))
            lobby.join(ticket.session_id) if step == "join" else lobby.leave(ticket)
        waiting = [t for t in tickets if not t.joined]
        assert lobby.waiting == len(waiting) <= 5
        for c in range(6):
            assert sum(1 for t in waiting if t.client == f"10.0.0.{c}") <= 2


def test_a_session_let_in_before_its_id_was_bound_no_longer_waits():
    """The invite link is checked before Flet's answer (with the session's id) is sent."""
    lobby = Lobby(per_client=1, in_all=1)
    ticket = lobby.enter("10.0.0.7")
    lobby.join("s1")
    lobby.bind(ticket, "s1")
    assert ticket.joined and lobby.waiting == 0 and lobby.joined("s1")
    assert lobby.enter("10.0.0.7") is not None
    lobby.leave(ticket)  # its socket ends later: nothing more to release
    assert lobby.waiting == 1


def test_loopback_addresses_need_no_code():
    for host in ("127.0.0.1", "127.0.1.1", "localhost", "LOCALHOST", "::1", "[::1]"):
        assert is_loopback(host), host
    for host in ("0.0.0.0", "::", "192.168.1.20", "10.0.0.2", "table.local", ""):
        assert not is_loopback(host), host
    assert is_every_address("0.0.0.0") and is_every_address("::")
    assert not is_every_address("127.0.0.1")


def test_urls_carry_the_code_and_bracket_ipv6():
    assert Serving("192.168.1.20", 8550, "246810").urls() == [
        "http://192.168.1.20:8550/?code=246810"]
    assert Serving("::1", 8550).urls() == ["http://[::1]:8550/"]


def test_every_address_serving_lists_this_machines_network_addresses():
    urls = Serving("0.0.0.0", 8550, "246810").urls()
    assert urls and all(u.endswith(":8550/?code=246810") for u in urls)
    assert not any("127.0.0.1" in u or "0.0.0.0" in u for u in urls)


def test_console_text_on_the_network_has_code_and_qr():
    out = io.StringIO()
    print_where_to_go(Serving("192.168.1.20", 8550, "246810"), out)
    text = out.getvalue()
    assert "http://192.168.1.20:8550/?code=246810" in text
    assert "Table code: 246810" in text
    assert "▀" in text or "▄" in text  # the QR code, drawn with half blocks


def test_console_text_on_loopback_is_the_one_address():
    out = io.StringIO()
    print_where_to_go(Serving("127.0.0.1", 8550), out)
    text = out.getvalue()
    assert "Open http://127.0.0.1:8550/" in text and "code" not in text.lower()
    assert "--host 0.0.0.0" in text
