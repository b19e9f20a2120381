"""The package as it is published: the wheel carries templates, fonts, rulesets and labels, and the built
wheel and sdist install in a clean virtual environment where `printkit build` makes a kit."""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import venv
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

import printkit
from printkit.examples import files
from printkit.testing.checks import CHECKS

from .conftest import ROOT, bundled_games

DISTRIBUTION = "printkit-tabletop"  # "printkit" on the public index is another project's
WHEEL = "printkit_tabletop-*.whl"
# Builds, installs and runs the package in processes of their own: the whole suite only.
pytestmark = pytest.mark.slow


def test_wheel_contains_assets(tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob(WHEEL)
    names = set(zipfile.ZipFile(wheel).namelist())
    for required in (
        "printkit/templates/base.html.j2",
        "printkit/templates/print.css",
        "printkit/fonts/PTSans-Regular.ttf",
        "printkit/fonts/LICENSE-ParaType.txt",
        "printkit/games/strategiya/strategiya.yaml",
        "printkit/labels.yaml",
        "printkit/cli/__init__.py",
        "printkit/py.typed",
        "printkit/games/vs/vs-2025-text.yaml",
        # Each game's own templates and the static files of its pictures, in its folder (issue 39).
        *(f"printkit/games/{g}/templates/quickref.html.j2" for g in ("strategiya", "vs", "stratego", "tannhauser")),
        "printkit/games/vs/templates/lands.html.j2",
        *(f"printkit/games/{g}/static/pictures.css" for g in ("vs", "stratego", "tannhauser")),
        "printkit/web/static/pictures.css",
    ):
        assert required in names
    # Each bundled game's words and example files (`printkit examples` writes them where the user is).
    inside = ROOT / "printkit"
    for g in bundled_games():
        own = [g.folder / "labels.yaml"] if g.labels else []
        for path in [*own, *files(g)]:
            assert f"printkit/{path.relative_to(inside).as_posix()}" in names, path
    assert not any(n.startswith(("tests/", "output/", "examples/")) for n in names)
    assert not any(n.startswith("printkit/templates/") and "quickref-" in n for n in names)


def _metadata(wheel: Path) -> dict[str, list[str]]:
    with zipfile.ZipFile(wheel) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        message = Parser().parsestr(archive.read(name).decode("utf-8"))
    found: dict[str, list[str]] = {}
    for key, value in message.items():
        found.setdefault(key, []).append(value)
    return found


@pytest.mark.xdist_group("packaging")
def test_the_built_package_installs_in_a_clean_environment_and_builds_a_kit(tmp_path: Path) -> None:
    """issue 35: the sdist and the wheel built from it (as `python -m build` makes them for a release)
    install in a fresh virtual environment, from the package index like any user's, and the installed
    `printkit build` writes the default kit there; the version comes from printkit/version.py alone."""
    dist = tmp_path / "dist"
    # --no-isolation: the build backend of the test extra, so nothing is fetched to build.
    subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), str(ROOT)],
                   check=True, capture_output=True)  # fmt: skip
    (wheel,) = dist.glob(WHEEL)
    (sdist,) = dist.glob("printkit_tabletop-*.tar.gz")
    assert wheel.name.startswith(f"printkit_tabletop-{printkit.__version__}-")
    assert sdist.name == f"printkit_tabletop-{printkit.__version__}.tar.gz"
    meta = _metadata(wheel)
    assert meta["Name"] == [DISTRIBUTION] and meta["Version"] == [printkit.__version__]
    assert meta["Requires-Python"] == [">=3.11"] and meta["License-Expression"] == ["MIT"]
    assert any(c.startswith("Topic :: Games/Entertainment") for c in meta["Classifier"])
    # What the index checks on upload: the metadata, and the README rendering as the project's page.
    checked = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(wheel), str(sdist)],
                             capture_output=True, text=True)  # fmt: skip
    assert checked.returncode == 0, checked.stdout + checked.stderr
    with tarfile.open(sdist) as archive:
        names = {n.split("/", 1)[1] for n in archive.getnames() if "/" in n}
    assert {"CHANGELOG.md", "LICENSE", "README.md", "mkdocs.yml", "printkit/__init__.py"} <= names

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    python = env_dir / "bin" / "python"
    environ = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    environ["PRINTKIT_CACHE_DIR"] = str(tmp_path / "cache")  # a cache of its own: the kit drawn afresh
    pip = [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    done = subprocess.run([*pip, str(wheel)], capture_output=True, text=True, env=environ)
    assert done.returncode == 0, done.stderr[-3000:]
    work = tmp_path / "work"  # not the checkout: the installed package is the one imported
    work.mkdir()
    where = subprocess.run([str(python), "-c", "import printkit; print(printkit.__file__)"], cwd=work,
                           capture_output=True, text=True, env=environ, check=True)  # fmt: skip
    assert Path(where.stdout.strip()).is_relative_to(env_dir)
    printkit_command = env_dir / "bin" / "printkit"
    built = subprocess.run([str(printkit_command), "build", "--out", "kit"], cwd=work, capture_output=True,
                           text=True, env=environ)  # fmt: skip
    assert built.returncode == 0, built.stdout + built.stderr
    kit = {p.name for p in (work / "kit").iterdir()}
    assert {"booklet.pdf", "quickref.pdf", "secret-sheet-player-1.pdf", "print-guide.pdf", "manifest.json"} <= kit

    # A plug-in installed as its author installs it: its dependency on printkit-tabletop found among
    # the built distributions (never the index's "printkit", another project's), its build backend
    # fetched as pip does. The printkit command stays printkit's own, and the conformance suite runs
    # over the plug-in and over a bundled game from the installed packages alone: no test extra, no
    # checkout.
    done = subprocess.run([*pip, "--find-links", str(dist), str(ROOT / "tests" / "tinygame")], capture_output=True,
                          text=True, env=environ)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    listed = subprocess.run([str(python), "-m", "pip", "list", "--format", "freeze", "--disable-pip-version-check"],
                            capture_output=True, text=True, env=environ, check=True).stdout.lower().split()  # fmt: skip
    names = {line.split("==")[0] for line in listed}
    assert {"printkit-tabletop", "printkit-tinygame"} <= names and "printkit" not in names
    version = subprocess.run([str(printkit_command), "--version"], cwd=work, capture_output=True, text=True,
                             env=environ)  # fmt: skip
    assert version.stdout.strip() == f"printkit, version {printkit.__version__}"
    test_extra = ("pytest", "httpx2", "jsonschema", "icepool")
    extras = f"import importlib.util as u; print([m for m in {test_extra!r} if u.find_spec(m)])"
    assert subprocess.run([str(python), "-c", extras], cwd=work, capture_output=True, text=True, env=environ,
                          check=True).stdout.strip() == "[]"  # fmt: skip
    for game_id in ("tiny", "stratego"):
        checked = subprocess.run([str(python), "-m", "printkit.testing", game_id, "--lang", "en"], cwd=work,
                                 capture_output=True, text=True, env=environ)  # fmt: skip
        assert checked.returncode == 0, checked.stdout[-3000:] + checked.stderr[-3000:]
        assert checked.stdout.splitlines()[-1] == f"{game_id}: all {len(CHECKS)} checks passed"

    # The sdist too: installed over the wheel (its backend fetched from the index, as pip does),
    # its printkit answers and draws a page through the templates and fonts it carries.
    done = subprocess.run([*pip, "--force-reinstall", "--no-deps", str(sdist)], capture_output=True, text=True,
                          env=environ)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    version = subprocess.run([str(printkit_command), "--version"], cwd=work, capture_output=True, text=True,
                             env=environ)  # fmt: skip
    assert version.stdout.strip() == f"printkit, version {printkit.__version__}"
    built = subprocess.run([str(printkit_command), "build", "--only", "quickref", "--out", "again"], cwd=work,
                           capture_output=True, text=True, env=environ)  # fmt: skip
    assert built.returncode == 0, built.stdout + built.stderr
    assert (work / "again" / "quickref.pdf").stat().st_size > 10_000
