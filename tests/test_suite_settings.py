"""The suite's own settings (tests/conftest.py)."""

from __future__ import annotations

import socket
from types import SimpleNamespace

from pytest_rerunfailures import ClientStatusDB, ServerStatusDB

from tests.conftest import rerun_counts_without_delay


def sends_at_once(sock: socket.socket) -> bool:
    return bool(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))


def test_an_xdist_process_sends_its_rerun_counts_at_once(pytestconfig):
    server = ServerStatusDB()  # the main process's, as pytest-rerunfailures makes them
    # (its thread starts listening in a while: here at once, as a second listen() allows)
    server.sock.listen()
    process = ClientStatusDB(server.sock_port, server.token)
    try:
        assert not sends_at_once(process.sock)
        rerun_counts_without_delay(SimpleNamespace(failures_db=process))
        assert sends_at_once(process.sock)
        process.set_test_reruns("tests/test_x.py::test_x", 2)
        assert process.get_test_reruns("tests/test_x.py::test_x") == 2
    finally:
        process.sock.close()
    # and this run's, when it is an xdist process (.ci/test)
    if isinstance(pytestconfig.failures_db, ClientStatusDB):
        assert sends_at_once(pytestconfig.failures_db.sock)
