"""The map questions, declared once: check a map against its game's rules, and make a random map."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..config.mapfile import load_map
from ..config.rulesets import bundled_ids, default_ruleset, load_bundled
from ..errors import EXIT_CHECK_FAILED
from ..game import Maps, game, resolve
from ..labels import LANGUAGES, Refused, label
from ..questions import File, Input, Line, Para, Text, question
from .findings import Finding
from .findings import check as check_map

# The sizes `map random` draws, in cells (width, height); its --help and its refusal say them from here.
SMALLEST, LARGEST = (8, 6), (100, 100)
_SIZES = {
    "en": f"{SMALLEST[0]}x{SMALLEST[1]} to {LARGEST[0]}x{LARGEST[1]}",
    "ru": f"от {SMALLEST[0]}x{SMALLEST[1]} до {LARGEST[0]}x{LARGEST[1]}",
}


@dataclass(frozen=True)
class MapCheck:
    """Every way a map breaks its game's rules, and the warnings: exit 1 when any is not a warning."""

    ok: bool
    findings: tuple[Finding, ...] = field(metadata={"json": False})

    @property
    def exit_code(self) -> int:
        return 0 if self.ok else EXIT_CHECK_FAILED

    def json(self, lang: str) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "findings": [{"cell": f.cell, "warning": f.warning, "text": f.say(lang)} for f in self.findings],
        }

    def lines(self, lang: str) -> list[Line]:
        out: list[Line] = [Para(f.say(lang), "  ") for f in self.findings]
        return out if not self.ok else [*out, label("mc_ok", lang)]


@question(
    "check",
    summary={
        "en": "Check a map against its game's rules: exit 0 (warnings allowed) or 1 with every violation.",
        "ru": "Проверить карту по правилам её игры: код 0 (с предупреждениями) или 1 со всеми нарушениями.",
    },
    about={
        "en": "The map file names its game (game:); every letter must be a terrain of it, one object a "
        "cell, and the game's own rules for maps are checked too.",
        "ru": "Игру называет файл карты (game:); каждая буква — местность этой игры, в клетке один объект; "
        "проверяются и правила карт самой игры.",
    },
    inputs=(Input("map_file", File(), {"en": "The map file.", "ru": "Файл карты."}, required=True),),
    examples=("printkit map check examples/map.yaml", "printkit map check examples/vs-map.yaml --lang en"),
)
def check(map_file: str | Path) -> MapCheck:
    """Every violation and warning of a map file, by the rules of its game.

    >>> check("examples/map.yaml").ok
    True
    """
    game_map, rules = load_map(Path(map_file))
    findings = tuple(check_map(game_map, rules))
    return MapCheck(all(f.warning for f in findings), findings)


@dataclass(frozen=True)
class RandomMap:
    """A map file's YAML that passes `map check`; the same seed gives the same map."""

    yaml: str

    def lines(self, lang: str) -> list[Line]:
        return [*self.yaml.rstrip("\n").split("\n")]


@question(
    "random",
    summary={
        "en": "Print a random map (YAML) that passes `printkit map check`.",
        "ru": "Напечатать случайную карту (YAML), которая проходит `printkit map check`.",
    },
    about={
        "en": "For a game that makes them (the default game does); the map holds whatever the game's map files "
        "hold (the default game's: terrain, objects and the currents of running water). The map is the same in "
        "either language (--lang only changes what a refusal says).",
        "ru": "Для игры, которая их рисует (игра по умолчанию рисует); в карте всё, что бывает в картах игры (у игры "
        "по умолчанию — местности, объекты и течения рек). Карта одна на обоих языках (--lang меняет лишь язык "
        "отказа).",
    },
    inputs=(
        Input(
            "size",
            Text(20),
            {"en": f"WIDTHxHEIGHT in cells ({_SIZES['en']}).", "ru": f"ШИРИНАxВЫСОТА в клетках ({_SIZES['ru']})."},
            flag="--size",
            default="20x15",
        ),
        Input(
            "seed",
            Text(200),
            {"en": "The same seed gives the same map.", "ru": "То же зерно — та же карта."},
            flag="--seed",
        ),
        Input(
            "ruleset",
            Text(300),
            {
                "en": "A bundled ruleset whose game makes random maps [default: the default game].",
                "ru": "Набор правил, чья игра рисует случайные карты [по умолчанию — игра по умолчанию].",
            },
            flag="--game",
        ),
    ),
    examples=("printkit map random > my-map.yaml", "printkit map random --size 30x20 --seed club-7"),
    json=False,
)
def random_map(size: str = "20x15", seed: str | None = None, ruleset: str | None = None) -> RandomMap:
    """A random map of `size` cells for the ruleset's game (default: the default game's).

    >>> random_map("10x8", seed="x").yaml.splitlines()[0].startswith("game: ")
    True
    """
    rid = ruleset or default_ruleset()
    if rid not in bundled_ids():
        raise Refused("map_e_game", game=rid[:40], games=", ".join(bundled_ids()))
    rules = load_bundled(rid)
    make = (game(rules.family).maps or Maps()).random
    if make is None:
        raise Refused("map_e_no_random", game={lang: game(rules.family).named(lang) for lang in LANGUAGES})
    try:
        width, height = (int(v) for v in size.lower().split("x"))
    except ValueError:
        raise Refused("map_e_size", size=size[:20]) from None
    if not (SMALLEST[0] <= width <= LARGEST[0] and SMALLEST[1] <= height <= LARGEST[1]):
        raise Refused("map_e_size_range", sizes=_SIZES)
    return RandomMap(resolve(make)(rules, width, height, seed))
