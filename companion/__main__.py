"""``companion`` / ``python -m companion``: start Table Companion.

With no flags it opens the app the usual Flet way: a desktop window. ``--web``, or a
machine with no display, serves it to browsers instead, offline, with the project's own
server (``companion/web/server.py``); on the local network behind an access code.
``--version`` prints the version; ``--log-level`` says how much of the app's own log
reaches the console (stderr; warnings and errors unless asked).
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import inspect
import logging
import os
import sys
from pathlib import Path

from companion.storage import data_folder
from companion.web.table_links import LinksUnreadable

DEFAULT_PORT = 8550
LOG_LEVELS = ("debug", "info", "warning", "error")


def default_port() -> int:
    """8550, or the port ``flet run --web --port N main.py`` hands the app in
    ``FLET_SERVER_PORT`` (flet run picks a free one when none is given)."""
    given = os.environ.get("FLET_SERVER_PORT", "")
    return int(given) if given.isdigit() and 0 < int(given) < 65536 else DEFAULT_PORT


def version_line() -> str:
    """``0.1.0`` as Settings shows it (``app_version``), or "unknown" in a checkout that
    was never installed."""
    from companion.app_version import app_version

    found = app_version()
    line = found.get("version", "unknown")
    return f"{line} (build {found['build']})" if "build" in found else line


class _VersionAction(argparse.Action):
    """``--version``: the version is looked up only when asked for."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS,
                 help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"{parser.prog} {version_line()}")
        parser.exit()


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Table Companion: setup, play and scoring for Latria, Carpe Astra, Luna, "
        "Altar: Realms of the Gods and Latoro.",
    )
    parser.add_argument("--version", action=_VersionAction, help="print the version and exit")
    parser.add_argument("--web", action="store_true",
                        help="serve the app to web browsers instead of opening a window")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to serve on (default 127.0.0.1; 0.0.0.0 serves phones "
                        "on the same Wi-Fi)")
    parser.add_argument("--port", type=int, default=default_port(),
                        help="port to serve on (default 8550, or FLET_SERVER_PORT as "
                        "flet run --port sets it)")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help="folder for the saved tables (default: COMPANION_DATA_DIR, else "
                        "FLET_APP_STORAGE_DATA, else the per-user data folder)")
    parser.add_argument("--database", metavar="URL", default=None,
                        help="keep the saved tables in this database instead of the data "
                        "folder's file: sqlite:///path/to/file.sqlite3, or "
                        "postgresql://user:password@host/dbname (needs psycopg: pip "
                        "install 'table-companion[postgresql]'); the data folder still "
                        "keeps the server's other files")
    parser.add_argument("--access-code", metavar="CODE",
                        help="the code phones enter to join, 4 to 32 digits or letters "
                        "(default: none on 127.0.0.1; on any other --host a random 6-digit "
                        "code made at start)")
    parser.add_argument("--allow-origin", metavar="URL", action="append", default=[],
                        help="also accept pages from this origin, e.g. https://games.example "
                        "behind a reverse proxy (repeatable)")
    parser.add_argument("--trusted-proxy", metavar="ADDR", action="append", default=[],
                        help="a reverse proxy's address (or network, 10.0.0.0/24) whose "
                        "X-Forwarded-For names the client; from any other address the "
                        "header is ignored (repeatable)")
    parser.add_argument("--private-tables", action="store_true",
                        help="each table belongs to the phones that started it or joined "
                        "it through its own link: a phone sees no other table (for a "
                        "server several groups share); the console prints an admin link "
                        "that sees every table")
    parser.add_argument("--log-level", choices=LOG_LEVELS, default="warning",
                        help="how much of the app's own log goes to the console (stderr): "
                        "debug, info, warning or error (default: warning, i.e. warnings "
                        "and errors)")
    return parser.parse_args(argv)


class _AppLog(logging.StreamHandler):
    """The console handler of the ``companion`` logger (one, however often ``main`` runs)."""


def set_up_logging(level: str) -> None:
    """The ``companion`` logger's lines (every module's: ``companion.…``) on stderr, from
    ``level`` up. Other libraries' logs are left as Python has them: their warnings and
    errors reach stderr too."""
    logger = logging.getLogger("companion")
    logger.setLevel(level.upper())
    if not any(isinstance(h, _AppLog) for h in logger.handlers):
        handler = _AppLog(sys.stderr)
        handler.setFormatter(logging.Formatter(
            "%(asctime)s %(levelname)s %(name)s: %(message)s", datefmt="%H:%M:%S"))
        logger.addHandler(handler)
        logger.propagate = False  # once on the console, not again through the root


def serves_web(asked: bool) -> bool:
    """Whether the app will listen on --host/--port: asked for, or Flet falls back to the
    web server (FLET_FORCE_WEB_SERVER, or a Linux machine with no display)."""
    if asked or os.environ.get("FLET_FORCE_WEB_SERVER"):
        return True
    from flet.utils.platform_utils import is_linux_server

    return is_linux_server()


def flags_problem(args: argparse.Namespace) -> str | None:
    """None when --access-code, --allow-origin and --trusted-proxy make sense; else why
    not, in one line."""
    from companion.web.access import code_problem
    from companion.web.server import origin_of, proxy_problem

    if args.access_code is not None and (problem := code_problem(args.access_code)):
        return problem
    for url in args.allow_origin:
        if origin_of(url) is None:
            return (f"--allow-origin must be an origin such as https://games.example, "
                    f"not {url!r}")
    for address in args.trusted_proxy:
        if problem := proxy_problem(address):
            return problem
    return None


def serve(args: argparse.Namespace, data_dir: Path) -> None:
    """Serve the app to browsers with our server, and say where to open it."""
    from companion.storage.database import PostgreSQL, database_for
    from companion.ui.app import make_main, warm_up_first_screen
    from companion.web import access, server
    from companion.web.serving import Serving, is_loopback, print_where_to_go
    from companion.web.shared_changes import ChangeRelay
    from companion.web.table_links import TableLinks

    # Anyone on the network could reach a non-loopback address: a code is then required.
    code = args.access_code
    if code is None and not is_loopback(args.host):
        code = access.new_code()
    key = access.kept_key(data_dir) if code or args.private_tables else b""
    gate = access.Gate(code, key=key,
                       guessing=access.Guessing(on_guessing=say_codes_are_guessed))
    links = TableLinks(key, data_dir) if args.private_tables else None
    public = server.origin_of(args.allow_origin[0]) if args.allow_origin else None
    serving = Serving(host=args.host, port=args.port, code=code, gate=gate, links=links,
                      public=public)
    # Several processes on one PostgreSQL database hear each other's changes.
    shared = args.database is not None and isinstance(database_for(args.database), PostgreSQL)
    relay = ChangeRelay(args.database) if shared else None
    app = server.build_app(make_main(data_dir, serving=serving, database=args.database,
                                     relay=relay),
                           allowed_origins=[server.origin_of(u) for u in args.allow_origin],
                           loopback_only=serving.loopback, gate=gate)

    def ready(port: int) -> None:
        served = dataclasses.replace(serving, port=port)
        print_where_to_go(served, sys.stdout)
        if prefix := os.environ.get("FLET_DISPLAY_URL_PREFIX"):
            # flet run (--web) opens the browser at the address given on such a line
            print(f"{prefix} {served.urls()[0]}", flush=True)
        warm_up_first_screen()

    server.serve(app, args.host, args.port, on_ready=ready,
                 trusted_proxies=args.trusted_proxy)


def say_codes_are_guessed() -> None:
    """The console's line when wrong codes come faster than players type them (once a
    burst: ``access.Guessing``)."""
    from companion.i18n import t

    print(t("serve.guessing"), flush=True)


def run_in_browser() -> int:
    """The static site (companion/tools/static_site.py): the app in the phone's browser,
    with no server. Its tables are kept in the browser's storage (companion/storage/
    browser.py), loaded before the first screen is drawn."""
    import flet as ft

    from companion.storage.browser import BrowserFolder
    from companion.ui.app import make_main
    from companion.web.in_browser import hold_screens_while_saving

    folder = BrowserFolder(data_folder.default_data_dir())

    async def entry(page) -> None:
        await folder.load()
        await make_main(folder.path, browser=folder)(page)

    ft.run(entry)
    hold_screens_while_saving(folder)  # the client connects once this module has run
    return 0


# The packages of the site's compiled extensions (WebAssembly modules in its archive),
# imported first: WebKit, Safari's engine, loads such a module several times slower once
# the app's modules are imported than before them.
EXTENSIONS_FIRST = ("msgpack", "pydantic_core")


def prepare_in_browser() -> None:
    """What ``run_in_browser`` imports, and Home's parts built: the static site's Python
    worker runs this as soon as the app's files are unpacked, while Flutter's client is
    still loading (companion/tools/site_python.js), so that the app's start, once the
    client connects, finds them done. The compiled extensions come first."""
    for package in EXTENSIONS_FIRST:
        importlib.import_module(package)
    import flet  # noqa: F401

    import companion.storage.browser  # noqa: F401
    import companion.web.in_browser  # noqa: F401
    from companion.ui.app import prepare_first_screen

    prepare_first_screen()


def main(argv: list[str] | None = None) -> int:
    if sys.platform == "emscripten":
        return run_in_browser()
    args = parse_args(argv)
    set_up_logging(args.log_level)
    data_dir = args.data_dir or data_folder.default_data_dir()
    web = serves_web(args.web)
    problem = data_folder.writable_problem(data_dir) or flags_problem(args)
    if problem is None and args.database is not None:
        problem = data_folder.database_problem(args.database)
    if problem is None and web:
        problem = data_folder.port_problem(args.host, args.port)
    if problem:
        print(f"companion: {problem}", file=sys.stderr)
        return 2

    if web:
        try:
            serve(args, data_dir)
        except LinksUnreadable as err:
            print(f"companion: {err}", file=sys.stderr)
            return 2
        return 0

    import flet as ft  # imported late: --help and the checks above stay fast

    from companion.assets_folder import ASSETS
    from companion.ui.app import make_main

    ft.run(with_window_icon(make_main(data_dir, database=args.database), ASSETS / WINDOW_ICON),
           host=args.host, port=args.port, assets_dir=str(ASSETS), no_cdn=True)
    return 0


WINDOW_ICON = "icons/icon.ico"  # made by companion/tools/make_icons.py


def with_window_icon(app_main, icon: Path):
    """``app_main`` in a window that wears the app's icon (Flet sets it on Windows; macOS
    and Linux show the desktop client's own, and a built app's icon comes from flet build)."""

    async def windowed(page) -> None:
        page.window.icon = str(icon)
        result = app_main(page)
        if inspect.isawaitable(result):
            await result

    return windowed


if __name__ == "__main__":
    sys.exit(main())
