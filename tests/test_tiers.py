"""The everyday tier (-m "not slow") samples what the whole suite runs whole: its samples are pairwise covers."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from .conftest import CONFIGS, LANGS, LANGS_AND_PAPERS, PAPERS, ExampleKits, everyday_kits, kit_of, pairwise


def test_the_everyday_kits_meet_every_config_language_and_paper_in_pairs() -> None:
    kits = everyday_kits()
    configs = {c.stem for c in CONFIGS}
    assert {(c, lang) for c, lang, _ in kits} == set(itertools.product(configs, LANGS))
    assert {(c, paper) for c, _, paper in kits} == set(itertools.product(configs, PAPERS))
    assert {(lang, paper) for _, lang, paper in kits} == set(LANGS_AND_PAPERS)
    assert len(kits) < len(configs) * len(LANGS_AND_PAPERS)  # a sample, not the whole matrix


def test_a_pairwise_cover_meets_every_pair_in_fewer_cases() -> None:
    cases = [case for case in itertools.product("abc", "xy", "pq", "mn") if case[:2] != ("c", "y")]
    chosen = pairwise(cases, first=[("b", "x", "q", "n")])
    for i, j in itertools.combinations(range(4), 2):
        assert {(c[i], c[j]) for c in chosen} == {(c[i], c[j]) for c in cases}, (i, j)
    assert set(chosen) <= set(cases) and len(chosen) < len(cases) // 2
    assert ("b", "x", "q", "n") in chosen  # among as good choices, the one asked for first


def test_a_kit_is_read_from_the_end_of_a_test_id() -> None:
    assert kit_of("tests/test_print_layout.py::test_x[strategiya-heroes-en-letter]") == (
        "strategiya-heroes", "en", "letter")  # fmt: skip
    # Other parameters first: the longest example name that ends the rest is the kit's.
    assert kit_of("tests/vs/test_piece_faces.py::test_x[tokens-vs-2025-ru-a4]") == ("vs-2025", "ru", "a4")
    assert kit_of("tests/test_dice.py::test_d6[3]") is None


def test_every_test_of_a_kit_outside_the_sample_is_slow(request: pytest.FixtureRequest) -> None:
    """What this run collected (the whole suite, run whole): a test that reads a kit outside the everyday
    sample is left to the whole suite."""
    sample = everyday_kits()
    for item in request.session.items:
        kit = kit_of(item.nodeid)
        if kit is not None and kit not in sample and "kits" in getattr(item, "fixturenames", ()):
            assert item.get_closest_marker("slow") is not None, item.nodeid


def test_in_the_everyday_tier_a_kit_outside_the_sample_fails_the_test_that_asks(tmp_path: Path) -> None:
    sample = everyday_kits()
    outside = next(k for k in itertools.product(sorted(c.stem for c in CONFIGS), LANGS, PAPERS) if k not in sample)
    with pytest.raises(pytest.fail.Exception, match=r"or mark the test slow$"):
        ExampleKits(tmp_path, everyday=True)(*outside)
    assert not list(tmp_path.iterdir())  # refused before anything is built
