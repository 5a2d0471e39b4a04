"""Which of a result's notes say how a tie was broken or shared: the sentences a shared
result (the app's summary, BG Stats' comments) keeps, where the Results screen shows
every note.

A note is known by the rulings it rests on (docs/RULINGS.md), so a new wording of a tie
note needs no change here; the rulings below are the ones whose subject is a tie.
"""

from __future__ import annotations

from scorers.base import Note, Result

TIE_RULINGS = frozenset({
    "L-10",  # Latria, Scoring: fewer eclipse points, then a draw
    "LC-1", "LC-2", "LC-3", "LC-4",  # Latria campaign: placement points after ties
    "C-4",  # Carpe Astra, Winning the Game: more credits, then shared
    "LU-4",  # Luna, Game End: ties go by the Council
    "AL-2", "AL-3",  # Altar, Winner of the Game: most Shrines, the last Shrine; abilities
    "LT-5",  # Latoro: ties are shared (the rulebook names no tie-breaker)
})


def tie_notes(result: Result) -> list[Note]:
    """The notes that explain a broken or shared tie, in the result's order."""
    return [note for note in result.note_details if TIE_RULINGS & set(note.rulings)]
