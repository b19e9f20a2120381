"""Start-up of `printkit --help`, `referee --help`, `referee lookup` and `referee odds 2d6` (target < 0.3 s).

Also lists which heavy packages each command imported (none of WeasyPrint or ReportLab may load).
Run: python bench/startup.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from timing import wall

PROBE = (
    "import sys, runpy\n"
    "sys.argv = ['printkit', *sys.argv[1:]]\n"
    "try:\n    runpy.run_module('printkit', run_name='__main__')\n"
    "except SystemExit: pass\n"
    "heavy = sorted({m.split('.')[0] for m in sys.modules} & {'weasyprint', 'reportlab', 'rich', 'pypdf'})\n"
    "print('HEAVY', heavy, file=sys.stderr)\n"
)


def timed(args: list[str], repeat: int = 7) -> tuple[float, str]:
    times = [wall([sys.executable, "-m", "printkit", *args]) for _ in range(repeat)]
    probe = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True)
    heavy = next(line for line in probe.stderr.splitlines() if line.startswith("HEAVY"))
    return statistics.median(times), heavy


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [sys.executable, "-m", "printkit", "secret-sheets", "--out", f"{tmp}/k"], check=True, capture_output=True
        )
        key = str(Path(tmp, "k", "referee-key.json"))
        rows = [
            ("printkit --help", ["--help"]),
            ("printkit referee lookup ...", ["referee", "lookup", "--key", key, "resources", "forest", "3"]),
            ("printkit referee odds 2d6", ["referee", "odds", "2d6"]),
            ("printkit referee --help", ["referee", "--help"]),
        ]
        base = statistics.median(wall([sys.executable, "-c", "pass"]) for _ in range(7))
        print(f"python -c pass (interpreter alone):  {base:5.3f} s")
        for name, args in rows:
            seconds, heavy = timed(args)
            print(f"{name:36s} {seconds:5.3f} s   {heavy}   (target < 0.3 s)")


if __name__ == "__main__":
    main()
