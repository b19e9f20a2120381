"""WeasyPrint's import, its system libraries looked up in the loader cache instead of by the C compiler."""

from __future__ import annotations

import functools
import importlib
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
# or the linker finds outside the loader cache is one dlopen would look up the same way, and
# WeasyPrint tries every library's soname as written anyway: the compiler's answers can add no
# library that does not open without them. So while WeasyPrint is imported, the lookup is the
# loader cache's alone (tests/test_libraries.py: the same library files open either way).


def weasyprint() -> ModuleType:
    """The weasyprint package, imported on first use."""
    if "weasyprint" in sys.modules:
        return sys.modules["weasyprint"]
    import ctypes.util

    from_cache = getattr(ctypes.util, "_findSoname_ldconfig", None)
    if not sys.platform.startswith("linux") or from_cache is None:
        importlib.import_module("weasyprint")
    else:
        compiler_too = ctypes.util.find_library
        ctypes.util.find_library = functools.cache(from_cache)
        try:
            importlib.import_module("weasyprint")
        finally:
            ctypes.util.find_library = compiler_too
    return sys.modules["weasyprint"]
