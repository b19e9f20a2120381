"""The kit folder under pressure: races, --force, kills, private staging, --png, a full disk, no permission."""

from __future__ import annotations

import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from printkit.cli import cli
from printkit.output import KitWriter

from .conftest import EXAMPLES, ROOT, ExampleKits, run


def _during_build(monkeypatch: pytest.MonkeyPatch, action: Any) -> None:
    """Run action(writer) in the middle of a secret-sheets build, after the sheets are staged."""
    from printkit.games.strategiya import secret_sheets

    original = secret_sheets.write_key

    def write_key(target: Any, *args: Any, **kwargs: Any) -> None:
        original(target, *args, **kwargs)
        action(Path(target).parent)

    monkeypatch.setattr(secret_sheets, "write_key", write_key)


def _hidden(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def test_a_kit_that_appears_meanwhile_is_never_written_into(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Another build finishes first, into the same new --out: this one must fail, not mix the two.
    out = workdir / "kit"

    def other_build(staging: Path) -> None:
        out.mkdir()
        (out / "secret-sheet-player-1.pdf").write_bytes(b"the other kit")

    _during_build(monkeypatch, other_build)
    result = run("build", "--out", out, "--only", "secret-sheets")
    assert result.exit_code == 4
    assert result.output == (
        f"printkit: error: {out}: another kit appeared there while this one was being built; nothing was "
        "written there — choose another --out\n"
    )
    assert [p.name for p in out.iterdir()] == ["secret-sheet-player-1.pdf"]
    assert (out / "secret-sheet-player-1.pdf").read_bytes() == b"the other kit"
    assert _hidden(workdir) == []


def test_two_default_names_in_the_same_second_do_not_collide(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A second build picks the same default name while the first is still rendering; both kits survive.
    taken: list[Path] = []

    def first_build_lands(staging: Path) -> None:
        name = staging.name.split(".partial-")[0].lstrip(".")
        taken.append(staging.parent / name)
        (staging.parent / name).mkdir()
        (staging.parent / name / "manifest.json").write_text("{}")

    _during_build(monkeypatch, first_build_lands)
    result = run("build", "--only", "secret-sheets")
    assert result.exit_code == 0, result.output
    [first] = taken
    second = first.with_name(first.name + "-2")
    assert result.output == f"Kit written to output/{second.name}/\n"
    assert [p.name for p in first.iterdir()] == ["manifest.json"]
    assert (second / "secret-sheet-player-1.pdf").is_file()


def test_force_replaces_the_old_kit_as_a_whole(workdir: Path, kits: ExampleKits) -> None:
    out = workdir / "kit"
    shutil.copytree(kits.default(), out)  # a whole default kit, as `printkit build --out kit` leaves it
    (out / "notes.txt").write_text("mine")
    assert run("build", "--out", out, "--force", "--only", "quickref").exit_code == 0
    # Nothing of the old kit stays beside the new manifest; the user's own file does.
    assert sorted(p.name for p in out.iterdir()) == ["manifest.json", "notes.txt", "quickref.pdf"]
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    assert [f["name"] for f in manifest["files"]] == ["quickref.pdf"]
    assert _hidden(workdir) == []


def test_force_never_follows_a_forged_manifest_out_of_the_folder(workdir: Path) -> None:
    out = workdir / "kit"
    out.mkdir()
    victim = workdir / "precious.txt"
    victim.write_text("keep")
    forged = {"format": "printkit.manifest/1", "files": [{"name": "../precious.txt"}, {"name": str(victim)}]}
    (out / "manifest.json").write_text(json.dumps(forged))
    assert run("build", "--out", out, "--force", "--only", "quickref").exit_code == 0
    assert victim.read_text() == "keep"


def test_staging_is_private_while_the_kit_is_built(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    modes: list[int] = []
    _during_build(monkeypatch, lambda staging: modes.append(stat.S_IMODE(staging.stat().st_mode)))
    assert run("build", "--out", workdir / "kit", "--only", "secret-sheets").exit_code == 0
    assert modes == [0o700]
    # The finished kit gets the permissions of any folder the user makes.
    assert stat.S_IMODE((workdir / "kit").stat().st_mode) == 0o777 & ~_umask()


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _start_build(folder: Path) -> subprocess.Popen[bytes]:
    """A real process building the default kit (booklet included: long enough to be interrupted)
    with two worker processes. It draws everything (--no-cache): a kit from the test run's artefact
    cache could be finished before the signal is sent."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-m", "printkit", "build", "--no-cache", "--jobs", "2", "--out", str(folder / "kit")],
        cwd=folder,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def _wait_for_staging(folder: Path, process: subprocess.Popen[bytes]) -> Path:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        found = [p for p in folder.iterdir() if ".partial-" in p.name and any(p.iterdir())]
        if found:
            return found[0]
        assert process.poll() is None, "the build ended before it could be interrupted"
        time.sleep(0.02)
    raise AssertionError("no staging folder appeared")


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_terminated_build_removes_its_staging(tmp_path: Path, signum: int) -> None:
    process = _start_build(tmp_path)
    _wait_for_staging(tmp_path, process)
    process.send_signal(signum)
    assert process.wait(timeout=60) == -signum  # it still dies of the signal, as the sender meant
    assert list(tmp_path.iterdir()) == []


def _children(pid: int) -> list[int]:
    """The processes whose parent is pid (Linux's /proc)."""
    found = []
    for stat_file in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat_file.read_text().rpartition(")")[2].split()
        except OSError:
            continue  # ended meanwhile
        if int(fields[1]) == pid:
            found.append(int(stat_file.parent.name))
    return found


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has ended: only its exit status waits to be collected


def test_next_build_removes_what_a_killed_build_left(tmp_path: Path) -> None:
    process = _start_build(tmp_path)
    staging = _wait_for_staging(tmp_path, process)
    assert stat.S_IMODE(staging.stat().st_mode) == 0o700  # even left behind, only its owner can read it
    workers = _children(process.pid)
    assert len(workers) == 2, workers
    process.kill()
    process.wait(timeout=60)
    # Its workers die with it, at once, rather than go on drawing (the booklet takes seconds) and
    # writing into the staging folder.
    deadline = time.monotonic() + 1
    while any(map(_running, workers)) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not any(map(_running, workers)), workers
    assert staging.exists()  # SIGKILL cannot be caught...
    other = tmp_path / ".kit.partial-elsewhere-1-00000000"  # ...and another host's build is not ours to judge
    other.mkdir()
    os.chdir(tmp_path)
    try:
        assert run("build", "--out", tmp_path / "kit2", "--only", "quickref").exit_code == 0
    finally:
        os.chdir(ROOT)
    assert not staging.exists()  # ...so the next build into that place removes it
    assert other.exists()


def test_png_folder_is_staged_like_the_kit(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    png = workdir / "png"
    png.mkdir()
    (png / "attack.png").write_bytes(b"my own picture")
    args = ["build", str(EXAMPLES / "vs-2025.yaml"), "--only", "battle-cards", "--png", str(png)]
    result = run(*args, "--out", workdir / "kit")
    assert result.exit_code == 4
    assert result.output == (
        f"printkit: error: {png}: folder exists and is not empty; use --force to write into it, or choose "
        "another --out\n"
    )
    assert (png / "attack.png").read_bytes() == b"my own picture"
    assert not (workdir / "kit").exists()
    # Ctrl-C after the PNGs were drawn: none of them reaches the folder. Drawn afresh: from the run's
    # artefact cache (another test's build of the same cards) nothing would be drawn to interrupt.
    from printkit.games.vs import cards

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    shutil.rmtree(png)
    real = cards.write_pngs
    monkeypatch.setattr(cards, "write_pngs", lambda *a, **k: (real(*a, **k), interrupted()))
    result = CliRunner().invoke(cli, [*args, "--no-cache", "--out", str(workdir / "kit")])
    assert result.exit_code == 1
    assert sorted(p.name for p in workdir.iterdir()) == []


def test_png_folder_inside_the_kit_moves_with_it(workdir: Path) -> None:
    kit = workdir / "kit"
    result = run("build", EXAMPLES / "vs-2025.yaml", "--only", "battle-cards", "--png", kit / "png", "--out", kit)
    assert result.exit_code == 0, result.output
    manifest = json.loads((kit / "manifest.json").read_text("utf-8"))
    assert "png/attack.png" in [f["name"] for f in manifest["files"]]
    assert (kit / "png" / "attack.png").is_file()


def test_full_disk_is_a_clean_error_with_nothing_left(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # /dev/full answers every write with ENOSPC, like a disk that filled up mid-build.
    path = KitWriter.path

    def full(self: KitWriter, name: str) -> Path:
        target = path(self, name)
        target.symlink_to("/dev/full")
        return target

    monkeypatch.setattr(KitWriter, "path", full)
    for kind in ("secret-sheets", "quickref"):  # a canvas page and an HTML page
        result = run("build", "--out", workdir / "deep" / "er" / "kit", "--only", kind)
        assert result.exit_code == 4
        assert result.output == f"printkit: error: {workdir / 'deep/er/kit'}: cannot write: No space left on device\n"
        assert list(workdir.iterdir()) == []  # not even the parent folders it made


def _without_permissions() -> list[str]:
    """A command prefix that makes permission bits apply (root ignores them unless it drops the right)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    assert setpriv, "running as root needs util-linux's setpriv to test permissions"
    return [setpriv, "--bounding-set", "-dac_override,-dac_read_search"]


def test_out_inside_a_folder_that_cannot_be_entered(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0)
    try:
        for out in (locked / "kit", locked / "inner" / "kit"):
            result = subprocess.run(
                [*_without_permissions(), sys.executable, "-m", "printkit", "build", "--only", "quickref",
                 "--out", str(out)],
                cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
                timeout=120,
            )  # fmt: skip
            assert (result.returncode, result.stderr) == (
                4,
                f"printkit: error: {out}: cannot create: Permission denied\n",
            )
            assert "Traceback" not in result.stdout
    finally:
        locked.chmod(0o700)
    assert list(locked.iterdir()) == []


def test_out_that_is_a_symlink_loop(workdir: Path) -> None:
    (workdir / "a").symlink_to("b")
    (workdir / "b").symlink_to("a")
    result = run("build", "--out", workdir / "a", "--only", "quickref")
    assert (result.exit_code, result.output) == (
        4,
        f"printkit: error: {workdir / 'a'}: cannot create: the path loops or is not a folder name\n",
    )


@pytest.mark.parametrize(
    "args",
    [
        ("calibrate",),
        ("build", EXAMPLES / "stratego.yaml", "--only", "stratego-setup"),
        ("map", "draw", EXAMPLES / "map.yaml", "--lang", "en"),
    ],
    ids=["calibrate", "build", "map-draw"],
)
def test_a_file_named_output_is_refused_not_looped_on(tmp_path: Path, args: tuple[str | Path, ...]) -> None:
    """issue 32: with a file named `output` in the current folder, a command writing its default
    output/<name>-<time>/ took every next name as taken (-2, -3, ...) and never ended (found by
    bench/fuzz.py, whose case folder holds its output in a file of that name)."""
    (tmp_path / "output").write_text("notes\n")
    result = subprocess.run(
        [sys.executable, "-m", "printkit", *map(str, args)],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    expected = f"printkit: error: {tmp_path / 'output'}: exists and is not a folder"
    assert (result.returncode, "".join(result.stderr.split())) == (4, "".join(expected.split()))  # wherever it wrapped
    assert (tmp_path / "output").read_text() == "notes\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["output"]
