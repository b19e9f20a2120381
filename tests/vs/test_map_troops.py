"""The VS map shows the troops where the config (or the evening) puts them: the start the tokens are
laid out from, and where they stand now on an evening's paper copy."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from printkit import evening
from printkit.evening.paper import print_evening

from ..conftest import EXAMPLES, pdf_text, run


def _troop_words(lang: str) -> list[str]:
    """Each troop of the example's map as its tag prints it: the troop's name and its owner's mark,
    the marks taken from the tokens' own rule (the neutral set's mark for no owner)."""
    from printkit.games.vs.model import owner_marks, vs_of
    from printkit.plugin import label, load_session

    session = load_session(EXAMPLES / "vs-2025.yaml", lang)
    data = yaml.safe_load((EXAMPLES / "vs-2025.yaml").read_text(encoding="utf-8"))
    names = [p["name"] for p in data["players"]]
    marks = dict(zip([*names, None], owner_marks([*names, label("tk_neutral", lang)]), strict=True))
    vs = vs_of(session.ruleset)
    out = []
    for t in data["map"]["troops"]:
        troop = vs.troop(t["troop"])
        assert troop is not None
        out.append(f"{troop.name[lang]}\u00a0{marks[t.get('owner')]}")
    return out


@pytest.mark.rule("vs.setup.ruler-entry")
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_kits_map_shows_the_starting_troops_with_their_owners(tmp_path: Path, lang: str) -> None:
    done = run("build", EXAMPLES / "vs-2025.yaml", "--only", "map", "--lang", lang, "--out", tmp_path / "kit")
    assert done.exit_code == 0, done.output
    text = " ".join(pdf_text(tmp_path / "kit" / "map.pdf"))
    expected = _troop_words(lang)
    assert len(expected) >= 5  # three rulers' knights and the neutral orcs and barbarians
    for words in expected:
        assert words.replace("\u00a0", " ") in text.replace("\u00a0", " "), words


def test_the_evenings_map_shows_the_troops_where_they_stand_now(tmp_path: Path) -> None:
    path = tmp_path / "vs.sqlite"
    evening.start(EXAMPLES / "vs-2025.yaml", path)
    evening.record(path, "troops", {"cell": "A10", "player": "Юг", "troops": "elves"})
    evening.record(path, "troops", {"cell": "E2", "player": "Север", "troops": ""})
    print_evening(path, tmp_path / "paper")
    text = " ".join(pdf_text(tmp_path / "paper" / "map.pdf")).replace("\u00a0", " ")
    assert "Эльфы Ю" in text and "Рыцари С" not in text and "Рыцари Ю" in text
