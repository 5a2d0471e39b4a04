"""``python -m companion.make_icons``: the app's icons drawn again (assets/); what it
does is companion/tools/make_icons.py."""

from companion.tools.make_icons import main

if __name__ == "__main__":
    main()
