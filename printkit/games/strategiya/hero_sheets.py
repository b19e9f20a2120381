"""Hero sheets of «Стратегия»: every derived number computed here, then drawn by hero_canvas."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from ...artefact import Build
from ...config.model import Session
from ...config.session import player_name
from ...labels import label
from ...sheets.page import base_context, signed
from . import heroes as H
from .model import Hero, Party, rules_of, session_of

BLANK_LIVES = 25  # boxes on a blank card: room for strength up to 8


@dataclass(frozen=True)
class TerrainRow:
    name: str
    colour: str
    cells: str
    flying: str
    lives: str
    experience: str


@dataclass(frozen=True)
class Card:
    """One hero, every figure ready to print ('' where the player fills it in by hand)."""

    marker: str
    name: str
    sex: str
    age: str
    legend: str
    hire: str
    stats: tuple[tuple[str, str], ...]
    total: str
    perks: tuple[str, ...]
    lives_title: str
    lives: tuple[str, ...]  # per box: "" plain, "lost" crossed out, "wounded", "extra" (dashed, blank card)
    experience_boxes: tuple[bool, ...]
    unspent: str
    money: str
    items: str
    animals: str
    spells: str
    terrain: tuple[TerrainRow, ...]
    border: str
    bow: str
    load: str
    usable: tuple[tuple[str, bool], ...] = field(default=())  # per item: what to print, usable now?
    learnable: tuple[tuple[str, bool], ...] = field(default=())


def card(session: Session, hero: Hero | None, marker: str) -> Card:
    """A hero's card; hero=None gives the blank card of a sheet to fill in by hand."""
    rules, lang = rules_of(session.ruleset), session.language
    h = rules.heroes
    assert h is not None
    if hero is None:
        return _blank_card(session, marker)
    names = {o.id: o.name[lang] for kind in ("items", "animals", "scrolls") for o in rules.town.get(kind, ())}
    smart = H.intellect(rules, hero)
    top = H.max_lives(rules, hero)
    now = H.current_lives(rules, hero)
    lives = tuple("lost" if n > now else ("wounded" if n <= h.lives.wounded_at else "") for n in range(1, top + 1))
    perks = H.perks(rules, hero)
    rows = []
    for f in H.terrain_figures(rules, hero):
        rows.append(
            TerrainRow(
                f.terrain.short[lang],
                f.terrain.colour,
                label("no_entry", lang) if f.cells is None else str(f.cells),
                "—" if f.flying is None else str(f.flying),
                "—" if not f.lives_per_turn else signed(f.lives_per_turn),
                signed(f.experience),
            )
        )
    per_point = h.experience_per_point
    intellect_text = str(hero.intellect) if smart == hero.intellect else f"{hero.intellect} ({smart})"
    return Card(
        marker=marker,
        name=hero.name or "",
        sex=hero.sex or "",
        age=hero.age or "",
        legend=hero.legend or "",
        hire=label("hired_as", lang, name=names_of(session, "hires")[hero.hire]) if hero.hire else "",
        stats=(
            (label("strength", lang), str(hero.strength)),
            (label("speed", lang), str(hero.speed)),
            (label("intellect", lang), intellect_text),
        ),
        total=str(H.total_potential(hero)),
        perks=tuple(t.text[lang] for t in perks.tiers) or (label("no_perks", lang, n=rules.tiers[0].start),)
        if rules.tiers
        else (),
        lives_title=label("lives_max", lang, n=top),
        lives=lives,
        experience_boxes=tuple(i < hero.experience % per_point for i in range(per_point)),
        unspent=str(hero.potential) if hero.potential else "",
        money=f"{hero.money} $" if hero.money is not None else "",
        items=", ".join(names[i] for i in hero.items),
        animals=", ".join(names[i] for i in hero.animals),
        spells=", ".join(names[i] for i in hero.spells),
        terrain=tuple(rows),
        border=label("border_value", lang, n=H.border_cells(rules, hero)),
        bow=label("cells_n", lang, n=H.bow_range(rules, hero)),
        load=label("load_value", lang, days=h.load_days_per_cell, n=H.load_recovery(rules, hero)),
        usable=tuple(_usable(u, lang) for u in H.usable_items(rules, hero)),
        learnable=tuple(
            (label("can", lang), True) if u.ok else (label("extra_turns", lang, n=u.extra_turns), False)
            for u in H.learnable_scrolls(rules, hero)
        ),
    )


def _usable(u: H.Usable, lang: str) -> tuple[str, bool]:
    if u.ok:
        return label("can", lang), True
    if u.blocked_by is not None:
        return label("not_with_pair", lang, name=u.blocked_by.name[lang]), False
    return label("needs_strength", lang, n=u.offer.strength), False


def names_of(session: Session, kind: str) -> dict[str, str]:
    return {o.id: o.name[session.language] for o in rules_of(session.ruleset).town.get(kind, ())}


def _blank_card(session: Session, marker: str) -> Card:
    rules, lang = rules_of(session.ruleset), session.language
    h = rules.heroes
    assert h is not None
    lives = tuple(
        "extra" if n > h.lives.base else ("wounded" if n <= h.lives.wounded_at else "")
        for n in range(1, BLANK_LIVES + 1)
    )
    rows = []
    for t in rules.terrains:
        if t.move.fixed is not None:
            cells = str(t.move.fixed)
        elif t.move.base is not None:
            cells = f"{t.move.base} + {label('speed', lang).lower()}"
        else:
            cells = label("no_entry", lang)
        rows.append(
            TerrainRow(
                t.short[lang],
                t.colour,
                cells,
                "",
                "—" if not t.lives_per_turn else signed(t.lives_per_turn),
                f"{signed(t.experience)} + {label('intellect', lang).lower()[:3]}.",
            )
        )
    return Card(
        marker=marker,
        name="",
        sex="",
        age="",
        legend="",
        hire="",
        stats=tuple((label(s, lang), "") for s in ("strength", "speed", "intellect")),
        total="",
        perks=(),
        lives_title=label("lives_blank", lang),
        lives=lives,
        experience_boxes=(False,) * h.experience_per_point,
        unspent="",
        money="",
        items="",
        animals="",
        spells="",
        terrain=tuple(rows),
        border="",
        bow="",
        load="",
        usable=tuple((label("needs_strength", lang, n=o.strength), False) for o in rules.town.get("items", ())),
        learnable=tuple((label("needs_intellect", lang, n=o.intellect), False) for o in rules.town.get("scrolls", ())),
    )


def player_context(session: Session, index: int, player: Party) -> dict[str, Any]:
    rules, lang = rules_of(session.ruleset), session.language
    h = rules.heroes
    assert h is not None
    count = len(player.heroes) or h.heroes_of(index, len(session_of(session).parties))
    markers = player.markers or H.markers_for(rules, index, count, lang)
    heroes = player.heroes or (None,) * count
    common = player.common_potential if player.common_potential is not None else h.common_potential
    return {
        "number": index + 1,
        "name": player_name(session, index + 1),
        "markers": " ".join(markers[:count]),
        "common": common,
        "cards": [card(session, hero, markers[i]) for i, hero in enumerate(heroes)],
    }


def context(session: Session) -> dict[str, Any]:
    """Everything the hero sheets print (hero_canvas draws it)."""
    rules, lang = rules_of(session.ruleset), session.language
    h = rules.heroes
    assert h is not None
    return {
        **base_context(session),
        "wounded_rule": label(
            "wounded_rule",
            lang,
            at=h.lives.wounded_at,
            turns=h.lives.wounded_turns,
            slow=h.lives.slow_at,
            still=h.lives.immobile_at,
        ),
        "experience_rule": label("experience_track", lang, n=h.experience_per_point),
        "item_names": [o.name[lang] for o in rules.town.get("items", ())],
        "scroll_names": [o.name[lang] for o in rules.town.get("scrolls", ())],
        "players": [player_context(session, i, p) for i, p in enumerate(session_of(session).parties)],
    }


def write_hero_sheets(session: Session, target: str | IO[bytes] | Path) -> None:
    """hero-sheets.pdf: per player a front page with every hero and a back page for secrets."""
    from .hero_canvas import write_pages  # here, not at the top: hero_canvas imports Card from this module

    write_pages(str(target) if isinstance(target, Path) else target, context(session), session.paper)


def build(b: Build) -> None:
    """The kit's hero-sheets.pdf."""
    write_hero_sheets(b.session, b.writer.path("hero-sheets.pdf"))
    b.progress("hero-sheets", 1, 1)


def blank_session(session: Session) -> Session:
    """The session with every player's heroes left out: the cards players fill in at the table."""
    part = session_of(session)
    parties = tuple(dataclasses.replace(p, heroes=()) for p in part.parties)
    return dataclasses.replace(session, part=dataclasses.replace(part, parties=parties))


def build_blank(b: Build) -> None:
    """hero-sheets-blank.pdf: the same sheets with blank cards, for heroes made or hired at the table
    (a kit whose config names no hero has only blank cards in hero-sheets.pdf and does not add it)."""
    write_hero_sheets(blank_session(b.session), b.writer.path("hero-sheets-blank.pdf"))
    b.progress("hero-sheets-blank", 1, 1)
