"""WeasyPrint imported through printkit: its system libraries found in the loader cache, no compiler run."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

# Run in a process of its own: WeasyPrint is imported once per process, and this worker may have
# imported it already. The script records every library name WeasyPrint has looked up and every
# process started while printkit lays out its first page, then asks ctypes' full lookup (compiler
# and linker included) about the same names.
SCRIPT = r"""
import ctypes.util, io, json, subprocess, sys

started = []
popen_init = subprocess.Popen.__init__

def popen(self, args, *more, **options):
    started.append(str(args[0] if isinstance(args, (list, tuple)) else args))
    popen_init(self, args, *more, **options)

subprocess.Popen.__init__ = popen
asked = {}
from_cache = ctypes.util._findSoname_ldconfig

def ask(name):
    asked[name] = from_cache(name)
    return asked[name]

ctypes.util._findSoname_ldconfig = ask
full_lookup = ctypes.util.find_library

if sys.argv[1] == "cache-fails":
    # A machine where no library opens while the lookup is the loader cache's alone: printkit must
    # import WeasyPrint again with the full lookup, printing nothing of the first try.
    import cffi
    dlopen = cffi.FFI.dlopen

    def refuse(self, name, *more, **options):
        if ctypes.util.find_library is not full_lookup:
            raise OSError(f"cannot load library {name!r} (simulated)")
        return dlopen(self, name, *more, **options)

    cffi.FFI.dlopen = refuse
    out, sys.stdout = sys.stdout, io.StringIO()

from printkit.render.html import render

pages = len(render("<p>x</p>").pages)  # the first page printkit lays out imports WeasyPrint
during = list(started)
if sys.argv[1] == "cache-fails":
    printed, sys.stdout = sys.stdout.getvalue(), out
else:
    printed = ""
restored = ctypes.util.find_library is full_lookup
with open("/proc/self/maps") as maps:
    opened = sorted({line.split()[-1].rsplit("/", 1)[-1] for line in maps if ".so" in line})
print(json.dumps({
    "pages": pages,
    "started": during,
    "printed": printed,
    "restored": restored,
    "asked": asked,
    "full": {name: full_lookup(name) for name in asked},
    "opened": opened,
}))
"""

LIBRARIES = ("libpango-1.0.so", "libharfbuzz.so", "libfontconfig.so", "libgobject-2.0.so")


def lay_out_a_page(mode: str) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", SCRIPT, mode], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    found: dict[str, object] = json.loads(done.stdout)
    assert found["pages"] == 1 and found["restored"], found  # find_library is put back after the import
    opened = found["opened"]
    assert isinstance(opened, list)
    for library in LIBRARIES:
        assert any(name.startswith(library) for name in opened), (library, opened)
    return found


pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the loader-cache lookup is Linux's")


def test_weasyprint_opens_its_libraries_without_running_the_compiler() -> None:
    found = lay_out_a_page("cache")
    # Only the loader cache was asked: no compiler, no linker.
    started = found["started"]
    assert isinstance(started, list) and started, "nothing was looked up: the test no longer sees the lookup"
    assert {name.rsplit("/", 1)[-1] for name in started} == {"ldconfig"}, started
    # Every name WeasyPrint asked about has the answer the full lookup gives.
    assert found["asked"] == found["full"]
    assert any(found["asked"].values())  # type: ignore[attr-defined]


def test_where_the_cache_is_not_enough_the_full_lookup_imports_it_quietly() -> None:
    found = lay_out_a_page("cache-fails")
    assert found["printed"] == ""  # WeasyPrint's installation advice from the first try is not shown
