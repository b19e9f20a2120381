"""Pictures of Tannhäuser's dice answers for a referee page: a pool's successes and a duel's two chances as bars."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from markupsafe import Markup

from ...dice.picture import Bar, chart
from ...labels import label
from .questions import DuelAnswer, PoolAnswer, _chance


def picture(
    question: str, values: Mapping[str, Any], answer: Any, lang: str, link: Callable[[Mapping[str, str]], str]
) -> Markup | None:
    """The picture beside a Tannhäuser answer (Game.pictures); None for a question it draws nothing for."""
    if question == "pool" and isinstance(answer, PoolAnswer):
        bars = [Bar(str(k), p) for k, p in answer.dist.table()]
        head = label("tr_pool_head", lang, n=answer.dice, d=answer.difficulty, mods="")
        return Markup('<figure class="pk-picture pk-odds">{}<p class="pk-chance">{}</p></figure>').format(
            chart(bars, lang, label("tr_successes", lang)),
            head + " · " + label("tr_one_die", lang, p=_chance(answer.per_die)),
        )
    if question == "duel" and isinstance(answer, DuelAnswer):
        bars = [
            Bar(label("pic_tr_initiator", lang), answer.attacker_wins, answer.attacker_wins),
            Bar(label("pic_tr_defender", lang), answer.defender_wins),
        ]
        said = label("tr_duel_initiator", lang, p=_chance(answer.attacker_wins))
        return Markup(
            '<figure class="pk-picture pk-odds">{}<p class="pk-chance">{}</p><p class="pk-caption">{}</p></figure>'
        ).format(chart(bars, lang), said, label("tr_duel_tie", lang))
    return None
