"""What the code's screen says to a refused code (companion/ui/views/access_code.py): the
wait in seconds, and in minutes once the wait across every client has grown."""

from __future__ import annotations

from companion import i18n
from companion.ui.views.access_code import refusal
from companion.web.access import LONGEST_WAIT, Verdict


def test_a_refused_code_is_told_how_long_to_wait_in_words_a_player_reads():
    said = {seconds: refusal(Verdict(admitted=False, wait_seconds=seconds))
            for seconds in (0, 1, 45, 119, 120, 121, int(LONGEST_WAIT))}
    assert said[0] == "That is not the table's code. Check it and try again."
    assert said[1] == "Too many wrong codes. Wait 1 second, then try again."
    assert said[45] == "Too many wrong codes. Wait 45 seconds, then try again."
    assert said[119] == "Too many wrong codes. Wait 119 seconds, then try again."
    assert said[120] == "Too many wrong codes. Wait 2 minutes, then try again."
    assert said[121] == "Too many wrong codes. Wait 3 minutes, then try again."  # not less
    assert said[int(LONGEST_WAIT)] == "Too many wrong codes. Wait 15 minutes, then try again."
    with i18n.speaking("ja"):
        assert refusal(Verdict(admitted=False, wait_seconds=900)) == (
            "間違ったコードが多すぎます。15分待ってから、もう一度入力してください。")
