"""Building a kit: which artefacts a game has, and writing them into one folder in one go."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from . import __version__
from .binarycode import key_json, make_games
from .config import display_title
from .errors import UsageError
from .labels import label
from .model import Session
from .output import KitWriter, default_folder
from .randomness import Entropy
from .schema import suggest
from .sheets import secret

Progress = Callable[[str, int, int], None]


def _quiet(step: str, done: int, total: int) -> None:
    pass


@dataclass(frozen=True)
class Options:
    """Choices for individual artefacts, from the command line."""

    games: int = 1  # secret sheets: how many games at once
    player: int | None = None  # secret sheets: only this player's sheet
    blank: bool = False  # secret sheets: the empty form
    imposition: str | None = None  # booklet: "saddle" adds booklet-print.pdf
    greyscale: bool = False  # booklet: ink-friendly greys instead of colours
    png: Path | None = None  # battle cards: also one PNG per face into this folder
    random_setups: bool = False  # Stratego: print generated setups for both sides


@dataclass
class Build:
    """One build in progress: the session, its entropy and the writer collecting files."""

    session: Session
    entropy: Entropy
    writer: KitWriter
    progress: Progress
    options: Options = field(default_factory=Options)


def _secret_sheets(b: Build) -> None:
    rules, lang, opts = b.session.ruleset, b.session.language, b.options
    assert rules.secret is not None
    holders = list(range(1, rules.secret.holders + 1))
    players = [opts.player] if opts.player else holders
    subject = label("secret_sheet", lang)
    if opts.blank:
        pages = [secret.sheet_page(b.session, p, None) for p in players]
        secret.write_sheets(str(b.writer.path("secret-sheets-blank.pdf")), pages, b.session.paper, subject)
        b.progress("secret-sheets", 1, 1)
        return
    games = make_games(rules, b.entropy, opts.games, players)
    steps = len(players) + 2
    for i, p in enumerate(players, start=1):
        pages = [secret.sheet_page(b.session, p, g.sheet(p), opts.games) for g in games]
        secret.write_sheets(str(b.writer.path(f"secret-sheet-player-{p}.pdf")), pages, b.session.paper, subject)
        b.progress("secret-sheets", i, steps)
    if players == holders:
        b.writer.write("referee-key.json", key_json(rules, games))
        secret.write_key(
            str(b.writer.path("referee-key.pdf")),
            secret.key_pages(b.session, games),
            b.session.paper,
            label("referee_key", lang),
        )
    else:
        # One player's own sheet: its key part lets a referee merge both later (lookup --key A --key B).
        b.writer.write(f"referee-key-player-{opts.player}.json", key_json(rules, games))
    b.progress("secret-sheets", steps, steps)


def _hero_sheets(b: Build) -> None:
    from .sheets.hero import write_hero_sheets

    write_hero_sheets(b.session, b.writer.path("hero-sheets.pdf"))
    b.progress("hero-sheets", 1, 1)


def _quickref(b: Build) -> None:
    from .sheets.quickref import write_quickref

    write_quickref(b.session, b.writer.path("quickref.pdf"))
    b.progress("quickref", 1, 1)


def _booklet(b: Build) -> None:
    from .sheets.booklet import write_booklet, write_imposed

    data = write_booklet(b.session, b.writer.path("booklet.pdf"), greyscale=b.options.greyscale)
    if b.options.imposition == "saddle":
        write_imposed(data, b.session, b.writer.path("booklet-print.pdf"))
    b.progress("booklet", 1, 1)


def _has_booklet(session: Session) -> bool:
    from .sheets.booklet import has_booklet

    return has_booklet(session)


def _battle_cards(b: Build) -> None:
    from .sheets.cards import write_cards, write_pngs

    write_cards(b.session, b.writer.path("battle-cards.pdf"))
    if b.options.png is not None:
        write_pngs(b.session, b.options.png)
    b.progress("battle-cards", 1, 1)


def _tokens(b: Build) -> None:
    from .sheets.tokens import write_tokens

    write_tokens(b.session, b.writer.path("tokens.pdf"))
    b.progress("tokens", 1, 1)


def _stratego_setup(b: Build) -> None:
    from .setup_advice import generate
    from .sheets.stratego import write_setup_sheets

    setups = dict(b.session.setups)
    data = b.session.ruleset.stratego
    assert data is not None
    if b.options.random_setups:
        variant = data.variants[b.session.variant or "battle"]
        for side in ("red", "blue"):
            # Each side draws from its own stream: printing one never reveals the other.
            seed = b.entropy.stream("stratego", side).below(1 << 30)
            setups[side] = generate(data, variant, "balanced", f"{b.entropy.kit_id(1)}-{side}-{seed}")
    write_setup_sheets(b.session, b.writer.path("stratego-setup.pdf"), setups)
    b.progress("stratego-setup", 1, 1)


def _map(b: Build) -> None:
    from .config import display_title
    from .sheets.map import write_map

    write_map(b.session.game_map, b.session.ruleset, b.writer.path("map.pdf"), b.session.paper,
              b.session.language, display_title(b.session), b.session.tokens.cell_mm)  # fmt: skip
    b.progress("map", 1, 1)


def _has_quickref(session: Session) -> bool:
    from .sheets.quickref import has_quickref

    return has_quickref(session.ruleset)


# Kind -> (does this ruleset have it?, how to build it). Later capabilities add their kinds here.
ARTEFACTS: dict[str, tuple[Callable[[Session], bool], Callable[[Build], None]]] = {
    "secret-sheets": (lambda s: s.ruleset.secret is not None, _secret_sheets),
    "hero-sheets": (lambda s: s.ruleset.heroes is not None, _hero_sheets),
    "quickref": (_has_quickref, _quickref),
    "booklet": (_has_booklet, _booklet),
    "battle-cards": (lambda s: s.ruleset.vs is not None, _battle_cards),
    "tokens": (lambda s: s.ruleset.vs is not None, _tokens),
    "stratego-setup": (lambda s: s.ruleset.stratego is not None, _stratego_setup),
    "map": (lambda s: s.game_map is not None, _map),
}


def kinds_for(session: Session) -> list[str]:
    """The artefact kinds this session's game can print, in build order."""
    return [kind for kind, (has, _) in ARTEFACTS.items() if has(session)]


@dataclass(frozen=True)
class KitResult:
    folder: Path
    files: list[Path]


def build_kit(
    session: Session,
    out: Path | None = None,
    *,
    seed: str | int | None = None,
    only: list[str] | None = None,
    force: bool = False,
    progress: Progress | None = None,
    options: Options | None = None,
) -> KitResult:
    """Print every artefact of the session's game (or those in `only`) into one kit folder."""
    available = kinds_for(session)
    kinds = only or available
    for kind in kinds:
        if kind not in available:
            raise UsageError(
                f"unknown kind {kind!r} for {session.ruleset.id}{suggest(kind, available)}; "
                f"this game prints: {', '.join(available)}"
            )
    folder = out or default_folder(session.ruleset.id)
    entropy = Entropy.from_seed(seed)
    with KitWriter(folder, force=force) as writer:
        b = Build(session, entropy, writer, progress or _quiet, options or Options())
        for kind in kinds:
            ARTEFACTS[kind][1](b)
        files = writer.commit(
            {
                "game": session.ruleset.id,
                "title": display_title(session),
                "language": session.language,
                "paper": session.paper,
                "kinds": kinds,
                "printkit": __version__,
            }
        )
    return KitResult(folder, files)
