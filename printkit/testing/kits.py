"""The conformance checks of a game's kit: its example files, and every declared config validated and built."""

# Every declared config (Game.configs) is validated as `printkit validate` does (check_kit lays out
# every paper and language) and built as `printkit build` does in Russian and English on A4 and
# Letter. The builds go through the artefact cache like any other (PRINTKIT_CACHE_DIR, else the
# user's): a kit drawn before is not drawn again.

from __future__ import annotations

import itertools
import json
import re
import tempfile
import xml.etree.ElementTree as ElementTree
from fnmatch import fnmatchcase
from pathlib import Path

from ..config.session import LANGUAGES, PAPERS, load_session, with_overrides
from ..errors import PrintkitError
from ..examples import configs, files
from ..game import Game
from ..labels import Phrase
from ..pipeline.kit import build_kit, check_kit
from ..pipeline.print_guide import GUIDE, declared
from .declared import command_lines

# Built with this seed: the secret sheets the same at every run (they never go into the cache).
SEED = "printkit.testing"
# How an example command names an example file.
NAMED = re.compile(r"(?<![\w/.-])examples/([\w.-]+)")


def examples(g: Game, jobs: int | None = None) -> list[Phrase]:
    """The game ships an example config to build its kit from, each declared config is one of this
    game's sessions, and every example file is a config or named by one of its examples (none dead),
    as every file its examples name is one it ships."""
    out: list[Phrase] = []
    shipped = {p.name for p in files(g)}
    if g.artefacts and not g.configs:
        out.append(Phrase("ts_no_configs"))
    for path in configs(g):
        if path.name not in shipped:
            out.append(Phrase("ts_config_missing", file=path.name))
            continue
        try:
            session = load_session(path)
        except PrintkitError as error:
            out.append(Phrase("ts_config_refused", file=path.name, error=error.message))
            continue
        if session.ruleset.family != g.family:
            out.append(Phrase("ts_config_other_game", file=path.name, family=session.ruleset.family))
    lines = command_lines(g)
    named = {name for line in lines for name in NAMED.findall(line)}
    for name in sorted(shipped - set(g.configs) - named):
        out.append(Phrase("ts_dead_example", file=name))
    for name in sorted(named - shipped):
        out.append(Phrase("ts_example_not_shipped", file=name))
    return out


def validate(g: Game, jobs: int | None = None) -> list[Phrase]:
    """Every declared config passes `printkit validate`: each artefact laid out on both papers, in
    both languages and with the options it reads."""
    out: list[Phrase] = []
    for path in configs(g):
        try:
            problems = check_kit(load_session(path))
        except PrintkitError as error:
            out.append(Phrase("ts_config_refused", file=path.name, error=error.message))
            continue
        out += [Phrase("ts_validate", file=path.name, problem=str(problem)) for problem in problems]
    return out


def kit(g: Game, jobs: int | None = None) -> list[Phrase]:
    """Every declared config builds in Russian and English on A4 and Letter; each artefact the game
    declares that the config has writes its files, each readable as its type says; and the print
    guide tells every file of the kit by a declaration of its own."""
    out: list[Phrase] = []
    for path in configs(g):
        try:
            session = load_session(path)
        except PrintkitError as error:
            out.append(Phrase("ts_config_refused", file=path.name, error=error.message))
            continue
        offered = [a for a in g.artefacts if a.available is None or a.available(session)]
        for lang, paper in itertools.product(LANGUAGES, PAPERS):
            where = f"{path.name} ({lang}, {paper})"
            with tempfile.TemporaryDirectory(prefix="printkit-testing-") as tmp:
                try:
                    built = build_kit(with_overrides(session, lang, paper), Path(tmp) / "kit", seed=SEED, jobs=jobs)
                except PrintkitError as error:
                    out.append(Phrase("ts_build_failed", kit=where, error=error.message))
                    continue
                names = [p.relative_to(built.folder).as_posix() for p in built.files]
                for artefact in offered:
                    if not artefact.prints:
                        out.append(Phrase("ts_no_prints", kit=where, kind=artefact.kind))
                    elif not any(fnmatchcase(n, p.file) for n in names for p in artefact.prints):
                        out.append(Phrase("ts_wrote_nothing", kit=where, kind=artefact.kind))
                if GUIDE not in names:
                    out.append(Phrase("ts_no_guide", kit=where))
                for name in names:
                    if declared(name, offered) is None:
                        out.append(Phrase("ts_undeclared_file", kit=where, file=name))
                    wrong = unreadable(built.folder / name)
                    if wrong:
                        out.append(Phrase("ts_unreadable", kit=where, file=name, error=wrong))
    return out


def unreadable(path: Path) -> str | None:
    """What is wrong with a kit's file, read as its name's type says (None: nothing): a PDF opens
    with pages, JSON and YAML parse, an SVG is XML with an svg root, a PNG decodes, text is UTF-8."""
    try:
        size = path.stat().st_size
        if size == 0:
            return "empty"
        suffix = path.suffix.lower()
        if suffix == ".pdf":
            import pypdfium2 as pdfium

            pdf = pdfium.PdfDocument(path)
            try:
                return None if len(pdf) else "no pages"
            finally:
                pdf.close()
        if suffix == ".json":
            json.loads(path.read_text("utf-8"))
        elif suffix in (".yaml", ".yml"):
            import yaml

            yaml.safe_load(path.read_text("utf-8"))
        elif suffix == ".svg":
            root = ElementTree.parse(path).getroot()
            if not root.tag.endswith("svg"):
                return f"its root is {root.tag}, not svg"
        elif suffix == ".png":
            from PIL import Image

            with Image.open(path) as image:
                image.verify()
        elif suffix == ".txt":
            path.read_text("utf-8")
    except Exception as exc:  # whatever a reader says of a broken file is the finding
        return f"{type(exc).__name__}: {exc}"
    return None
