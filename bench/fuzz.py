"""The long fuzz run (issue 32): mutated inputs of every kind, each in a bounded child; prints its figures.

Run: python bench/fuzz.py [--inputs 10000] [--seed N] [--jobs 2]; replay one case: --case N (same --seed).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import fuzzing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=10_000, help="how many fuzzed inputs (default 10000)")
    parser.add_argument("--seed", type=int, default=20261126, help="the run's seed: the same seed, the same cases")
    parser.add_argument("--jobs", type=int, default=2, help="cases run at once (default 2)")
    parser.add_argument("--case", type=int, action="append", help="run only this case (repeatable), kept")
    parser.add_argument("--verbose", action="store_true", help="print every case as it ends")
    parser.add_argument("--keep", type=Path, help="copy the folder of every finding here (default: a temp folder)")
    args = parser.parse_args()

    fuzzing.preload()
    codes = fuzzing.exit_codes()
    work = Path(tempfile.mkdtemp(prefix="printkit-fuzz-"))
    keep = args.keep or work / "findings"
    started = time.monotonic()
    corpus = fuzzing.prepare(work / "corpus")
    prepared = time.monotonic() - started
    numbers = args.case or range(args.inputs)
    cases = (fuzzing.case(corpus, args.seed, n) for n in numbers)
    report = fuzzing.Report(codes)
    covered: Counter[str] = Counter()
    began = time.monotonic()
    done = 0
    for outcome in fuzzing.run_cases(cases, work / "runs", jobs=args.jobs, timeout=60):
        found = report.add(outcome)
        done += 1
        if outcome.case.kind == "command-line":
            covered.update(w for w in outcome.case.args if w.startswith("-"))
        if args.verbose:
            print(f"  {outcome.seconds:5.1f} s, {outcome.cpu:5.1f} s CPU, exit {outcome.code}: "
                  f"{outcome.case.describe()[:160]}", flush=True)  # fmt: skip
        if found:
            print(f"  {', '.join(found)}: {outcome.case.describe()}", flush=True)
            folder = work / "runs" / f"case-{outcome.case.number}"
            fuzzing.keep(folder, keep / folder.name)
        fuzzing.clean(work / "runs", outcome, keep=bool(args.case))
        if done % 500 == 0:
            rate = done / (time.monotonic() - began)
            print(f"  ... {done} inputs, {rate:.1f}/s, findings {sum(len(v) for v in report.findings.values())}",
                  flush=True)  # fmt: skip
    took = time.monotonic() - began

    tree = corpus.tree
    options = {(c.path, o.name) for c in tree for o in c.options}
    seen_options = {(c.path, o.name) for c in tree for o in c.options if any(s in covered for s in o.opts)}
    print(f"\nprintkit fuzz: seed {args.seed}, {done} inputs, {args.jobs} jobs, corpus built in {prepared:.0f} s")
    print(f"took {took:.0f} s: {done / took:.1f} inputs/s; slowest run {report.slowest:.1f} s wall, "
          f"most CPU {report.cpu:.1f} s, largest {report.peak / 2**20:.0f} MB")  # fmt: skip
    print(
        "inputs per kind (mean wall seconds): "
        + ", ".join(
            f"{k} {report.inputs[k]} ({report.seconds[k] / max(1, report.inputs[k]):.2f})" for k in fuzzing.KINDS
        )
    )
    print(f"command tree: {len(tree)} commands, {len(options)} options; the command-line cases gave "
          f"{len(seen_options)} of the options")  # fmt: skip
    print(f"tracebacks: {report.count('traceback')}")
    print(f"hangs over {fuzzing.HANG:.0f} s: {report.count('hang')}")
    print(f"memory over {fuzzing.MEMORY >> 30} GB: {report.count('memory')}")
    print(f"exit codes outside the documented table {sorted(codes)}: {report.count('exit code')}")
    print(f"files written outside the kit: {report.count('outside')}")
    problems = report.problems()
    if problems:
        print(f"\nfindings (replay: python bench/fuzz.py --seed {args.seed} --case N; folders kept in {keep}):")
        for line in problems:
            print("  " + line)
    if not args.case:
        shutil.rmtree(work / "runs", ignore_errors=True)
        shutil.rmtree(work / "corpus", ignore_errors=True)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
