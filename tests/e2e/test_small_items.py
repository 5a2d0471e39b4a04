"""Where smaller things land on a phone's screen, at 390 and 360 px: a notice leaves the
round and the step readable; Setup's way on to Play; Latria's step 4 record in the bottom
bar; Invite's command; Score's "Printed values wrong?" in both languages. (What they say
and do: tests/screens/test_play_latria.py, test_home_delete_undone.py,
tests/screens/test_home.py.)"""

from __future__ import annotations

import re

from tests.e2e.flutter import SHOTS, button, open_app, settle, shot, shows, tap_until
from tests.e2e.tables import stored_table, to_latria_step_4

PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}


def test_a_notice_leaves_the_round_and_the_step_readable(server, page):
    stored_table(page, server, "latria", ["Ann", "Ben", "Cleo"])
    button(page, "Play").first.click()
    button(page, "First parent: Ann").click()
    button(page, "Start round 1").click()
    shows(page, "Step 1 — Reveal celestial cards").wait_for()
    for size, larger in ((PHONE, False), (SMALL_PHONE, False), (SMALL_PHONE, True)):
        page.set_viewport_size(size)
        if larger:  # where the browser's text size lands (as Settings' Larger text)
            page.evaluate("document.documentElement.style.fontSize = '130%'")
        button(page, "Next: Step 2 — Parent plays").click()
        shows(page, "Ann plays one astrology card").wait_for()
        round_top = shows(page, "Round 1 of 11").bounding_box()["y"]  # (the step's card)
        button(page, "Undo").click()
        notice = page.get_by_role("button", name=re.compile("^Undid"))
        notice.wait_for()
        shot(page, f"notice-over-play-{size['width']}{'-larger' if larger else ''}")
        box = notice.bounding_box()
        for title in ("Round 1 of 11", "Step 1 — Reveal celestial cards"):
            title_box = shows(page, title).bounding_box()
            assert box["y"] >= title_box["y"] + title_box["height"], (title, box, title_box)
        # Above the bottom bar, by the button just tapped; nothing on screen moved for it
        # (at the top it pushed the screen down under a finger).
        assert box["y"] + box["height"] <= button(page, "Undo").bounding_box()["y"], box
        assert box["y"] + box["height"] > size["height"] - 200, box
        assert shows(page, "Round 1 of 11").bounding_box()["y"] == round_top
        notice.click()
        notice.wait_for(state="detached")


def scroll_to_bottom(page) -> None:
    size = page.viewport_size
    page.mouse.move(size["width"] / 2, size["height"] / 2)
    page.mouse.wheel(0, 20000)
    settle(page)


def test_setup_leads_on_to_play_once_every_step_is_ticked(server, page):
    stored_table(page, server, "latoro", ["Ann", "Ben"])
    button(page, "Setup").first.click()
    page.get_by_text("Share this seed", exact=False).first.wait_for()
    page.set_viewport_size({"width": 390, "height": 4000})  # every step on screen
    settle(page)
    names = [box.get_attribute("aria-label") for box in page.get_by_role("checkbox").all()]
    assert len(names) > 5, names
    for name in names:
        # Tapped again only while it is still unticked: a second tap on a tick that did
        # land would take it away.
        tap_until(page, page.get_by_role("checkbox", name=name, exact=True),
                  page.get_by_role("checkbox", name=name, exact=True, checked=True),
                  still=page.get_by_role("checkbox", name=name, exact=True, checked=False),
                  patience=12000)
    done = page.get_by_text(re.compile(r"^All \d+ steps done: ready to play\.$"))
    done.wait_for()
    for size in (PHONE, SMALL_PHONE):
        page.set_viewport_size(size)
        scroll_to_bottom(page)
        on = button(page, "On to Play")
        on.wait_for()
        box = on.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], box
        shot(page, f"setup-on-to-play-{size['width']}")
    on.click()
    page.get_by_text("Undo").first.wait_for()
    assert page.url.endswith("/play")


def test_latria_step_4_record_is_in_the_bottom_bar_at_both_sizes(server, page):
    """Step 4's one way on sits in the bottom bar beside Undo at 390 and 360 px. (What
    step 4 asks and records: tests/screens/test_play_latria.py,
    tests/ui/test_play_forms_kept.py.)"""
    stored_table(page, server, "latria", ["Ann", "Ben", "Cleo"])
    to_latria_step_4(page)
    page.get_by_role("checkbox", name="Ben kept their own card").wait_for()
    button(page, "Targeted body: Sun").click()
    button(page, "Took the celestial cards: Cleo").click()
    for size in (PHONE, SMALL_PHONE):
        page.set_viewport_size(size)
        record = button(page, "Record who took the cards")
        box = record.bounding_box()
        assert box["y"] > size["height"] - 120, box
        shot(page, f"latria-step4-record-{size['width']}")
    record.click()
    shows(page, "Step 5").first.wait_for()


def test_invite_gives_the_command_as_readme_installs_it(server, page):
    open_app(page, server.url)  # 127.0.0.1: phones cannot join yet
    button(page, "Invite a phone").click()
    page.get_by_text("Phones cannot join yet").wait_for()
    command = page.get_by_text(".venv/bin/companion --web --host 0.0.0.0", exact=True)
    command.wait_for()
    for size in (PHONE, SMALL_PHONE):
        page.set_viewport_size(size)
        settle(page)
        box = command.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], box
        shot(page, f"invite-loopback-command-{size['width']}")


def lang(language: str) -> str:
    return "ja" if language == "日本語" else "en"


def test_ask_again_for_printed_values_fits_at_360_in_both_languages(server, page):
    stored_table(page, server, "latria", ["Ann", "Ben", "Cleo"])
    button(page, "Score").first.click()
    page.set_viewport_size({"width": 360, "height": 2600})
    page.get_by_text("Astrology cards", exact=True).wait_for()
    button(page, "Polaris astrology 5").click()
    page.get_by_text("What is printed on Polaris 5?").wait_for()
    page.get_by_role("checkbox", name="×2 printed on the card").click()
    button(page, "Save").click()
    score = page.url
    for language, words in (("English", "Printed values wrong?"),
                            ("日本語", "印刷された値が違う？")):
        if language == "日本語":
            open_app(page, server.url)
            button(page, "日本語").click()
            page.get_by_text("進行中の卓").first.wait_for()
            open_app(page, score)
        ask = page.get_by_role("button", name=re.compile("^" + re.escape(words)))
        ask.wait_for()
        whole = ask.get_attribute("aria-label") or ask.text_content()
        box = ask.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
        # its words are all drawn: the button is tall enough for the two or three lines
        # they take at 360 px (a fixed height had cut the second)
        assert box["height"] >= 2 * 20 + 24, (whole, box)
        # what a player sees there: the part of the screen around it
        shot(page, "latria-ask-again-tall")
        top = max(0, box["y"] - 400)
        page.screenshot(path=str(SHOTS / f"latria-ask-again-{lang(language)}-360.png"),
                        clip={"x": 0, "y": top, "width": 360, "height": 740})
    # and it still does what it says: the card's printed value is asked again
    ask.click()
    ask.wait_for(state="detached")
