"""The table's model and logic: a table record, its setup, plays, campaign, history,
stats, renaming, sheet changes and result text. No flet, no store: a store or its reads
are passed in."""
