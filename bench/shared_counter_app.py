"""The baseline of bench/sync_bench.py: Flet 1.0.5's counter shared by every page, served
the plain Flet way (``ft.run`` in web mode), nothing of ours. A tap on "one more" on one
page sends the new count on one topic (``page.pubsub``, as the app's table topics); every
other page shows it: the least a Flet broadcast to the pages costs.

    FLET_FORCE_WEB_SERVER=1 .venv/bin/python bench/shared_counter_app.py PORT
"""

from __future__ import annotations

import sys

import flet as ft

TOPIC = "counter"
shared = {"count": 0}  # one count for the whole server, as a table is one for its phones


def main(page: ft.Page) -> None:
    count = ft.Text(str(shared["count"]), size=30)

    async def show(topic: str, value: int) -> None:
        count.value = str(value)
        page.update()

    def more(e) -> None:
        shared["count"] += 1
        count.value = str(shared["count"])
        page.pubsub.send_others_on_topic(TOPIC, shared["count"])
        page.update()

    page.pubsub.subscribe_topic(TOPIC, show)
    page.add(ft.Row([count, ft.FilledButton(content="one more", on_click=more)]))


if __name__ == "__main__":
    ft.run(main, view=ft.AppView.WEB_BROWSER, host="127.0.0.1", port=int(sys.argv[1]),
           no_cdn=True)
