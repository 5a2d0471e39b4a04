"""The baseline the app's figures are compared with: Flet 1.0.5's hello-world counter,
served the plain Flet way (``ft.run`` in web mode), nothing of ours.

    FLET_FORCE_WEB_SERVER=1 .venv/bin/python bench/hello_app.py PORT
"""

from __future__ import annotations

import sys

import flet as ft


def main(page: ft.Page) -> None:
    count = ft.Text("0", size=30, semantics_label="count 0")

    def more(e) -> None:
        count.value = str(int(count.value) + 1)
        count.semantics_label = f"count {count.value}"
        page.update()

    page.add(ft.Row([count, ft.FilledButton(content="one more", on_click=more)]))


if __name__ == "__main__":
    ft.run(main, view=ft.AppView.WEB_BROWSER, host="127.0.0.1", port=int(sys.argv[1]),
           no_cdn=True)
