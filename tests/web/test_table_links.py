"""Private tables' links and passes (companion/web/table_links.py): a link cannot be
guessed and never names its table; a new link ends the old one and leaves the passes;
closing a table to its phones ends its passes and its link; a restart keeps them all; a
damaged file of generations is refused."""

from __future__ import annotations

import base64
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.web.access import kept_key
from companion.web.table_links import LINKS_FILE, LinksUnreadable, TableLinks

IDS = ["0a1b2c3d4e5f", "ffffffffffff", "123456789abc"]


@pytest.fixture
def links(tmp_path) -> TableLinks:
    return TableLinks(kept_key(tmp_path), tmp_path)


def test_a_link_holds_128_bits_and_never_the_tables_id(links):
    token = links.link_token(IDS[0])
    assert len(base64.urlsafe_b64decode(token + "==")) * 8 >= 128
    assert IDS[0] not in token
    assert links.table_of_link(token, IDS) == IDS[0]
    assert len({links.link_token(i) for i in IDS}) == len(IDS)


@given(st.text(max_size=40))
def test_no_other_token_opens_a_table(guess):
    table_links = TableLinks(b"k" * 32)
    if guess not in {table_links.link_token(i) for i in IDS}:
        assert table_links.table_of_link(guess, IDS) is None
        assert table_links.table_of_pass(guess) is None
        assert not table_links.is_admin(guess)


def test_another_servers_key_makes_other_links_and_passes(tmp_path):
    ours, theirs = TableLinks(b"a" * 32), TableLinks(b"b" * 32)
    assert ours.table_of_link(theirs.link_token(IDS[0]), IDS) is None
    assert ours.table_of_pass(theirs.phone_pass(IDS[0])) is None
    assert not ours.is_admin(theirs.admin_token())


def test_a_pass_is_for_its_own_table_only(links):
    kept = links.phone_pass(IDS[0])
    assert links.table_of_pass(kept) == IDS[0]
    other = kept.replace(IDS[0], IDS[1])  # the same hash named for another table
    assert links.table_of_pass(other) is None
    for odd in (None, 7, "", "table:", "table::", "pass:" + kept, kept + "0"):
        assert links.table_of_pass(odd) is None


def test_a_new_link_ends_the_old_one_and_the_phones_keep_their_pass(links):
    old, kept = links.link_token(IDS[0]), links.phone_pass(IDS[0])
    links.renew_link(IDS[0])
    assert links.table_of_link(old, IDS) is None
    assert links.table_of_link(links.link_token(IDS[0]), IDS) == IDS[0]
    assert links.table_of_pass(kept) == IDS[0]
    assert links.link_token(IDS[1]) == TableLinks(links._key).link_token(IDS[1])  # others


def test_closing_a_table_ends_its_passes_and_its_link(links):
    old, kept = links.link_token(IDS[0]), links.phone_pass(IDS[0])
    other = links.phone_pass(IDS[1])
    links.close_to_phones(IDS[0])
    assert links.table_of_pass(kept) is None
    assert links.table_of_link(old, IDS) is None
    assert links.table_of_pass(links.phone_pass(IDS[0])) == IDS[0]  # a phone joining anew
    assert links.table_of_pass(other) == IDS[1]


def test_a_restart_keeps_every_link_pass_and_the_admin(tmp_path, links):
    links.renew_link(IDS[0])
    links.close_to_phones(IDS[1])
    again = TableLinks(kept_key(tmp_path), tmp_path)
    for table_id in IDS:
        assert again.link_token(table_id) == links.link_token(table_id)
        assert again.phone_pass(table_id) == links.phone_pass(table_id)
    assert again.is_admin(links.admin_token())


@pytest.mark.parametrize("text", ["{not json", '["a list"]', '{"0a1b2c3d4e5f": {"link": "x"}}'])
def test_a_damaged_file_of_links_is_refused_and_left_as_it_is(tmp_path, text):
    (tmp_path / LINKS_FILE).write_text(text, encoding="utf-8")
    with pytest.raises(LinksUnreadable, match=LINKS_FILE):
        TableLinks(b"k" * 32, tmp_path)
    assert (tmp_path / LINKS_FILE).read_text(encoding="utf-8") == text


def test_the_file_holds_numbers_only_and_is_the_servers_alone(tmp_path, links):
    links.renew_link(IDS[0])
    path = tmp_path / LINKS_FILE
    assert json.loads(path.read_text(encoding="utf-8")) == {IDS[0]: {"link": 1, "pass": 0}}
    assert path.stat().st_mode & 0o077 == 0


def test_another_process_on_the_folder_sees_a_new_link_and_a_closing_at_once(tmp_path):
    """Two server processes on one data folder (one database): what one ends, the other
    no longer lets in."""
    here, there = (TableLinks(kept_key(tmp_path), tmp_path) for _ in range(2))
    old, kept = here.link_token(IDS[0]), here.phone_pass(IDS[0])
    there.renew_link(IDS[0])
    assert here.table_of_link(old, IDS) is None
    assert here.link_token(IDS[0]) == there.link_token(IDS[0])
    there.close_to_phones(IDS[0])
    assert here.table_of_pass(kept) is None
    here.renew_link(IDS[1])  # written over what the other wrote: nothing of it lost
    assert json.loads((tmp_path / LINKS_FILE).read_text(encoding="utf-8")) == {
        IDS[0]: {"link": 1, "pass": 1}, IDS[1]: {"link": 1, "pass": 0}}


def test_a_file_damaged_while_serving_keeps_what_was_read(tmp_path, links, caplog):
    links.close_to_phones(IDS[0])
    kept = links.phone_pass(IDS[0])
    (tmp_path / LINKS_FILE).write_text("{damaged", encoding="utf-8")
    assert links.table_of_pass(kept) == IDS[0]
    assert LINKS_FILE in caplog.text
