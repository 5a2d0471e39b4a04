"""Table Companion: the Flet app (the only package that imports flet)."""

__version__ = "0.1.0"
