"""Cleanups that run when a build is ended by SIGTERM or SIGHUP, before the process dies of the signal."""

# atexit handlers do not run when a signal ends a process: the kit writer (printkit.pipeline.staging)
# runs these instead, once it has removed its staging folder, and then dies of the signal as asked.
# A library's temporary folder (WeasyPrint's copy of the fonts, printkit.render.html) is one.

from __future__ import annotations

import contextlib
from collections.abc import Callable

_BEFORE_DYING: list[Callable[[], None]] = []


def on_termination(cleanup: Callable[[], None]) -> None:
    """Run cleanup when a build ends by SIGTERM or SIGHUP, just before the process dies of the signal."""
    if cleanup not in _BEFORE_DYING:
        _BEFORE_DYING.append(cleanup)


def clean_up() -> None:
    """Run every registered cleanup, the latest first; one that fails does not stop the others."""
    for cleanup in reversed(_BEFORE_DYING):
        with contextlib.suppress(Exception):
            cleanup()
