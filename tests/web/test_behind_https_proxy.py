"""The app hosted as on the internet: Caddy (Debian's package) in front of `companion
--web`, with the repository's own configuration (docs/hosting/Caddyfile) and the flags
docs/USER.md gives ("Behind a reverse proxy"). Caddy signs the site's certificate with
its own local authority (``COMPANION_CERT_ISSUER=internal``); the client trusts that
authority's root and nothing else.

Checked through the proxy, over HTTPS: the app's page; a Flet session on the WebSocket,
with the Origin a phone's browser sends; the limit on wrong codes, which counts each
phone by its real address (Caddy writes it into X-Forwarded-For, whatever the phone sent
there, and the app believes that header from the proxy alone). The phones connect from
127.0.0.x source addresses, so every one is a client of its own; all traffic stays on
this machine. Caddy listens on free ports with its admin endpoint off and its files in
the test's folder, so a Caddy service on this computer changes nothing.

With CI=true a missing Caddy fails the tests; elsewhere they are skipped with the reason.
"""

from __future__ import annotations

import http.client
import os
import shutil
import socket
import ssl
import subprocess
import time
from pathlib import Path
from unittest import mock

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from companion.web.access import TRIES_PER_MINUTE
from tests.run_async import run
from tests.web import phones
from tests.web.phones import HOME, WAIT, WRONG, Phone
from tests.web.test_code_guessing import wrong_codes
from tests.web.test_server import ROOT, Companion, free_port

CADDYFILE = ROOT / "docs" / "hosting" / "Caddyfile"
# The site's public name, in the reserved .test domain: the client connects to 127.0.0.1
# and names it in TLS (SNI) and in the Host header.
SITE = "companion.test"
CODE = "246810"
# Phones' addresses, as the proxy sees them: each test has its own.
JOINING, GUESSER, OTHER_PHONE = "127.0.0.4", "127.0.0.5", "127.0.0.6"


def caddy_path() -> str:
    path = shutil.which("caddy")
    if path is None:
        message = "Caddy is not installed (apt-get install caddy)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


class Caddy:
    """`caddy run` with docs/hosting/Caddyfile, its placeholders set for a test: the local
    authority, free ports, no admin endpoint, its storage (certificates and all) in
    ``folder``. ``self.ssl`` trusts that authority's root only."""

    def __init__(self, caddy: str, folder: Path, https_port: int, app_port: int):
        self.port = https_port
        self.origin = f"https://{SITE}:{https_port}"  # the page's, in a phone's browser
        self.log_path = folder / "caddy.log"
        env = dict(os.environ, XDG_DATA_HOME=str(folder / "data"),
                   XDG_CONFIG_HOME=str(folder / "config"), HOME=str(folder),
                   COMPANION_SITE=SITE, COMPANION_APP=f"127.0.0.1:{app_port}",
                   COMPANION_CERT_ISSUER="internal", COMPANION_CADDY_ADMIN="off",
                   COMPANION_HTTPS_PORT=str(https_port),
                   COMPANION_HTTP_PORT=str(free_port()))
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen(
                [caddy, "run", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
                stdout=log, stderr=subprocess.STDOUT, cwd=folder, env=env)
        root = folder / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
        deadline = time.monotonic() + 30
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"caddy ended: {self.log()[-2000:]}")
            if root.exists():
                try:
                    self.ssl = ssl.create_default_context(cafile=str(root))
                    self.get("/")  # its certificate is signed and the app answers
                    return
                except (OSError, ssl.SSLError, http.client.HTTPException):
                    pass  # the authority or the site's certificate is still being made
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"caddy did not answer: {self.log()[-2000:]}")
            time.sleep(0.1)

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def get(self, path: str) -> tuple[int, dict[str, str], str]:
        """GET ``path`` over HTTPS as from a browser at SITE: status, headers, body."""
        conn = http.client.HTTPSConnection(SITE, self.port, context=self.ssl, timeout=10)
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=10)
        conn.sock = self.ssl.wrap_socket(sock, server_hostname=SITE)
        try:
            conn.request("GET", path)
            response = conn.getresponse()
            return (response.status, dict(response.getheaders()),
                    response.read().decode("utf-8", "replace"))
        finally:
            conn.close()

    def websocket(self, origin: str | None = None, **kwargs):
        """The app's WebSocket through the proxy (awaitable), as the page at ``origin``
        (default: the site's own) opens it; ``kwargs`` for websockets' ``connect``."""
        return connect(f"wss://{SITE}:{self.port}/ws", host="127.0.0.1", port=self.port,
                       ssl=self.ssl, server_hostname=SITE, proxy=None,
                       origin=origin or self.origin, **kwargs)

    def stop(self) -> None:
        self.proc.terminate()  # Caddy ends at once on SIGTERM
        try:
            self.proc.wait(timeout=10)
        finally:
            self.proc.kill()  # nothing once it has ended


class ProxiedPhone(Phone):
    """A phone of tests/web/phones.py whose socket goes through the proxy."""

    def __init__(self, proxy: Caddy, source: str, route: str = "/",
                 headers: dict | None = None):
        super().__init__(proxy.port, source, route, headers=headers)
        self.proxy = proxy

    async def open(self) -> ProxiedPhone:
        # Phone opens its socket with phones.connect, to the app's own port: here, to
        # the proxy instead, for this call.
        with mock.patch.object(phones, "connect", self._connect):
            return await super().open()

    def _connect(self, url: str, origin: str, **kwargs):
        return self.proxy.websocket(**kwargs)


class Hosted:
    """`companion --web` on loopback behind Caddy, with the flags docs/USER.md gives:
    the site's origin allowed, the proxy trusted (unless ``trust_proxy`` is False)."""

    def __init__(self, folder: Path, trust_proxy: bool = True):
        caddy = caddy_path()
        trusted = ("--trusted-proxy", "127.0.0.1") if trust_proxy else ()
        for attempt in range(3):
            https_port = free_port()
            self.app = Companion(folder, "--access-code", CODE, *trusted,
                                 "--allow-origin", f"https://{SITE}:{https_port}")
            try:
                self.proxy = Caddy(caddy, folder, https_port, self.app.port)
                return
            except RuntimeError:
                self.app.stop()
                # Another process took a port found free: others, then.
                if "address already in use" not in (folder / "caddy.log").read_text(
                        encoding="utf-8", errors="replace") or attempt == 2:
                    raise

    def __enter__(self) -> Hosted:
        return self

    def __exit__(self, *exc) -> None:
        self.proxy.stop()
        self.app.stop()


@pytest.fixture(scope="module")
def hosted(tmp_path_factory):
    with Hosted(tmp_path_factory.mktemp("hosted")) as h:
        yield h


def one_try(proxy: Caddy, source: str, code: str, headers: dict | None = None) -> str:
    """A new session through the proxy from ``source`` with ``code`` in its link: what
    the prompt said (WRONG, WAIT, or HOME when let in)."""
    async def scenario():
        phone = await ProxiedPhone(proxy, source, f"/?code={code}", headers).open()
        try:
            return await phone.answer()
        finally:
            await phone.close()

    return run(scenario())


def test_the_page_comes_over_https_from_the_app(hosted):
    status, headers, body = hosted.proxy.get("/")
    assert status == 200
    assert "flutter_bootstrap.js" in body  # Flet's page, not one of Caddy's own
    assert headers["X-Frame-Options"] == "DENY"  # the app's own headers come through
    assert headers["Cross-Origin-Embedder-Policy"] == "require-corp"


def test_a_phone_joins_through_the_proxy_and_gets_its_first_screen(hosted):
    assert one_try(hosted.proxy, JOINING, CODE) == HOME


def test_a_page_of_another_site_is_refused_through_the_proxy(hosted):
    async def scenario():
        with pytest.raises(InvalidStatus) as refusal:
            await hosted.proxy.websocket(origin="https://evil.example", open_timeout=20)
        return refusal.value.response.status_code

    assert run(scenario()) == 403


def test_wrong_codes_count_the_phone_whatever_it_forges_in_x_forwarded_for(hosted):
    codes = (c for c in wrong_codes() if c != CODE)
    answers = [one_try(hosted.proxy, GUESSER, next(codes),
                       headers={"X-Forwarded-For": f"10.9.0.{n}"})
               for n in range(TRIES_PER_MINUTE + 2)]
    # One client: its own tries, then the wait (as a phone on the local network).
    assert answers == [WRONG] * (TRIES_PER_MINUTE - 1) + [WAIT] * 3
    # Another phone is a client of its own: the proxy is not counted as one.
    assert one_try(hosted.proxy, OTHER_PHONE, next(codes)) == WRONG


def test_without_trusted_proxy_every_phone_is_the_proxy(tmp_path):
    """The app ignores X-Forwarded-For then: all phones share one client's limit."""
    codes = (c for c in wrong_codes() if c != CODE)
    with Hosted(tmp_path, trust_proxy=False) as h:
        answers = [one_try(h.proxy, GUESSER, next(codes))
                   for _ in range(TRIES_PER_MINUTE - 1)]
        assert answers == [WRONG] * (TRIES_PER_MINUTE - 1)
        assert one_try(h.proxy, OTHER_PHONE, next(codes)) == WAIT
