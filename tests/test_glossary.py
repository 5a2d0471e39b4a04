"""One Japanese term per concept: the term docs/glossary-ja.md lists
is the one every Japanese catalog uses; the variants below, once found in the catalogs,
appear nowhere (neither in a catalog nor in the glossary)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = (ROOT / "docs" / "glossary-ja.md").read_text(encoding="utf-8")
CATALOG_DIRS = ["scorers/i18n/ja", "setup_guides/i18n/ja", "companion/i18n/ja",
                "companion/flows/i18n/ja"]

# (concept, the glossary's term, variants that must not be used)
TERMS = [
    ("Latria astrology card", "占星カード", ["占星術カード", "占星術 {"]),
    ("Latria eclipse", "食", ["蝕"]),
    ("Latria Star Eclipse variant", "スター・エクリプス", ["スターエクリプス", "星の食", "星の蝕"]),
    ("Altar active altar", "アクティブ", ["有効な祭壇", "起動中の祭壇"]),
    ("Altar Ancient God", "古き神", ["古の神"]),
    ("Altar follower", "信者", ["フォロワー"]),
    ("Luna victory points are influence", "影響力", ["勝利点を得"]),
    ("Latoro honor card", "栄誉カード", ["名誉カード"]),
    ("Latoro clan tag", "氏族タグ", ["クランタグ"]),
    ("Luna virtual opponent", "仮想の対戦相手", ["仮想対戦相手"]),
    ("Luna Council of Priests", "司祭評議会", ["神官評議会"]),
    ("Undo", "取り消し", ["元に戻す"]),
    ("Table", "卓", ["テーブルを作る"]),
]


def catalogs() -> dict[str, str]:
    """Each Japanese catalog's text, without Latoro's rulebook quotes: those are its
    words verbatim (it says 名誉カード once, beside 栄誉カード)."""
    out = {}
    for d in CATALOG_DIRS:
        for p in sorted((ROOT / d).glob("*.json")):
            entries = json.loads(p.read_text(encoding="utf-8"))
            kept = {k: v for k, v in entries.items()
                    if not (k.startswith("ruling.LT-") and k.endswith(".rulebook"))}
            out[str(p.relative_to(ROOT))] = json.dumps(kept, ensure_ascii=False)
    return out


@pytest.mark.parametrize("concept, term, variants", TERMS, ids=[t[0] for t in TERMS])
def test_one_term_per_concept(concept, term, variants):
    assert term in GLOSSARY, f"{concept}: the glossary does not list {term}"
    texts = catalogs()
    assert any(term in text for text in texts.values()), f"{concept}: {term} is never used"
    used = {(name, v) for name, text in texts.items() for v in variants if v in text}
    assert not used, f"{concept}: use {term}, not {sorted(used)}"
    listed = [v for v in variants if v in GLOSSARY]
    assert not listed, f"{concept}: the glossary lists {listed} beside {term}"
