"""Score, for a saved sheet the forms cannot draw: an older version saved entries of the
wrong kind (a list where a count goes, a text where a list goes). The screen says what is
wrong, in the players' names, and offers to start the sheet again; nothing is changed
until that is tapped. Numbers merely out of range do not come here: the score screen
shows those at their fields.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.i18n import say, t
from companion.screens.answers import told
from companion.ui.widgets.common import heading, muted, primary_button, screen
from scorers.base import Problem
from scorers.sheets import written_problems


def undrawable_problems(sheet: Any, players: int) -> list[Problem]:
    """What in a saved sheet the score forms cannot draw (wrong types or shapes, required
    keys left out, not the table's ``players`` count); [] when they can (numbers out of
    range they show at their fields)."""
    problems = written_problems(sheet, [()], numbers=False, missing=True)
    listed = sheet.get("players") if isinstance(sheet, dict) else None
    if not problems and isinstance(listed, list) and len(listed) != players:
        problems.append(Problem(where="players", message=t(
            "score.damaged_players", count=len(listed), players=players)))
    return problems


# The scorer's sentence for a value of the wrong kind (its catalog key) → the players' words.
WORDS = {
    "scorers.sheets.type.list": "score.damaged_want_list",
    "scorers.sheets.type.integer": "score.damaged_want_number",
    "scorers.sheets.type.text": "score.damaged_want_text",
    "scorers.sheets.type.unicode": "score.damaged_want_text",
    "scorers.sheets.type.object": "score.damaged_want_group",
    "scorers.sheets.type.model": "score.damaged_want_group",
    "scorers.sheets.type.boolean": "score.damaged_want_yes_no",
    "scorers.sheets.type.one_of": "score.damaged_want_choice",
    "scorers.sheets.type.at_least": "score.damaged_want_choice",
    "scorers.sheets.type.at_most": "score.damaged_want_choice",
    "scorers.sheets.required": "score.damaged_missing",
    "scorers.sheets.unknown_key": "score.damaged_unknown",
}


def in_words(message: str) -> str:
    key = WORDS.get(getattr(message, "key", None))
    return t(key) if key else say(message)



def build(ctx, table_id: str, session, problems: list[Problem], title: str,
          score_screen: Callable[[], ft.View]) -> ft.View:
    """The Score screen of a sheet it cannot draw; ``score_screen`` draws Score again once
    the sheet is started over."""
    route = f"/table/{table_id}/score"
    names = [str(n) for n in session.players]

    def shown(problem: Problem) -> str:
        """ "Ann · realms: should be a list of entries" """
        where, message = problem.where, in_words(problem.message)
        if where.startswith("players[") and "]" in where:
            index = where[len("players["):where.index("]")]
            rest = where[where.index("]") + 1:].lstrip(".").replace("_", " ")
            if index.isdigit() and int(index) < len(names):
                field = f" · {rest}" if rest else ""
                return f"{names[int(index)]}{field}: {message}"
        return f"{where.replace('_', ' ')}: {message}" if where else message

    def restart(e) -> None:
        answer = told(ctx.engine.replace_sheet(table_id, None))
        if answer.notice:  # the saved tables can only be read
            ctx.show_notice(answer.notice, kind=answer.kind)
            ctx.page.update()
            return
        ctx.redraw(score_screen(), notice=t("score.damaged_restarted"))

    controls: list[ft.Control] = [
        heading(t("score.damaged_title")),
        ft.Text(t("score.damaged_body"), size=15),
    ]
    if problems:
        controls.append(muted(t("score.damaged_problems")))
        controls += [ft.Text(f"• {shown(p)}", color=ft.Colors.ERROR, size=14)
                     for p in problems[:10]]
    bottom = ft.Row([primary_button(t("score.damaged_restart"), restart, ft.Icons.RESTART_ALT)])
    return screen(route, title, controls, on_back=lambda e: ctx.go(f"/table/{table_id}"),
                  bottom=bottom)
