"""`printkit validate` refuses exactly what `printkit build` refuses, for every documented option (that every
example config validates and builds in each language and paper is the conformance run's: tests/test_conformance.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from printkit.config.session import load_session
from printkit.errors import EXIT_CONFIG, EXIT_RENDER
from printkit.game import game, split_input

from .conftest import CONFIGS, EXAMPLES, KIT_SEED, ROOT, everyday_kits, pairwise, run, write

LANGS = ["ru", "en"]
PAPERS = ["a4", "letter"]
# The documented options of `printkit build` that change what is drawn, as given on the command line.
# --lang and --paper: every example kit is built with them (the kits fixture).
FLAGS = {"print_shop": ("--print-shop",), "greyscale": ("--greyscale",), "cutter": ("--cutter", "silhouette")}


def readers(config: Path, option: str) -> list[str]:
    """The kinds of a config's kit that read a shared option (only they draw anything differently)."""
    session = load_session(config)
    entry = game(session.ruleset.family)
    return [a.kind for a in entry.artefacts if (a.available is None or a.available(session))
            and f"options.{option}" in {split_input(text)[0] for text in a.inputs}]  # fmt: skip


def cases(option: str) -> list[tuple[str, str, str]]:
    return [(c.stem, lang, paper) for c in CONFIGS if readers(c, option) for lang in LANGS for paper in PAPERS]


def ids(case: tuple[str, str, str]) -> str:
    return "-".join(case)  # ends like the example kits' ids, so that xdist groups them with that kit


# The everyday tier builds a pairwise sample of (option, config, language, paper), the whole suite all of them.
MATRIX = [(option, *case) for option in FLAGS for case in cases(option)]
EVERYDAY = pairwise(MATRIX, first=[m for m in MATRIX if m[1:] in everyday_kits()])


def sampled(option: str) -> list[Any]:
    """The cases of an option, those outside the everyday sample marked slow."""
    return [pytest.param(case, id=ids(case), marks=() if (option, *case) in EVERYDAY else pytest.mark.slow)
            for case in cases(option)]  # fmt: skip


def _built_with(option: str, case: tuple[str, str, str], out: Path) -> None:
    config, lang, paper = case
    kinds = readers(EXAMPLES / f"{config}.yaml", option)
    result = run("build", str(EXAMPLES / f"{config}.yaml"), "--only", ",".join(kinds), "--lang", lang,
                 "--paper", paper, *FLAGS[option], "--seed", KIT_SEED, "--jobs", "1", "--out", str(out))  # fmt: skip
    assert result.exit_code == 0, result.stderr[-800:]


@pytest.mark.slow
@pytest.mark.parametrize("case", sampled("print_shop"))
def test_every_example_builds_for_a_print_shop(tmp_path: Path, case: tuple[str, str, str]) -> None:
    """issue 32: `printkit build examples/vs-2003.yaml --print-shop` exited 5 in Russian (the
    transport token's prices did not fit a print shop's safe area) after validate said ok."""
    _built_with("print_shop", case, tmp_path / "kit")
    assert list((tmp_path / "kit").glob("*-print-shop.pdf"))


@pytest.mark.parametrize("case", sampled("greyscale"))
def test_every_example_builds_in_greyscale(tmp_path: Path, case: tuple[str, str, str]) -> None:
    _built_with("greyscale", case, tmp_path / "kit")


@pytest.mark.parametrize("case", sampled("cutter"))
def test_every_example_builds_for_a_cutting_machine(tmp_path: Path, case: tuple[str, str, str]) -> None:
    _built_with("cutter", case, tmp_path / "kit")
    assert list((tmp_path / "kit").glob("*-cut.svg"))


def test_options_documented_for_build_are_the_ones_checked() -> None:
    """Every shared option a game's artefact may read is either checked by validate or said why not."""
    from printkit.game import SHARED_OPTIONS
    from printkit.pipeline.kit import option_variants

    checked = set(FLAGS) | {"png", "imposition"}  # png: a raster of the faces; imposition: a finish
    assert set(SHARED_OPTIONS) == checked
    tokens = next(a for a in game("vs").artefacts if a.kind == "tokens")
    assert {(o.print_shop, o.cutter) for o in option_variants(tokens)} == {
        (False, None), (True, None), (False, "silhouette")}  # fmt: skip


@pytest.mark.slow
def test_validate_refuses_a_token_too_small_for_a_print_shop(tmp_path: Path) -> None:
    """issue 32: validate ran the forms with no options, so a config that builds only without
    --print-shop passed it; now validate names the option and the build refuses alike."""
    # 19.8 mm: a sheet's token keeps its 3 mm margin, and a print shop's 1/8 in leaves its name no room.
    config = write(tmp_path / "vs.yaml", "game: vs-2025\nplayers: [{name: A}, {name: B}]\ntokens: {cell_mm: 19.8}\n")
    plain = run("build", str(config), "--only", "tokens", "--out", str(tmp_path / "plain"))
    assert plain.exit_code == 0, plain.stderr
    shop = run("build", str(config), "--only", "tokens", "--print-shop", "--out", str(tmp_path / "shop"))
    assert shop.exit_code == EXIT_RENDER
    said = "text does not fit its box even at 6 pt: 'Корабль-призрак'; shorten it"
    assert shop.stderr.strip().endswith(said)
    checked = run("validate", str(config))
    assert checked.exit_code == EXIT_CONFIG
    assert f"{config}: tokens (a4, ru, --print-shop): {said}" in checked.stderr.splitlines()


@pytest.mark.slow
def test_validate_refuses_a_hero_sheet_that_runs_off_its_page(tmp_path: Path) -> None:
    """issue 32: a long legend with a strong hero passed validate and failed the hero sheet."""
    text = (EXAMPLES / "strategiya-heroes.yaml").read_text(encoding="utf-8")
    legend = " ".join(["Ш" * 20] * 14)
    old = "legend: Кузнец из северной деревни, strength: 9"
    assert old in text
    config = write(tmp_path / "heroes.yaml", text.replace(old, f"legend: {legend}, strength: 99"))
    built = run("build", str(config), "--only", "hero-sheets", "--out", str(tmp_path / "kit"))
    assert built.exit_code == EXIT_RENDER
    said = "hero sheet of Аня does not fit on one page; shorten legends or names, or use fewer heroes per player"
    assert built.stderr.strip().endswith(said)
    checked = run("validate", str(config))
    assert checked.exit_code == EXIT_CONFIG
    assert f"{config}: hero-sheets (a4, ru): {said}" in checked.stderr.splitlines()


@pytest.mark.slow
def test_validate_lays_out_the_quick_reference_of_a_users_ruleset(tmp_path: Path) -> None:
    """issue 32: the quick reference had no preflight, so a ruleset file whose quick reference runs
    over its sheet passed validate and failed the build."""
    import copy

    import yaml

    source = ROOT / "printkit" / "games" / "strategiya" / "strategiya.yaml"
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    more = []
    for n in range(1, 4):  # the town's items three more times over, under names of their own
        for item in data["items"]:
            twin = copy.deepcopy(item)
            twin["id"] = f"{item['id']}-{n}"
            twin["name"] = {lang: f"{name} {n}" for lang, name in item["name"].items()}
            more.append(twin)
    data["items"] += more
    text = source.with_name(data["booklet"])
    write(tmp_path / text.name, text.read_text(encoding="utf-8"))

    class Plain(yaml.SafeDumper):
        def ignore_aliases(self, data: object) -> bool:
            return True

    write(tmp_path / "rules.yaml", yaml.dump(data, Dumper=Plain, allow_unicode=True))
    config = write(tmp_path / "config.yaml", "game: rules.yaml\n")
    built = run("build", str(config), "--only", "quickref", "--out", str(tmp_path / "kit"))
    assert built.exit_code == EXIT_RENDER
    said = built.stderr.strip().removeprefix("printkit: error: ")
    assert said.startswith("the quick reference runs to ") and said.endswith(" it must fit on 1 side(s) of one sheet")
    checked = run("validate", str(config))
    assert checked.exit_code == EXIT_CONFIG
    assert f"{config}: quickref (a4, ru): {said}" in checked.stderr.splitlines()


@pytest.mark.rule("vs.map.terrain")
@pytest.mark.parametrize(("game", "lang", "rows", "beside"), [
    ("vs-2003", "ru", ["PP", "PC"], False), ("vs-2025", "en", ["PP", "PX"], True),
    ("vs-2025", "ru", ["XP", "PP"], True),
])  # fmt: skip
def test_validate_and_build_refuse_a_map_letter_the_edition_lacks(tmp_path: Path, game: str, lang: str,
                                                                  rows: list[str], beside: bool) -> None:  # fmt: skip
    """The second VS audit (finding 4): validate said ok to a letter the edition lacks (C in a 2003
    map, X in a 2025 one) and build drew the cell magenta; both now refuse it alike, with the line
    of the row in the config or in the map file it names, in the config's language."""
    drawn = "".join(f"  - {row}\n" for row in rows)
    if beside:
        write(tmp_path / "map.yaml", f"game: {game}\nrows:\n{drawn}")
        config = write(tmp_path / "c.yaml", f"game: {game}\nlanguage: {lang}\nmap: map.yaml\n")
        where = f"{tmp_path / 'map.yaml'}:{3 + next(i for i, r in enumerate(rows) if r != 'PP')}: rows["
    else:
        config = write(
            tmp_path / "c.yaml",
            f"game: {game}\nlanguage: {lang}\nmap:\n  rows:\n" + "  " + drawn.replace("\n  ", "\n    "),
        )
        where = f"{config}:{5 + next(i for i, r in enumerate(rows) if r != 'PP')}: map.rows["
    said = run("validate", str(config))
    built = run("build", str(config), "--only", "map", "--out", str(tmp_path / "kit"))
    assert said.exit_code == built.exit_code == EXIT_CONFIG, (said.output, built.output)
    assert said.stderr == built.stderr and said.stderr.startswith(where), (said.stderr, built.stderr)
    assert len(said.stderr.strip().splitlines()) == 1 and "Traceback" not in said.stderr
    assert ("местностей" in said.stderr) == (lang == "ru") and not (tmp_path / "kit").exists()
