"""issue 32: builds killed outright (kill -9) at random moments and before every step of a --force swap:
the user always finds a whole kit, the old or the new, and the next build loses nothing (a short run of
tests/killing.py; bench/kill.py is the long one)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from .killing import (
    SMALL_A,
    SMALL_B,
    STRATEGO_EN,
    STRATEGO_RU,
    Scene,
    first_kit,
    plain_kills,
    random_kills,
    step_kills,
)

# Real builds in processes of their own, killed again and again: the whole suite only.
pytestmark = pytest.mark.slow


@pytest.mark.parametrize("exchange", [True, False], ids=["exchange", "two-renames"])
def test_a_swap_killed_before_any_of_its_steps_loses_nothing(tmp_path: Path, exchange: bool) -> None:
    """A kit written through KitWriter alone (fast), replaced again and again with --force, killed
    before step 1, 2, ... of the swap; each time the next build is killed in its recovery too, and a
    third must settle everything. Without renameat2's exchange the kit folder is missing between two
    renames: the old kit is whole beside it then, and the next build puts it back."""
    scene = Scene(tmp_path)
    first_kit(scene, SMALL_A)
    tally = step_kills(scene, [SMALL_B, SMALL_A], no_exchange=not exchange)
    assert tally.problems == []
    assert tally.phases["swap, after it"] >= 5 and tally.phases["swap, before the exchange"] >= 2, tally.phases
    assert tally.kills >= 15 and tally.finished_first == 1


def test_builds_killed_at_random_lose_nothing(tmp_path: Path) -> None:
    """Real `printkit build --force` runs of a fast config killed at random moments, every other one
    close to the swap (bench/kill.py adds the default game's kit, with WeasyPrint's booklet)."""
    scene = Scene(tmp_path, many=100, cache=Path(os.environ["PRINTKIT_CACHE_DIR"]))
    first_kit(scene, STRATEGO_RU)
    tally = random_kills(scene, [STRATEGO_EN, STRATEGO_RU], 4, random.Random(32))
    assert tally.problems == []
    assert tally.kills == 4, tally  # within twelve tries, whatever the machine's load


def test_plain_builds_killed_at_random_leave_a_whole_kit_or_none(tmp_path: Path) -> None:
    """A build into a new folder killed at a random moment: the folder is a whole kit or absent, and
    the next build into the same parent leaves nothing of it behind."""
    scene = Scene(tmp_path, cache=Path(os.environ["PRINTKIT_CACHE_DIR"]))
    tally = plain_kills(scene, STRATEGO_RU, 3, random.Random(3232))
    assert tally.problems == []
    assert tally.kills == 3, tally
