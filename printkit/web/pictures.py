"""Pictures a referee page shows beside an answer: the map to tap, dice faces and odds, a battle's columns."""

# The shared questions' pictures belong to their engines (printkit.maps.picture, printkit.dice.picture);
# a game draws the pictures of its own questions through its registry entry (Game.pictures), so this
# module names no game. Every picture is markup whose texts are escaped, styled by classes of
# static/pictures.css (the page's content security policy allows no style attribute and no inline
# script), and works without JavaScript: a tap on a map is a plain link.

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from markupsafe import Markup

from ..dice.picture import odds_picture, roll_picture
from ..game import games, resolve
from ..maps.picture import reach_picture, route_picture

Link = Callable[[Mapping[str, str]], str]
Drawing = Callable[[Mapping[str, Any], Any, str, Link], Markup | None]

SHARED: dict[str, Drawing] = {
    "reach": reach_picture,
    "route": route_picture,
    "roll": roll_picture,
    "odds": odds_picture,
}


def picture(question: str, values: Mapping[str, Any], answer: Any | None, lang: str, link: Link) -> Markup | None:
    """The picture of a question's page: `values` are the checked inputs it was asked with, `answer`
    the answer record (None before asking), `link(form values)` the address of this question's page
    with those values set ("" leaves an input empty). None where the question has no picture."""
    shared = SHARED.get(question)
    if shared is not None:
        return shared(values, answer, lang, link)
    for g in games():
        if g.pictures is not None and any(question in asked for asked in g.questions.values()):
            drawn: Markup | None = resolve(g.pictures)(question, values, answer, lang, link)
            return drawn
    return None
