"""What a screen reader calls a stepper's parts (companion/ui/widgets/stepper.py): the
field says what it counts, for whom and the count; − and + say what they do and for whom;
a score form's boxes under a player are said for that player (score_forms/editor.py)."""

from __future__ import annotations

from companion.i18n import speaking
from companion.ui.score_forms.editor import Editor
from companion.ui.widgets.stepper import Stepper


def field_name(stepper: Stepper) -> str:
    return stepper.field.label.content.value


def test_a_players_count_is_named_for_the_player_and_says_the_count():
    with speaking("en"):
        sun = Stepper("Sun 4 VP", 2, lambda n: None, whom="Ann")
        assert field_name(sun) == "Sun 4 VP, Ann, now 2"
        assert sun.more.icon.semantics_label == "Sun 4 VP: one more for Ann"
        assert sun.less.icon.semantics_label == "Sun 4 VP: one fewer for Ann"
        sun.more.on_click(None)
        assert field_name(sun) == "Sun 4 VP, Ann, now 3"
        sun.set_value(1)  # saved on another phone
        assert field_name(sun) == "Sun 4 VP, Ann, now 1"
    with speaking("ja"):
        assert field_name(Stepper("太陽4VP", 0, lambda n: None, whom="さくら")) \
            == "さくらの太陽4VP、現在0"


def test_a_count_of_the_tables_is_named_for_what_it_counts_only():
    with speaking("en"):
        round_ = Stepper("Round", 1, lambda n: None)
        assert field_name(round_) == "Round, now 1"
        assert round_.more.icon.semantics_label == "Round: one more"


def test_a_score_forms_box_under_a_player_is_said_for_that_player():
    with speaking("en"):
        editor = Editor({"players": [{"name": "Ann", "credits": 0}, {"name": "Ben"}],
                         "round": 2}, lambda changes: None)
        ben = editor.stepper(("players", 1, "credits"), "Credits").data
        table = editor.stepper(("round",), "Round").data
        assert ben.more.icon.semantics_label == "Credits: one more for Ben"
        assert field_name(ben) == "Credits, Ben, now 0"
        assert table.more.icon.semantics_label == "Round: one more"
