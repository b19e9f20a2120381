"""Figures for issue 7: the referee's answers at the table.

Targets: `printkit referee fight --lives 10 10 --damage 1 1` under 0.3 s wall (interpreter start
included; nothing may import WeasyPrint or ReportLab), a 100 vs 100 fight under 1 s, and each
`odds` of up to 20 dice under 0.5 s. Run: python bench/referee.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys

from timing import timed, wall

COMMANDS = [
    ["referee", "fight", "--lives", "10", "10", "--damage", "1", "1"],
    ["referee", "odds", "2d6+1>=8"],
    ["referee", "odds", "20d6>=80"],
    ["referee", "odds", "20d10kh3"],
    ["referee", "odds", "20d10cs>=7"],
    ["referee", "pool", "8", "--difficulty", "7"],
    ["referee", "duel", "5", "4"],
    ["referee", "orders", "A+ F D", "D D A"],
]
PROBE = (
    "import sys, runpy\n"
    "sys.argv = ['printkit', *sys.argv[1:]]\n"
    "try:\n    runpy.run_module('printkit', run_name='__main__')\n"
    "except SystemExit: pass\n"
    "print(sorted({m.split('.')[0] for m in sys.modules} & {'weasyprint', 'reportlab'}), file=sys.stderr)\n"
)


def main() -> None:
    for args in COMMANDS:
        seconds = statistics.median(wall([sys.executable, "-m", "printkit", *args]) for _ in range(5))
        heavy = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True).stderr.strip()
        print(f"{' '.join(args):52s} {seconds:5.3f} s  heavy imports: {heavy}")
    from printkit.config.rulesets import load_bundled
    from printkit.games.strategiya.fights import Fighter, fight
    from printkit.games.strategiya.model import rules_of

    battle = rules_of(load_bundled("strategiya")).battle
    took = timed(lambda: fight(battle, Fighter(100, 1), Fighter(100, 1)))
    print(f"{'fight 100 vs 100, in-process':52s} {took:5.3f} s  (target < 1 s)")


if __name__ == "__main__":
    main()
