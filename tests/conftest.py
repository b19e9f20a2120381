"""Shared fixtures: a clean working folder, the CLI runner and PDF reading helpers."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from printkit.cli import cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
# Map and path-graph files are not session configs: tests/test_maps.py, test_vs_movement.py and
# test_board_moves.py use them.
DATA_FILES = {"map.yaml", "vs-map.yaml", "tannhauser-paths.yaml"}
CONFIGS = sorted(p for p in EXAMPLES.glob("*.yaml") if p.name not in DATA_FILES)
KIT_SEED = "example-kits-for-the-test-suite"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--write-catalogues",
        action="store_true",
        help="rewrite the tests column of docs/rules/*.md from the rule markers (use with --collect-only)",
    )
    parser.addoption("--dump-rule-marks", metavar="FILE", help="write rule id -> marked tests as JSON to FILE")


def pytest_configure(config: pytest.Config) -> None:
    # Builds in tests use an artefact cache of their own, never the user's: one folder per test run,
    # shared by its xdist workers (they inherit the variable) and removed at the end.
    import os
    import tempfile

    if "PRINTKIT_CACHE_DIR" not in os.environ:
        folder = tempfile.mkdtemp(prefix="printkit-test-cache-")
        os.environ["PRINTKIT_CACHE_DIR"] = folder
        config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    from .catalogue import marked_tests, write_tests_column

    if config.getoption("--write-catalogues"):
        write_tests_column(marked_tests(list(items)))
    dump = config.getoption("--dump-rule-marks")
    if dump:
        import json

        Path(dump).write_text(json.dumps(marked_tests(list(items))), encoding="utf-8")


class ExampleKits:
    """Every example kit, built once per test session when a test first asks for it.

    kits("vs-2025", "en", "letter") is the folder of that config's whole kit in English on Letter,
    with the saddle-stitched booklet-print.pdf where the game has a booklet. Tests only read it.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self.built: dict[tuple[str, str, str], Path] = {}

    def __call__(self, name: str, lang: str = "ru", paper: str = "a4") -> Path:
        key = (name, lang, paper)
        if key not in self.built:
            from printkit import build_kit, load_session
            from printkit.artefact import Options
            from printkit.config.session import with_overrides

            session = with_overrides(load_session(EXAMPLES / f"{name}.yaml"), lang, paper)
            folder = self.root / f"{name}-{lang}-{paper}"
            build_kit(session, folder, seed=KIT_SEED, options=Options(imposition="saddle"))
            self.built[key] = folder
        return self.built[key]


@pytest.fixture(scope="session")
def kits(tmp_path_factory: pytest.TempPathFactory) -> ExampleKits:
    """The example kits of this test session (see ExampleKits)."""
    return ExampleKits(tmp_path_factory.mktemp("example-kits"))


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run in an empty folder, as a user would in a fresh checkout."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(*args: str) -> Result:
    """Invoke the printkit CLI in-process; stderr is kept apart from stdout."""
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def pdf_text(path: Path) -> list[str]:
    """Extracted text of every page, hyphenation breaks removed."""
    from pypdf import PdfReader

    return [(page.extract_text() or "").replace("\u2010\n", "") for page in PdfReader(path).pages]


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


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
