"""scorers/messages.py: a sentence is a key and its parameters; as a str it is English;
rendered in another language it keeps its parameters; copies keep the key."""

from __future__ import annotations

import copy
import json
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from scorers import messages
from scorers.messages import AndList, Msg, Text, render


@pytest.fixture(scope="module")
def sample_catalog(tmp_path_factory):
    """A catalog of this test's own, registered for the module and removed after."""
    folder = tmp_path_factory.mktemp("i18n")
    for lang, texts in {
        "en": {"t.win": "{names} win", "t.cards": {"one": "{count} card",
                                                   "other": "{count} cards"}},
        "ja": {"t.win": "{names}の勝ち", "t.cards": "カード{count}枚"},
    }.items():
        (folder / lang).mkdir()
        (folder / lang / "t.json").write_text(json.dumps(texts), encoding="utf-8")
    messages.register(folder)
    yield
    messages._FOLDERS.remove(folder)
    messages.catalog.cache_clear()


names = st.lists(st.text(alphabet="abcxyz", min_size=1, max_size=6), max_size=5)


@given(items=names)
def test_a_list_of_names_reads_as_one_in_each_language(sample_catalog, items):
    msg = Msg("t.win", names=AndList(items))
    if len(items) <= 1:
        assert msg == "".join(items) + " win"
    else:
        assert msg == ", ".join(items[:-1]) + " and " + items[-1] + " win"
        assert render(msg, "ja") == "、".join(items) + "の勝ち"


def test_plural_forms_follow_the_count(sample_catalog):
    assert Msg("t.cards", count=1) == "1 card" and Msg("t.cards", count=3) == "3 cards"
    assert render(Msg("t.cards", count=1), "ja") == "カード1枚"


def test_a_message_inside_a_message_is_rendered_in_the_same_language(sample_catalog):
    msg = Msg("t.win", names=Msg("t.cards", count=2))
    assert msg == "2 cards win" and render(msg, "ja") == "カード2枚の勝ち"


def test_a_key_missing_in_english_fails_at_once():
    with pytest.raises(KeyError):
        Msg("no.such.key")


def test_a_message_survives_pydantic_copies_pickles_and_json():
    class Line(BaseModel):
        text: Text
        notes: list[Text] = []

    msg = Msg("list.and", items="Ann, Ben", last="Cleo")
    line = Line(text=msg, notes=[msg, "a name"])
    assert isinstance(line.text, Msg) and isinstance(line.notes[0], Msg)
    deep = line.model_copy(deep=True)
    assert deep.text.key == "list.and" and render(deep.text, "ja") == "Ann, Ben、Cleo"
    assert pickle.loads(pickle.dumps(msg)).params == msg.params
    assert copy.deepcopy(msg) is msg
    assert json.loads(line.model_dump_json())["text"] == "Ann, Ben and Cleo"
    assert render("Ann", "ja") == "Ann" and render(None) == ""
