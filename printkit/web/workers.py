"""Answers worked out off the event loop: a few workers, a bounded queue before them, a time limit."""

# The event loop answers every page; a question's answer (and the picture beside it) is worked out
# elsewhere. In a thread, each answer computing shares the interpreter's lock with the loop: one
# second-long answer tripled the light pages' median and a flood of them made the log's JSON take
# seconds. `printkit serve` therefore works answers out in worker processes (`apart`), each a Python
# of its own: the loop keeps its interpreter whatever is computed, and an answer past its time
# limit is stopped by ending its process, not left to run to its end. Threads stay for work that
# cannot be sent to a process (a closure, a question registered only in this process: the tests'
# tables) and for light work. Either way few answers compute at once, a short queue waits for them,
# and a question asked beyond that is refused as busy at once, not left to wait longer than the
# answer's time limit would let it.

from __future__ import annotations

import multiprocessing
import multiprocessing.pool
import os
import queue
import threading
import time
from collections.abc import Callable
from typing import TypeVar

import anyio
import anyio.to_thread

T = TypeVar("T")
# Answers worked out at once: one, so that on two cores the loop keeps a core of its own.
WORKERS = 1
# Answers waiting for a worker: beyond, a question is refused as busy at once. A second's answer at
# the back of the queue still comes within the time limit (9 s of 10); six were too few for twenty
# phones asking answers of a few milliseconds each (bench/serve.py: busy refusals in bursts).
WAITING = 8
# Threads out at once, light work (a form's picture before anything is asked) and the threads that
# wait for a worker included: however a flood asks, threads never pile up without end.
THREADS = 32
# How much lower a worker process's priority is than the server's (os.nice's increment).
NICER = 10


class Busy(Exception):
    """Every worker and every place in the queue is taken: ask again in a moment."""


class Workers:
    """The workers' places: `run` works a function out in one, or refuses as Busy at once.

    `apart`: heavy work runs in worker processes (started with `start`, or at the first answer), so
    it must be picklable (a module-level function, or a functools.partial of one with picklable
    arguments); else in threads of this process."""

    def __init__(self, workers: int = WORKERS, waiting: int = WAITING, threads: int = THREADS,
                 apart: bool = False) -> None:  # fmt: skip
        self.apart = apart
        self._free: queue.Queue[int] = queue.Queue()
        for slot in range(workers):
            self._free.put(slot)
        self._pools: list[multiprocessing.pool.Pool | None] = [None] * workers
        self._queue = threading.BoundedSemaphore(workers + waiting)
        self._threads = threading.BoundedSemaphore(threads)
        self._out = 0
        self._settled = threading.Condition()

    def start(self, first: Callable[[], None]) -> None:
        """Start the worker processes now (`apart`), so that the evening's first answer does not wait
        for them; each works out `first` (a module-level function: its module is imported on the
        way) in the background meanwhile."""
        if self.apart:
            for slot in range(len(self._pools)):
                self._pool(slot).apply_async(first)

    def close(self) -> None:
        """End the worker processes; an answer still computing in one ends with it (the next answer
        starts them again)."""
        for slot, pool in enumerate(self._pools):
            if pool is not None:
                pool.terminate()
                pool.join()
                self._pools[slot] = None

    def _pool(self, slot: int) -> multiprocessing.pool.Pool:
        pool = self._pools[slot]
        if pool is None:
            # spawn: a fresh interpreter, never a copy of this one's threads and open connections. At a
            # lower priority (os.nice): where the answers and the pages want the same core, the pages win.
            pool = multiprocessing.get_context("spawn").Pool(1, initializer=_lower, initargs=(NICER,))
            self._pools[slot] = pool
        return pool

    def _stop(self, slot: int) -> None:
        """End a slot's process (its answer ran out of time); the next answer in the slot starts another."""
        pool = self._pools[slot]
        self._pools[slot] = None
        if pool is not None:
            pool.terminate()
            pool.join()

    async def run(self, work: Callable[[], T], seconds: float, heavy: bool = True) -> T:
        """`work`'s result, worked out off the loop: a heavy answer waits in the queue for a worker
        (a process of its own when `apart`), light work starts at once in a thread. TimeoutError
        after `seconds` (waiting included): an answer still waiting never starts; one computing in
        a process is stopped with it, one in a thread runs to its end and keeps its places till then."""
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
            try:
                slot = self._free.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise TimeoutError() from None
            try:
                if given_up.is_set():
                    raise TimeoutError()
                if not self.apart:
                    return work()
                asked = self._pool(slot).apply_async(work)
                try:
                    return asked.get(max(0.0, deadline - time.monotonic()))
                except multiprocessing.TimeoutError:
                    self._stop(slot)
                    raise TimeoutError() from None
            finally:
                self._free.put(slot)

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


def _lower(increment: int) -> None:
    """A worker process's start: its priority lowered (where the system has priorities)."""
    if hasattr(os, "nice"):
        os.nice(increment)
