"""Chi-square goodness of fit for the randomness tests (no SciPy needed)."""

from __future__ import annotations

import math
from collections.abc import Sequence


def chi_square_p(observed: Sequence[float], expected: Sequence[float], dof: int) -> float:
    """Upper-tail p-value of the chi-square statistic (Wilson-Hilferty normal approximation)."""
    stat = sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))
    z = ((stat / dof) ** (1 / 3) - (1 - 2 / (9 * dof))) / math.sqrt(2 / (9 * dof))
    return 0.5 * math.erfc(z / math.sqrt(2))
