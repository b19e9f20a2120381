"""Markers of «Великая Стратегическая»: capital, personal troop, siege, no action, spells, mithril, leaders."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from printkit.imposition import Box
from printkit.plugin import MM, Build, RenderError, Session, label
from printkit.render import fonts, hex_colour, tint

from . import livery, pictograms
from .coins import coins, draw_coin
from .livery import PLAIN, pattern_of
from .model import VsData, vs_of, vs_session
from .piece_sheets import Pieces, build_shared
from .tokens import badge, deep, owners

# Markers per player by default. The capital, the personal troop, its mithril and (2003) its leader
# are one each, three leaders since a captured one stays with its captor while a new one is hired;
# three sieges; eight «no active action» for the pieces that lose it in a turn (hired, built,
# attacked, joined); two of each lasting spell, in the caster's colour, since its year ends at the
# caster's turn; two for a mage who lost a mental duel and casts nothing for a year (2025). See the
# README.
DEFAULT_MARKERS: Mapping[str, int] = {
    "capital": 1, "personal": 1, "siege": 3, "no-action": 8, "mithril": 1, "mithril-amulet": 1, "leader": 3,
    "no-magic": 2,
}  # fmt: skip
SPELL_COPIES = 2
# A marker's two faces: (pictogram, label key) for the front and the back. Most read the same both
# ways up; the leader turns over when taken prisoner, mithril when it is a mage's amulet.
FACES: Mapping[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "capital": (("capital", "mk_capital"), ("capital", "mk_capital")),
    "personal": (("personal", "mk_personal"), ("personal", "mk_personal")),
    "siege": (("siege", "mk_siege"), ("siege", "mk_siege")),
    "no-action": (("no-action", "mk_no_action"), ("no-action", "mk_no_action")),
    "mithril": (("mithril", "mk_mithril_armour"), ("mithril", "mk_mithril_armour")),
    "mithril-amulet": (("mithril", "mk_mithril_armour"), ("mithril", "mk_mithril_amulet")),
    "leader": (("leader", "mk_leader"), ("captive", "mk_captive")),
    "no-magic": (("mage", "mk_no_magic"), ("mage", "mk_no_magic")),
}


@dataclass(frozen=True)
class Marker:
    colour: str
    front: tuple[str, str]  # (pictogram, text)
    back: tuple[str, str]
    mark: str = ""  # the owner's mark on both faces (model.owner_marks): whose it is on a grey print
    pattern: str = PLAIN  # the owner's pattern (livery) in the frame: whose it is from across the table


# Every word on a marker stays this far inside the cut: about the most a 16 mm marker allows, since
# its longest word at 6 pt («неутомимости», 11.03 mm) must fit between the two margins.
SAFE = 2.4 * MM
# The frame that carries the owner's colour and pattern (livery), inside the margin the words keep:
# 1.8 mm leaves the words 0.6 mm of white inside it (at 2 mm the longest labels came within 0.4 mm
# and seemed to touch it: issue 42); at 1.6 mm two owners' patterns came too close to tell apart.
FRAME = 1.8 * MM


def lasting_spells(vs: VsData) -> list[str]:
    """The spells whose effect stays on the table (a year, or until a battle): each gets a marker."""
    return [sp.id for sp in vs.spells if sp.lasts]


def marker_ids(vs: VsData) -> list[str]:
    """Every marker id of this edition, and `spells` for all the spell markers at once."""
    return [*vs.markers, "spells", *lasting_spells(vs)]


def markers(session: Session) -> list[Marker]:
    """Every player's markers in the player's colour."""
    vs = vs_of(session.ruleset)
    lang = session.language
    chosen = vs_session(session).tokens.markers
    spells = {sp.id: sp for sp in vs.spells}
    out: list[Marker] = []
    for seat, (colour, _, mark) in enumerate(owners(session)[:-1], start=1):  # the neutral set has no markers
        pattern = pattern_of(seat)
        for mid in vs.markers:
            front, back = FACES[mid]
            face = Marker(colour, (front[0], label(front[1], lang)), (back[0], label(back[1], lang)), mark, pattern)
            out += [face] * chosen.get(mid, DEFAULT_MARKERS.get(mid, 1))
        for sid in lasting_spells(vs):
            kind = sid if pictograms.has(sid) else "no-action"
            face = Marker(colour, (kind, spells[sid].name[lang]), (kind, spells[sid].name[lang]), mark, pattern)
            out += [face] * chosen.get(sid, chosen.get("spells", SPELL_COPIES))
    return out


def lines(text: str, font: str, width: float, size: float = 7.0, least: float = 6.0) -> tuple[list[str], float]:
    """The text on one line, or broken at a space onto two, at the largest size from `size` down to
    `least` that fits `width`; a RenderError when even two lines at `least` do not fit."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    words = text.split(" ")  # only plain spaces break: a no-break space keeps its two words together
    candidates = [[text]] + [[" ".join(words[:i]), " ".join(words[i:])] for i in range(1, len(words))]
    best: tuple[list[str], float] | None = None
    for split in candidates:
        widest = max(stringWidth(part, font, 1.0) for part in split)
        fits = min(size, width / widest) if widest else size
        if fits >= least and (best is None or fits > best[1] + 0.6 or (len(split) < len(best[0]) and fits >= best[1])):
            best = (split, fits)
    if best is None:
        raise RenderError(f"text does not fit its marker even at {least:g} pt on two lines: {text!r}; shorten it")
    return best


def draw_marker(c: Any, box: Box, marker: Marker, back: bool, bleed: float = 0.0, light: bool = False) -> None:
    """One face of a marker: a frame in the owner's colour and pattern, the pictogram, the owner's
    mark and the words; `light` (the ink-saving kit) draws the frame's pattern on white, in a tint of
    the colour, and leaves the back white. The frame reaches `bleed` past the box."""
    colour = hex_colour(marker.colour)
    kind, text = marker.back if back else marker.front
    s = box.w
    livery.band(c, box.x - bleed, box.y - bleed, box.w + 2 * bleed, box.h + 2 * bleed, colour, marker.pattern, light)
    paper = tint(colour, 0.14) if back and not light else (1.0, 1.0, 1.0)
    c.setFillColorRGB(*paper)
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(0.5)
    c.rect(box.x + FRAME, box.y + FRAME, box.w - 2 * FRAME, box.h - 2 * FRAME, stroke=1 if light else 0, fill=1)
    ink = deep(colour)
    parts, size = lines(text, fonts.NARROW_BOLD, s - 2 * SAFE)
    text_h = len(parts) * size * 1.05
    foot = SAFE + size * 0.25  # the last line's baseline: its descenders stay SAFE inside the cut
    top = box.y + s - SAFE
    width = badge(c, box.x + s - SAFE, top, marker.mark, ink) if marker.mark else 0.0
    low = box.y + foot + text_h - size * 0.2
    room = top - low
    # The pictogram keeps clear of the mark: it moves left by the room the mark takes.
    size_p = min(room * 0.92, s - 2 * SAFE - 2 * width)
    pictograms.draw(c, kind, box.x + s / 2 - width / 2, low + room / 2, size_p, ink, paper)
    c.setFillColorRGB(0, 0, 0)
    c.setFont(fonts.NARROW_BOLD, size)
    for i, part in enumerate(parts):
        c.drawCentredString(box.x + s / 2, box.y + foot + (len(parts) - 1 - i) * size * 1.05, part)


def build(b: Build) -> None:
    """The kit's markers.pdf: the players' markers and the bank's coins, sharing sheets (each alone
    filled a quarter to two fifths of its own), and a cut template a sheet for a cutting machine (no
    print-shop file: see the README)."""
    session = b.session
    lang = session.language
    light = bool(b.options.greyscale)  # the ink-saving kit
    # Each player's markers from a row of their own, so that a player's set is cut out together (a
    # cutting machine's marks shorten some rows, which mixed the sets when they ran on: issue 42).
    owners: dict[tuple[str, str], list[Marker]] = {}
    for marker in markers(session):
        owners.setdefault((marker.colour, marker.pattern), []).append(marker)
    kinds = (
        *(Pieces(own, vs_session(session).tokens.marker_mm * MM,
                 lambda c, box, marker, back, bleed: draw_marker(c, box, marker, back, bleed, light))
          for own in owners.values()),
        Pieces(coins(session), vs_session(session).coins.size_mm * MM,
               lambda c, box, value, back, bleed: draw_coin(c, box, value, lang, light),  # round: cut inside
               notes=lambda: [label("cn_values", lang)], round_cut=True),  # the rules name no coin values
    )  # fmt: skip
    build_shared(b, "markers", "markers_title", kinds)
