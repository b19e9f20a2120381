"""Pictures beside a question's form and answer: a placeholder that draws none until the pictures land."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from markupsafe import Markup


def picture(
    question: str, values: Mapping[str, Any], answer: Any | None, lang: str, link: Callable[[Mapping[str, str]], str]
) -> Markup | None:
    """The picture of a question's page (None: none). Called before an answer (answer None: a map to
    tap, where link({"start": "C4"}) is this page's address with that value) and with the answer."""
    return None
