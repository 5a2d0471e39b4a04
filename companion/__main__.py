"""``companion`` / ``python -m companion``: start Table Companion.

With no flags it opens the app the usual Flet way (a desktop window; on a machine with no
display Flet serves the web client instead). ``--web`` serves it to browsers, offline.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from companion import settings


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Table Companion: setup, play and scoring for Latria, Carpe Astra, Luna, "
        "Altar: Realms of the Gods and Latoro.",
    )
    parser.add_argument("--web", action="store_true",
                        help="serve the app to web browsers instead of opening a window")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to serve on (default 127.0.0.1; 0.0.0.0 serves phones "
                        "on the same Wi-Fi)")
    parser.add_argument("--port", type=int, default=8550, help="port to serve on (default 8550)")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help="folder for the saved tables (default: COMPANION_DATA_DIR, else "
                        "FLET_APP_STORAGE_DATA, else the per-user data folder)")
    return parser.parse_args(argv)


def serves_web(asked: bool) -> bool:
    """Whether the app will listen on --host/--port: asked for, or Flet falls back to the
    web server (FLET_FORCE_WEB_SERVER, or a Linux machine with no display)."""
    if asked or os.environ.get("FLET_FORCE_WEB_SERVER"):
        return True
    from flet.utils.platform_utils import is_linux_server

    return is_linux_server()


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    data_dir = args.data_dir or settings.default_data_dir()
    problem = settings.writable_problem(data_dir)
    if problem is None and serves_web(args.web):
        problem = settings.port_problem(args.host, args.port)
    if problem:
        print(f"companion: {problem}", file=sys.stderr)
        return 2

    import flet as ft  # imported late: --help and the checks above stay fast

    from companion.app import make_main

    assets = Path(__file__).parent / "assets"
    run_args = dict(assets_dir=str(assets), no_cdn=True)
    if args.web:
        os.environ.setdefault("FLET_FORCE_WEB_SERVER", "1")  # serve; don't open a browser here
        ft.run(make_main(data_dir), view=ft.AppView.WEB_BROWSER, host=args.host,
               port=args.port, **run_args)
    else:
        ft.run(make_main(data_dir), host=args.host, port=args.port, **run_args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
