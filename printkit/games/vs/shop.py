"""Battle cards for print shops: every card of every deck, front then back, one face per page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...config.model import Session
from ...config.session import display_title
from ...labels import label
from ...render.printshop import SHOP_BLEED, write_faces
from .cards import Deck, decks, draw_back, draw_front
from .model import vs_of, vs_session
from .orders import all_cards


def cards_for_print_shop(session: Session, target: str | Path) -> int:
    """battle-cards-print-shop.pdf: every card of every deck, its front then its back, each on a page
    of its own at trim size plus 1/8 in bleed, with TrimBox and BleedBox; returns the page count."""
    opts = vs_session(session).cards
    w, h = opts.size
    vs = vs_of(session.ruleset)
    assert vs is not None
    fronts = {card.label(): card for card in all_cards(vs.orders)}

    def front(label_: str) -> Any:
        return lambda c: draw_front(c, session, fronts[label_], w, h, SHOP_BLEED)

    def back(deck: Deck) -> Any:
        return lambda c: draw_back(c, session, deck, w, h, SHOP_BLEED)

    pages = [
        page
        for deck in decks(session)
        for card in deck.cards
        for page in ((f"front-{card.label()}", front(card.label())), (f"back-{deck.player}", back(deck)))
    ]
    title = f"{display_title(session)} — {label('cards_title', session.language)}"
    return write_faces(target, (w, h), pages, title)
