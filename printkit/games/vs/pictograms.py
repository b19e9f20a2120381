"""Vector pictograms of «Великая Стратегическая»: a symbol per building, mine, troop and marker, drawn."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

Point = tuple[float, float]

# Each pictogram is a list of strokes in a unit square centred on (0, 0), y upwards. A stroke is
# ("poly", points) filled, ("line", points, width) stroked, ("circle", x, y, r) filled, ("ring",
# x, y, r, width) stroked, ("hole", stroke) drawn in the paper colour (windows, doors, eyes), or
# ("curve", points, width): a stroked Bézier through control points in threes. Being data, the
# symbols stay small, print as vectors at any size and carry no third party's art or licence.


# ---- parts: battlements, stars, ellipse arcs and arched doors ---------------------------------------


def battlements(x0: float, x1: float, y: float, n: int, h: float) -> list[Point]:
    """A wall top from left to right with n merlons (points run along the top, left to right)."""
    step = (x1 - x0) / (2 * n - 1)
    pts: list[Point] = []
    for i in range(2 * n - 1):
        top = y + h if i % 2 == 0 else y
        pts += [(x0 + i * step, top), (x0 + (i + 1) * step, top)]
    return pts


def star(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.42) -> list[Point]:
    out = []
    for i in range(2 * points):
        radius = r if i % 2 == 0 else r * inner
        angle = math.pi / 2 + i * math.pi / points
        out.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return out


def ellipse(cx: float, cy: float, rx: float, ry: float, start: float = 0, end: float = 360, n: int = 24) -> list[Point]:
    return [
        (
            cx + rx * math.cos(math.radians(start + (end - start) * i / n)),
            cy + ry * math.sin(math.radians(start + (end - start) * i / n)),
        )
        for i in range(n + 1)
    ]


def gate(x: float, y: float, w: float, h: float) -> tuple[str, Any]:
    """An arched door cut out of a wall."""
    return (
        "hole",
        (
            "poly",
            [
                (x - w / 2, y),
                (x - w / 2, y + h - w / 2),
                *ellipse(x, y + h - w / 2, w / 2, w / 2, 180, 0, 8)[1:],
                (x + w / 2, y),
            ],
        ),
    )


# ---- buildings and mines: lord's houses, the fortress, the bridge, the pickaxe -----------------------

_TOWER = [
    (
        "poly",
        [
            (-0.17, -0.45),
            (0.17, -0.45),
            (0.17, 0.22),
            (0.22, 0.22),
            (0.22, 0.36),
            (0.13, 0.36),
            (0.13, 0.28),
            (0.04, 0.28),
            (0.04, 0.36),
            (-0.04, 0.36),
            (-0.04, 0.28),
            (-0.13, 0.28),
            (-0.13, 0.36),
            (-0.22, 0.36),
            (-0.22, 0.22),
            (-0.17, 0.22),
        ],
    ),
    gate(0, -0.45, 0.12, 0.2),
    ("hole", ("poly", [(-0.03, 0.05), (0.03, 0.05), (0.03, 0.15), (-0.03, 0.15)])),
]

_MANOR = [
    ("poly", [(-0.36, -0.42), (0.36, -0.42), (0.36, 0.06), (0.44, 0.06), (0, 0.4), (-0.44, 0.06), (-0.36, 0.06)]),
    ("poly", [(0.18, 0.2), (0.27, 0.2), (0.27, 0.4), (0.18, 0.4)]),
    gate(0, -0.42, 0.14, 0.24),
    ("hole", ("poly", [(-0.28, -0.16), (-0.14, -0.16), (-0.14, -0.02), (-0.28, -0.02)])),
    ("hole", ("poly", [(0.14, -0.16), (0.28, -0.16), (0.28, -0.02), (0.14, -0.02)])),
]


def _castle() -> list[Any]:
    wall = [(-0.3, -0.42), (0.3, -0.42), (0.3, 0.0), *battlements(0.3, -0.3, 0.0, 4, 0.09)[1:-1], (-0.3, 0.0)]
    left = [(-0.46, -0.42), (-0.26, -0.42), (-0.26, 0.2), *battlements(-0.26, -0.46, 0.2, 2, 0.1)[1:-1], (-0.46, 0.2)]
    right = [(x * -1, y) for x, y in left]
    keep = [(-0.1, 0.0), (0.1, 0.0), (0.1, 0.32), *battlements(0.1, -0.1, 0.32, 2, 0.08)[1:-1], (-0.1, 0.32)]
    return [
        ("poly", wall),
        ("poly", left),
        ("poly", right),
        ("poly", keep),
        gate(0, -0.42, 0.16, 0.26),
        ("line", [(0, 0.4), (0, 0.5)], 0.02),
        ("poly", [(0, 0.5), (0.12, 0.46), (0, 0.42)]),
    ]


def _city() -> list[Any]:
    return [
        ("poly", [(-0.46, -0.42), (-0.46, -0.02), (-0.36, 0.08), (-0.26, -0.02), (-0.26, -0.42)]),
        ("poly", [(-0.24, -0.42), (-0.24, 0.14), *battlements(-0.24, 0.02, 0.14, 2, 0.08), (0.02, -0.42)]),
        ("poly", [(-0.12, 0.22), (-0.11, 0.38), (-0.08, 0.22)]),
        ("poly", [(0.04, -0.42), (0.04, 0.18), (0.13, 0.46), (0.22, 0.18), (0.22, -0.42)]),
        ("poly", [(0.24, -0.42), (0.24, 0.0), (0.35, 0.1), (0.46, 0.0), (0.46, -0.42)]),
        ("hole", ("poly", [(0.1, 0.0), (0.16, 0.0), (0.16, 0.1), (0.1, 0.1)])),
        gate(-0.11, -0.42, 0.12, 0.22),
        ("hole", ("poly", [(-0.4, -0.2), (-0.32, -0.2), (-0.32, -0.1), (-0.4, -0.1)])),
        ("hole", ("poly", [(0.31, -0.2), (0.39, -0.2), (0.39, -0.1), (0.31, -0.1)])),
    ]


def _fortress() -> list[Any]:
    # A star fort seen from above: five bastions around a court with a flag.
    return [
        ("poly", star(0, -0.04, 0.46, 5, 0.66)),
        ("hole", ("poly", star(0, -0.04, 0.2, 5, 0.66))),
        ("line", [(0, -0.04), (0, 0.26)], 0.03),
        ("poly", [(0, 0.26), (0.16, 0.2), (0, 0.14)]),
    ]


_BRIDGE = [
    (
        "poly",
        [
            (-0.48, 0.02),
            (0.48, 0.02),
            (0.48, -0.3),
            (0.36, -0.3),
            *ellipse(0, -0.3, 0.36, 0.2, 0, 180, 16),
            (-0.48, -0.3),
        ],
    ),
    ("line", [(-0.48, 0.16), (0.48, 0.16)], 0.04),
    ("line", [(-0.36, 0.02), (-0.36, 0.16)], 0.03),
    ("line", [(0, 0.02), (0, 0.16)], 0.03),
    ("line", [(0.36, 0.02), (0.36, 0.16)], 0.03),
    ("curve", [(-0.3, -0.42), (-0.15, -0.36), (0.15, -0.48), (0.3, -0.42)], 0.03),
]

_PICKAXE = [
    ("line", [(-0.32, -0.4), (0.22, 0.2)], 0.08),
    (
        "poly",
        [
            (-0.04, 0.44),
            (0.18, 0.36),
            (0.36, 0.16),
            (0.44, -0.06),
            (0.36, -0.04),
            (0.24, 0.14),
            (0.06, 0.3),
            (-0.12, 0.38),
        ],
    ),
]


def placed(strokes: Sequence[Any], k: float, dx: float, dy: float) -> list[Any]:
    """Strokes scaled by k about the centre, then moved by (dx, dy): a symbol set into a corner."""

    def at(x: float, y: float) -> Point:
        return (x * k + dx, y * k + dy)

    def one(stroke: Sequence[Any]) -> tuple[Any, ...]:
        what = stroke[0]
        if what == "hole":
            return ("hole", one(stroke[1]))
        if what == "poly":
            return ("poly", [at(*p) for p in stroke[1]])
        if what in ("line", "curve"):
            return (what, [at(*p) for p in stroke[1]], stroke[2] * k)
        if what == "circle":
            return ("circle", *at(stroke[1], stroke[2]), stroke[3] * k)
        return ("ring", *at(stroke[1], stroke[2]), stroke[3] * k, stroke[4] * k)

    return [one(stroke) for stroke in strokes]


# The four mines' metals, each told by its shape as well as by its level's dots: the old alchemists'
# signs of copper (♀, Venus) and silver (☽, the moon), a sun for gold (☉) and a cut gem for mithril.
_COPPER = [
    ("ring", 0, 0.16, 0.21, 0.09),
    ("line", [(0, -0.06), (0, -0.48)], 0.09),
    ("line", [(-0.19, -0.28), (0.19, -0.28)], 0.09),
]
_SILVER = [("poly", [*ellipse(0, 0, 0.44, 0.44, 70, 290, 20), *ellipse(0.22, 0, 0.42, 0.42, 260.5, 99.5, 20)[1:-1]])]
_GOLD = [("ring", 0, 0, 0.36, 0.11), ("circle", 0, 0, 0.11)] + [
    ("line", [(0.46 * math.cos(a), 0.46 * math.sin(a)), (0.56 * math.cos(a), 0.56 * math.sin(a))], 0.07)
    for a in (math.pi * i / 4 for i in range(8))
]
_MITHRIL_GEM = [
    ("poly", [(-0.3, 0.3), (0.3, 0.3), (0.46, 0.08), (0, -0.46), (-0.46, 0.08)]),
    ("hole", ("line", [(-0.46, 0.08), (0.46, 0.08)], 0.04)),
    ("hole", ("line", [(-0.14, 0.3), (-0.2, 0.08), (0, -0.46), (0.2, 0.08), (0.14, 0.3)], 0.04)),
]
_MINE_PICK = placed(_PICKAXE, 0.62, -0.16, 0.17)


def _mine(metal: list[Any]) -> list[Any]:
    """A mine of one metal: the pickaxe up on the left, the metal's sign down on the right."""
    return [*_MINE_PICK, *placed(metal, 0.54, 0.22, -0.22)]


BUILDINGS: dict[str, list[Any]] = {
    "tower": _TOWER,
    "manor": _MANOR,
    "castle": _castle(),
    "city": _city(),
    "fortress": _fortress(),
    "bridge": _BRIDGE,
    "mine": _PICKAXE,
    "vein": _PICKAXE,
    "mine-1": _mine(_COPPER),
    "mine-2": _mine(_SILVER),
    "mine-3": _mine(_GOLD),
    "mine-4": _mine(_MITHRIL_GEM),
}


# ---- troops: infantry, the four peoples, knights, ships, mages and the magical troops --------------

_SPEAR = [
    ("line", [(0.14, -0.46), (0.14, 0.3)], 0.05),
    ("poly", [(0.14, 0.48), (0.22, 0.3), (0.14, 0.24), (0.06, 0.3)]),
    ("circle", -0.12, -0.06, 0.24),
    ("hole", ("ring", -0.12, -0.06, 0.15, 0.035)),
    ("circle", -0.12, -0.06, 0.05),
]

_AXE = [
    ("line", [(0, -0.48), (0, 0.42)], 0.06),
    (
        "poly",
        [(0.02, 0.32), (0.3, 0.44), *ellipse(0.24, 0.16, 0.14, 0.3, 70, -70, 8)[1:-1], (0.3, -0.12), (0.02, 0.0)],
    ),
    (
        "poly",
        [
            (-0.02, 0.32),
            (-0.3, 0.44),
            *ellipse(-0.24, 0.16, 0.14, 0.3, 110, 250, 8)[1:-1],
            (-0.3, -0.12),
            (-0.02, 0.0),
        ],
    ),
]

_LEAF = [
    (
        "poly",
        [
            (0, 0.48),
            *[(0.3 * math.sin(math.pi * t / 12) ** 0.8, 0.48 - 0.86 * t / 12) for t in range(1, 12)],
            (0, -0.38),
            *[(-0.3 * math.sin(math.pi * t / 12) ** 0.8, 0.48 - 0.86 * t / 12) for t in range(11, 0, -1)],
        ],
    ),
    ("line", [(0, -0.48), (0, -0.3)], 0.04),
    ("hole", ("line", [(0, -0.32), (0, 0.38)], 0.025)),
    ("hole", ("line", [(0, -0.1), (0.16, 0.08)], 0.02)),
    ("hole", ("line", [(0, -0.1), (-0.16, 0.08)], 0.02)),
    ("hole", ("line", [(0, 0.12), (0.13, 0.28)], 0.02)),
    ("hole", ("line", [(0, 0.12), (-0.13, 0.28)], 0.02)),
]

_HAMMER = [
    ("line", [(-0.06, -0.48), (-0.06, 0.12)], 0.09),
    (
        "poly",
        [
            (-0.34, 0.1),
            (0.16, 0.1),
            (0.16, 0.2),
            (0.46, 0.26),
            (0.46, 0.34),
            (0.16, 0.4),
            (0.16, 0.48),
            (-0.34, 0.48),
            (-0.4, 0.42),
            (-0.4, 0.16),
        ],
    ),
    ("hole", ("line", [(-0.06, 0.1), (-0.06, 0.48)], 0.03)),
    ("poly", [(-0.14, -0.5), (0.02, -0.5), (0.02, -0.36), (-0.14, -0.36)]),
]

_ORC = [
    (
        "poly",
        [
            (-0.34, 0.1),
            *ellipse(0, 0.1, 0.34, 0.36, 180, 0, 12)[1:-1],
            (0.34, 0.1),
            (0.3, -0.22),
            (0.16, -0.4),
            (-0.16, -0.4),
            (-0.3, -0.22),
        ],
    ),
    ("poly", [(-0.4, 0.16), (-0.5, 0.3), (-0.33, 0.2)]),
    ("poly", [(0.4, 0.16), (0.5, 0.3), (0.33, 0.2)]),
    ("hole", ("poly", [(-0.22, 0.12), (-0.06, 0.04), (-0.08, -0.02), (-0.2, 0.02)])),
    ("hole", ("poly", [(0.22, 0.12), (0.06, 0.04), (0.08, -0.02), (0.2, 0.02)])),
    ("hole", ("poly", [(-0.16, -0.24), (0.16, -0.24), (0.12, -0.3), (-0.12, -0.3)])),
    ("poly", [(-0.14, -0.26), (-0.1, -0.06), (-0.06, -0.26)]),
    ("poly", [(0.14, -0.26), (0.1, -0.06), (0.06, -0.26)]),
]

# A chess knight's head: the horse every table knows.
_KNIGHT = [
    (
        "poly",
        [
            (-0.3, -0.46),
            (0.34, -0.46),
            (0.34, -0.36),
            (0.24, -0.32),
            (0.2, -0.06),
            (0.26, 0.14),
            (0.22, 0.32),
            (0.1, 0.42),
            (-0.04, 0.48),
            (-0.08, 0.4),
            (-0.16, 0.36),
            (-0.34, 0.1),
            (-0.4, -0.04),
            (-0.34, -0.1),
            (-0.2, -0.04),
            (-0.06, 0.02),
            (-0.18, -0.2),
            (-0.24, -0.32),
            (-0.3, -0.36),
        ],
    ),
    ("hole", ("circle", -0.06, 0.24, 0.04)),
]

_SHIP = [
    ("poly", [(-0.48, -0.14), (0.48, -0.14), (0.34, -0.4), (-0.36, -0.4)]),
    ("line", [(0, -0.14), (0, 0.48)], 0.04),
    ("poly", [(-0.04, 0.44), (-0.04, -0.06), (-0.38, -0.06)]),
    ("poly", [(0.04, 0.4), (0.04, -0.06), (0.32, -0.06)]),
    ("poly", [(0.02, 0.48), (0.18, 0.44), (0.02, 0.4)]),
]

_GHOST_SHIP = [
    ("line", [(-0.48, -0.14), (0.48, -0.14), (0.34, -0.4), (-0.36, -0.4), (-0.48, -0.14)], 0.035),
    ("line", [(0, -0.14), (0, 0.48)], 0.035),
    ("line", [(-0.04, 0.44), (-0.04, -0.06), (-0.38, -0.06), (-0.2, 0.1), (-0.3, 0.16), (-0.04, 0.44)], 0.03),
    ("line", [(0.04, 0.4), (0.04, -0.06), (0.32, -0.06), (0.18, 0.06), (0.24, 0.14), (0.04, 0.4)], 0.03),
    ("circle", -0.16, -0.27, 0.045),
    ("circle", 0.0, -0.27, 0.045),
    ("circle", 0.16, -0.27, 0.045),
]

_MAGE = [
    (
        "poly",
        [
            (-0.46, -0.34),
            (0.46, -0.34),
            (0.36, -0.24),
            (0.14, -0.2),
            (0.06, 0.2),
            (-0.04, 0.48),
            (-0.14, 0.2),
            (-0.2, -0.2),
            (-0.36, -0.24),
        ],
    ),
    ("hole", ("poly", star(-0.07, -0.02, 0.1))),
    ("poly", star(0.28, 0.28, 0.13)),
    ("circle", 0.34, 0.02, 0.035),
    ("circle", -0.32, 0.14, 0.03),
]

_SKULL = [
    (
        "poly",
        [
            (-0.34, 0.06),
            *ellipse(0, 0.06, 0.34, 0.4, 180, 0, 14)[1:-1],
            (0.34, 0.06),
            (0.3, -0.12),
            (0.2, -0.18),
            (0.2, -0.34),
            (-0.2, -0.34),
            (-0.2, -0.18),
            (-0.3, -0.12),
        ],
    ),
    ("hole", ("circle", -0.14, 0.02, 0.1)),
    ("hole", ("circle", 0.14, 0.02, 0.1)),
    ("hole", ("poly", [(0, -0.06), (0.05, -0.16), (-0.05, -0.16)])),
    ("hole", ("line", [(-0.1, -0.34), (-0.1, -0.24)], 0.03)),
    ("hole", ("line", [(0.0, -0.34), (0.0, -0.24)], 0.03)),
    ("hole", ("line", [(0.1, -0.34), (0.1, -0.24)], 0.03)),
    ("line", [(-0.3, -0.46), (0.3, -0.4)], 0.05),
    ("line", [(-0.3, -0.4), (0.3, -0.46)], 0.05),
]


def _dragon() -> list[Any]:
    # Spread bat wings with scalloped edges, a body and a long neck and head.
    wing = [
        (0.06, 0.04),
        (0.2, 0.26),
        (0.46, 0.42),
        (0.5, 0.3),
        (0.46, 0.04),
        (0.4, 0.1),
        (0.36, -0.04),
        (0.28, 0.02),
        (0.22, -0.1),
        (0.12, -0.06),
    ]
    return [
        ("poly", wing),
        ("poly", [(-x, y) for x, y in wing]),
        (
            "poly",
            [
                (0, -0.48),
                (0.04, -0.3),
                (0.1, -0.12),
                (0.08, 0.1),
                (0.06, 0.28),
                (0.14, 0.36),
                (0.16, 0.44),
                (0.04, 0.44),
                (-0.04, 0.38),
                (-0.08, 0.2),
                (-0.1, 0.02),
                (-0.1, -0.14),
                (-0.04, -0.32),
            ],
        ),
        ("poly", [(0.02, 0.42), (-0.04, 0.5), (0.0, 0.38)]),
        ("poly", [(0.1, 0.44), (0.1, 0.52), (0.14, 0.42)]),
        ("curve", [(0.0, -0.44), (0.12, -0.5), (0.24, -0.44), (0.22, -0.32)], 0.035),
        ("hole", ("circle", 0.07, 0.4, 0.018)),
    ]


_RAFT = [
    ("poly", [(-0.44, -0.3), (0.44, -0.3), (0.44, -0.18), (-0.44, -0.18)]),
    ("poly", [(-0.44, -0.14), (0.44, -0.14), (0.44, -0.02), (-0.44, -0.02)]),
    ("line", [(-0.3, -0.34), (-0.3, 0.02)], 0.04),
    ("line", [(0.3, -0.34), (0.3, 0.02)], 0.04),
    ("line", [(-0.1, 0.0), (0.22, 0.46)], 0.04),
    ("poly", [(0.2, 0.42), (0.32, 0.5), (0.28, 0.34)]),
    ("curve", [(-0.48, -0.42), (-0.24, -0.34), (0.0, -0.5), (0.24, -0.42)], 0.03),
]


TROOPS: dict[str, list[Any]] = {
    "light-infantry": _SPEAR,
    "barbarians": _AXE,
    "elves": _LEAF,
    "dwarves": _HAMMER,
    "orcs": _ORC,
    "knights": _KNIGHT,
    "ship": _SHIP,
    "ghost-ship": _GHOST_SHIP,
    "mage": _MAGE,
    "zombie": _SKULL,
    "dragon": _dragon(),
    "lair": _dragon(),
    "transport": _RAFT,
}


# ---- markers: capital, personal troop, siege, no action, spells, mithril, leaders, coins -----------

_CROWN = [
    ("poly", [(-0.42, -0.3), (0.42, -0.3), (0.46, 0.22), (0.22, 0.0), (0, 0.34), (-0.22, 0.0), (-0.46, 0.22)]),
    ("circle", -0.46, 0.26, 0.06),
    ("circle", 0.46, 0.26, 0.06),
    ("circle", 0, 0.38, 0.06),
    ("poly", [(-0.42, -0.42), (0.42, -0.42), (0.42, -0.34), (-0.42, -0.34)]),
]

_PERSONAL = [("poly", star(0, -0.02, 0.5))]

_SIEGE = [
    (
        "poly",
        [
            (-0.1, -0.2),
            (0.1, -0.2),
            (0.1, 0.12),
            (0.13, 0.12),
            (0.13, 0.2),
            (0.06, 0.2),
            (0.06, 0.16),
            (0.02, 0.16),
            (0.02, 0.2),
            (-0.02, 0.2),
            (-0.02, 0.16),
            (-0.06, 0.16),
            (-0.06, 0.2),
            (-0.13, 0.2),
            (-0.13, 0.12),
            (-0.1, 0.12),
        ],
    )
] + [
    (
        "poly",
        [
            (0.44 * math.cos(a) + 0.06 * math.cos(a + 1.6), 0.44 * math.sin(a) + 0.06 * math.sin(a + 1.6)),
            (0.3 * math.cos(a), 0.3 * math.sin(a)),
            (0.44 * math.cos(a) + 0.06 * math.cos(a - 1.6), 0.44 * math.sin(a) + 0.06 * math.sin(a - 1.6)),
        ],
    )
    for a in (math.radians(22.5 + 45 * i) for i in range(8))
]

_HOURGLASS = [
    (
        "poly",
        [
            (-0.3, 0.46),
            (0.3, 0.46),
            (0.3, 0.38),
            (0.22, 0.38),
            (0.04, 0.02),
            (0.22, -0.38),
            (0.3, -0.38),
            (0.3, -0.46),
            (-0.3, -0.46),
            (-0.3, -0.38),
            (-0.22, -0.38),
            (-0.04, 0.02),
            (-0.22, 0.38),
            (-0.3, 0.38),
        ],
    ),
    ("hole", ("poly", [(-0.15, 0.34), (0.15, 0.34), (0.02, 0.08), (-0.02, 0.08)])),
    ("hole", ("poly", [(-0.02, -0.04), (0.02, -0.04), (0.12, -0.24), (-0.12, -0.24)])),
]

_WIND = [
    ("poly", [(0.12, 0.46), (0.12, -0.2), (0.46, -0.2)]),
    ("line", [(0.06, -0.26), (0.06, 0.48)], 0.035),
    ("poly", [(-0.3, -0.3), (0.48, -0.3), (0.36, -0.46), (-0.2, -0.46)]),
    ("curve", [(-0.48, 0.3), (-0.3, 0.36), (-0.14, 0.28), (-0.02, 0.3)], 0.035),
    ("curve", [(-0.48, 0.12), (-0.32, 0.18), (-0.16, 0.08), (-0.02, 0.12)], 0.035),
    ("curve", [(-0.48, -0.06), (-0.34, 0.0), (-0.18, -0.1), (-0.04, -0.06)], 0.035),
]

_CLOUD = [
    ("circle", -0.2, 0.12, 0.2),
    ("circle", 0.06, 0.22, 0.24),
    ("circle", 0.28, 0.08, 0.18),
    ("poly", [(-0.38, 0.06), (0.44, 0.06), (0.44, -0.08), (-0.38, -0.08)]),
    ("circle", -0.38, -0.0, 0.08),
    ("circle", 0.42, -0.0, 0.08),
]

_STORM = [
    *_CLOUD,
    ("poly", [(0.02, -0.06), (-0.14, -0.3), (0.0, -0.3), (-0.1, -0.5), (0.18, -0.22), (0.04, -0.22), (0.14, -0.06)]),
]


def _zed(x: float, y: float, s: float) -> tuple[Any, ...]:
    return ("line", [(x, y + s), (x + s, y + s), (x, y), (x + s, y)], 0.035)


_SLEEP = [*_CLOUD, _zed(-0.42, -0.42, 0.16), _zed(-0.14, -0.36, 0.12), _zed(0.1, -0.3, 0.09)]

_SHIELD = [
    ("poly", [(-0.36, 0.42), (0.36, 0.42), (0.36, 0.0), (0.26, -0.24), (0, -0.48), (-0.26, -0.24), (-0.36, 0.0)]),
    (
        "hole",
        (
            "poly",
            [
                (-0.05, 0.3),
                (0.05, 0.3),
                (0.05, 0.06),
                (0.2, 0.06),
                (0.2, -0.04),
                (0.05, -0.04),
                (0.05, -0.28),
                (-0.05, -0.28),
                (-0.05, -0.04),
                (-0.2, -0.04),
                (-0.2, 0.06),
                (-0.05, 0.06),
            ],
        ),
    ),
]

_DROP = [
    ("poly", [(0, 0.48), (0.16, 0.2), *ellipse(0, -0.12, 0.32, 0.34, 30, -210, 18)[1:-1], (-0.16, 0.2)]),
    ("hole", ("curve", [(-0.16, -0.12), (-0.18, -0.24), (-0.1, -0.3), (-0.02, -0.32)], 0.04)),
]

_WALLS = [
    ("line", pts, 0.03)
    for pts in (
        [(-0.46, -0.4), (0.46, -0.4), (0.46, 0.16), (-0.46, 0.16), (-0.46, -0.4)],
        [(-0.46, -0.12), (0.46, -0.12)],
        [(-0.16, -0.4), (-0.16, -0.12)],
        [(0.16, -0.4), (0.16, -0.12)],
        [(0.0, -0.12), (0.0, 0.16)],
        [(-0.3, -0.12), (-0.3, 0.16)],
        [(0.3, -0.12), (0.3, 0.16)],
    )
] + [("line", [(x, 0.16), (x, 0.3), (x + 0.14, 0.3), (x + 0.14, 0.16)], 0.03) for x in (-0.46, -0.07, 0.32)]

_GEM = [
    ("poly", [(-0.3, 0.3), (0.3, 0.3), (0.46, 0.08), (0, -0.46), (-0.46, 0.08)]),
    ("hole", ("line", [(-0.46, 0.08), (0.46, 0.08)], 0.025)),
    ("hole", ("line", [(-0.14, 0.3), (-0.2, 0.08), (0, -0.46), (0.2, 0.08), (0.14, 0.3)], 0.025)),
]

_BANNER = [
    ("line", [(-0.3, -0.48), (-0.3, 0.48)], 0.06),
    ("circle", -0.3, 0.48, 0.05),
    ("poly", [(-0.27, 0.42), (0.44, 0.42), (0.3, 0.2), (0.44, -0.02), (-0.27, -0.02)]),
    ("hole", ("poly", star(0.06, 0.2, 0.13))),
]

_CAPTIVE = (
    [*_BANNER]
    + [("line", [(x, -0.5), (x, 0.5)], 0.05) for x in (-0.42, -0.14, 0.14, 0.42)]
    + [("line", [(-0.48, 0.46), (0.48, 0.46)], 0.06), ("line", [(-0.48, -0.46), (0.48, -0.46)], 0.06)]
)

_COIN = [("circle", 0, 0, 0.46), ("hole", ("ring", 0, 0, 0.36, 0.04))]


MARKERS: dict[str, list[Any]] = {
    "capital": _CROWN,
    "personal": _PERSONAL,
    "siege": _SIEGE,
    "no-action": _HOURGLASS,
    "fair-wind": _WIND,
    "storm": _STORM,
    "sleep-fog": _SLEEP,
    "fury-shield": _SHIELD,
    "tireless-water": _DROP,
    "clear-walls": _WALLS,
    "mithril": _GEM,
    "leader": _BANNER,
    "captive": _CAPTIVE,
    "coin": _COIN,
}


# ---- drawing ---------------------------------------------------------------------------------------

Colour = tuple[float, float, float]

# Every pictogram by the building, troop or marker id it stands for.
PICTOGRAMS: dict[str, list[Any]] = {**BUILDINGS, **TROOPS, **MARKERS}


def has(kind: str) -> bool:
    """Whether printkit draws a pictogram for this building, troop or marker id."""
    return kind in PICTOGRAMS


def draw(c: Any, kind: str, cx: float, cy: float, size: float, ink: Colour, paper: Colour = (1.0, 1.0, 1.0)) -> None:
    """The pictogram `kind` in a square of `size` points centred on (cx, cy), in ink on paper."""
    c.saveState()
    c.setLineCap(1)
    c.setLineJoin(1)
    for stroke in PICTOGRAMS[kind]:
        _stroke(c, stroke, cx, cy, size, ink, paper)
    c.restoreState()


def _stroke(c: Any, stroke: Sequence[Any], cx: float, cy: float, s: float, ink: Colour, paper: Colour) -> None:
    what = stroke[0]
    if what == "hole":
        _stroke(c, stroke[1], cx, cy, s, paper, paper)
        return
    c.setFillColorRGB(*ink)
    c.setStrokeColorRGB(*ink)
    if what == "poly":
        pts = stroke[1]
        p = c.beginPath()
        p.moveTo(cx + pts[0][0] * s, cy + pts[0][1] * s)
        for x, y in pts[1:]:
            p.lineTo(cx + x * s, cy + y * s)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    elif what == "line":
        pts, width = stroke[1], stroke[2]
        c.setLineWidth(width * s)
        p = c.beginPath()
        p.moveTo(cx + pts[0][0] * s, cy + pts[0][1] * s)
        for x, y in pts[1:]:
            p.lineTo(cx + x * s, cy + y * s)
        c.drawPath(p, stroke=1, fill=0)
    elif what == "curve":
        pts, width = stroke[1], stroke[2]
        c.setLineWidth(width * s)
        p = c.beginPath()
        p.moveTo(cx + pts[0][0] * s, cy + pts[0][1] * s)
        for i in range(1, len(pts) - 2, 3):
            (x1, y1), (x2, y2), (x3, y3) = pts[i : i + 3]
            p.curveTo(cx + x1 * s, cy + y1 * s, cx + x2 * s, cy + y2 * s, cx + x3 * s, cy + y3 * s)
        c.drawPath(p, stroke=1, fill=0)
    elif what == "circle":
        c.circle(cx + stroke[1] * s, cy + stroke[2] * s, stroke[3] * s, stroke=0, fill=1)
    elif what == "ring":
        c.setLineWidth(stroke[4] * s)
        c.circle(cx + stroke[1] * s, cy + stroke[2] * s, stroke[3] * s, stroke=1, fill=0)
    else:  # pragma: no cover - a typo in the table above
        raise ValueError(f"unknown stroke {what!r}")
