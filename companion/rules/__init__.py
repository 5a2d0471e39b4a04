"""The rules text: the bundled rulebooks, their search, and the readings of
docs/RULINGS.md. No flet."""
