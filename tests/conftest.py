"""Shared fixtures: the example kits (built once, shared by xdist workers and kept between runs), a
clean working folder, the CLI runner and PDF reading helpers."""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import pickle
import re
import shutil
from collections.abc import Callable, Collection, Iterator
from pathlib import Path
from typing import Any, ClassVar, TypeVar

import click
import pytest
from click.testing import CliRunner, Result
from filelock import FileLock

from printkit.cli import cli

ROOT = Path(__file__).resolve().parent.parent
# Where the run's example files are: a temporary folder the first process of the run (xdist's
# controller, whose workers inherit the variable) assembles and removes at the end.
EXAMPLES_FOLDER = "PRINTKIT_TEST_EXAMPLES"
_ASSEMBLED: list[Path] = []


def bundled_games() -> list[Any]:
    """printkit's own games (a plug-in installed beside them is not one)."""
    from printkit.game import games

    return [g for g in games() if g.package.startswith("printkit.games.")]


def _examples() -> Path:
    """The bundled games' example files in one folder, as `printkit examples` writes them (through the
    same function), assembled once per run: tests read EXAMPLES / "vs-map.yaml" as a user's holds it."""
    import tempfile

    from printkit.examples import write as write_examples

    given = os.environ.get(EXAMPLES_FOLDER)
    if given:
        return Path(given) / "examples"
    base = Path(tempfile.mkdtemp(prefix="printkit-test-examples-"))
    write_examples(base / "examples", bundled_games())
    os.environ[EXAMPLES_FOLDER] = str(base)
    _ASSEMBLED.append(base)
    return base / "examples"


EXAMPLES = _examples()
# The example session configs (each game's Game.configs); the other example files are maps, a
# position and a paths graph that the questions' tests read.
CONFIGS = sorted(EXAMPLES / name for g in bundled_games() for name in g.configs)
KIT_SEED = "example-kits-for-the-test-suite"
LANGS = ("ru", "en")
PAPERS = ("a4", "letter")
LANGS_AND_PAPERS = [(lang, paper) for lang in LANGS for paper in PAPERS]
T = TypeVar("T")
# The bundled default game's kit as `printkit build` writes it with these options (kits.default()).
DEFAULT_KIT = ("--seed", KIT_SEED)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--write-catalogues",
        action="store_true",
        help="rewrite the tests column of docs/rules/*.md from the rule markers (use with --collect-only)",
    )
    parser.addoption("--dump-rule-marks", metavar="FILE", help="write rule id -> marked tests as JSON to FILE")


def pytest_configure(config: pytest.Config) -> None:
    # Builds in tests use an artefact cache of their own, never the user's, shared by the run's xdist
    # workers (they inherit the variable): kept beside the example kits between runs while nothing
    # the pages depend on changes (see kept_root), or else a temporary folder removed at the end.
    import tempfile

    if os.environ.get("PYTEST_XDIST_WORKER"):
        return
    for base in _ASSEMBLED:  # the example files this process assembled, removed when the run ends
        config.add_cleanup(functools.partial(shutil.rmtree, base, ignore_errors=True))
    root = kept_root(config)
    if root is not None:
        os.environ["PRINTKIT_CACHE_DIR"] = str(root / "artefact-cache")
    else:
        folder = tempfile.mkdtemp(prefix="printkit-test-cache-")
        os.environ["PRINTKIT_CACHE_DIR"] = folder
        config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))


def kept_root(config: pytest.Config) -> Path | None:
    """Where this run keeps what it may reuse next time (the example kits, the pages they read back,
    the artefact cache): pytest's cache folder, .pytest_cache/d/example-kits/<source_key()>/, with
    the folders of older keys removed. None with `--cache-clear` (which each xdist worker applies as
    it starts) or `-p no:cacheprovider`: then everything is made afresh in temporary folders."""
    cache = getattr(config, "cache", None)
    if cache is None or config.getoption("cacheclear", False):
        return None
    base = Path(cache.mkdir("example-kits"))
    root = base / source_key()
    with FileLock(base / "clean.lock"):
        for old in base.iterdir():
            if old.is_dir() and old != root:
                shutil.rmtree(old, ignore_errors=True)
        root.mkdir(parents=True, exist_ok=True)
    return root


# Rule id -> marked tests, when this run collected every test file (tests/test_catalogues.py reads
# it instead of collecting the suite again in a process of its own).
WHOLE_SUITE_MARKS = pytest.StashKey[dict[str, list[str]]]()


# tryfirst: before -k and -m deselect anything, and before xdist reads the xdist_group marks.
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    from .catalogue import marked_tests, write_tests_column

    everyday = everyday_kits()
    for item in items:
        group = xdist_group(item.nodeid)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
        kit = kit_of(item.nodeid)
        if kit is not None and kit not in everyday and "kits" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)  # the whole suite reads every kit, the everyday tier a sample
    if {item.path for item in items} >= set(Path(__file__).resolve().parent.rglob("test_*.py")):
        config.stash[WHOLE_SUITE_MARKS] = marked_tests(list(items))
    if config.getoption("--write-catalogues"):
        write_tests_column(marked_tests(list(items)))
    dump = config.getoption("--dump-rule-marks")
    if dump:
        import json

        Path(dump).write_text(json.dumps(marked_tests(list(items))), encoding="utf-8")


# A test parametrized by a whole example kit ends its id in [<config>-<lang>-<paper>].
KIT_ID = re.compile(r"\[(?P<config>[\w-]+)-(?P<lang>ru|en)-(?P<paper>a4|letter)\]$")
# The documented build examples of `printkit --help` and `printkit build --help`, and the tests that
# build what one of them builds (the greyscale saddle-stitched booklet).
DOCUMENTED_BUILDS = re.compile(
    r"test_docs\.py::test_help_examples_run_as_documented\[(?:printkit|build)\]$"
    r"|test_booklet\.py::test_greyscale_tabs_are_grey_and_still_distinct$"
)


def kit_of(nodeid: str) -> tuple[str, str, str] | None:
    """The example kit (config, language, paper) whose id ends a test's id, or None. Other parameters
    may come first ([tokens-vs-2025-ru-a4]): the longest config name that ends the rest is the kit's."""
    found = KIT_ID.search(nodeid)
    if not found:
        return None
    words = found["config"]
    names = {c.stem for c in CONFIGS}
    ends = [words[i:] for i in range(len(words)) if (i == 0 or words[i - 1] == "-") and words[i:] in names]
    return (ends[0] if ends else words), found["lang"], found["paper"]


@functools.cache
def everyday_kits() -> frozenset[tuple[str, str, str]]:
    """The example kits the everyday tier (-m "not slow") reads: a pairwise sample of (config,
    language, paper), the whole suite reads all of them. Every config in Russian on A4 (the kit most
    tests ask for) and in English on Letter; a config whose kit is a card and one sheet (a second's
    drawing each) on the other two as well, so that each language meets each paper."""
    from printkit import load_session
    from printkit.pipeline.kit import kinds_for

    sample = {(c.stem, lang, paper) for c in CONFIGS for lang, paper in (("ru", "a4"), ("en", "letter"))}
    small = [c.stem for c in CONFIGS if len(kinds_for(load_session(c))) <= 2]
    return frozenset(sample | {(c, lang, paper) for c in small for lang in LANGS for paper in PAPERS})


def pairwise(cases: list[tuple[str, ...]], first: Collection[tuple[str, ...]] = ()) -> list[tuple[str, ...]]:
    """Some of the cases, in which every two values that any case puts together meet at least once (a
    greedy all-pairs cover); among cases that add as many new pairs, one of `first` is taken first."""

    def pairs(case: tuple[str, ...]) -> set[tuple[int, str, int, str]]:
        return {(i, case[i], j, case[j]) for i, j in itertools.combinations(range(len(case)), 2)}

    needed = set().union(*(pairs(c) for c in cases))
    order = sorted(cases, key=lambda c: c not in first)
    chosen = []
    while needed:
        best = max(order, key=lambda c: len(pairs(c) & needed))
        chosen.append(best)
        needed -= pairs(best)
    return chosen


def xdist_group(nodeid: str) -> str | None:
    """The xdist group of a test, or None for a test that may go to any worker on its own.

    With `--dist loadgroup` (pyproject's addopts) a group goes to one worker. The tests parametrized
    by one example kit go together, so the worker that builds the kit (or finds it built) reads its
    PDFs once for all of them. The kits of the sessions of one game's rules (strategiya and
    strategiya-heroes) go together too: the second takes the booklet and the quick reference from
    the run's artefact cache instead of drawing them beside the first. The documented builds build
    the same kits: one after the other, the second takes them from the artefact cache."""
    kit = kit_of(nodeid)
    if kit is not None:
        config, lang, paper = kit
        return f"kit-{rules_of(config)}-{lang}-{paper}"
    return "documented-builds" if DOCUMENTED_BUILDS.search(nodeid) else None


@functools.cache
def rules_of(config: str) -> str:
    """The ruleset an example config plays (its own name where it is no example's)."""
    from printkit import load_session

    path = EXAMPLES / f"{config}.yaml"
    return load_session(path).ruleset.id if path in CONFIGS else config


class ExampleKits:
    """Every example kit, built when a test first asks for it and then shared (see the kits fixture).

    kits("vs-2025", "en", "letter") is the folder of that config's whole kit in English on Letter,
    as `printkit build CONFIG --lang en --paper letter` writes it. Tests only read it.
    The folder is shared by the run's xdist workers: the first to ask builds the kit under a file
    lock, the others wait for it and read the same files (build_kit moves a finished kit into place
    in one rename, so a folder that exists is complete). The kits are seeded, and the same seed
    gives the same bytes (tests/strategiya/test_secret_pdf.py), so a kit built earlier is the kit.
    """

    roots: ClassVar[list[Path]] = []  # every store of this process, for remembered()

    def __init__(self, root: Path, everyday: bool = False) -> None:
        self.root = root
        self.everyday = everyday  # the run leaves the slow tests out: it may read only the sampled kits
        self.built: dict[tuple[str, str, str], Path] = {}
        ExampleKits.roots.append(root.resolve())

    def __call__(self, name: str, lang: str = "ru", paper: str = "a4") -> Path:
        key = (name, lang, paper)
        if self.everyday and key not in everyday_kits():
            pytest.fail(f"the everyday tier reads only the sampled example kits, not {key}: read one of "
                        f"{sorted(everyday_kits())} or mark the test slow", pytrace=False)  # fmt: skip
        if key not in self.built:
            folder = self.root / f"{name}-{lang}-{paper}"
            with FileLock(self.root / f"{folder.name}.lock"):
                if not folder.is_dir():
                    from printkit import Options, build_kit, load_session
                    from printkit.config.session import with_overrides

                    session = with_overrides(load_session(EXAMPLES / f"{name}.yaml"), lang, paper)
                    # Built as `printkit build CONFIG --lang --paper` builds it, so that the tests' own
                    # builds of the examples (with or without the imposed copy: it is no part of the
                    # booklet's cache key) find its pages in the run's artefact cache.
                    partial = folder.with_name(f".{folder.name}.partial")
                    shutil.rmtree(partial, ignore_errors=True)
                    # One process: the run's xdist workers already keep every core busy, and a
                    # build's own worker pool on top of them would only add forks and waiting.
                    build_kit(session, partial, seed=KIT_SEED, jobs=1, options=Options())
                    partial.rename(folder)  # in one step: a folder that exists is complete
            self.built[key] = folder
        return self.built[key]

    def build(self, *args: str | Path, config: str | None = None, beside: dict[str, str] | None = None) -> Path:
        """The kit `printkit build [CONFIG] ARGS --out FOLDER` writes, built once for every test that
        asks with the same arguments (and shared like the example kits). `config` is the text of a
        config of the test's own; `beside`, the files (name: text) it names, written next to it."""
        import hashlib

        words = [str(a) for a in args]
        files = sorted((beside or {}).items())
        key = hashlib.sha256(repr((config, files, words)).encode()).hexdigest()[:16]
        folder = self.root / f"build-{key}"
        with FileLock(self.root / f"{folder.name}.lock"):
            if not folder.is_dir():
                if config is not None:
                    source = self.root / f"{folder.name}-config"
                    source.mkdir(exist_ok=True)
                    for name, text in [*files, ("config.yaml", config)]:
                        (source / name).write_text(text, encoding="utf-8")
                    words.insert(0, str(source / "config.yaml"))
                result = run("build", *words, "--out", str(folder))
                assert result.exit_code == 0, result.output
        return folder

    def default(self) -> Path:
        """The bundled default game's whole kit (`printkit build` without a config, DEFAULT_KIT)."""
        return self.build(*DEFAULT_KIT)


def remembered(path: Path, what: str, read: Callable[[Path], T]) -> T:
    """read(path), kept on disk beside the shared kits when path is a file of theirs (the store is keyed
    by source_key(), which covers this code and tests/pdfcheck.py), so that the other xdist workers and
    later runs load what one worker read instead of reading the PDF again. `what` names the reading and
    its arguments. Kept by the file's content: kits that share a file (every session of a game prints
    the same booklet) read it once. Any other path is simply read."""
    import hashlib

    path = Path(path).resolve()
    for root in ExampleKits.roots:
        if path.is_relative_to(root):
            content = hashlib.sha256(path.read_bytes()).hexdigest()
            kept = root / "reads" / f"{content}~{what}.pickle"
            if kept.is_file():
                value: T = pickle.loads(kept.read_bytes())
                return value
            value = read(path)
            kept.parent.mkdir(exist_ok=True)
            partial = kept.with_name(f".{kept.name}.{os.getpid()}")
            partial.write_bytes(pickle.dumps(value))
            partial.replace(kept)  # in one step: a reader sees all of it or nothing
            return value
    return read(path)


def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of this test run that every xdist worker shares (the workers' own folders lie in it)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def source_key() -> str:
    """A digest of everything the shared kits' bytes depend on: printkit's code and data as imported,
    its templates and fonts, the example configs, the code here that builds and reads kits, printkit's
    environment variables, and the version of every installed distribution and of Python. A change to
    any of them makes a new key."""
    import hashlib
    import importlib.metadata
    import sys

    import printkit
    from printkit.assets import fonts_dir, templates_dir

    digest = hashlib.sha256(sys.version.encode())
    here = Path(__file__).resolve().parent
    for folder in (Path(printkit.__file__).resolve().parent, templates_dir(), fonts_dir(), EXAMPLES):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(f"{path.relative_to(folder)}\0".encode() + path.read_bytes())
    for path in (here / "conftest.py", here / "pdfcheck.py"):
        digest.update(path.read_bytes())
    # The artefact cache's folder is a fresh temporary one each run (pytest_configure): not part of the key.
    temporary = ("PRINTKIT_CACHE_DIR", EXAMPLES_FOLDER)  # folders of the run: what they hold is keyed above
    settings = sorted((k, v) for k, v in os.environ.items() if k.startswith("PRINTKIT_") and k not in temporary)
    digest.update(repr(settings).encode())
    versions = sorted(f"{d.metadata['Name']}=={d.version}" for d in importlib.metadata.distributions())
    digest.update("\n".join(versions).encode())
    return digest.hexdigest()[:24]


@pytest.fixture(scope="session")
def kits(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> ExampleKits:
    """The example kits (see ExampleKits), kept between test runs while nothing they depend on
    changes (kept_root), or else built afresh in the run's temporary folder."""
    root = kept_root(request.config) or run_folder(tmp_path_factory) / "example-kits"
    root.mkdir(parents=True, exist_ok=True)
    return ExampleKits(root, everyday="not slow" in (request.config.getoption("markexpr") or ""))


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run in an empty folder, as a user would in a fresh checkout."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(*args: str) -> Result:
    """Invoke the printkit CLI in-process; stderr is kept apart from stdout."""
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def pdf_text(path: Path) -> list[str]:
    """Extracted text of every page, hyphenation breaks removed.

    Remembered per version of the file (path, inode, size, times): the shared example kits are read
    by many tests, and pypdf's extraction is the slow part of reading them."""
    stat = Path(path).stat()
    version = (stat.st_ino, stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns)
    return list(_pdf_text(Path(path).resolve(), version))


@functools.lru_cache(maxsize=256)
def _pdf_text(path: Path, version: tuple[int, ...]) -> tuple[str, ...]:
    return remembered(path, "text", _extract_text)


def _extract_text(path: Path) -> tuple[str, ...]:
    # PDFium reads text some twenty times faster than pypdf. Its lines end in CR LF, and where a
    # line ends in a word's own hyphen (корабля-/призрака) it gives U+FFFE for the hyphen and the
    # break: both are put back as pypdf prints them. WeasyPrint's breaks (html.AUTO_HYPHEN) are joined.
    import pypdfium2 as pdfium

    from printkit.render.html import AUTO_HYPHEN

    pdf = pdfium.PdfDocument(path)
    try:
        pages = []
        for number in range(len(pdf)):
            page = pdf[number]
            textpage = page.get_textpage()
            text = textpage.get_text_range().replace("\r\n", "\n").replace("\ufffe", "-\n")
            pages.append(text.replace(AUTO_HYPHEN + "\n", ""))
            textpage.close()
            page.close()
        return tuple(pages)
    finally:
        pdf.close()


def without_permissions() -> list[str]:
    """A command prefix that makes permission bits apply (root ignores them unless it drops the right)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    assert setpriv, "running as root needs util-linux's setpriv to test permissions"
    return [setpriv, "--bounding-set", "-dac_override,-dac_read_search"]


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def booklet_html(config: Path, lang: str = "ru") -> str:
    """A config's booklet as printkit hands it to the layout engine: its whole content, checked as a
    build checks it (a rules text missing the language is refused), without laying out its pages."""
    from printkit import load_session
    from printkit.config.session import with_overrides
    from printkit.render.html import render_template
    from printkit.sheets.booklet import context

    session = with_overrides(load_session(config), lang, None)
    return render_template("booklet.html.j2", context(session))


def html_text(html: str) -> str:
    """The text an HTML page prints: inline tags dropped, block tags a space, entities read, runs of
    white space as one."""
    import html as entities

    blocks = r"</?(?:p|div|li|ul|ol|h\d|td|th|tr|table|caption|section|br|blockquote)\b[^>]*>"
    text = re.sub(r"<[^>]+>", "", re.sub(blocks, " ", html))
    return re.sub(r"\s+", " ", entities.unescape(text))


def pdf_runs(path: Path, page: int = 0) -> list[tuple[float, float, str, str, float]]:
    """(x, y, text, font, size) of every text run on a page, in drawing order."""
    from pypdf import PdfReader

    runs: list[tuple[float, float, str, str, float]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: dict | None, size: float) -> None:
        if text.strip():
            name = str(font.get("/BaseFont", "")) if font else ""
            runs.append((tm[4], tm[5], text.strip(), name.split("+")[-1], size))

    PdfReader(path).pages[page].extract_text(visitor_text=visit)
    return runs


def sheet_columns(path: Path, page: int = 0) -> list[tuple[int, ...]]:
    """The secret numbers printed on a sheet page, column by column (big bold digits, in drawing order)."""
    numbers = [
        int(text)
        for _, _, text, font, size in pdf_runs(path, page)
        if font == "PTSans-Bold" and size > 12 and text.isdigit()
    ]
    return [tuple(numbers[i : i + 10]) for i in range(0, len(numbers), 10)]


@pytest.fixture
def terminal_stderr(monkeypatch: pytest.MonkeyPatch) -> None:
    """`printkit build` believes its stderr is a terminal (the runner's captured stream, claiming a tty),
    so it shows the live progress a person sees."""
    import sys as real_sys

    import printkit.cli.build as build_cli

    class Err:
        def isatty(self) -> bool:
            return True

        def __getattr__(self, name: str) -> Any:
            return getattr(real_sys.stderr, name)

    class Terminal:
        stderr = Err()

    monkeypatch.setattr(build_cli, "sys", Terminal)


# ---- the tiny game, installed as a plug-in of its own ------------------------------------------


def install_tinygame(base: Path) -> Path:
    """tests/tinygame installed by pip as its author installs it, into base/tinygame-<digest> (once for
    the run's xdist workers, which share base): its dependency on printkit-tabletop resolved by pip
    against the printkit installed here (never the index, never --no-deps). Returns the folder of its
    modules, to put on sys.path, where printkit finds the game through its entry point as it finds
    any plug-in."""
    import hashlib
    import subprocess
    import sys
    import sysconfig
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        # Installed in this environment for good (the suite run with five games): that one, since pip
        # would uninstall it from the environment to install it into a prefix.
        return Path(str(distribution("printkit-tinygame").locate_file("")))
    except PackageNotFoundError:
        pass
    source = ROOT / "tests" / "tinygame"
    files = sorted(p for p in source.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    digest = hashlib.sha256(b"".join(p.relative_to(source).as_posix().encode() + p.read_bytes() for p in files))
    prefix = base / f"tinygame-{digest.hexdigest()[:12]}"  # an edited game is installed afresh

    def site(root: Path) -> Path:
        return Path(sysconfig.get_path("purelib", vars={"base": str(root), "platbase": str(root)}))

    with FileLock(str(prefix) + ".lock"):
        if not (site(prefix) / "printkit_tinygame").is_dir():
            partial = prefix.with_name(prefix.name + ".partial")
            shutil.rmtree(partial, ignore_errors=True)
            # --prefix, unlike --target, sees what this environment holds: printkit-tabletop is found
            # installed and satisfies the game's dependency; the build backend is the test extra's.
            subprocess.run(
                [sys.executable, "-m", "pip", "install", "--quiet", "--no-index", "--no-build-isolation",
                 "--disable-pip-version-check", "--prefix", str(partial), str(source)],
                check=True, capture_output=True,
            )  # fmt: skip
            partial.rename(prefix)
    return site(prefix)


@pytest.fixture(scope="session")
def tinygame_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install_tinygame(tmp_path_factory.getbasetemp().parent)


@contextlib.contextmanager
def plugged_in(site: Path) -> Iterator[Any]:
    """A folder with the tiny game installed in it on sys.path while the block runs, the game found
    by the registry as any plug-in; gone again after it."""
    import importlib
    import sys

    from printkit.game import game, rediscover

    sys.path.insert(0, str(site))
    importlib.invalidate_caches()
    rediscover()
    try:
        yield game("tiny")
    finally:
        sys.path.remove(str(site))
        for name in [m for m in sys.modules if m.split(".")[0] == "printkit_tinygame"]:
            del sys.modules[name]
        rediscover()


@pytest.fixture
def tiny_game(tinygame_site: Path) -> Iterator[Any]:
    """The installed tiny game: its site folder on sys.path while the test runs, found by the registry."""
    with plugged_in(tinygame_site) as found:
        yield found


@pytest.fixture
def tiny_copy(tinygame_site: Path, tmp_path: Path) -> Path:
    """A copy of the installed tiny game's site folder, to edit (its ruleset, its templates) before
    plugging it in: the game's files are then at tiny_copy / "printkit_tinygame"."""
    copy = tmp_path / "tiny-site"
    shutil.copytree(tinygame_site, copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def commands() -> Iterator[tuple[list[str], click.Command]]:
    """Every command of printkit's tree, groups and the top one too, with the words that call it."""

    def walk(command: click.Command, path: list[str]) -> Iterator[tuple[list[str], click.Command]]:
        yield path, command
        if isinstance(command, click.Group):
            ctx = click.Context(command)
            for name in command.list_commands(ctx):
                child = command.get_command(ctx, name)
                assert child is not None
                yield from walk(child, [*path, name])

    yield from walk(cli, [])


def tried(path: Path, kind: str, values: dict[str, Any]) -> Any:
    """An event recorded (or the last undone, kind "undo") as a random replay tries it: what it did,
    or None where a rule says no (short of money, no goods, a fallen hero), which records nothing."""
    from printkit import evening
    from printkit.evening import EveningRefused

    try:
        return evening.undo(path) if kind == "undo" else evening.record(path, kind, values)
    except EveningRefused:
        return None
    except Exception as exc:
        assert getattr(exc, "key", "").startswith(("sev_", "ev_")), exc  # a rule's refusal, never a fault
        return None


def replays_as_live(path: Path, events: Any, seed: int, n: int) -> list[str]:
    """n random events (`events(rng)` -> (kind, values)) tried on the evening at path, each one
    recorded checked: the journal folded afresh gives the state recorded live. The kinds recorded."""
    import random

    from printkit import evening
    from printkit.evening import recording

    rng, kinds = random.Random(seed), []
    for _ in range(n):
        kind, values = events(rng)
        done = tried(path, kind, values)
        if done is None:
            continue
        kinds.append(kind)
        recording._KNOWN.clear()
        assert evening.read(path).state == done.state, kind
    return kinds


def to_play(path: Path, player: str) -> None:
    """Ends turns until it is `player`'s turn (a «Стратегия» evening of two passes over the first
    player's second turn for the second's two in a row: one end of turn may not be enough)."""
    from printkit import evening

    for _ in range(8):
        evening.record(path, "next", {})
        if evening.read(path).state.whose == player:
            return
    raise AssertionError(f"no turn of {player} came")


def heroes_evening(tmp_path: Path, name: str = "heroes.sqlite") -> Path:
    """An evening of the example heroes' config with the example «Стратегия» map (a town at B2, the
    death zone), its files in a folder of their own as a user keeps them."""
    from printkit import evening

    folder = tmp_path / "config"
    folder.mkdir()
    (folder / "map.yaml").write_text((EXAMPLES / "map.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    config = folder / "heroes.yaml"
    config.write_text((EXAMPLES / "strategiya-heroes.yaml").read_text(encoding="utf-8") + "map: map.yaml\n",
                      encoding="utf-8")  # fmt: skip
    path = tmp_path / name
    evening.start(config, path)
    return path
