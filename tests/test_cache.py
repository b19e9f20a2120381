"""Issues 18 and 30: the artefact cache gives back exactly what drawing gives, keyed on what each artefact
declares it reads (and a builder can read nothing else); parallel drawing changes no byte."""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from unittest.mock import ANY

import pytest

from printkit import RenderError, build_kit, load_session
from printkit.game import Artefact, Game, PluginError, beside, game
from printkit.pipeline.artefact import Build, Options, Undeclared, UndeclaredInput, project
from printkit.pipeline.cache import Entry, Store
from printkit.pipeline.fingerprint import Unkeyable, digest

from .conftest import CONFIGS, EXAMPLES, ROOT, ExampleKits, pdf_text, run, without_permissions, write

# ---- a small game whose builders note each time they draw --------------------------------------


def _note(b: Build, kind: str) -> None:
    with open(os.environ["TINY_LOG"], "a", encoding="utf-8") as log:
        log.write(kind + "\n")


def draw_plain(b: Build) -> None:
    """Reads the language only."""
    _note(b, "plain")
    b.writer.write("plain.txt", f"plain {b.session.language}".encode())


def draw_named(b: Build) -> None:
    """Reads the table name too (and declares it)."""
    _note(b, "named")
    assert b.session.part is not None
    b.writer.write("named.txt", f"table {b.session.part.table_name}".encode())  # type: ignore[attr-defined]


def draw_sneaky(b: Build) -> None:
    """Reads the table name without declaring it."""
    _note(b, "sneaky")
    b.writer.write("sneaky.txt", f"table {b.session.part.table_name}".encode())  # type: ignore[attr-defined]


def draw_random(b: Build) -> None:
    _note(b, "random")
    b.writer.write("random.txt", str(b.entropy.stream("test").below(1000)).encode())


def draw_secret(b: Build) -> None:
    _note(b, "secret")
    b.writer.write("secret.txt", b"the secret")


def draw_failing(b: Build) -> None:
    _note(b, "failing")
    raise RenderError("the table name does not fit")


def draw_dying(b: Build) -> None:
    """Kills the worker it runs in; draws normally in the build's own process."""
    _note(b, "dying")
    if os.getpid() != int(os.environ["TINY_BUILD_PID"]):
        os._exit(3)
    b.writer.write("dying.txt", b"drawn at home")


def draw_slow(b: Build) -> None:
    """Takes its time, and notes only when it is done."""
    import time

    time.sleep(20)
    _note(b, "slow")
    b.writer.write("slow.txt", b"slow")


HERE = __name__
KINDS = {
    "plain": Artefact("plain", f"{HERE}:draw_plain"),
    "named": Artefact("named", f"{HERE}:draw_named", cost=2.0, inputs=("part.table_name",)),
    "sneaky": Artefact("sneaky", f"{HERE}:draw_sneaky"),
    "random": Artefact("random", f"{HERE}:draw_random", inputs=("entropy",)),
    "secret": Artefact("secret", f"{HERE}:draw_secret", secret=True),
    "failing": Artefact("failing", f"{HERE}:draw_failing"),
    "dying": Artefact("dying", f"{HERE}:draw_dying"),
    "slow": Artefact("slow", f"{HERE}:draw_slow", cost=9.0),
}


@pytest.fixture
def tiny(tiny_game: Game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The tiny game with the noting builders, a cache folder of its own; yields the log file."""
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("TINY_LOG", str(tmp_path / "log"))
    with beside(dataclasses.replace(tiny_game, artefacts=tuple(KINDS.values()))):
        yield tmp_path / "log"


def _drawn(log: Path) -> list[str]:
    drawn = log.read_text(encoding="utf-8").split() if log.exists() else []
    log.unlink(missing_ok=True)
    return sorted(drawn)


def _config(folder: Path, table: str, lang: str = "en") -> Path:
    return write(folder / f"{table}-{lang}.yaml", f"game: tiny\nlanguage: {lang}\ntable_name: {table}\n")


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.slow
def test_a_second_build_takes_what_it_can_from_the_cache(tiny: Path, tmp_path: Path) -> None:
    only = ["plain", "named", "random", "secret"]
    first = build_kit(load_session(_config(tmp_path, "Kitchen")), tmp_path / "one", seed="s" * 12, only=only)
    assert _drawn(tiny) == ["named", "plain", "random", "secret"] and first.cached == ()
    second = build_kit(load_session(_config(tmp_path, "Kitchen")), tmp_path / "two", seed="s" * 12, only=only)
    # Secret files and whatever draws from the kit's randomness are drawn every time.
    assert _drawn(tiny) == ["random", "secret"] and second.cached == ("plain", "named")
    assert _files(tmp_path / "one") == _files(tmp_path / "two")


@pytest.mark.slow
def test_a_change_redraws_only_the_artefacts_that_declare_it(tiny: Path, tmp_path: Path) -> None:
    build_kit(load_session(_config(tmp_path, "Kitchen")), tmp_path / "a", only=["plain", "named"])
    assert _drawn(tiny) == ["named", "plain"]
    kit = build_kit(load_session(_config(tmp_path, "Garden")), tmp_path / "b", only=["plain", "named"])
    assert _drawn(tiny) == ["named"] and kit.cached == ("plain",)
    assert (tmp_path / "b" / "named.txt").read_text() == "table Garden"
    kit = build_kit(load_session(_config(tmp_path, "Garden", "ru")), tmp_path / "c", only=["plain", "named"])
    assert _drawn(tiny) == ["named", "plain"] and kit.cached == ()  # the language is in every key
    # Back to the first config: both from the cache, both as first drawn.
    kit = build_kit(load_session(_config(tmp_path, "Kitchen")), tmp_path / "d", only=["plain", "named"])
    assert _drawn(tiny) == [] and _files(tmp_path / "d") == _files(tmp_path / "a")


@pytest.mark.slow
def test_no_cache_draws_everything_and_stores_nothing(tiny: Path, tmp_path: Path) -> None:
    session = load_session(_config(tmp_path, "Kitchen"))
    build_kit(session, tmp_path / "a", only=["plain"], cache=False)
    assert not (tmp_path / "cache").exists()
    build_kit(session, tmp_path / "b", only=["plain"])
    build_kit(session, tmp_path / "c", only=["plain"], cache=False)
    assert _drawn(tiny) == ["plain", "plain", "plain"]


@pytest.mark.slow
def test_validate_lays_out_forms_through_the_cache(tiny: Path, tmp_path: Path) -> None:
    """A preflight that is its artefact's builder (a form is known to fit only once laid out) keeps
    what it drew: validating again draws it no more, the build after takes it from the cache, and a
    refusal is never stored, so it is found every time."""

    forms = (
        Artefact("named", f"{HERE}:draw_named", preflight=f"{HERE}:draw_named", inputs=("part.table_name",)),
        Artefact("failing", f"{HERE}:draw_failing", preflight=f"{HERE}:draw_failing"),
    )
    with beside(dataclasses.replace(game("tiny"), artefacts=forms)):
        _validate_through_the_cache(tiny, tmp_path)


def _validate_through_the_cache(tiny: Path, tmp_path: Path) -> None:
    from printkit.pipeline.kit import check_kit

    session = load_session(_config(tmp_path, "Kitchen"))
    refused = ["the table name does not fit"]
    # Four variants (two papers, two languages, in every key): each is drawn once.
    assert [p.message for p in check_kit(session)] == refused
    assert _drawn(tiny) == ["failing"] * 4 + ["named"] * 4
    assert [p.message for p in check_kit(session)] == refused
    assert _drawn(tiny) == ["failing"] * 4
    kit = build_kit(session, tmp_path / "kit", only=["named"])
    assert kit.cached == ("named",) and _drawn(tiny) == []
    assert (tmp_path / "kit" / "named.txt").read_text() == "table Kitchen"
    # A changed config is a new key: laid out again. Without the cache every variant is drawn.
    check_kit(load_session(_config(tmp_path, "Garden")))
    assert _drawn(tiny) == ["failing"] * 4 + ["named"] * 4
    check_kit(session, cache=False)
    assert _drawn(tiny) == ["failing"] * 4 + ["named"] * 4


@pytest.mark.slow
def test_secret_and_random_files_never_reach_the_cache_folder(tiny: Path, tmp_path: Path) -> None:
    build_kit(load_session(_config(tmp_path, "Kitchen")), tmp_path / "a", seed="s" * 12, only=["random", "secret"])
    stored = b"".join(p.read_bytes() for p in (tmp_path / "cache").rglob("*") if p.is_file())
    assert b"the secret" not in stored and b"random.txt" not in stored


def test_a_changed_printkit_draws_afresh(tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import printkit.pipeline.steps

    session = load_session(_config(tmp_path, "Kitchen"))
    build_kit(session, tmp_path / "a", only=["plain"])
    monkeypatch.setattr(printkit.pipeline.steps, "environment", lambda: "another printkit")
    build_kit(session, tmp_path / "b", only=["plain"])
    assert _drawn(tiny) == ["plain", "plain"]


def test_the_key_covers_every_file_of_printkit() -> None:
    """The environment's digest hashed printkit/pipeline/ alone (the folder its module moved to), so
    a changed game module (printkit/games/vs/tokens.py) brought back pages drawn by the old one."""
    import printkit
    from printkit.pipeline import fingerprint

    assert Path(printkit.__file__).resolve().parent == fingerprint.PACKAGE
    assert (fingerprint.PACKAGE / "games" / "vs" / "tokens.py").is_file()


def test_a_damaged_entry_is_drawn_again(tiny: Path, tmp_path: Path) -> None:
    session = load_session(_config(tmp_path, "Kitchen"))
    build_kit(session, tmp_path / "a", only=["named"])
    (entry,) = (tmp_path / "cache").rglob("entries/*/*")
    entry.write_bytes(entry.read_bytes()[:-3] + b"xyz")
    build_kit(session, tmp_path / "b", only=["named"])
    assert _drawn(tiny) == ["named", "named"]
    assert _files(tmp_path / "a") == _files(tmp_path / "b")


def test_a_failure_in_a_worker_is_the_error_a_serial_build_gives(tiny: Path, tmp_path: Path) -> None:
    session = load_session(_config(tmp_path, "Kitchen"))
    for jobs in (1, 2):
        with pytest.raises(RenderError, match="the table name does not fit"):
            build_kit(session, tmp_path / f"kit-{jobs}", only=["named", "failing", "plain"], jobs=jobs, cache=False)
        assert [p.name for p in tmp_path.iterdir() if "kit" in p.name] == []  # no kit, no staging folder


def test_a_refusal_in_a_worker_cuts_the_other_drawing_short(tiny: Path, tmp_path: Path) -> None:
    """The slow artefact goes to a worker first (the slowest first); the other refuses at once. The
    build fails then, killing the slow one, which comes after the refusal in build order and so is
    never drawn to the end (it would take 20 s)."""
    session = load_session(_config(tmp_path, "Kitchen"))
    with pytest.raises(RenderError, match="the table name does not fit"):
        build_kit(session, tmp_path / "kit", only=["failing", "slow"], jobs=2, cache=False)
    assert _drawn(tiny) == ["failing", "failing"]  # in a worker, then again here for its message
    assert not (tmp_path / "kit").exists()


def test_a_worker_that_dies_costs_time_only(tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pool ends every worker when one dies; what was not drawn to the end is drawn here."""
    monkeypatch.setenv("TINY_BUILD_PID", str(os.getpid()))
    kit = build_kit(load_session(_config(tmp_path, "Kitchen")), tmp_path / "kit", only=["dying", "plain"], jobs=2)
    assert (tmp_path / "kit" / "dying.txt").read_bytes() == b"drawn at home"
    assert (tmp_path / "kit" / "plain.txt").exists() and set(kit.seconds) == {"dying", "plain"}
    drawn = _drawn(tiny)
    assert drawn.count("dying") == 2 and "plain" in drawn  # in a worker that died, then here


def test_progress_reports_start_end_and_cached(tiny: Path, tmp_path: Path) -> None:
    session = load_session(_config(tmp_path, "Kitchen"))
    reports: list[tuple[str, int, int]] = []
    build_kit(session, tmp_path / "a", only=["plain", "named"], jobs=2, progress=lambda *r: reports.append(r))
    assert sorted(reports) == [("named", 0, 1), ("named", 1, 1), ("plain", 0, 1), ("plain", 1, 1)]
    reports.clear()
    build_kit(session, tmp_path / "b", only=["plain", "named"], jobs=2, progress=lambda *r: reports.append(r))
    assert reports == [("plain", 0, 0), ("named", 0, 0)]


# ---- the store --------------------------------------------------------------------------------


def test_the_store_keeps_the_most_recently_used_entries_within_its_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path)
    for n in range(6):
        store.put(f"{n:064x}", "plain", Entry({"a.pdf": bytes(300 * 1024)}, {}))
        os.utime(store._entry_path(f"{n:064x}"), (1000 + n, 1000 + n))
    assert store.get(f"{1:064x}", "plain") is not None  # used now: the newest
    monkeypatch.setenv("PRINTKIT_CACHE_MAX_MB", "1")
    Store(tmp_path).trim()
    kept = sorted(int(p.name, 16) for p in (tmp_path / "v1" / "entries").rglob("*") if p.is_file())
    assert kept == [1, 4, 5] and store.info().bytes <= 1024 * 1024


def test_what_a_build_killed_before_its_rename_left_is_counted_and_trimmed(tmp_path: Path) -> None:
    """issue 40: a build killed between a cache write and its rename left .tmp files the cache never
    counted or trimmed. A writer killed (SIGKILL) right there leaves one; once older than any writer
    takes, `cache info` counts it and the next trim removes it; a young one (a writer at work) stays."""
    from printkit.pipeline.cache import STALE_TEMP_SECONDS

    store = Store(tmp_path)
    store.put("ab" * 32, "plain", Entry({"a.pdf": bytes(1000)}, {}))
    entry = store._entry_path("ab" * 32)
    killed = f"""
import os, signal, pathlib
from printkit.pipeline.cache import temp_name
temp = temp_name(pathlib.Path({str(entry.with_name("cd" * 32))!r}))
with open(temp, "wb") as f:
    f.write(bytes(5000))
os.kill(os.getpid(), signal.SIGKILL)  # before the rename
"""
    done = subprocess.run([sys.executable, "-c", killed], cwd=ROOT)
    assert done.returncode == -signal.SIGKILL
    (left,) = [p for p in entry.parent.iterdir() if p.name.endswith(".tmp")]
    young = left.with_name(left.name.replace(left.name.split(".")[-2], "1-0badf00d"))
    young.write_bytes(bytes(7000))
    before = store.info()
    old = os.stat(left).st_mtime - STALE_TEMP_SECONDS - 60
    os.utime(left, (old, old))
    counted = store.info()
    assert counted.entries == before.entries == 1 and counted.bytes == before.bytes + 5000
    store.trim()
    assert not left.exists() and young.exists() and entry.exists()
    assert store.info().bytes == before.bytes


def test_an_entry_keeps_its_files_and_extra_folders() -> None:
    from printkit.pipeline.cache import _decode, _encode

    entry = Entry({"a.pdf": b"%PDF a", "b.svg": b""}, {"png": {"x/1.png": b"\x89PNG"}})
    key = "ab" * 32
    assert _decode(_encode(entry, key, "cards"), key, "cards") == entry
    assert _decode(_encode(entry, key, "cards")[:-1], key, "cards") is None


def test_the_cache_folder_is_the_platforms_unless_printkit_cache_dir_says(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import platformdirs

    from printkit.pipeline.cache import folder

    monkeypatch.delenv("PRINTKIT_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert folder() == Path(platformdirs.user_cache_dir("printkit", appauthor=False))
    if sys.platform.startswith("linux"):  # where XDG_CACHE_HOME decides
        assert folder() == tmp_path / "xdg" / "printkit"
        monkeypatch.delenv("XDG_CACHE_HOME")
        assert folder() == Path.home() / ".cache" / "printkit"
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path / "own"))
    assert folder() == tmp_path / "own"


def test_cache_info_and_clear(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(workdir / "cache"))
    assert run("build", EXAMPLES / "stratego.yaml", "--out", "kit", "--only", "stratego-setup").exit_code == 0
    info = run("cache", "info", "--lang", "en").output
    assert f"folder:  {workdir / 'cache'}" in info and "entries: 1\n" in info and "of 500.0 MB" in info
    assert run("cache", "clear", "--lang", "en").output.startswith("Cache cleared: ")
    assert "entries: 0\n" in run("cache", "info", "--lang", "en").output


# ---- keys -------------------------------------------------------------------------------------


def test_digests_tell_types_and_values_apart() -> None:
    from fractions import Fraction

    values = [1, "1", 1.0, True, (1,), [1], {1: 1}, frozenset({1}), None, b"1", Fraction(1, 1), Path("1")]
    assert len({digest(v) for v in values}) == len(values)
    assert digest({"a": 1, "b": 2}) != digest({"b": 2, "a": 1})  # the order pages print in
    # The pieces of a value are hashed together: none may run into the next.
    assert digest("ab", "c") != digest("a", "bc") and digest(["ab"], "") != digest(["a"], "b")
    assert digest(b"1", "") != digest(b"", "1") and digest((1, 2)) != digest((12,))
    with pytest.raises(Unkeyable):
        digest(lambda: 1)


def test_a_builder_that_reads_what_it_does_not_declare_fails_loudly(tiny: Path, tmp_path: Path) -> None:
    """Never a page keyed without what it printed: the undeclared read refuses, in a worker or here,
    and nothing is stored."""
    session = load_session(_config(tmp_path, "Kitchen"))
    for jobs in (1, 2):
        message = "sneaky reads session.part.table_name but does not declare it"
        with pytest.raises(UndeclaredInput, match=message):
            build_kit(session, tmp_path / f"kit-{jobs}", only=["sneaky", "plain"], jobs=jobs)
    stored = b"".join(p.read_bytes() for p in (tmp_path / "cache").rglob("*") if p.is_file())
    assert b"sneaky.txt" not in stored and not list(tmp_path.glob("kit-*"))
    # At the command line it is a plug-in's mistake like any other: one line that says how to mend
    # it, printkit's exit code for a game that cannot be used as installed, no traceback.
    result = run("build", _config(tmp_path, "Kitchen"), "--only", "sneaky", "--out", str(tmp_path / "cli"))
    assert result.exit_code == 5 and "Traceback" not in result.output
    said = " ".join(result.output.split())
    assert "sneaky reads session.part.table_name but does not declare it" in said
    assert "(add 'part.table_name' to the artefact's inputs)" in said and len(result.output.splitlines()) <= 2


def test_an_undeclared_value_refuses_every_use() -> None:
    import copy
    import operator
    import pickle

    import markupsafe

    undeclared = Undeclared("plot", "session.title")
    uses = [
        lambda v: v.upper,
        bool,
        len,
        iter,
        hash,
        str,
        lambda v: f"{v}",
        lambda v: v == "a",
        lambda v: v.__eq__("a"),
        lambda v: v != "a",
        lambda v: "a" in v,
        lambda v: v["a"],
        lambda v: v < 1,
        lambda v: v + 1,
        lambda v: 1 + v,
        operator.index,
        int,
        Path,
        lambda v: {v},
        lambda v: v(),
        lambda v: markupsafe.escape(v),  # a jinja2 template printing it
    ]
    for use in uses:
        with pytest.raises(UndeclaredInput, match=r"plot reads session\.title but does not declare it"):
            use(undeclared)
    assert "session.title" in repr(undeclared)  # readable in a debugger; the same for every config
    assert "session.title" in repr(copy.deepcopy(undeclared))  # copying a projected session is no use
    with pytest.raises(UndeclaredInput):
        bool(pickle.loads(pickle.dumps(undeclared)))  # as a worker process gets it


def _artefact(family: str, kind: str) -> Artefact:
    (found,) = [a for a in game(family).artefacts if a.kind == kind]
    return found


def test_a_builder_gets_only_its_declared_inputs(tmp_path: Path) -> None:
    from printkit.pipeline.staging import KitWriter
    from printkit.randomness import Entropy

    session = load_session(EXAMPLES / "strategiya-heroes.yaml")
    writer = KitWriter(tmp_path / "kit")
    try:
        b = Build(session, Entropy.from_seed("s"), writer, options=Options(greyscale=True, game={"games": 3}))
        plot = project(_artefact("strategiya", "plot"), b)
        # What every builder gets, and what the plot sheet declares:
        assert plot.session.ruleset == session.ruleset and plot.session.language == session.language
        assert plot.session.paper == session.paper and plot.session.label == session.label
        assert plot.session.title == session.title and plot.session.part.plot == session.part.plot  # type: ignore[attr-defined]
        # (the players' parties too: the turn track marks the third player's talk when three play)
        assert plot.session.part.parties == session.part.parties  # type: ignore[attr-defined]
        assert plot.writer is writer
        # ... and nothing else: what stands in its place refuses the first use.
        for use in (
            lambda s: len(s.session.players),
            lambda s: s.session.game_map.rows,
            lambda s: bool(s.session.part.adventures),
            lambda s: s.options.greyscale or "colour",
            lambda s: s.options.own("games", 1),
            lambda s: s.entropy.stream("x"),
        ):
            with pytest.raises(UndeclaredInput, match=r"^plot reads "):
                use(plot)
        # The map declares the kit's randomness: it may draw, and the draw is noted on its own copy.
        map_build = project(_artefact("strategiya", "map"), b)
        assert map_build.options.own("random_map", False) is False and not map_build.entropy.taken
        map_build.entropy.stream("map")
        assert map_build.entropy.taken and not b.entropy.taken
        # A game's own option, declared: its value (the secret sheets declare --games).
        assert project(_artefact("strategiya", "secret-sheets"), b).options.own("games", 1) == 3
    finally:
        writer.abort()


def test_an_input_is_bound_to_its_condition(tmp_path: Path) -> None:
    """The «Стратегия» booklet reads the adventures only where the config binds them in."""
    from printkit.pipeline.staging import KitWriter
    from printkit.randomness import Entropy

    session = load_session(EXAMPLES / "strategiya.yaml")
    booklet = _artefact("strategiya", "booklet")
    writer = KitWriter(tmp_path / "kit")
    try:
        for bound in (False, True):
            part = dataclasses.replace(session.part, adventures_in_booklet=bound)  # type: ignore[type-var]
            b = Build(dataclasses.replace(session, part=part), Entropy.from_seed("s"), writer)
            seen = project(booklet, b).session.part
            if bound:
                assert seen.adventures == session.part.adventures  # type: ignore[attr-defined]
            else:
                with pytest.raises(UndeclaredInput, match=r"booklet reads session\.part\.adventures"):
                    len(seen.adventures)  # type: ignore[attr-defined]
    finally:
        writer.abort()


def test_inputs_outside_the_vocabulary_are_refused(tiny_game: Game, tmp_path: Path) -> None:
    """A typo in a declaration fails when the game is loaded (or, for a part's field, when it is drawn)."""
    from printkit.game import SHARED_OPTIONS

    assert set(SHARED_OPTIONS) == {f.name for f in dataclasses.fields(Options)} - {"game"}
    for inputs in (("part.plot.goal",), ("session.title",), ("colour",), ("part.a if part.b",), ("options",)):
        with pytest.raises(PluginError, match="input"):
            Artefact("x", "m:f", inputs=inputs)
    with pytest.raises(PluginError, match=r"'options\.colours', which is neither a shared option"):
        dataclasses.replace(tiny_game, artefacts=(Artefact("x", "m:f", inputs=("options.colours",)),))
    assert dataclasses.replace(tiny_game, artefacts=(Artefact("x", "m:f", inputs=("options.greyscale",)),))
    from printkit.pipeline.staging import KitWriter
    from printkit.randomness import Entropy

    with beside(tiny_game):
        writer = KitWriter(tmp_path / "kit")
        try:
            b = Build(load_session(_config(tmp_path, "Kitchen")), Entropy.from_seed("s"), writer)
            with pytest.raises(PluginError, match="the session part has no field 'table'"):
                project(Artefact("x", "m:f", inputs=("part.table",)), b)
        finally:
            writer.abort()


# ---- real kits ---------------------------------------------------------------------------------


@pytest.mark.slow
def test_parallel_and_cached_kits_are_byte_for_byte_the_serial_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path / "cache"))
    session = load_session(EXAMPLES / "strategiya-heroes.yaml")
    only = ["secret-sheets", "hero-sheets", "hero-sheets-blank", "map", "plot"]
    seed = "a-seed-for-the-cache-test"
    serial = build_kit(session, tmp_path / "serial", seed=seed, only=only, jobs=1, cache=False)
    parallel = build_kit(session, tmp_path / "parallel", seed=seed, only=only, jobs=2)
    cached = build_kit(session, tmp_path / "cached", seed=seed, only=only, jobs=2)
    assert serial.cached == parallel.cached == ()
    assert cached.cached == ("hero-sheets", "hero-sheets-blank", "map", "plot")
    assert _files(tmp_path / "serial") == _files(tmp_path / "parallel") == _files(tmp_path / "cached")
    # A renamed hero: the hero sheets are drawn again (the blank ones too: they declare the parties,
    # whose markers they print), the map comes from the cache.
    part = session.part
    first, *rest = part.parties  # type: ignore[attr-defined]
    hero = dataclasses.replace(first.heroes[0], name="Someone else")
    parties = (dataclasses.replace(first, heroes=(hero, *first.heroes[1:])), *rest)
    renamed = dataclasses.replace(session, part=dataclasses.replace(part, parties=parties))  # type: ignore[type-var]
    again = build_kit(renamed, tmp_path / "renamed", seed=seed, only=only)
    assert again.cached == ("map",)  # the plot sheet reads the heroes too (its turn track's third player)
    assert "Someone else" in pdf_text(tmp_path / "renamed" / "hero-sheets.pdf")[0]


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=lambda p: p.stem)
def test_a_warm_rebuild_from_a_copy_elsewhere_draws_only_the_secret_sheets(
    config: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Built again from a copy of the config in another folder, every artefact but the secret ones
    comes from the cache: no page depends on where the config lies (`folder` is no artefact's input).
    The flowing documents, seconds each to lay out, are not drawn here: the copy gives them the same
    keys (test_one_drawing_of_the_booklet_... takes one from the cache)."""
    import shutil

    from printkit.pipeline.kit import _artefacts
    from printkit.pipeline.staging import KitWriter
    from printkit.pipeline.steps import key
    from printkit.randomness import Entropy

    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path / "cache"))
    shutil.copytree(EXAMPLES, tmp_path / "copy")
    session, copied = load_session(config), load_session(tmp_path / "copy" / config.name)
    assert session.folder != copied.folder
    offered = _artefacts(session)
    drawn = [a.kind for a in offered if not a.flowing]
    build_kit(session, tmp_path / "a", seed="warm-rebuild-seed", only=drawn)
    again = build_kit(copied, tmp_path / "b", seed="warm-rebuild-seed", only=drawn)
    assert again.cached == tuple(a.kind for a in offered if not a.flowing and not a.secret)
    assert _files(tmp_path / "a") == _files(tmp_path / "b")
    writer = KitWriter(tmp_path / "keys")
    try:
        for a in offered:
            first, second = (key(a, Build(s, Entropy.from_seed("s"), writer)) for s in (session, copied))
            assert first is not None and first == second, a.kind
    finally:
        writer.abort()


def test_one_drawing_of_the_booklet_serves_builds_with_and_without_the_imposed_copy(
    tmp_path: Path, kits: ExampleKits
) -> None:
    """booklet-print.pdf is made from the kit's booklet.pdf after the booklet is drawn or found, so
    the imposition is no part of the booklet's cache key. (The run's shared cache: the example kit,
    imposed as every kit is by default, drew the booklet or found it.)"""
    example = kits("strategiya")
    session = load_session(EXAMPLES / "strategiya.yaml")
    plain = build_kit(session, tmp_path / "plain", only=["booklet"], options=Options(imposition=None))
    imposed = build_kit(session, tmp_path / "imposed", only=["booklet"])
    assert plain.cached == imposed.cached == ("booklet",)
    assert [p.name for p in plain.files] == ["booklet.pdf", "manifest.json"]
    assert [p.name for p in imposed.files] == ["booklet-print.pdf", "booklet.pdf", "manifest.json"]
    for name in ("booklet.pdf", "booklet-print.pdf"):
        assert (tmp_path / "imposed" / name).read_bytes() == (example / name).read_bytes(), name


@pytest.mark.slow
def test_png_folders_come_back_from_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path / "cache"))
    session = load_session(EXAMPLES / "vs-2025.yaml")
    for name in ("a", "b"):
        kit = build_kit(session, tmp_path / name, only=["battle-cards"], options=Options(png=tmp_path / f"png-{name}"))
    assert kit.cached == ("battle-cards",)
    assert _files(tmp_path / "png-a") == _files(tmp_path / "png-b") and _files(tmp_path / "png-a")
    assert _files(tmp_path / "a") == _files(tmp_path / "b")


def test_a_random_map_is_never_stored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path / "cache"))
    session = load_session(EXAMPLES / "strategiya.yaml")
    for name in ("a", "b"):
        kit = build_kit(
            session, tmp_path / name, seed="x" * 12, only=["map"], options=Options(game={"random_map": True})
        )
        assert kit.cached == ()
    assert not list((tmp_path / "cache").rglob("entries/*/*"))
    # The map may draw from the kit's randomness (it declares it): stored whenever it did not.
    build_kit(session, tmp_path / "c", seed="x" * 12, only=["map"])
    assert build_kit(session, tmp_path / "d", seed="y" * 12, only=["map"]).cached == ("map",)


@pytest.mark.slow
def test_builds_at_the_same_time_share_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path / "cache"))
    env = dict(os.environ)
    cmd = [sys.executable, "-m", "printkit", "build", str(EXAMPLES / "stratego.yaml"), "--only", "stratego-setup"]
    builds = [subprocess.Popen([*cmd, "--out", str(tmp_path / f"kit-{n}")], env=env, cwd=ROOT) for n in range(3)]
    assert [p.wait(timeout=120) for p in builds] == [0, 0, 0]
    kit = build_kit(load_session(EXAMPLES / "stratego.yaml"), tmp_path / "after", only=["stratego-setup"])
    assert kit.cached == ("stratego-setup",)
    sheets = {(tmp_path / kit / "stratego-setup.pdf").read_bytes() for kit in ("kit-0", "kit-1", "kit-2", "after")}
    assert len(sheets) == 1


@pytest.mark.slow
@pytest.mark.usefixtures("terminal_stderr")
def test_a_terminal_shows_the_steps_that_came_from_the_cache(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import re

    from click.testing import CliRunner

    from printkit.cli import cli

    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(workdir / "cache"))
    # Two quick steps: the quick reference and the setup sheet (said in English: "cached").
    args = ["build", str(EXAMPLES / "stratego.yaml"), "--lang", "en"]
    outputs = [CliRunner().invoke(cli, [*args, "--out", out], catch_exceptions=False).output for out in ("a", "b")]
    first, second = (re.sub(r"(?:\x1b|\\x1b)\[[0-9;?]*[A-Za-z]", "", text) for text in outputs)
    for step in ("quickref", "stratego-setup"):
        assert re.search(rf"✓ {step}\s+\d+\.\d s\s*\n", first), step
        assert re.search(rf"✓ {step}\s+\d+\.\d s\s+cached", second), step
    assert "cached" not in first


def test_the_cache_folder_is_private(tmp_path: Path) -> None:
    store = Store(tmp_path / "new")
    store.put("0" * 64, "plain", Entry({"a.pdf": b"%PDF"}, {}))
    assert (tmp_path / "new").stat().st_mode & 0o777 == 0o700
    assert (tmp_path / "new" / "v1").stat().st_mode & 0o777 == 0o700


@pytest.mark.parametrize("config", CONFIGS, ids=lambda p: p.stem)
def test_every_example_build_reaches_the_workers_whole(config: Path, tmp_path: Path) -> None:
    """A parallel build hands its Build to the workers pickled (as the spawn start method must):
    every example's session comes back equal, its artefacts with it."""
    import pickle

    from printkit.pipeline.kit import _artefacts, _pickled
    from printkit.pipeline.staging import KitWriter
    from printkit.randomness import Entropy

    session = load_session(config)
    writer = KitWriter(tmp_path / "kit")
    try:
        b = Build(session, Entropy.from_seed("s"), writer, options=Options(imposition="saddle"))
        shared = [dataclasses.replace(a, available=None) for a in _artefacts(session)]
        back, artefacts = pickle.loads(_pickled((b, shared)))
        # Each artefact's projected build pickles too: what it declares comes back, the rest still refuses.
        for artefact in shared:
            seen = pickle.loads(_pickled(project(artefact, b)))
            assert seen.session.ruleset == session.ruleset and seen.session.paper == session.paper
            for name in ("title", "players", "game_map"):
                if name in artefact.inputs:
                    assert getattr(seen.session, name) == getattr(session, name)
                else:
                    with pytest.raises(UndeclaredInput):
                        bool(getattr(seen.session, name))
    finally:
        writer.abort()
    assert back.session == session and back.options == b.options and artefacts == shared
    assert back.writer.staging == writer.staging and back.entropy == b.entropy


# ---- the cache folder as an attack surface (issue 32) -------------------------------------------


def _entry_of(cache: Path, kind: str) -> Path:
    """The entry file that holds kind's file (<kind>.txt)."""
    for path in (cache / "v1" / "entries").glob("*/*"):
        if f'"{kind}.txt"'.encode() in path.read_bytes().partition(b"\n")[0]:
            return path
    raise AssertionError(f"no entry of {kind}")


def _rewrite(entry: Path, change: Callable[[dict[str, Any]], object]) -> None:
    """Change an entry's header as a hostile hand would; the files' bytes stay."""
    raw_header, _, blobs = entry.read_bytes().partition(b"\n")
    header = json.loads(raw_header)
    change(header)
    entry.write_bytes(json.dumps(header).encode() + b"\n" + blobs)


def _built_twice(tiny: Path, tmp_path: Path, tamper: Callable[[Path], object]) -> None:
    """Build the plain kind, tamper with its entry, build again: the second build draws it afresh
    (a miss, no error) and writes the same kit."""
    session = load_session(_config(tmp_path, "Kitchen"))
    build_kit(session, tmp_path / "a", only=["plain"])
    assert _drawn(tiny) == ["plain"]
    tamper(_entry_of(tmp_path / "cache", "plain"))
    build_kit(session, tmp_path / "b", only=["plain"])
    assert _drawn(tiny) == ["plain"]
    assert _files(tmp_path / "a") == _files(tmp_path / "b")


@pytest.mark.slow
@pytest.mark.parametrize("name", ["/abs/outside.txt", "../outside.txt", "x/../../outside.txt", "", "manifest.json"])
@pytest.mark.parametrize("where", ["", "png"])
def test_an_entry_never_writes_outside_the_kit(tiny: Path, tmp_path: Path, name: str, where: str) -> None:
    """issue 32: an entry whose header names a file /abs/path or ../x (in the kit or in an extra
    folder) is a miss; nothing is written outside the kit."""
    target = name.replace("/abs", str(tmp_path))

    def tamper(entry: Path) -> None:
        def change(header: dict[str, Any]) -> None:
            header["files"][0][:2] = [where, target]

        _rewrite(entry, change)

    _built_twice(tiny, tmp_path, tamper)
    assert not (tmp_path / "outside.txt").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["Kitchen-en.yaml", "a", "b", "cache"]


def _header_changes() -> dict[str, Callable[[dict[str, Any]], object]]:
    def item(n: int, value: object) -> Callable[[dict[str, Any]], object]:
        return lambda header: header["files"][0].__setitem__(n, value)

    return {
        "negative size": item(2, -1),
        "size as text": item(2, "8"),
        "size as float": item(2, 8.0),
        "huge size": item(2, 10**30),
        "size as true": item(2, True),
        "sha not hex": item(3, "z" * 64),
        "sha as list": item(3, []),
        "name as number": item(1, 7),
        "name with NUL": item(1, "a\0b"),
        "an option it does not read": item(0, "png"),
        "no option at all": item(0, "__class__"),
        "a folder as a number": item(0, 3),
        "three fields": lambda header: header["files"][0].pop(),
        "files as text": lambda header: header.__setitem__("files", "plain.txt"),
        "files twice": lambda header: header["files"].append(header["files"][0]),
        "no format": lambda header: header.pop("format"),
        "no key": lambda header: header.pop("key", None) or header.pop("format"),
    }


@pytest.mark.slow
@pytest.mark.parametrize("change", list(_header_changes().values()), ids=list(_header_changes()))
def test_a_malformed_header_is_a_miss(tiny: Path, tmp_path: Path, change: Callable[[dict[str, Any]], object]) -> None:
    """issue 32: malformed header fields are a miss, drawn again: never a traceback."""
    _built_twice(tiny, tmp_path, lambda entry: _rewrite(entry, change))


_NO_HEADERS = {
    "empty": b"",
    "no line": b"no header at all",
    "a list": b"[]\n",
    "text": b'"text"\n',
    "deep nesting": b"[" * 100_000 + b"\n",
    "not UTF-8": b"\xff\xfe\n",
    "an empty object": b"{}\n",
}


@pytest.mark.parametrize("raw", list(_NO_HEADERS.values()), ids=list(_NO_HEADERS))
def test_a_header_that_is_no_header_is_a_miss(tiny: Path, tmp_path: Path, raw: bytes) -> None:
    _built_twice(tiny, tmp_path, lambda entry: entry.write_bytes(raw))


def test_another_artefacts_entry_is_not_served_under_its_key(tiny: Path, tmp_path: Path) -> None:
    """issue 32: the entry of one artefact copied over another's (the master's plot sheet printed as
    the map) is a miss: an entry names the key and the artefact it was stored for."""
    session = load_session(_config(tmp_path, "Kitchen"))
    build_kit(session, tmp_path / "a", only=["plain", "named"])
    _drawn(tiny)
    plain, named = _entry_of(tmp_path / "cache", "plain"), _entry_of(tmp_path / "cache", "named")
    plain.write_bytes(named.read_bytes())
    kit = build_kit(session, tmp_path / "b", only=["plain"])
    assert _drawn(tiny) == ["plain"] and kit.cached == ()
    assert _files(tmp_path / "b") == {"manifest.json": ANY, "plain.txt": b"plain en"}


@pytest.mark.parametrize("what", ["fifo", "/dev/zero", "folder", "link to an entry", "too big"])
def test_an_entry_that_is_no_regular_file_is_a_miss(tiny: Path, tmp_path: Path, what: str) -> None:
    """issue 32: a FIFO, a link to /dev/zero, a folder or a file over the size limit in an entry's
    place is a miss at once: never a hang, never read whole into memory."""

    def tamper(entry: Path) -> None:
        copy = entry.with_name("copy")
        entry.rename(copy)
        if what == "fifo":
            os.mkfifo(entry)
        elif what == "folder":
            entry.mkdir()
        elif what == "too big":
            with open(entry, "wb") as f:
                f.truncate(600 * 1024 * 1024)  # over the 500 MB limit (sparse: no disk taken)
        else:
            entry.symlink_to("/dev/zero" if what == "/dev/zero" else copy)

    signal.signal(signal.SIGALRM, signal.default_int_handler)  # a hang ends the test, not the run
    signal.alarm(60)
    try:
        _built_twice(tiny, tmp_path, tamper)
    finally:
        signal.alarm(0)


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "text", "1e400", "\uff15"])
def test_a_cache_size_that_is_no_size_is_refused(workdir: Path, monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    """issue 32: PRINTKIT_CACHE_MAX_MB=nan (or inf, -1, text) is a clear usage error, not a traceback
    (nor a limit quietly taken for another)."""
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(workdir / "cache"))
    monkeypatch.setenv("PRINTKIT_CACHE_MAX_MB", value)
    said = (
        f"printkit: error: PRINTKIT_CACHE_MAX_MB={value!r}: not a cache size in megabytes (a number from 0 "
        "to 1073741824); unset it for the default, 500\n"
    )
    for args in (("build", EXAMPLES / "stratego.yaml", "--only", "quickref", "--out", "kit"), ("cache", "info")):
        result = run(*args)
        assert (result.exit_code, result.output) == (2, said), args
    assert list(workdir.iterdir()) == []
    monkeypatch.setenv("PRINTKIT_CACHE_MAX_MB", "0.5")
    assert "of 0.5 MB" in run("cache", "info", "--lang", "en").output


def _printkit(*args: str | Path, cache: Path) -> subprocess.CompletedProcess[str]:
    """printkit in a process of its own, with permission bits applying even to root."""
    return subprocess.run(
        [*without_permissions(), sys.executable, "-m", "printkit", *map(str, args)],
        env={**os.environ, "PYTHONPATH": str(ROOT), "PRINTKIT_CACHE_DIR": str(cache)},
        cwd=cache.parent,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.mark.slow
def test_a_cache_that_cannot_be_read_or_cleared(tmp_path: Path) -> None:
    """issue 32: a cache folder that cannot be read is a miss (the build draws everything); one that
    cannot be emptied makes `cache clear` fail with one line naming the folder (exit 4), not report
    success."""
    cache = tmp_path / "cache"
    build = ("build", EXAMPLES / "stratego.yaml", "--only", "quickref", "--force", "--out", tmp_path / "kit")
    assert _printkit(*build, cache=cache).returncode == 0
    entries = sorted(cache.rglob("*"))
    folders = [p for p in [cache, *entries] if p.is_dir()]
    try:
        for p in folders:
            p.chmod(0o500)  # read-only
        cleared = _printkit("cache", "clear", cache=cache)
        assert (cleared.returncode, cleared.stdout) == (4, "")
        assert cleared.stderr == f"printkit: error: {cache}: cannot clear the cache: Permission denied\n"
        assert sorted(cache.rglob("*")) == entries
        cache.chmod(0)  # unreadable
        built = _printkit(*build, cache=cache)
        assert (built.returncode, built.stderr) == (0, ""), built.stderr
        assert (tmp_path / "kit" / "quickref.pdf").is_file()
        shown = _printkit("cache", "info", cache=cache)
        assert (shown.returncode, shown.stderr) == (0, ""), shown.stderr
    finally:
        for p in folders:
            p.chmod(0o700)
    assert _printkit("cache", "clear", cache=cache).returncode == 0 and not (cache / "v1").exists()


def test_a_link_inside_the_cache_is_never_followed(tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 32: a folder of the cache replaced by a link to a folder elsewhere: nothing is read,
    written or removed through it (not even by the trim), and the build draws afresh."""

    def tamper(entry: Path) -> None:
        outside = tmp_path / "outside"
        entry.parent.rename(outside)
        entry.parent.symlink_to(outside)
        (outside / "precious.txt").write_bytes(b"not the cache's")

    _built_twice(tiny, tmp_path, tamper)
    outside = {p.name: p.read_bytes() for p in (tmp_path / "outside").iterdir()}
    assert len(outside) == 2 and outside["precious.txt"] == b"not the cache's"
    monkeypatch.setenv("PRINTKIT_CACHE_MAX_MB", "0")  # the trim removes every entry it finds
    build_kit(load_session(_config(tmp_path, "Kitchen")), tmp_path / "c", only=["plain"])
    assert {p.name: p.read_bytes() for p in (tmp_path / "outside").iterdir()} == outside


# Each artefact's key of each config given, as a fresh process computes it, and the key of the shared
# booklet's in that session (a shared builder that runs a game's code): printed as JSON.
KEYS = """
import json, sys
from printkit import load_session
from printkit.game import game
from printkit.pipeline.staging import KitWriter
from printkit.pipeline.steps import key
from printkit.plugin import BOOKLET, Build, Entropy
writer = KitWriter(sys.argv[1])
keys = {}
for config in sys.argv[2:]:
    session = load_session(config)
    for a in (*game(session.ruleset.family).artefacts, BOOKLET):
        keys[f"{session.ruleset.family} {a.kind}"] = key(a, Build(session, Entropy.from_seed("k"), writer))
writer.abort()
print(json.dumps(keys))
"""


@pytest.mark.slow
def test_a_change_to_an_installed_games_template_makes_its_cached_pages_stale(tiny_copy: Path, tmp_path: Path) -> None:
    """issue 39: a game installed apart is keyed by every file of its package, its templates and static
    files among them: an edited template gives its artefacts new keys (those of a shared builder too),
    and another game's keep theirs. (printkit's own games' templates lie inside printkit, whose every
    file keys every artefact.)"""
    tiny = write(tmp_path / "tiny.yaml", "game: tiny\n")
    env = {**os.environ, "PYTHONPATH": str(tiny_copy)}

    def keys() -> dict[str, str]:
        args = [sys.executable, "-c", KEYS, str(tmp_path / "kit"), str(tiny), str(EXAMPLES / "stratego.yaml")]
        found: dict[str, str] = json.loads(subprocess.run(args, env=env, capture_output=True, check=True).stdout)
        return found

    before = keys()
    assert {"tiny quickref", "tiny tally", "tiny booklet", "stratego quickref"} <= before.keys()
    assert None not in before.values()
    assert keys() == before  # the same files: the same keys
    template = tiny_copy / "printkit_tinygame" / "templates" / "quickref.html.j2"
    template.write_text(template.read_text("utf-8").replace("<h1>", '<h1 class="big">'), "utf-8")
    after = keys()
    assert {k for k in before if after[k] != before[k]} == {"tiny quickref", "tiny tally", "tiny booklet"}
    stylesheet = tiny_copy / "printkit_tinygame" / "static" / "pictures.css"
    stylesheet.write_text(stylesheet.read_text("utf-8") + "\n.tiny-coin { color: #000; }\n", "utf-8")
    assert {k for k, v in keys().items() if v != after[k]} == {"tiny quickref", "tiny tally", "tiny booklet"}
