"""Answers worked out off the event loop: a few worker threads, a bounded queue before them, a time limit."""

# The event loop answers every page; a question's answer (and the picture beside it) is worked out in
# a thread. Threads share one interpreter lock, so each one computing steals time from the loop: 32
# threads computing at once made the log's JSON take seconds. Hence few workers compute at once, a
# short queue waits for them, and a question asked beyond that is refused as busy at once, not left
# to wait longer than the answer's time limit would let it.

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TypeVar

import anyio
import anyio.to_thread

T = TypeVar("T")
# Answers worked out at once: one, so the loop keeps half the interpreter (two left it a third).
WORKERS = 1
# Answers waiting for a worker: beyond, a question is refused as busy at once. A second's answer at
# the back of the queue still comes within the time limit.
WAITING = 6
# Threads out at once, light work (a form's picture before anything is asked) and the answers whose
# pages gave up on them included: however a flood asks, threads never pile up without end.
THREADS = 32


class Busy(Exception):
    """Every worker and every place in the queue is taken: ask again in a moment."""


class Workers:
    """The worker threads' places: `run` works a function out in one, or refuses as Busy at once."""

    def __init__(self, workers: int = WORKERS, waiting: int = WAITING, threads: int = THREADS) -> None:
        self._computing = threading.Semaphore(workers)
        self._queue = threading.BoundedSemaphore(workers + waiting)
        self._threads = threading.BoundedSemaphore(threads)
        self._out = 0
        self._settled = threading.Condition()

    async def run(self, work: Callable[[], T], seconds: float, heavy: bool = True) -> T:
        """`work`'s result, worked out in a thread: a heavy answer waits in the queue for a worker, light
        work starts at once. TimeoutError after `seconds` (waiting included): a thread given up on
        while computing runs to its end and keeps its places till then; one still waiting never starts."""
        if not self._threads.acquire(blocking=False):
            raise Busy()
        if heavy and not self._queue.acquire(blocking=False):
            self._threads.release()
            raise Busy()
        deadline = time.monotonic() + seconds
        given_up = threading.Event()
        with self._settled:
            self._out += 1

        def computed() -> T:
            if not self._computing.acquire(timeout=max(0.0, deadline - time.monotonic())):
                raise TimeoutError()
            try:
                if given_up.is_set():
                    raise TimeoutError()
                return work()
            finally:
                self._computing.release()

        def thread() -> T:
            try:
                return computed() if heavy else work()
            finally:
                if heavy:
                    self._queue.release()
                self._threads.release()
                with self._settled:
                    self._out -= 1
                    self._settled.notify_all()

        try:
            with anyio.fail_after(seconds):
                return await anyio.to_thread.run_sync(thread, abandon_on_cancel=True)
        finally:
            given_up.set()

    @property
    def out(self) -> int:
        """The threads out now: answers computing or waiting, and light work."""
        with self._settled:
            return self._out

    def settle(self, seconds: float) -> bool:
        """Wait until no thread is out (those given up on have ended); whether they did within `seconds`."""
        with self._settled:
            return self._settled.wait_for(lambda: self._out == 0, seconds)
