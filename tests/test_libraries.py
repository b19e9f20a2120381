"""WeasyPrint imported through printkit: its system libraries found in the loader cache, no compiler run."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

# Run in a process of its own: WeasyPrint is imported once per process, and this worker may have
# imported it already. The script records every library name WeasyPrint has looked up and every
# process started during the import, then asks ctypes' full lookup (compiler and linker included)
# about the same names.
SCRIPT = r"""
import ctypes.util, json, subprocess

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

from printkit.render import libraries

libraries.weasyprint()
during_import = list(started)
restored = ctypes.util.find_library is full_lookup
with open("/proc/self/maps") as maps:
    opened = sorted({line.split()[-1].rsplit("/", 1)[-1] for line in maps if ".so" in line})
print(json.dumps({
    "started": during_import,
    "restored": restored,
    "asked": asked,
    "full": {name: full_lookup(name) for name in asked},
    "opened": opened,
}))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the loader-cache lookup is Linux's")
def test_weasyprint_opens_its_libraries_without_running_the_compiler() -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    # Only the loader cache was asked: no compiler, no linker.
    assert found["started"], "WeasyPrint looked nothing up: the test no longer sees the lookup"
    assert {name.rsplit("/", 1)[-1] for name in found["started"]} == {"ldconfig"}, found["started"]
    assert found["restored"], "ctypes.util.find_library was left replaced after the import"
    # Every name WeasyPrint asked about has the answer the full lookup gives.
    assert found["asked"] == found["full"]
    assert any(found["asked"].values())
    for library in ("libpango-1.0.so", "libharfbuzz.so", "libfontconfig.so", "libgobject-2.0.so"):
        assert any(name.startswith(library) for name in found["opened"]), (library, found["opened"])
