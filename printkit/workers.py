"""Worker processes forked from a build, each drawing one job at a time as the build hands them out."""

# Forked rather than spawned: a worker starts in a few milliseconds with the build's session,
# options, registered games and kit writer already in memory, and nothing crosses the pipe but job
# numbers and small results. A worker never cleans up for the build (it leaves by os._exit, so no
# atexit handler of the build runs twice), ignores Ctrl-C (the build decides) and is killed when the
# build ends, however it ends: by the pool's close(), or, when the build itself is killed outright,
# by the kernel (Linux's parent-death signal), so no orphan goes on drawing a booklet nobody awaits.

from __future__ import annotations

import contextlib
import ctypes
import os
import shutil
import signal
import sys
import tempfile
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection, Pipe, wait
from pathlib import Path
from typing import Any


def cores() -> int:
    """How many worker processes a build may use: the cores this process may run on, where forking
    is safe (Linux); 1 elsewhere."""
    if not sys.platform.startswith("linux") or not hasattr(os, "fork"):
        return 1
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


_SCRATCH = "printkit-workers-"


def _sweep() -> None:
    """Remove the temporary folders of pools whose build was killed outright (kill -9)."""
    for folder in Path(tempfile.gettempdir()).glob(f"{_SCRATCH}*-*"):
        pid = folder.name[len(_SCRATCH) :].partition("-")[0]
        if pid.isascii() and pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(folder, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)  # signal 0 only asks whether the process exists
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists and belongs to someone else
    return True


class Failed(Exception):
    """A job failed (or its worker died) in a worker; the build draws it again itself to report why."""

    died = False


class Died(Failed):
    """The worker process ended without answering: the job itself may be fine."""

    died = True


class Pool:
    """n forked workers running run(job) for the job numbers they are sent."""

    def __init__(self, n: int, run: Callable[[int], Any]) -> None:
        self._conns: dict[Connection, int] = {}  # connection -> the worker's pid
        self.idle: list[Connection] = []
        self.jobs: dict[Connection, int] = {}  # busy connection -> its job
        # The workers' temporary files (WeasyPrint copies its fonts into one) go into a folder of
        # the pool's, removed when it closes: a worker leaves without cleaning up after itself.
        _sweep()
        self.scratch = tempfile.mkdtemp(prefix=f"{_SCRATCH}{os.getpid()}-")
        build = os.getpid()
        try:
            for _ in range(n):
                ours, theirs = Pipe()
                pid = os.fork()
                if pid == 0:  # pragma: no cover - the child's side; it never returns
                    _die_with(build)
                    ours.close()
                    for earlier in self._conns:  # the other workers' pipes: each must see its own end
                        earlier.close()
                    tempfile.tempdir = self.scratch
                    _serve(theirs, run)
                theirs.close()
                self._conns[ours] = pid
                self.idle.append(ours)
        except BaseException:
            self.close()
            raise

    def send(self, job: int) -> None:
        conn = self.idle.pop()
        conn.send(job)
        self.jobs[conn] = job

    def results(self) -> list[tuple[int, Any]]:
        """Wait until at least one busy worker answers: its (job, result); Failed as the result when
        the job raised or the worker died."""
        answered = []
        for conn in wait(list(self.jobs)):
            assert isinstance(conn, Connection)
            job = self.jobs.pop(conn)
            try:
                status, value = conn.recv()
            except (EOFError, OSError):
                status, value = "died", "the worker process ended"
                pid = self._conns.pop(conn)
                conn.close()
                with contextlib.suppress(ChildProcessError):
                    os.waitpid(pid, 0)
            else:
                self.idle.append(conn)
            answered.append((job, value if status == "ok" else (Died if status == "died" else Failed)(value)))
        return answered

    def close(self) -> None:
        """End every worker: an idle one leaves when its pipe closes, a busy one is killed."""
        for conn, pid in self._conns.items():
            conn.close()
            if conn in self.jobs:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
        for pid in self._conns.values():
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)
        self._conns.clear()
        self.idle.clear()
        self.jobs.clear()
        shutil.rmtree(self.scratch, ignore_errors=True)


PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def _die_with(build: int) -> None:  # pragma: no cover - in the child
    """Have the kernel kill this worker when the build process dies, even by kill -9 (Linux)."""
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return  # no prctl here: close() still ends the worker whenever the build lives to call it
    prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != build:  # the build died before the signal was asked for
        os._exit(1)


def _serve(conn: Connection, run: Callable[[int], Any]) -> None:  # pragma: no cover - in the child
    code = 0
    try:
        for signum in (signal.SIGTERM, signal.SIGHUP):
            signal.signal(signum, signal.SIG_DFL)  # not the build's handler: it would clean up the kit
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        while True:
            try:
                job = conn.recv()
            except (EOFError, OSError):
                break
            try:
                answer: tuple[str, Any] = ("ok", run(job))
            except BaseException as exc:
                answer = ("failed", "".join(traceback.format_exception_only(exc)).strip())
            conn.send(answer)
    except BaseException:
        code = 1
    finally:
        os._exit(code)
