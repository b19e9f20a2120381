"""Every accepted input is bounded, and what lies beyond a limit is refused naming it (figures:
bench/limits.py; no timing is asserted here)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from printkit.dice.questions import MAX_ALL_ROWS
from printkit.errors import EXIT_CONFIG, EXIT_USAGE
from printkit.games.strategiya.codes import MAX_KEY_BYTES, MAX_KEY_GAMES
from printkit.games.strategiya.secret_sheets import MAX_GAMES
from printkit.games.vs.piece_sheets import MAX_PIECES

from .conftest import run, write


def _said(result: object) -> str:
    """The refusal's last paragraph on one line (click wraps it; a no-break space stays)."""
    return re.sub(r"[ \n]+", " ", str(result.stderr).strip().split("\n\n")[-1])  # type: ignore[attr-defined]


# ---- referee keys ---------------------------------------------------------------------------------


def test_a_key_holds_what_one_secret_sheets_run_prints() -> None:
    assert MAX_KEY_GAMES == MAX_GAMES == 1000


def test_key_with_more_games_than_secret_sheets_prints_is_refused_before_its_columns(tmp_path: Path) -> None:
    """issue 32: a key just under the 64 MB cap took seconds and half a gigabyte for one lookup; a
    key now holds at most the games one secret-sheets run prints, counted before any is checked."""
    games = [{"kit_id": "X", "sheets": {"1": {"resources": {"forest": [1]}}}}] * (MAX_KEY_GAMES + 1)
    key = write(tmp_path / "key.json", json.dumps({"format": "printkit.referee-key/1", "game": "strategiya",
                                                   "games": games}))  # fmt: skip
    result = run("referee", "lookup", "--key", str(key), "--game", "1", "resources", "forest", "1")
    assert (result.exit_code, result.stderr.strip()) == (
        EXIT_CONFIG, f'{key}: "games" holds 1001 games; a key holds at most 1000, as secret-sheets prints')  # fmt: skip


def test_key_over_the_size_cap_is_refused_unread(tmp_path: Path) -> None:
    """issue 32: the cap is what 1000 games of a ruleset at its limits need (about 10 MB), not 64 MB."""
    assert MAX_KEY_BYTES == 16 * 1024 * 1024
    key = tmp_path / "key.json"
    with key.open("wb") as f:
        f.truncate(MAX_KEY_BYTES + 1)  # sparse: nothing is written, and nothing must be read
    result = run("referee", "lookup", "--key", str(key), "resources", "forest", "1")
    assert result.exit_code == EXIT_CONFIG
    assert (
        result.stderr.strip() == f"{key}: file is larger than 16 MB, the most printkit reads (is this the right file?)"
    )


# ---- odds --all ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Error: the answer has 99,901 totals and --all shows at most 10,000 rows: without it they are "
               "grouped in ranges"),
        ("ru", "Ошибка: итогов в ответе: 99\u00a0901, а --all показывает не больше 10\u00a0000 строк: без этого "
               "итоги собраны в диапазоны"),
    ],
)  # fmt: skip
def test_odds_all_beyond_its_rows_is_refused_in_the_askers_language(lang: str, said: str) -> None:
    """issue 32: `odds --all` of 100d1000 printed 99,901 rows of big-number shares in seconds."""
    result = run("referee", "odds", "100d1000", "--all", "--lang", lang)
    assert (result.exit_code, _said(result)) == (EXIT_USAGE, said)


@pytest.mark.slow
def test_odds_all_keeps_the_documented_example_and_the_ranged_table_answers_beyond() -> None:
    assert MAX_ALL_ROWS == 10_000
    every = run("referee", "odds", "100d100", "--all", "--lang", "en")
    assert every.exit_code == 0
    assert sum(1 for line in every.stdout.splitlines() if line.split()[:1] and line.split()[0].isdigit()) == 9901
    ranged = run("referee", "odds", "100d1000", "--lang", "en")
    assert ranged.exit_code == 0
    assert "totals a row: 1000; every total: --json" in ranged.stdout  # not --all, which refuses it
    assert len(json.loads(run("referee", "odds", "100d1000", "--json").stdout)["weights"]) == 99_901


# ---- VS pieces ------------------------------------------------------------------------------------


def _vs(tmp_path: Path, body: str, players: int = 8) -> Path:
    names = ", ".join(f"{{name: P{n}}}" for n in range(1, players + 1))
    return write(tmp_path / "vs.yaml", f"game: vs-2025\nplayers: [{names}]\n{body}")


@pytest.mark.parametrize(
    ("body", "field", "what"),
    [
        ("cards:\n  per_player: {attack: 999}\n", "cards.per_player", "battle cards"),
        ("tokens:\n  copies: {troops: 50}\n", "tokens.copies", "tokens"),
        ("tokens:\n  markers: {siege: 50, no-action: 50, capital: 50}\n", "tokens.markers", "markers"),
    ],
)
@pytest.mark.parametrize("command", ["validate", "build"])
def test_vs_kit_of_too_many_pieces_is_refused_when_the_config_is_read(
    tmp_path: Path, body: str, field: str, what: str, command: str
) -> None:
    """issue 32: cards.per_player: 999 with --print-shop wrote a 95,904-page PDF; every piece
    count is now bounded and refused with its key and line, by validate and by build alike."""
    config = _vs(tmp_path, body)
    args = [command, str(config)] + (["--print-shop", "--out", str(tmp_path / "kit")] if command == "build" else [])
    result = run(*args)
    assert result.exit_code == EXIT_CONFIG
    found = re.fullmatch(rf"{re.escape(str(config))}:4: {re.escape(field)}: the kit would print ([\d,]+) {what}; "
                         r"at most 1,200 \(ask for fewer per player\)", result.stderr.strip())  # fmt: skip
    assert found, result.stderr
    assert int(found.group(1).replace(",", "")) > MAX_PIECES
    assert not (tmp_path / "kit").exists()


def test_eight_players_defaults_fit_the_piece_limit_with_room(tmp_path: Path) -> None:
    """The limit leaves the games what they need: twice the defaults of eight players."""
    from printkit.config.session import load_session
    from printkit.games.vs.cards import decks
    from printkit.games.vs.markers import markers
    from printkit.games.vs.tokens import tokens

    assert MAX_PIECES == 1200
    names = ", ".join(f"{{name: P{n}}}" for n in range(1, 9))
    for game in ("vs-2025", "vs-2003"):
        session = load_session(write(tmp_path / f"{game}.yaml", f"game: {game}\nplayers: [{names}]\n"))
        assert sum(len(d.cards) for d in decks(session)) * 2 <= MAX_PIECES
        assert len(tokens(session)) * 2 <= MAX_PIECES
        assert len(markers(session)) * 2 <= MAX_PIECES
