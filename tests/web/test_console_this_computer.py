"""What the console says at start on the local network: also the address for this
computer itself (a browser here needs the code too: companion/web/access.py)."""

from __future__ import annotations

import io

from companion.web.serving import Serving, print_where_to_go


def test_console_text_on_every_address_names_this_computer_too():
    out = io.StringIO()
    print_where_to_go(Serving("0.0.0.0", 8550, "246810"), out)
    text = out.getvalue()
    # The code is asked on this computer too: its address carries it, as a phone's does.
    assert "Open http://127.0.0.1:8550/?code=246810 in a browser on this computer." in text
    out = io.StringIO()
    print_where_to_go(Serving("192.168.1.20", 8550, "246810"), out)
    assert "127.0.0.1" not in out.getvalue()  # not served there: only that address
