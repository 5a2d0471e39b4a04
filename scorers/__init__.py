"""Final scoring for the five games: a score sheet (JSON) in, a result with breakdowns out.

Pure Python, no flet. ``score_sheet(data)`` validates a sheet given as a dict and scores it;
``python -m scorers`` is the command line (see docs/score-sheets.md).
"""
