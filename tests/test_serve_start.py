"""`printkit serve` as it starts: the port as the help writes it, and the addresses and QR codes said where
the table can see them (issue 40)."""

from __future__ import annotations

from pathlib import Path

import pytest

import printkit.cli.serve as serve_command

from .conftest import EXAMPLES, run


@pytest.mark.parametrize("port", ["١٨٠٠٠", "+18000", "18_000", "70000", " 80", "0x50"])
def test_a_port_is_ascii_digits_from_0_to_65535(port: str) -> None:
    said = run("serve", "--port", port, "--check", "--lang", "en")
    assert said.exit_code == 2 and "is no port: a number 0 to 65535 in the digits 0-9" in said.stderr
    assert "Traceback" not in said.stderr


def test_a_port_in_digits_is_taken() -> None:
    said = run("serve", "--port", "18000", "--check", "--lang", "en")
    assert said.exit_code == 0 and "http://127.0.0.1:18000/" in said.stdout


@pytest.fixture
def qr_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(serve_command, "qr_folder", lambda: tmp_path)
    return tmp_path


def test_on_the_network_only_the_players_address_gets_a_qr_code(qr_files: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """The master's QR code was printed beside the players' on a screen the table may see."""
    monkeypatch.setattr(serve_command, "_lan_address", lambda: "192.168.1.5")
    said = run("serve", str(EXAMPLES / "vs-2025.yaml"), "--lan", "--check", "--lang", "en")
    assert said.exit_code == 0, said.stderr
    assert "For the players: http://192.168.1.5:8765/" in said.stdout and "/m/" in said.stdout
    assert sorted(p.name for p in qr_files.iterdir()) == ["players.svg"]  # no terminal here: files
    assert "<svg" in (qr_files / "players.svg").read_text("utf-8")
    asked = run("serve", str(EXAMPLES / "vs-2025.yaml"), "--lan", "--master-qr", "--check", "--lang", "en")
    assert asked.exit_code == 0 and sorted(p.name for p in qr_files.iterdir()) == ["master.svg", "players.svg"]
    assert f"QR code: {qr_files / 'master.svg'}" in asked.stdout


def test_without_a_network_lan_warns_and_draws_no_code(qr_files: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--lan` with no network printed 127.0.0.1 and a QR code for phones, without a word."""
    monkeypatch.setattr(serve_command, "_lan_address", lambda: "127.0.0.1")
    for lang, warning in (("en", "warning: no network found"), ("ru", "предупреждение: сеть не найдена")):
        said = run("serve", "--lan", "--check", "--lang", lang)
        assert said.exit_code == 0 and warning in said.stderr and "127.0.0.1" in said.stdout
        assert not list(qr_files.iterdir())


def test_at_a_terminal_the_players_code_is_drawn_in_blocks(qr_files: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serve_command, "_lan_address", lambda: "192.168.1.5")
    monkeypatch.setattr(serve_command, "_at_terminal", lambda: True)
    said = run("serve", "--lan", "--check", "--lang", "en")
    assert said.exit_code == 0 and "█████████" in said.stdout and not list(qr_files.iterdir())
    assert said.stdout.index("█") < said.stdout.index("For the game master")  # the players' code only
    assert said.stdout.count("█████████") < run("serve", "--lan", "--master-qr", "--check").stdout.count("█████████")


def test_a_file_changed_mid_evening_is_refused_by_its_short_name(tmp_path: Path) -> None:
    """issue 40: a player's page named the server's absolute path of a file that changed mid-evening."""
    import re

    from starlette.testclient import TestClient

    from printkit.web.app import Table, make_app
    from printkit.web.served import load

    game_map = tmp_path / "evening-map.yaml"
    game_map.write_text((EXAMPLES / "map.yaml").read_text("utf-8"), encoding="utf-8")
    table = Table(load(None, (), (game_map,), ()))
    game_map.write_text("game: strategiya\nrows: [AB]\n", encoding="utf-8")  # broken while the table plays
    with TestClient(make_app(table, ["testserver"]), raise_server_exceptions=False) as client:
        form = {"map_file": "evening-map.yaml", "start": "A1", "speed": "2", "ask": "1", "lang": "en"}
        page = client.get("/q/reach", params=form)
    refusal = re.search(r'<p class="refusal"[^>]*>(.*?)</p>', page.text, re.S)
    assert page.status_code == 400 and refusal is not None
    assert "evening-map.yaml" in refusal.group(1) and str(tmp_path) not in page.text


def test_a_shared_movement_link_without_a_map_takes_the_one_map_named() -> None:
    """issue 40: a shared reach/route link without map_file was refused though one map was named."""
    from starlette.testclient import TestClient

    from printkit.testing.pages import answer_lines
    from printkit.web.app import Table, make_app
    from printkit.web.served import load

    table = Table(load(None, (), (EXAMPLES / "map.yaml",), ()))
    with TestClient(make_app(table, ["testserver"]), raise_server_exceptions=False) as client:
        asked = {"reach": {"start": "C4", "speed": "2"}, "route": {"start": "C4", "goal": "D5", "speed": "2"}}
        for name, form in asked.items():
            page = client.get(f"/q/{name}", params={**form, "ask": "1", "lang": "en"})
            assert page.status_code == 200 and answer_lines(page.text), (name, page.text[-600:])
