"""``python -m scorers.sheet_checks``: store each game's sheet checks again, compiled from
its models (``scorers/sheet_models/<game>.py``), after a model or pydantic changed.
tests/scorers/test_sheet_checks.py says when that is needed."""

from __future__ import annotations

import json

from scorers.boxes import sheets
from scorers.sheet_checks import FOLDER, compiled
from scorers.sheet_models import sheet_model


def main() -> int:
    for game in sheets():  # every sheet, game by game (scorers/boxes)
        path = FOLDER / f"{game}.json"
        text = json.dumps(compiled(sheet_model(game)), ensure_ascii=False, indent=1) + "\n"
        before = path.read_text(encoding="utf-8") if path.exists() else None
        if text != before:
            path.write_text(text, encoding="utf-8")
        print(f"{path.name}: {'unchanged' if text == before else 'written'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
