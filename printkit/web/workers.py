"""Answers worked out off the event loop: a few workers, a bounded queue before them, a time limit."""

# The event loop answers every page; a question's answer (and the picture beside it) is worked out
# elsewhere. In a thread, each answer computing shares the interpreter's lock with the loop: one
# second-long answer tripled the light pages' median and a flood of them made the log's JSON take
# seconds. `printkit serve` therefore works answers out in worker processes (`apart`), each a Python
# of its own behind a pipe: the loop keeps its interpreter whatever is computed, and an answer past
# its time limit is stopped by ending its process, not left to run to its end. One process and one
# pipe a worker, never a multiprocessing.Pool: a pool's workers share a lock on their task queue,
# and one killed from outside while it held it (a signal to the process group) left the pool unable
# to take or end any work. Threads stay for work that
# cannot be sent to a process (a closure, a question registered only in this process: the tests'
# tables) and for light work. Either way few answers compute at once, a short queue waits for them,
# and a question asked beyond that is refused as busy at once, not left to wait longer than the
# answer's time limit would let it.

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import queue
import signal
import threading
import time
from collections.abc import Callable
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

import anyio
import anyio.to_thread

T = TypeVar("T")
# Answers worked out at once: one, so that on two cores the loop keeps a core of its own.
WORKERS = 1
# Answers waiting for a worker: beyond, a question is refused as busy at once. A second's answer at
# the back of the queue still comes within the time limit; fewer places met busy refusals in bursts
# of quick answers from a busy table's phones (bench/serve.py).
WAITING = 8
# Threads out at once, light work (a form's picture before anything is asked) and the threads that
# wait for a worker included: however a flood asks, threads never pile up without end.
THREADS = 32
# How much lower a worker process's priority is than the server's (os.nice's increment): where the
# answers and the pages want the same core, the pages win.
NICER = 10


class Busy(Exception):
    """Every worker and every place in the queue is taken: ask again in a moment."""


class WorkerFailed(Exception):
    """A worker process ended while working an answer out (`ended`), or its work raised: what
    happened, in words."""

    def __init__(self, said: str, ended: bool = False) -> None:
        super().__init__(said)
        self.ended = ended


class _Worker:
    """One worker process and the pipe to it."""

    def __init__(self, first: Callable[[], None] | None) -> None:
        # spawn: a fresh interpreter, never a copy of this one's threads and open connections.
        context = multiprocessing.get_context("spawn")
        self.pipe, theirs = context.Pipe()
        self.process: BaseProcess = context.Process(target=_serve, args=(theirs, first), daemon=True)
        self.process.start()
        theirs.close()

    def ask(self, work: Callable[[], T], seconds: float) -> T:
        """`work`'s result from the process; TimeoutError after `seconds`, WorkerFailed if it ends or raises."""
        try:
            self.pipe.send(work)
        except OSError:  # the process has ended: its pipe is broken
            raise WorkerFailed("the worker process ended", ended=True) from None
        ready = multiprocessing.connection.wait([self.pipe, self.process.sentinel], seconds)
        if self.pipe in ready:
            try:
                done, value = self.pipe.recv()
            except (EOFError, OSError):
                raise WorkerFailed("the worker process ended", ended=True) from None
            if done:
                return value  # type: ignore[no-any-return]
            raise WorkerFailed(value)
        if ready:
            raise WorkerFailed(f"the worker process ended (exit code {self.process.exitcode})", ended=True)
        raise TimeoutError()

    def end(self) -> None:
        """End the process at once, whatever it is doing."""
        self.process.kill()
        self.process.join()
        self.pipe.close()


def _serve(pipe: multiprocessing.connection.Connection, first: Callable[[], None] | None) -> None:
    """A worker process: works out each function the pipe brings and sends back (True, result), or
    (False, what went wrong in words) for anything raised, until the pipe closes."""
    # Ctrl-C at the terminal reaches the whole process group: the server ends its workers itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(os, "nice"):
        os.nice(NICER)
    if first is not None:
        first()
    while True:
        try:
            work = pipe.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[bool, Any] = (True, work())
        except BaseException as exc:  # said in words: an exception may not cross the pipe whole
            answer = (False, f"{type(exc).__name__}: {exc}")
        try:
            pipe.send(answer)
        except Exception as exc:  # a result that cannot be sent
            pipe.send((False, f"{type(exc).__name__}: {exc}"))


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
        self._workers: list[_Worker | None] = [None] * workers
        self._first: Callable[[], None] | None = None
        self._lock = threading.Lock()
        self._queue = threading.BoundedSemaphore(workers + waiting)
        self._threads = threading.BoundedSemaphore(threads)
        self._out = 0
        self._settled = threading.Condition()

    def start(self, first: Callable[[], None]) -> None:
        """Start the worker processes now (`apart`), so that the evening's first answer does not wait
        for them; each works out `first` (a module-level function: its module is imported on the
        way) before its first answer, and so does each one started later in a stopped one's place."""
        self._first = first
        if self.apart:
            for slot in range(len(self._workers)):
                self._worker(slot)

    def close(self) -> None:
        """End the worker processes; an answer still computing in one ends with it (WorkerFailed),
        and a later answer starts them again."""
        with self._lock:
            ending, self._workers = self._workers, [None] * len(self._workers)
        for worker in ending:
            if worker is not None:
                worker.end()

    def _worker(self, slot: int) -> _Worker:
        with self._lock:
            worker = self._workers[slot]
            if worker is None:
                worker = self._workers[slot] = _Worker(self._first)
            return worker

    def _stop(self, slot: int, worker: _Worker) -> None:
        """End a slot's process (its answer ran out of time, or it ended) and start another in its place."""
        worker.end()
        with self._lock:
            replaced = self._workers[slot] is worker  # not when close() has ended the workers meanwhile
            if replaced:
                self._workers[slot] = None
        if replaced:
            self._worker(slot)

    async def run(self, work: Callable[[], T], seconds: float, heavy: bool = True, apart: bool | None = None) -> T:
        """`work`'s result, worked out off the loop: a heavy answer waits in the queue for a worker
        (a process of its own when `apart`, which may be said for one call), light work starts at
        once in a thread. TimeoutError after `seconds` (waiting included): an answer still waiting
        never starts; one computing in a process is stopped with it, one in a thread runs to its
        end and keeps its places till then."""
        if not self._threads.acquire(blocking=False):
            raise Busy()
        if heavy and not self._queue.acquire(blocking=False):
            self._threads.release()
            raise Busy()
        in_process = self.apart if apart is None else apart
        deadline = time.monotonic() + seconds
        given_up = threading.Event()
        with self._settled:
            self._out += 1
        # The places are given back once: by the thread when it ends, or here when the thread never started.
        placed = threading.Lock()
        state = {"started": False, "abandoned": False}

        def give_back() -> None:
            if heavy:
                self._queue.release()
            self._threads.release()
            with self._settled:
                self._out -= 1
                self._settled.notify_all()

        def computed() -> T:
            try:
                slot = self._free.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise TimeoutError() from None
            try:
                if given_up.is_set():
                    raise TimeoutError()
                if not in_process:
                    return work()
                worker = self._worker(slot)
                try:
                    return worker.ask(work, max(0.0, deadline - time.monotonic()))
                except TimeoutError:
                    self._stop(slot, worker)
                    raise
                except WorkerFailed as failed:
                    if failed.ended:
                        self._stop(slot, worker)
                    raise
            finally:
                self._free.put(slot)

        def thread() -> T:
            with placed:
                if state["abandoned"]:
                    raise TimeoutError()
                state["started"] = True
            try:
                return computed() if heavy else work()
            finally:
                give_back()

        try:
            with anyio.fail_after(seconds):
                return await anyio.to_thread.run_sync(thread, abandon_on_cancel=True)
        finally:
            given_up.set()
            with placed:
                if not state["started"]:  # cancelled before its thread ran: the thread never will
                    state["abandoned"] = True
                    give_back()

    @property
    def out(self) -> int:
        """The threads out now: answers computing or waiting, and light work."""
        with self._settled:
            return self._out

    def settle(self, seconds: float) -> bool:
        """Wait until no thread is out (those given up on have ended); whether they did within `seconds`."""
        with self._settled:
            return self._settled.wait_for(lambda: self._out == 0, seconds)
