"""WeasyPrint's import, its system libraries looked up in the loader cache instead of by the C compiler."""

from __future__ import annotations

import contextlib
import functools
import importlib
import io
import sys
from types import ModuleType

# WeasyPrint opens each system library it draws with (GObject, Pango, HarfBuzz, fontconfig) by
# trying, in turn, the names the library has on every platform. cffi passes each name that does
# not open as written to ctypes.util.find_library, which on Linux asks the loader cache
# (`ldconfig -p`) and, when the name is not there, runs the C compiler and then the linker to look
# for it: about twenty names fail that way on every Linux machine (the Windows and macOS ones, and
# the optional HarfBuzz libraries where they are not installed), some forty processes and 0.2 s
# added to every printkit process that draws with WeasyPrint.
#
# On Linux find_library answers a soname, which cffi then hands to dlopen. A soname the compiler
# or the linker finds outside the loader cache is one dlopen looks up the same way, and WeasyPrint
# tries every library's soname as written anyway: the compiler's answers add no library that does
# not open without them, but for one with another soname than WeasyPrint's, found only through
# LD_LIBRARY_PATH. So the import first runs with the loader cache's lookup alone, and only if that
# fails runs again as WeasyPrint's own (tests/test_libraries.py: the same answers either way).


# The WeasyPrint release whose internals render/pango.py and render/targets.py patch.
PATCHED_RELEASE = "70."


def patchable() -> bool:
    """Whether the WeasyPrint imported (now, if it was not) is the release printkit's patches fit;
    any other is left as it is."""
    return str(weasyprint().__version__).startswith(PATCHED_RELEASE)


def weasyprint() -> ModuleType:
    """The weasyprint package, imported on first use (every part of printkit imports it here)."""
    if "weasyprint" in sys.modules:
        # import_module waits for an import another thread has under way; the entry alone may be half made.
        return importlib.import_module("weasyprint")
    import ctypes.util

    from_cache = getattr(ctypes.util, "_findSoname_ldconfig", None)
    if sys.platform.startswith("linux") and from_cache is not None:
        compiler_too = ctypes.util.find_library
        ctypes.util.find_library = functools.cache(from_cache)
        try:
            # WeasyPrint prints a page of installation advice before it gives up on a library; the
            # second try below prints it if the libraries are really missing.
            with contextlib.redirect_stdout(io.StringIO()):
                return importlib.import_module("weasyprint")
        except OSError:
            for name in [m for m in sys.modules if m == "weasyprint" or m.startswith("weasyprint.")]:
                del sys.modules[name]
        finally:
            ctypes.util.find_library = compiler_too
    return importlib.import_module("weasyprint")
