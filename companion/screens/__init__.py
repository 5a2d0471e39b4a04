"""What each screen shows and does, in plain Python (no flet): a screen's model holds what
is on it, its actions are methods that return what to tell the player, and ``companion.ui``
draws the model and binds its controls' events to the actions. So a screen's logic is
tested in-process (tests/screens/), and a browser test checks only what a browser shows.

docs/DESIGN.md, "How a screen is built", says which screens are models so far and how a
view draws one."""
