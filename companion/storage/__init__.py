"""Where tables are kept: the SQLite store, its backup, the data folder, and saving an
entry with the reason a write was refused. No flet."""
