"""`printkit serve` as a network server: silent connections closed, a request's head limited while read."""

from __future__ import annotations

import asyncio
import re
import socket
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest

from printkit.web.app import HEAD_LIMIT
from printkit.web.connections import IDLE_SECONDS, MOST, Connections
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
    every phone got 503 for as long as they were reopened. A phone now gets its page while they are
    open (the idlest of them makes room), and each is closed after IDLE_SECONDS."""
    silent = [socket.create_connection(address, timeout=IDLE_SECONDS * 4) for _ in range(MOST)]
    try:
        assert status(address) == 200
        assert status(address, "/log.json") == 200
        for s in silent:
            assert s.recv(1) == b""  # closed by the server (a timeout here fails the test)
        assert status(address) == 200
    finally:
        for s in silent:
            s.close()


class Transport(asyncio.Transport):
    """A connection's far end, as asyncio gives it to a protocol: its address, and whether it was closed."""

    def __init__(self, port: int) -> None:
        super().__init__()
        self.port = port
        self.shut = False

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return ("10.0.0.2", self.port) if name == "peername" else default

    def close(self) -> None:
        self.shut = True

    def is_closing(self) -> bool:
        return self.shut


def test_a_connection_beyond_the_most_closes_the_idlest_never_one_being_answered() -> None:
    """issue 40: beyond the most connections, the one idle longest is closed to make room (a silent
    one before a phone's kept-alive one); one whose request is being answered never is, and when every
    connection is being answered the newcomer is closed instead."""

    async def opening() -> list[bool]:
        connections = Connections(idle=60, most=3)
        made = connections.protocol(Inner)
        protocols, transports = [], []
        for port in range(4):  # a phone that asked a page, a silent one, a phone, and one more
            protocol, transport = made(), Transport(port)
            protocol.connection_made(transport)
            if port != 1:
                protocol.data_received(b"G")
            protocols.append(protocol)
            transports.append(transport)
            await asyncio.sleep(0.01)
        assert [t.shut for t in transports] == [False, True, False, False]  # the silent one, not the idlest phone
        protocol, transport = made(), Transport(4)
        protocol.connection_made(transport)
        assert [t.shut for t in transports] == [True, True, False, False]  # no silent one left: the idlest
        for p in [*protocols[2:], protocol]:
            p.answering = 1
        newcomer, late = made(), Transport(9)
        newcomer.connection_made(late)
        assert [t.shut for t in transports] == [True, True, False, False] and not transport.shut
        return [late.shut]

    assert asyncio.run(opening()) == [True]


def test_a_connection_on_its_way_out_leaves_its_room_to_a_newcomer() -> None:
    """issue 40 (review): a connection already closing (its last bytes still going out) counted among
    the most, so a newcomer closed a live idle one in its place."""

    async def opening() -> list[bool]:
        connections = Connections(idle=60, most=2)
        made = connections.protocol(Inner)
        transports = []
        for port in range(3):
            protocol, transport = made(), Transport(port)
            protocol.connection_made(transport)
            protocol.data_received(b"G")
            transports.append(transport)
            if port == 0:
                transport.close()  # closing: its connection_lost has not come yet
            await asyncio.sleep(0.01)
        return [t.shut for t in transports]

    assert asyncio.run(opening()) == [True, False, False]


class Inner(asyncio.Protocol):
    """The protocol a watched connection wraps (uvicorn's h11 one when serving): here, one that does nothing."""


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
