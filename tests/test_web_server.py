"""`printkit serve` as a network server: silent connections closed, a request's head limited while read."""

from __future__ import annotations

import re
import socket
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest

from printkit.web.app import HEAD_LIMIT
from printkit.web.connections import IDLE_SECONDS
from printkit.web.served import load

from .conftest import EXAMPLES
from .webcases import serving

pytestmark = pytest.mark.slow  # a server in a process of its own, and connections left idle for seconds


@pytest.fixture(scope="module")
def address() -> Iterator[tuple[str, int]]:
    with serving(load(EXAMPLES / "strategiya.yaml", (), (), ())) as (players, _):
        found = urlsplit(players)
        assert found.hostname is not None and found.port is not None
        yield found.hostname, found.port


def status(address: tuple[str, int], path: str = "/") -> int:
    """The status a fresh connection gets for a page."""
    with socket.create_connection(address, timeout=10) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: {address[0]}\r\nConnection: close\r\n\r\n".encode())
        head = s.recv(4096)
    found = re.match(rb"HTTP/1\.1 (\d{3})", head)
    assert found, head[:80]
    return int(found.group(1))


def test_connections_that_never_send_a_byte_are_closed_and_lock_no_phone_out(address: tuple[str, int]) -> None:
    """issue 40: a hundred connections that never sent a byte filled uvicorn's limit of connections, and
    every phone got 503 for as long as they stayed open; each is now closed after IDLE_SECONDS."""
    silent = [socket.create_connection(address, timeout=IDLE_SECONDS * 4) for _ in range(100)]
    try:
        assert status(address) == 503  # while they are open, the limit holds
        for s in silent:
            assert s.recv(1) == b""  # closed by the server (a timeout here fails the test)
        assert status(address) == 200
    finally:
        for s in silent:
            s.close()


def test_a_connection_stopping_halfway_through_its_head_is_closed(address: tuple[str, int]) -> None:
    """issue 40: a request's head begun and never finished leaves its connection idle: it is closed too."""
    with socket.create_connection(address, timeout=IDLE_SECONDS * 4) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        assert s.recv(1) == b""


def test_headers_are_refused_before_more_than_the_limit_is_read(address: tuple[str, int]) -> None:
    """issue 40: a head that never ends was buffered whole (two connections sending 40 MB grew the
    server by 1.8 GB); it is now refused once it outgrows HEAD_LIMIT, its connection closed."""
    sent = 0
    chunk = b"a" * 8192
    with socket.create_connection(address, timeout=10) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: ")  # one header that never ends
        try:
            while sent < 8 * 1024 * 1024:
                s.sendall(chunk)
                sent += len(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass
        try:
            answer = s.recv(4096)
        except ConnectionResetError:
            answer = b""
    assert sent < 8 * 1024 * 1024 - len(chunk), "the server read 8 MB of headers"
    assert answer == b"" or answer.startswith(b"HTTP/1.1 4")
    assert HEAD_LIMIT < 64 * 1024
