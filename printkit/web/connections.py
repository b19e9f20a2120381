"""The server's connections held to account: one idle for IDLE_SECONDS is closed, and the idlest makes room."""

# uvicorn closes a kept-alive connection after its timeout only once a response has been sent: a
# connection that never sends a byte, or stops halfway through a request's head, stays open for
# ever and counts against its limit of connections, so a hundred of them lock every phone out (503).
# Each connection's protocol here is uvicorn's own (its h11 one, whose buffer of a request's head
# is limited: see serve), wrapped in one that watches the connection through asyncio's public
# protocol interface: a byte received, or an answer sent, restarts its clock; while the
# application answers a request on it (seen by `application`, through the request's client
# address) it is never idle. docs/upstream.md says what uvicorn lacks.
# At most MOST connections stay open. uvicorn's own limit answers 503 to every request while it is
# reached, so a hundred connections that sent nothing locked every phone out for as long as they
# were reopened; here a connection beyond the most closes instead another: the oldest of those that
# never sent a byte, else the one idle longest, never one whose request is being answered; only
# when every connection is being answered is the newcomer closed. A phone whose kept-alive
# connection was closed so simply opens another for its next page, as browsers do.

from __future__ import annotations

import asyncio
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

# A connection that neither sends a byte nor waits for an answer this long is closed (the manual says 5 s).
IDLE_SECONDS = 5.0
# Connections open at once (the manual says 100): a table's phones keep one or two each.
MOST = 100

Peer = tuple[str, int]


class Connections:
    """The open connections by their client's address, and the requests being answered on each."""

    def __init__(self, idle: float = IDLE_SECONDS, most: int = MOST) -> None:
        self.idle = idle
        self.most = most
        self._open: dict[Peer, _Watched] = {}

    def protocol(self, inner: type[asyncio.Protocol] = H11Protocol) -> type[asyncio.Protocol]:
        """The protocol class to give uvicorn (`Config(http=...)`): `inner` (its h11 protocol), watched."""
        connections = self

        class Watched(_Watched):
            def __init__(self, **given: Any) -> None:
                super().__init__(connections, inner(**given))

        return Watched

    def application(self, app: ASGIApp) -> ASGIApp:
        """`app`, telling each connection when a request on it is being answered."""

        async def watched(scope: Scope, receive: Receive, send: Send) -> None:
            peer = _peer(scope.get("client"))
            found = self._open.get(peer) if peer is not None else None
            if found is None or scope["type"] != "http":
                await app(scope, receive, send)
                return
            found.answering += 1
            try:
                await app(scope, receive, send)
            finally:
                found.answering -= 1
                found.touch()

        return watched

    def opened(self, peer: Peer | None, watched: _Watched) -> None:
        if peer is not None:
            self._open[peer] = watched
        if sum(not w.closing for w in self._open.values()) > self.most:  # those closing are on their way out
            idle = [w for w in self._open.values() if w is not watched and not w.answering and not w.closing]
            (min(idle, key=lambda w: (w.heard, w.last)) if idle else watched).close()

    @property
    def count(self) -> int:
        """The connections open now."""
        return len(self._open)

    def closed(self, peer: Peer | None, watched: _Watched) -> None:
        if peer is not None and self._open.get(peer) is watched:
            del self._open[peer]


def _peer(address: Any) -> Peer | None:
    """A client's address as a key: (host, port), or None when it has none (a Unix socket)."""
    if isinstance(address, (tuple, list)) and len(address) >= 2:
        return str(address[0]), int(address[1])
    return None


class _Watched(asyncio.Protocol):
    """A connection's protocol, closed when idle; everything else is the inner protocol's."""

    def __init__(self, connections: Connections, inner: asyncio.Protocol) -> None:
        self.connections = connections
        self.inner = inner
        self.answering = 0
        self.heard = False  # whether it ever sent a byte: one that never did is closed first to make room
        self._transport: asyncio.BaseTransport | None = None
        self._peer: Peer | None = None
        self.last = 0.0
        self._timer: asyncio.TimerHandle | None = None

    def touch(self) -> None:
        """Something happened on the connection: its idle time starts again."""
        self.last = asyncio.get_running_loop().time()

    @property
    def closing(self) -> bool:
        return self._transport is None or self._transport.is_closing()

    def close(self) -> None:
        """Close the connection (to make room for another, or when idle too long)."""
        if self._transport is not None:
            self._transport.close()

    def _check(self) -> None:
        loop = asyncio.get_running_loop()
        left = self.last + self.connections.idle - loop.time()
        if self._transport is None or self._transport.is_closing():
            return
        if self.answering or left > 0:
            self._timer = loop.call_later(left if left > 0 else self.connections.idle, self._check)
            return
        self._transport.close()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = transport
        self._peer = _peer(transport.get_extra_info("peername"))
        self.touch()
        self._timer = asyncio.get_running_loop().call_later(self.connections.idle, self._check)
        self.inner.connection_made(transport)
        self.connections.opened(self._peer, self)  # after the inner protocol knows it: it may be closed at once

    def data_received(self, data: bytes) -> None:
        self.heard = True
        self.touch()
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self.connections.closed(self._peer, self)
        self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()
