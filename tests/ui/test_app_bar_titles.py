"""An app bar's title fits one line of a 360 px phone with larger text, or is drawn
smaller on two (companion/ui/widgets/common.py ``app_bar``): the room left beside Back
and the bar's buttons decides."""

from __future__ import annotations

from companion.i18n import speaking
from companion.storage.store import Store
from companion.ui.views import home
from companion.ui.widgets.common import title_size
from tests.ui.drawn import drawn_ctx


def test_beside_back_alone_twenty_half_ems_fit_at_20_px():
    assert title_size("x" * 20, back=True) == 20
    assert title_size("x" * 21, back=True) == 18
    assert title_size("New Altar: Realms of the Gods table", back=True) == 16


def test_home_s_two_buttons_leave_the_japanese_title_less_room(tmp_path):
    """テーブル・コンパニオン beside History and Settings: one line at 15 px (at 16 px it
    broke before its last letter)."""
    for language, size in (("ja", 15), ("en", 20)):
        with speaking(language):
            bar = home.build(drawn_ctx(Store(tmp_path))).appbar
        assert len(bar.actions) == 2 and bar.title.size == size, language
