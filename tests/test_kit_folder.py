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
from printkit.errors import OutputError
from printkit.pipeline.staging import KitWriter

from .conftest import EXAMPLES, ROOT, ExampleKits, run, without_permissions


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
    assert result.output == f"Набор записан в output/{second.name}/\n"
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


def _start_build(folder: Path, jobs: int = 2, temp: Path | None = None) -> subprocess.Popen[bytes]:
    """A real process building the default kit (booklet included: long enough to be interrupted)
    with two worker processes. It draws everything (--no-cache): a kit from the test run's artefact
    cache could be finished before the signal is sent. `temp`: its temporary folder (TMPDIR)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)} | ({"TMPDIR": str(temp)} if temp else {})
    return subprocess.Popen(
        [sys.executable, "-m", "printkit", "build", "--no-cache", "--jobs", str(jobs), "--out", str(folder / "kit")],
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


@pytest.mark.slow
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_terminated_build_removes_its_staging(tmp_path: Path, signum: int) -> None:
    process = _start_build(tmp_path)
    _wait_for_staging(tmp_path, process)
    process.send_signal(signum)
    assert process.wait(timeout=60) == -signum  # it still dies of the signal, as the sender meant
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
@pytest.mark.parametrize("jobs", [1, 2])
def test_terminated_build_leaves_no_temporary_folder(tmp_path: Path, jobs: int) -> None:
    """WeasyPrint copies the fonts into a weasyprint-* folder that goes when the process exits
    normally; a build that SIGTERM ends mid-layout (in its own process, or while its workers draw)
    removes it before it dies of the signal."""
    work, temp = tmp_path / "work", tmp_path / "temp"
    work.mkdir()
    temp.mkdir()
    process = _start_build(work, jobs, temp)
    deadline = time.monotonic() + 60
    while not any(p.name.startswith("weasyprint-") for p in temp.iterdir()):
        assert process.poll() is None and time.monotonic() < deadline, "WeasyPrint never started"
        time.sleep(0.02)
    time.sleep(0.5)  # into the layout
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=60) == -signal.SIGTERM
    assert list(temp.iterdir()) == []
    assert list(work.iterdir()) == []


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


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
def test_out_inside_a_folder_that_cannot_be_entered(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0)
    try:
        for out in (locked / "kit", locked / "inner" / "kit"):
            result = subprocess.run(
                [*without_permissions(), sys.executable, "-m", "printkit", "build", "--only", "quickref",
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


# ---- --force replaces what printkit wrote, and nothing else (issue 32) --------------------------


def _kit(folder: Path, files: dict[str, bytes], force: bool = True) -> None:
    """A kit written through KitWriter, as a build writes one."""
    with KitWriter(folder, force=force) as writer:
        for name, data in files.items():
            target = writer.path(name)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        writer.commit({})


def _listing(folder: Path) -> dict[str, bytes | str]:
    """Every entry under folder, links as links (not followed): name -> bytes, or -> the link's target."""
    found: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        name = path.relative_to(folder).as_posix()
        if path.is_symlink():
            found[name] = "-> " + os.readlink(path)
        elif path.is_file():
            found[name] = path.read_bytes()
    return found


def test_force_never_deletes_through_a_linked_sub_folder(workdir: Path) -> None:
    """The kit folder holds a link to a folder elsewhere, and its manifest names a file through it
    (forged, or written when that was a real folder): --force removes neither the file nor the link."""
    out = workdir / "kit"
    assert run("build", EXAMPLES / "stratego.yaml", "--out", out, "--only", "quickref").exit_code == 0
    outside = workdir / "outside"
    outside.mkdir()
    (outside / "setup.pdf").write_bytes(b"not printkit's")
    (out / "linked").symlink_to(outside)
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    manifest["files"].append({"name": "linked/setup.pdf"})
    (out / "manifest.json").write_text(json.dumps(manifest))
    result = run("build", EXAMPLES / "stratego.yaml", "--out", out, "--force", "--only", "quickref")
    assert result.exit_code == 0, result.output
    assert _listing(outside) == {"setup.pdf": b"not printkit's"}
    assert sorted(_listing(out)) == ["linked", "manifest.json", "quickref.pdf"]
    assert _listing(out)["linked"] == f"-> {outside}"
    assert _hidden(workdir) == []


def test_force_carries_the_users_files_into_the_new_folder(workdir: Path) -> None:
    out = workdir / "kit"
    _kit(out, {"a.pdf": b"old a", "png/1.png": b"old 1", "gone.pdf": b"old only"})
    (out / "notes.txt").write_bytes(b"mine")
    (out / "png" / "mine.png").write_bytes(b"my picture")  # beside the kit's own files
    (out / "drafts").mkdir()
    (out / "drafts" / "d.txt").write_bytes(b"draft")
    (out / "a.pdf.bak").symlink_to("a.pdf")
    out.chmod(0o750)
    _kit(out, {"a.pdf": b"new a", "png/2.png": b"new 2"})
    files = _listing(out)
    del files["manifest.json"]
    assert files == {
        "a.pdf": b"new a",
        "a.pdf.bak": "-> a.pdf",
        "drafts/d.txt": b"draft",
        "notes.txt": b"mine",
        "png/2.png": b"new 2",
        "png/mine.png": b"my picture",
    }
    assert stat.S_IMODE(out.stat().st_mode) == 0o750  # the folder keeps the permissions it had
    assert _hidden(workdir) == []


def test_force_refuses_what_stands_in_the_new_kits_way(workdir: Path) -> None:
    """A folder of the user's where the new kit writes a file, or a link where it writes into a folder:
    refused before anything moves (printkit never writes through a link)."""
    out, elsewhere = workdir / "kit", workdir / "elsewhere"
    _kit(out, {"a.pdf": b"old a"})
    elsewhere.mkdir()
    (out / "png").symlink_to(elsewhere)
    refused = r"kit/png: not a folder of this file system, and the new kit writes into png/"
    with pytest.raises(OutputError, match=refused):
        _kit(out, {"a.pdf": b"new a", "png/1.png": b"1"})
    (out / "png").unlink()
    (out / "b.pdf").mkdir()
    (out / "b.pdf" / "mine.txt").write_bytes(b"mine")
    with pytest.raises(OutputError, match=r"kit/b\.pdf: a folder where the new kit writes a file"):
        _kit(out, {"a.pdf": b"new a", "b.pdf": b"b"})
    files = _listing(out)
    assert (files["a.pdf"], files["b.pdf/mine.txt"], list(elsewhere.iterdir())) == (b"old a", b"mine", [])
    assert _hidden(workdir) == []


def _dead_pid() -> int:
    process = subprocess.Popen([sys.executable, "-c", ""])
    process.wait()
    return process.pid


def test_a_folder_an_older_printkit_left_mid_swap_is_kept(workdir: Path) -> None:
    """An older printkit moved the old kit's files into .<kit>.replaced-... before placing the new
    ones; killed in between, that folder may hold the only copy of them: no build removes it."""
    from printkit.pipeline.naming import HOST as _HOST

    left = workdir / f".kit.replaced-{_HOST}-{_dead_pid()}-00000000"
    left.mkdir()
    (left / "quickref.pdf").write_bytes(b"the only copy")
    assert run("build", EXAMPLES / "stratego.yaml", "--out", workdir / "kit", "--only", "quickref").exit_code == 0
    assert (left / "quickref.pdf").read_bytes() == b"the only copy"


def test_a_refused_build_removes_the_parent_folders_it_made(workdir: Path) -> None:
    """The kit's parent folders are made first; a --png folder refused after that takes them away again."""
    png = workdir / "png"
    png.mkdir()
    (png / "mine.png").write_bytes(b"mine")
    result = run("build", EXAMPLES / "vs-2025.yaml", "--only", "battle-cards", "--png", png, "--out", "deep/er/kit")
    assert result.exit_code == 4
    assert sorted(p.name for p in workdir.iterdir()) == ["png"]


@pytest.mark.parametrize(
    "name",
    ["a\x1b[2Kb\\x1bc", "right\u202eto-left", "it's", "tab\there", b"not-utf8-\xff".decode("utf-8", "surrogateescape")],
)
def test_kit_written_to_names_the_real_folder(workdir: Path, name: str) -> None:
    """issue 32: a folder name with an escape sequence (stripped by the terminal, or by click when
    output is no terminal) or a literal backslash could be printed as the name of a folder that does
    not exist; the line now quotes such a name as $'...', which a shell reads back as the real one."""
    result = run("build", EXAMPLES / "stratego.yaml", "--only", "quickref", "--out", name, "--lang", "en")
    assert result.exit_code == 0, result.output
    said = result.output.removeprefix("Kit written to ").removesuffix("\n")
    assert said.startswith("$'") and said.endswith("/'") and said.isprintable()
    found = subprocess.run(["bash", "-c", f"cd {said} && pwd -P"], capture_output=True, check=True).stdout
    assert found == os.fsencode(workdir.resolve() / name) + b"\n"


def test_a_parent_folder_that_cannot_be_made_takes_the_ones_made_before_it_away(workdir: Path) -> None:
    """deep/ is made, the folder inside it cannot be (its name is too long): the build fails and leaves
    no empty deep/ behind (main passed this; the WIP of issue 32's parent-folder fix did not)."""
    result = run("build", EXAMPLES / "stratego.yaml", "--only", "quickref", "--out", f"deep/{'x' * 300}/kit")
    assert result.exit_code == 4
    assert "File name too long" in result.output
    assert list(workdir.iterdir()) == []


@pytest.mark.slow
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
