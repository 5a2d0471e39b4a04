"""Several server processes on one PostgreSQL database behind a round-robin proxy, beside
one process on SQLite: 50 tables of 4 phones, a change every 2 s at each table.

Each configuration in turn, in one run: ``companion --web`` on SQLite (the baseline: one
process, the phones straight to it, as the app is served today), then 1, 2 and 4 processes
on one PostgreSQL database (``--database``, a schema of the bench's own, dropped at the
end) behind Caddy with the repository's ``docs/hosting/Caddyfile.processes`` (round robin,
the processes trusting it for each phone's address). Each configuration has tables of its
own: Luna in its Action Phase (``bench/simulated_phones.py``, as ``sync_bench.py``). The
simulated phones of ``sync_bench.py`` open the tables' Play screens, table after table,
each phone's socket through the proxy in turn: with N processes the phones of one table
are on different ones, and a change reaches them through the database (NOTIFY/LISTEN,
``companion/web/shared_changes.py``).

Every 2 s each table's next phone in turn taps the big button or Undo (the tables
staggered over the 2 s); the figure is the time from the tap leaving the phone to the last
of the table's phones (the tapper too) getting its first patch of the screen. A table
taps again 2 s after its last tap, or once its change is shown and its phones are quiet
when that is later: a server that cannot keep up holds fewer changes a second than asked.

Prints, per configuration: the changes a second held (and asked), those not shown on
every phone within 30 s, the 95th percentile and worst time until every phone showed a
change, the server's CPU per change summed over its processes (and PostgreSQL's server
and the proxy's, when on this machine: PostgreSQL's is inside the process on SQLite),
the phones on each process, and the simulated phones' own CPU (they run on the same
machine); then the ratios to the SQLite baseline and the load average. Run by hand (a few
minutes), not in the tests:

    export COMPANION_TEST_POSTGRES=$(bash .ci/postgres)
    .venv/bin/python bench/processes_bench.py [--processes 1,2,4] [--tables 50]
        [--phones-per-table 4] [--seconds 30] [--database URL]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import simulated_phones as simulated  # noqa: E402
from bench.app_bench import compile_sources  # noqa: E402
from bench.simulated_phones import Phone, Server  # noqa: E402
from companion.storage.store import Store  # noqa: E402
from tests.postgres import SERVER, with_schema  # noqa: E402

CADDYFILE = ROOT / "docs" / "hosting" / "Caddyfile.processes"
PERIOD = 2.0  # s between two changes at one table
MISSED = 30.0  # s: a change not shown on every phone of its table by then is missed
JOINING = 8  # phones joining at once (their sockets opened one after another)
BASELINE = "sqlite"


@dataclass
class Figures:
    """One configuration's run."""

    name: str
    processes: int
    asked: float  # changes a second
    waits: list[float] = field(default_factory=list)  # s, a change to every phone
    missed: int = 0
    seconds: float = 0.0
    app_cpu: float = 0.0  # s, the processes' together
    database_cpu: float | None = None  # s, PostgreSQL's server (None: not measured)
    proxy_cpu: float | None = None  # s, Caddy's (None: no proxy)
    phones_cpu: float = 0.0  # s, this process's: the simulated phones
    spread: list[int] = field(default_factory=list)  # phones on each process

    @property
    def label(self) -> str:
        return f"{self.name}, {self.processes} process{'es' if self.processes > 1 else ''}"

    @property
    def changes(self) -> int:
        return len(self.waits)

    @property
    def rate(self) -> float:
        return self.changes / self.seconds if self.seconds else 0.0

    @property
    def p95(self) -> float:
        return simulated.percentile(self.waits, 95) if self.waits else float("nan")

    @property
    def worst(self) -> float:
        return max(self.waits, default=float("nan"))

    def per_change(self, seconds: float | None) -> float:
        return (seconds or 0.0) / max(self.changes, 1)

    @property
    def server_cpu(self) -> float:
        return self.app_cpu + (self.database_cpu or 0.0) + (self.proxy_cpu or 0.0)


def companion_env() -> dict[str, str]:
    env = dict(os.environ, FLET_FORCE_WEB_SERVER="1")
    env.pop("COMPANION_DATA_DIR", None)
    return env


def companion(name: str, folder: Path, *args: str) -> Server:
    """``companion --web`` on a free port, its data folder ``folder / "data"``."""
    port = simulated.free_port()
    command = [sys.executable, "-m", "companion", "--web", "--port", str(port),
               "--data-dir", str(folder / "data"), *args]
    return Server(name, command, port, folder / f"{name.replace(' ', '-')}-console.txt",
                  env=companion_env())


def caddy(folder: Path, apps: list[Server]) -> Server:
    """Caddy with docs/hosting/Caddyfile.processes in front of ``apps``, on a free port
    of 127.0.0.1, its admin endpoint off and its files in ``folder``."""
    port = simulated.free_port()
    env = dict(os.environ, XDG_DATA_HOME=str(folder / "caddy-data"),
               XDG_CONFIG_HOME=str(folder / "caddy-config"), HOME=str(folder),
               COMPANION_APPS=" ".join(f"127.0.0.1:{app.port}" for app in apps),
               COMPANION_PROXY_HOST="127.0.0.1", COMPANION_PROXY_PORT=str(port),
               COMPANION_CADDY_ADMIN="off")
    command = [shutil.which("caddy") or "caddy", "run", "--config", str(CADDYFILE),
               "--adapter", "caddyfile"]
    return Server("proxy", command, port, folder / "caddy-console.txt", env=env)


def database_server(url: str) -> int | None:
    """The pid of the PostgreSQL server's main process at ``url``, when it runs on this
    machine (the parent of the backend serving a connection); else None."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        backend = conn.execute("SELECT pg_backend_pid()").fetchone()[0]
        try:
            stat = Path(f"/proc/{backend}/stat").read_text()
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            if "(postgres)" in stat and "(postgres)" in Path(f"/proc/{parent}/stat").read_text():
                return parent
        except (OSError, ValueError, IndexError):
            pass
    return None


def database_cpu(main: int) -> float:
    """The CPU time of PostgreSQL's server: its main process, the backends that have
    ended, and those running."""
    total = simulated.cpu_seconds(main, children=True)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            if int(stat.rsplit(")", 1)[1].split()[1]) == main:
                total += simulated.cpu_seconds(int(entry.name))
        except (OSError, ValueError):
            continue  # ended meanwhile
    return total


def connections_to(port: int) -> int:
    """Established TCP connections to ``port`` on this machine's IPv4 addresses: the
    phones' sockets a process holds (through the proxy or not)."""
    count = 0
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        columns = line.split()
        if columns[3] == "01" and int(columns[1].rsplit(":", 1)[1], 16) == port:
            count += 1
    return count


async def open_phones(entry: Server, routes: list[str], per_table: int) -> list[list[Phone]]:
    """Each table's phones, joined table after table: their sockets opened one after
    another (so a round-robin proxy deals them out in turn), a few screens at once."""
    tables = [[Phone(entry, t * per_table + k, route) for k in range(per_table)]
              for t, route in enumerate(routes)]
    phones = [phone for table in tables for phone in table]
    for start in range(0, len(phones), JOINING):
        batch = phones[start:start + JOINING]
        for phone in batch:
            await phone.connect()
        await asyncio.gather(*(phone.join() for phone in batch))
    await simulated.quiet(phones)
    return tables


async def keep_changing(phones: list[Phone], first: float, end: float,
                        figures: Figures) -> None:
    """One table's changes from ``first`` until ``end``: the next phone in turn taps."""
    tap_at, taps = first, 0
    while tap_at < end:
        await asyncio.sleep(max(0.0, tap_at - time.perf_counter()))
        tapper = phones[taps % len(phones)]
        sent = time.perf_counter()
        for phone in phones:
            phone.expect_change(sent)
        await tapper.tap("undo" if taps % 2 else "next")
        taps += 1
        try:
            await asyncio.wait_for(asyncio.gather(*(p.changed.wait() for p in phones)), MISSED)
            figures.waits.append(max(p.first_patch_after for p in phones) - sent)  # type: ignore[type-var]
        except TimeoutError:
            figures.missed += 1
        await simulated.quiet(phones)
        tap_at = max(tap_at + PERIOD, time.perf_counter())


async def measure(figures: Figures, entry: Server, apps: list[Server], routes: list[str],
                  per_table: int, seconds: float, database: int | None,
                  proxy: Server | None) -> None:
    tables = await open_phones(entry, routes, per_table)
    try:
        figures.spread = [connections_to(app.port) for app in apps]

        def cpu() -> tuple[float, float | None, float | None, float]:
            return (sum(app.cpu_seconds() for app in apps),
                    database_cpu(database) if database else None,
                    proxy.cpu_seconds() if proxy else None, time.process_time())

        before = cpu()
        start = time.perf_counter()
        end = start + seconds
        await asyncio.gather(*(keep_changing(phones, start + t * PERIOD / len(tables), end,
                                             figures) for t, phones in enumerate(tables)))
        figures.seconds = max(time.perf_counter(), end) - start
        after = cpu()
        figures.app_cpu, figures.phones_cpu = after[0] - before[0], after[3] - before[3]
        if after[1] is not None and before[1] is not None:
            figures.database_cpu = after[1] - before[1]
        if after[2] is not None and before[2] is not None:
            figures.proxy_cpu = after[2] - before[2]
    finally:
        await asyncio.gather(*(p.close() for phones in tables for p in phones),
                             return_exceptions=True)


def stop(servers: list[Server]) -> None:
    for server in reversed(servers):
        server.stop()


async def on_sqlite(folder: Path, args: argparse.Namespace) -> Figures:
    """The baseline: one process on the data folder's SQLite file, the phones straight
    to it."""
    folder.mkdir()
    store = Store(folder / "data")
    routes = [simulated.luna_table(store) for _ in range(args.tables)]
    figures = Figures(BASELINE, 1, args.tables / PERIOD)
    app = companion(BASELINE, folder)
    try:
        await measure(figures, app, [app], routes, args.phones_per_table, args.seconds,
                      None, None)
    finally:
        app.stop()
    return figures


async def on_postgresql(folder: Path, url: str, count: int,
                        args: argparse.Namespace) -> Figures:
    """``count`` processes on the database at ``url`` behind the proxy."""
    folder.mkdir()
    store = Store(url)
    routes = [simulated.luna_table(store) for _ in range(args.tables)]
    del store
    figures = Figures("postgresql", count, args.tables / PERIOD)
    servers: list[Server] = []
    try:
        for n in range(count):
            servers.append(companion(f"postgresql {n + 1}", folder, "--database", url,
                                     "--trusted-proxy", "127.0.0.1"))
        proxy = caddy(folder, servers)
        servers.append(proxy)
        await measure(figures, proxy, servers[:-1], routes, args.phones_per_table,
                      args.seconds, database_server(url), proxy)
    finally:
        stop(servers)
    return figures


async def run(args: argparse.Namespace) -> list[Figures]:
    import psycopg

    schemas: list[str] = []
    results: list[Figures] = []
    with tempfile.TemporaryDirectory() as folder:
        try:
            results.append(await on_sqlite(Path(folder) / BASELINE, args))
            for count in args.processes:
                # Each configuration on tables of its own, in a schema of its own.
                schema = f"bench_{uuid.uuid4().hex[:12]}"
                with psycopg.connect(args.database, autocommit=True) as conn:
                    conn.execute(f"CREATE SCHEMA {schema}")
                schemas.append(schema)
                results.append(await on_postgresql(Path(folder) / f"postgresql-{count}",
                                                   with_schema(args.database, schema),
                                                   count, args))
        finally:
            with psycopg.connect(args.database, autocommit=True) as conn:
                for schema in schemas:
                    conn.execute(f"DROP SCHEMA {schema} CASCADE")
    return results


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def ratio(figure: float, baseline: float) -> str:
    return f"{figure / baseline:.2f}×" if baseline else "—"


def report(results: list[Figures]) -> None:
    width = max(len(f.label) for f in results)
    for f in results:
        parts = [f"the processes {ms(f.per_change(f.app_cpu))}"]
        if f.database_cpu is not None:
            parts.append(f"PostgreSQL {ms(f.per_change(f.database_cpu))}")
        if f.proxy_cpu is not None:
            parts.append(f"the proxy {ms(f.per_change(f.proxy_cpu))}")
        print(f"{f.label + ':':<{width + 1}} {f.rate:5.1f} changes/s held (asked "
              f"{f.asked:.1f}), {f.missed} missed; every phone shows it: 95th {ms(f.p95)}, "
              f"worst {ms(f.worst)}; server CPU {ms(f.per_change(f.server_cpu))} a change "
              f"({', '.join(parts)}); phones per process "
              f"{', '.join(str(n) for n in f.spread)}; the simulated phones' CPU "
              f"{ms(f.per_change(f.phones_cpu))} a change")
    base = results[0]
    for f in results[1:]:
        print(f"{f.label} / {base.label}: changes/s {ratio(f.rate, base.rate)}, "
              f"95th {ratio(f.p95, base.p95)}, worst {ratio(f.worst, base.worst)}, "
              f"server CPU a change "
              f"{ratio(f.per_change(f.server_cpu), base.per_change(base.server_cpu))} "
              f"(the processes alone "
              f"{ratio(f.per_change(f.app_cpu), base.per_change(base.app_cpu))})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", default="1,2,4",
                        help="counts of processes on PostgreSQL, in turn (default 1,2,4)")
    parser.add_argument("--tables", type=int, default=50, help="tables (default 50)")
    parser.add_argument("--phones-per-table", type=int, default=4,
                        help="phones at each table (default 4)")
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="how long each configuration changes its tables (default 30)")
    parser.add_argument("--database", default=os.environ.get(SERVER),
                        help=f"the PostgreSQL server's URL (default: {SERVER}; "
                        "bash .ci/postgres starts one)")
    args = parser.parse_args()
    args.processes = sorted(int(n) for n in args.processes.split(","))
    if not args.database:
        print(f"processes_bench: no PostgreSQL server: give --database or set {SERVER} "
              "(export COMPANION_TEST_POSTGRES=$(bash .ci/postgres))", file=sys.stderr)
        return 2
    if shutil.which("caddy") is None:
        print("processes_bench: no caddy (apt-get install caddy)", file=sys.stderr)
        return 2
    compile_sources()
    results = asyncio.run(run(args))
    report(results)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average {load} (1, 5, 15 minutes) on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
