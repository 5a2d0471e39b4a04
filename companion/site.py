"""``python -m companion.site OUT [--base-url /PATH/]``: the app as a static web site that
runs on the phone itself (docs/USER.md, "On your phone, without a computer"); what it does is
companion/tools/static_site.py."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m companion.site",
        description="Build Table Companion as a static web site that runs on the phone "
        "(Python in the browser): any static host with HTTPS can serve the folder.")
    parser.add_argument("out", type=Path, help="the folder to write (emptied first)")
    parser.add_argument("--base-url", default="/",
                        help="the path the site is served under, e.g. /table-companion/ "
                        "for a GitHub Pages project site (default /)")
    args = parser.parse_args(argv)
    base = "/" + args.base_url.strip("/") + "/" if args.base_url.strip("/") else "/"
    from companion.tools.static_site import BuildError, build

    try:
        digest = build(args.out, base_url=base)
    except (BuildError, OSError) as err:
        print(f"companion.site: {err}", file=sys.stderr)
        return 2
    print(f"The site is in {args.out} (build {digest}); serve the folder at {base}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
