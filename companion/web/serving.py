"""Where the app is served and how a phone gets there: the addresses to open, with the
access code, for the console and the Invite a phone screen.

Finding this machine's addresses sends nothing on the network: it asks the resolver for
the host name's addresses and the routing table for the address a packet to the local
network would leave from (a UDP socket's ``connect`` only picks a route).
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass, field
from typing import TextIO

from companion.i18n import t
from companion.web.access import Gate
from companion.web.table_links import ADMIN_QUERY, LINK_QUERY, TableLinks

# Private ranges to ask the routing table about; nothing is ever sent to them.
ROUTE_PROBES = ("10.254.254.254", "172.31.254.254", "192.168.254.254")


def is_loopback(host: str) -> bool:
    """Whether serving on ``host`` reaches this machine only (no code is needed there).

    >>> [is_loopback(h) for h in ("127.0.0.1", "localhost", "::1", "0.0.0.0", "192.168.1.5")]
    [True, True, True, False, False]
    """
    if host.lower().rstrip(".") == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False  # a host name: it may well be reachable from the network


def is_every_address(host: str) -> bool:
    """``0.0.0.0`` / ``::`` (or empty): serving on each of this machine's addresses."""
    if host in ("", "*"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        return False


def _reachable(address: str) -> bool:
    ip = ipaddress.ip_address(address)
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses that another device on the network could open; the
    one its default route leaves from first (the Wi-Fi, rather than a virtual bridge).
    Empty when none is found."""
    found: list[str] = []
    for probe in ROUTE_PROBES:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            try:
                s.connect((probe, 9))  # UDP connect: picks a route, sends no packet
                found.append(s.getsockname()[0])
            except OSError:
                continue  # no route to that range
    try:
        for *_, sockaddr in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(sockaddr[0])
    except OSError:
        pass
    return [a for a in dict.fromkeys(found) if _reachable(a)]


def this_computer(host: str) -> str:
    """The address this computer opens to reach a server on every address: the code
    is asked there as on a phone (companion/web/access.py has no exception for it)."""
    return "::1" if ":" in host else "127.0.0.1"


def url_host(address: str) -> str:
    """An address as written in a URL (IPv6 in brackets)."""
    return f"[{address}]" if ":" in address and not address.startswith("[") else address


@dataclass(frozen=True)
class Serving:
    """The server's address and port, and the access code in force (None: open).
    ``gate`` is the server's own for that code (its counts of wrong codes and its waiting
    room, shared by every session and the server's middleware); None: each guard makes
    one (companion/ui/views/access_code.py). ``links``: with private tables, each table's
    link and the phones' passes (companion/web/table_links.py). ``public``: the address
    players open when a reverse proxy serves the app (the first ``--allow-origin``)."""

    host: str
    port: int
    code: str | None = None
    gate: Gate | None = field(default=None, compare=False, repr=False)
    links: TableLinks | None = field(default=None, compare=False, repr=False)
    public: str | None = None

    @property
    def private_tables(self) -> bool:
        return self.links is not None

    @property
    def reachable(self) -> bool:
        """Whether another phone can open it: on the network, or through a proxy."""
        return not self.loopback or self.public is not None

    def base(self, address: str | None = None) -> str:
        """The address phones open, up to its "/": ``address`` and the port; when None,
        the proxy's, else the first of ``addresses``."""
        if address is None and self.public is not None:
            return self.public.rstrip("/") + "/"
        address = self.addresses()[0] if address is None else address
        return f"http://{url_host(address)}:{self.port}/"

    def table_url(self, token: str) -> str:
        """A table's own link (``?table=``: its token, never its id)."""
        return f"{self.base()}?{LINK_QUERY}={token}"

    def admin_url(self) -> str:
        assert self.links is not None
        return f"{self.base()}?{ADMIN_QUERY}={self.links.admin_token()}"

    @property
    def loopback(self) -> bool:
        return is_loopback(self.host)

    def addresses(self) -> list[str]:
        """The addresses a browser would open: the host itself, or when serving on every
        address, this machine's network addresses (its name if none is found)."""
        if is_every_address(self.host):
            return lan_addresses() or [socket.gethostname()]
        return [self.host]

    def url(self, address: str | None) -> str:
        """The address to open, with the code (``address`` None: the proxy's, or the
        first of this machine's)."""
        return self.base(address) + (f"?code={self.code}" if self.code else "")

    def urls(self) -> list[str]:
        if self.public is not None:  # behind a proxy: the one address players open
            return [self.url(None)]
        return [self.url(a) for a in self.addresses()]


def print_where_to_go(serving: Serving, out: TextIO) -> None:
    """Say where the app is, as soon as the server listens: on loopback the one address;
    on the network each address with the code, the address for this computer itself,
    and a QR code of the first for a phone's camera."""
    urls = serving.urls()
    if serving.public is not None:  # behind a reverse proxy
        print(t("serve.open_public", url=urls[0]), file=out)
        if serving.code:
            print(t("serve.code", code=serving.code), file=out)
    elif serving.loopback:
        print(t("serve.open_here", url=urls[0]), file=out)
        if serving.code:
            print(t("serve.code", code=serving.code), file=out)
        print(t("serve.loopback_only"), file=out)
    else:
        print(t("serve.open_on_phone"), file=out)
        for url in urls:
            print(f"  {url}", file=out)
        if is_every_address(serving.host):  # this computer reaches itself there too
            print(t("serve.open_here", url=serving.url(this_computer(serving.host))),
                  file=out)
        if serving.code:
            print(t("serve.code", code=serving.code), file=out)
        print(t("serve.scan"), file=out)
        import segno  # only here: a server on 127.0.0.1 does not wait for it

        qr = segno.make(urls[0])
        try:
            qr.terminal(out=out, compact=True)  # half blocks: a quarter of the lines
        except UnicodeEncodeError:  # a console that cannot show them: colours instead
            qr.terminal(out=out)
    if serving.links is not None:
        print(t("serve.private"), file=out)
        print(t("serve.admin", url=serving.admin_url()), file=out)
    print(t("serve.stop"), file=out)
    out.flush()
