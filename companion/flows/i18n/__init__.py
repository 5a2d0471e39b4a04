"""The play flows' sentences for players: ``en/<game>.json`` and ``ja/<game>.json`` beside
this file, registered with the shared message module when the flows are imported
(docs/DESIGN.md, "Words for players"). The flows build ``Msg("flow.<game>.<name>",
…)`` and type their view's texts ``Text``; rendering (reading the catalogs) happens in the
screens and tests, never in the flows themselves."""

from __future__ import annotations

from pathlib import Path

from scorers.messages import AndList, Msg, Text, comma_list, register

register(Path(__file__).parent)

__all__ = ["AndList", "Msg", "Text", "comma_list"]
