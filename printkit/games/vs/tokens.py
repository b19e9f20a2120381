"""Building, mine and troop tokens of «Великая Стратегическая»: one map cell each, two-sided."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...artefact import Build
from ...config.model import Session
from ...config.session import player_name
from ...geometry import MM
from ...labels import label
from . import pictograms
from .cards import PALETTE
from .model import VsData, vs_map, vs_of, vs_session
from .piece_sheets import build_pieces
from .token_faces import draw_token

NEUTRAL = "#757575"  # neutral troops and buildings: a grey no player's palette colour uses

# Tokens per player by default: the standard start of either edition (2025: a castle and knights;
# 2003: a city and the personal troop) and a realistic state beside it — four lands, so four lord's
# houses, each a token of its level (a house grows a level a year, so towers are the most common),
# three fortresses, two mines of each metal but mithril, a mixed army and a necromancer's six zombie
# squads (one token a squad). Groups and ids missing here get FALLBACK. See the README.
DEFAULT_COPIES: Mapping[str, int] = {
    "tower": 4, "manor": 3, "castle": 3, "city": 2, "fortress": 3, "bridge": 3,
    "mine-1": 2, "mine-2": 2, "mine-3": 2, "mine-4": 1,
    "light-infantry": 4, "barbarians": 2, "elves": 2, "dwarves": 2, "orcs": 2, "knights": 3, "ship": 2, "mage": 2,
    "zombie": 6, "dragon": 1, "ghost-ship": 2, "transport": 3,
}  # fmt: skip
# The neutral set: whatever may stand on the map unowned at the start, or after a player leaves.
DEFAULT_NEUTRAL: Mapping[str, int] = {
    "tower": 2, "manor": 1, "castle": 1, "city": 1, "fortress": 1, "bridge": 1,
    "mine-1": 1, "mine-2": 1, "mine-3": 1, "mine-4": 1,
    "light-infantry": 2, "barbarians": 2, "elves": 2, "dwarves": 2, "orcs": 2, "knights": 2, "ship": 1, "mage": 1,
    "zombie": 0, "dragon": 1, "ghost-ship": 0, "transport": 0,
}  # fmt: skip
FALLBACK = 2


@dataclass(frozen=True)
class Token:
    """One token: the front shows the pictogram, the name and its levels or squads; the back the figures."""

    colour: str
    kind: str  # pictogram id
    title: str
    owner: str  # printed small on the back, to sort the tokens back to their players
    pips: int = 0  # building and mine levels as dots
    squads: tuple[int, bool] | None = None  # (squads, all with the «+») as boxes
    lines: tuple[str, ...] = ()  # the back's figures
    garrison: tuple[int, bool] | None = None
    moves: tuple[tuple[str, int], ...] = ()  # (terrain colour, cells a turn)
    note: str = ""  # under the moves: what the numbers are


def token_ids(vs: VsData) -> list[str]:
    """Every group and single id `tokens: copies:` accepts for this edition."""
    ids = [s.id for s in vs.structures] + [f"mine-{m.level}" for m in vs.mines] + [t.id for t in vs.troops]
    return ["structures", "mines", "troops", *ids, *(["transport"] if vs.figures.get("transport") else [])]


def counts(vs: VsData, defaults: Mapping[str, int], chosen: Mapping[str, int]) -> dict[str, int]:
    """Copies of each id: the default, then a group of the config, then the id of the config."""
    groups = {"structures": [s.id for s in vs.structures], "mines": [f"mine-{m.level}" for m in vs.mines],
              "troops": [t.id for t in vs.troops] + (["transport"] if vs.figures.get("transport") else [])}  # fmt: skip
    out = {i: defaults.get(i, FALLBACK) for ids in groups.values() for i in ids}
    for group, ids in groups.items():
        if group in chosen:
            out.update(dict.fromkeys(ids, chosen[group]))
    out.update({k: v for k, v in chosen.items() if k in out})
    return out


def player_colour(session: Session, number: int) -> str:
    """A player's colour: the config's, else the palette's by seat."""
    colour = session.players[number - 1].colour
    return colour or PALETTE[(number - 1) % len(PALETTE)]


def _set(session: Session, colour: str, owner: str, copies: Mapping[str, int]) -> list[Token]:
    vs = vs_of(session.ruleset)
    lang = session.language
    short = {t.id: t for t in session.ruleset.terrains}
    out: list[Token] = []
    for s in vs.structures:
        lines = [label("tk_cost", lang, n=s.cost)]
        if s.income == "land":
            lines.append(label("tk_income_land", lang))
        if s.treasury:
            lines.append(label("tk_treasury", lang, n=s.treasury))
        if s.upkeep:
            lines.append(label("tk_upkeep", lang, n=s.upkeep))
        lines.append(label("tk_garrison", lang, n=s.garrison) if not s.garrison else label("tk_garrison_is", lang))
        kind = s.id if pictograms.has(s.id) else "tower"
        token = Token(colour, kind, s.name[lang], owner, pips=s.level, lines=tuple(lines),
                      garrison=(s.garrison, s.garrison_advantage))  # fmt: skip
        out += [token] * copies[s.id]
    for m in vs.mines:
        lines = [label("tk_cost", lang, n=m.cost), label("tk_income", lang, n=m.income)]
        if m.height:
            lines.append(label("tk_height", lang, n=m.height))
        lines.append(label("tk_garrison_is", lang))
        token = Token(colour, "mine", m.name[lang], owner, pips=m.level, lines=tuple(lines),
                      garrison=(m.garrison, m.garrison_advantage))  # fmt: skip
        out += [token] * copies[f"mine-{m.level}"]
    for t in vs.troops:
        cost = label("tk_cost", lang, n=t.cost) if t.cost is not None else label("tk_magic", lang)
        moves = tuple((short[k].colour, v) for k, v in t.move.items() if k in short)
        kind = t.id if pictograms.has(t.id) else "light-infantry"
        note = label("tk_moves_free" if t.crosses else "tk_moves", lang)
        token = Token(colour, kind, t.name[lang], owner, squads=(t.squads, t.advantage),
                      lines=(cost, label("tk_upkeep", lang, n=t.upkeep)), moves=moves, note=note)  # fmt: skip
        out += [token] * copies[t.id]
    transport = vs.figures.get("transport")
    if transport and copies.get("transport"):
        sea = [t for t in session.ruleset.terrains if t.water]
        cost = label("tk_transport_cost", lang, n=transport["cost_outside"], inside=transport["cost_inside"])
        token = Token(colour, "transport", label("tk_transport", lang), owner, squads=(int(transport["squads"]), False),
                      lines=(cost,), moves=tuple((w.colour, int(transport["speed"])) for w in sea),
                      note=label("tk_moves", lang))  # fmt: skip
        out += [token] * copies["transport"]
    return out


def tokens(session: Session) -> list[Token]:
    """Every token of the kit: each player's set in the player's colour, then the neutral set in grey."""
    vs = vs_of(session.ruleset)
    options = vs_session(session).tokens
    out: list[Token] = []
    for number in range(1, len(session.players) + 1):
        copies = counts(vs, DEFAULT_COPIES, options.copies)
        out += _set(session, player_colour(session, number), player_name(session, number), copies)
    neutral = counts(vs, DEFAULT_NEUTRAL, options.neutral)
    game_map = session.game_map
    if game_map is not None:  # enough neutral tokens for the map's own neutral troops and its dragons
        for piece in vs_map(game_map).pieces:
            troop = vs.troop(piece.troop) if piece.owner is None else None
            if troop is not None and troop.id not in options.neutral:
                mine = sum(1 for p in vs_map(game_map).pieces if p.owner is None and vs.troop(p.troop) == troop)
                neutral[troop.id] = max(neutral[troop.id], mine)
        if "dragon" in neutral and "dragon" not in options.neutral:
            neutral["dragon"] = max(neutral["dragon"], len(vs_map(game_map).lairs))
    return out + _set(session, NEUTRAL, label("tk_neutral", session.language), neutral)


def build(b: Build) -> None:
    """The kit's tokens.pdf; with a cutting machine its cut template, for a print shop its own file."""
    size = vs_session(b.session).tokens.cell_mm * MM
    build_pieces(b, "tokens", "tokens_title", tokens(b.session), size, draw_token, shop=draw_token)
