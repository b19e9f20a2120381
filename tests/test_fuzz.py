"""The short fuzz run: cases of every input kind from a fixed seed, each in a bounded child (tests/fuzzing.py).

Every case must end with an exit code of the manual's table, with no traceback, no hang, no memory over
2 GB and nothing written outside its kit. A failure names each case, which replays alone:
`python bench/fuzz.py --seed 20261126 --case N`. bench/fuzz.py is the long run of the same harness.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from . import fuzzing

SEED = 20261126
CASES = 160  # 16 of each kind
PARTS = 2  # one per xdist worker


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> fuzzing.Corpus:
    fuzzing.preload()
    return fuzzing.prepare(tmp_path_factory.mktemp("fuzz-corpus"))


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS))
def test_fuzzed_inputs_of_every_kind_end_cleanly(part: int, corpus: fuzzing.Corpus, tmp_path: Path) -> None:
    report = fuzzing.Report(fuzzing.exit_codes())
    # Each part takes every kind in turn: cases 0-9 go to part 0, 10-19 to part 1, and so on.
    cases = [fuzzing.case(corpus, SEED, n) for n in range(CASES) if n // len(fuzzing.KINDS) % PARTS == part]
    # A wall-clock bound far above any honest case: a loaded machine must not make a finding; a
    # busy loop is caught by its CPU time, a blocked read never ends.
    for outcome in fuzzing.run_cases(cases, tmp_path / "runs", jobs=1, timeout=60):
        report.add(outcome)
        fuzzing.clean(tmp_path / "runs", outcome, keep=False)
    assert sorted(report.inputs) == sorted(fuzzing.KINDS)
    assert report.problems() == [], "\n".join(report.problems())


def test_the_documented_exit_codes_are_read_from_the_readme() -> None:
    assert fuzzing.exit_codes() == {0, 1, 2, 3, 4, 5}


def test_the_command_tree_is_walked_whole() -> None:
    tree = {c.path: c for c in fuzzing.commands()}
    # Groups, their lazily loaded commands, a game's own commands and its shortcuts are all there.
    for path in [(), ("referee",), ("referee", "fight"), ("referee", "moves"), ("cache", "clear"), ("map", "draw"),
                 ("stratego", "check"), ("secret-sheets",), ("build",), ("validate",)]:  # fmt: skip
        assert path in tree, path
    build = {name for o in tree[("build",)].options for name in o.opts}
    assert {"--only", "--force", "--print-shop", "--jobs"} <= build
    assert {"--key", "--config", "--lang", "--edition"} <= {name for o in tree[("referee",)].options for name in o.opts}
    assert tree[("referee", "odds")].examples, "the documented examples seed the command lines"


@pytest.mark.slow
def test_a_case_replays_alone(corpus: fuzzing.Corpus) -> None:
    # The same seed and number give the same case, whatever was drawn before it.
    for n in (0, 7, 8, 9, 123):
        assert fuzzing.case(corpus, SEED, n) == fuzzing.case(corpus, SEED, n)
        assert fuzzing.case(corpus, SEED, n).kind == fuzzing.KINDS[n % len(fuzzing.KINDS)]
    assert fuzzing.case(corpus, SEED, 0) != fuzzing.case(corpus, SEED + 1, 0)


@pytest.mark.slow
def test_a_fuzzed_cache_command_never_reaches_the_runs_shared_cache(corpus: fuzzing.Corpus) -> None:
    """A fuzzed `cache clear` once emptied the artefact cache the run's builds share (tests/conftest.py),
    and every build and validate after it drew its pages again: each cache command has a cache of its own."""
    cases = [fuzzing.case(corpus, SEED, n) for n in range(CASES)]
    commands = [c for c in cases if c.kind == "command-line" and c.args[:1] == ("cache",)]
    assert commands, "the run fuzzes the cache commands"
    assert all(("PRINTKIT_CACHE_DIR", "cache") in c.env for c in commands)


def test_findings_are_told_apart() -> None:
    codes = fuzzing.exit_codes()
    case = fuzzing.Case(0, "config", ("validate", "c.yaml"))

    def outcome(code: int | None, output: str = "", cpu: float = 0.1, peak: int = 1 << 20) -> fuzzing.Outcome:
        return fuzzing.Outcome(case, code, 0.2, cpu, peak, output, [])

    assert outcome(3, "c.yaml:1: game: unknown\n").findings(codes) == []
    assert outcome(1, "Traceback (most recent call last):\n  ...\nKeyError: 'x'\n").findings(codes) == ["traceback"]
    assert outcome(1, "Traceback (most recent call last):\nMemoryError\n").findings(codes) == ["memory"]
    assert outcome(None).findings(codes) == ["hang"]
    assert outcome(0, cpu=fuzzing.HANG + 1).findings(codes) == ["hang"]
    assert outcome(7).findings(codes) == ["exit code"]
    assert outcome(139, "[killed by signal 11]").findings(codes) == ["exit code"]
    assert outcome(0, peak=fuzzing.MEMORY + 1).findings(codes) == ["memory"]


@pytest.mark.slow
def test_a_run_past_its_bounds_is_killed_and_reported(corpus: fuzzing.Corpus, tmp_path: Path) -> None:
    fuzzing.preload()
    codes = fuzzing.exit_codes()
    # Blocked: a session whose standard input is a FIFO no one writes to, killed at the wall-clock bound.
    blocked = fuzzing.Case(1, "session", ("referee",), (fuzzing.Op("fifo", "stdin"),))
    # Busy: a booklet laid out with a CPU bound far below what it takes.
    busy = fuzzing.Case(2, "config", ("build", str(corpus.examples / "strategiya.yaml"), "--only", "booklet",
                                      "--out", "kit", "--jobs", "1", "--no-cache"))  # fmt: skip
    quick = fuzzing.Case(3, "command-line", ("referee", "odds", "2d6", "--lang", "en"))
    outcomes = {o.case.number: o for o in fuzzing.run_cases([blocked, busy, quick], tmp_path, jobs=3, timeout=20,
                                                            hang=0.2)}  # fmt: skip
    assert outcomes[1].code is None and outcomes[1].findings(codes) == ["hang"]
    assert outcomes[2].code is None and outcomes[2].findings(codes, hang=0.2) == ["hang"]
    assert not (tmp_path / "case-2" / "kit" / "booklet.pdf").exists()
    assert outcomes[3].code == 0 and outcomes[3].findings(codes) == [], outcomes[3].output
