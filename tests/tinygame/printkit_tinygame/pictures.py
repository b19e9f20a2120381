"""Tiny's picture beside its answer on a phone page: the coins, heads up as asked."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from markupsafe import Markup

from printkit.plugin import label

from .odds import TinyOdds


def picture(
    question: str, values: Mapping[str, Any], answer: Any, lang: str, link: Callable[[Mapping[str, str]], str]
) -> Markup | None:
    """A row of coins, the first `heads` of them heads up (Game.pictures); only classes of static/pictures.css."""
    if question != "tiny-odds" or not isinstance(answer, TinyOdds):
        return None
    faces = [("tiny-heads", label("tiny_pic_heads", lang))] * answer.heads
    faces += [("tiny-tails", label("tiny_pic_tails", lang))] * (answer.coins - answer.heads)
    coins = Markup("").join(Markup('<li class="tiny-coin {}">{}</li>').format(css, word) for css, word in faces)
    return Markup('<ol class="tiny-coins">{}</ol>').format(coins)
