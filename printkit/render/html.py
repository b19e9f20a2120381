"""Flowing documents: jinja2 templates rendered by WeasyPrint, with a fetcher that reads only our files."""

from __future__ import annotations

import atexit
import contextlib
import os
import weakref
from collections.abc import Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import IO, Any
from urllib.parse import unquote, urlsplit

import jinja2

from ..assets import fonts_dir, templates_dir
from ..errors import RenderError
from .fonts import font_face_css

# WeasyPrint breaks a word with U+2010 by default, a glyph no bundled font has: fontconfig would set it
# in whatever font the machine offers. U+2011 (the non-breaking hyphen) looks the same and every
# bundled font has it (tests/test_fonts_embedded.py), and it still tells a break from a word's own "-".
HYPHEN_CSS = 'html { hyphenate-character: "\\2011"; }'
AUTO_HYPHEN = "\u2011"

# WeasyPrint stamps the current time into PDFs unless this is set; a fixed date keeps builds repeatable.
FIXED_EPOCH = "1704067200"  # 2024-01-01T00:00:00Z


def game_templates() -> dict[str, Path]:
    """Each installed game's own templates folder, by family (games that ship none are left out)."""
    from ..game import games

    return {g.family: folder for g in games() if (folder := g.assets("templates")) is not None}


def environment() -> jinja2.Environment:
    """Templates: printkit's shared ones by their name ("base.html.j2"), each game's own under its
    family ("vs/quickref.html.j2"), which may extend or include the shared ones. Autoescaped (names
    are data, never markup) and strict about typos. One environment per set of installed games."""
    return _environment(tuple((family, str(folder)) for family, folder in game_templates().items()))


@cache
def _environment(own: tuple[tuple[str, str], ...]) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(
            [
                jinja2.FileSystemLoader(str(templates_dir())),
                jinja2.PrefixLoader({family: jinja2.FileSystemLoader(folder) for family, folder in own}),
            ]
        ),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["file_url"] = file_url
    return env


def render_template(name: str, context: dict[str, Any]) -> str:
    """The HTML of a template, autoescaped (names are text) and strict about undefined names."""
    try:
        return environment().get_template(name).render(**context)
    except jinja2.TemplateError as exc:
        raise RenderError(f"template {name}: {exc}") from None


def file_url(name: str) -> str:
    """The file: URL of a file among the templates, named as a template is: "quickref.css" in the
    shared folder, "vs/cards.css" in a game's own. A template links its game's stylesheets and
    pictures by it ({{ file_url("tiny/quickref.css") }}): the document's base URL is the shared folder."""
    family, _, rest = name.partition("/")
    own = game_templates()
    folder, inside = (own[family], rest) if rest and family in own else (templates_dir(), name)
    path = (folder / inside).resolve()
    if not path.is_relative_to(folder.resolve()) or not path.is_file():
        raise RenderError(f"no template file {name!r}")
    return path.as_uri()


def allowed_roots() -> list[Path]:
    """The only folders a document may read: printkit's templates and fonts, and each game's own
    templates folder. Nothing a document prints comes from the config's folder (its texts are data,
    autoescaped), so a document's bytes never depend on where the config lies: a copied config
    folder finds its pages in the cache."""
    return [templates_dir(), fonts_dir(), *game_templates().values()]


def _fetcher_class() -> type:
    from weasyprint import URLFetcher

    class SafeFetcher(URLFetcher):  # type: ignore[misc]
        """Serves data: URLs and files under the allowed roots; refuses everything else."""

        def __init__(self, roots: Sequence[Path]) -> None:
            super().__init__(allowed_protocols={"data", "file"}, allow_redirects=False)
            self.roots = [r.resolve() for r in roots]
            self.refused: list[str] = []

        def fetch(self, url: str, headers: Any = None) -> Any:
            scheme = urlsplit(url).scheme.lower()
            if scheme == "data":
                return super().fetch(url, headers)
            if scheme == "file":
                path = Path(unquote(urlsplit(url).path)).resolve()
                if any(path.is_relative_to(root) for root in self.roots) and path.is_file():
                    return super().fetch(url, headers)
            self.refused.append(url)
            raise ValueError(f"printkit does not load {url!r}")

    return SafeFetcher


def make_fetcher() -> Any:
    return _fetcher_class()(allowed_roots())


@contextlib.contextmanager
def _fixed_epoch() -> Iterator[None]:
    old = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = FIXED_EPOCH
    try:
        yield
    finally:
        if old is None:
            del os.environ["SOURCE_DATE_EPOCH"]
        else:
            os.environ["SOURCE_DATE_EPOCH"] = old


@cache
def _fonts() -> tuple[Any, Any]:
    """The bundled fonts as WeasyPrint loads them: one font configuration and @font-face sheet per
    process, shared by every document it renders (loading them costs tens of ms a document)."""
    import weasyprint
    from weasyprint.text.fonts import FontConfiguration

    from ..termination import on_termination

    font_config = FontConfiguration()
    _CONFIGS.add(font_config)
    # WeasyPrint copies the fonts into a temporary folder that the configuration removes when it is
    # collected. Kept here, it would be collected in the middle of the interpreter's shutdown, too
    # late to remove anything: let go of it at exit instead, while the interpreter is whole. A build
    # that SIGTERM ends runs no atexit handler, and the layout it cut short still holds the
    # configuration: there its finaliser is called outright (_let_go_of_fonts).
    atexit.register(_fonts.cache_clear)
    on_termination(_let_go_of_fonts)
    # The fonts are read now, through a fetcher that serves our fonts folder only.
    fonts_css = weasyprint.CSS(
        string=f"{font_face_css()}\n{HYPHEN_CSS}", url_fetcher=make_fetcher(), font_config=font_config
    )
    return font_config, fonts_css


# Every font configuration of this process still alive (one, or none before the first layout).
_CONFIGS: weakref.WeakSet[Any] = weakref.WeakSet()


def _let_go_of_fonts() -> None:
    """Remove the fonts' temporary folders now, before a build that SIGTERM ends dies of it: the
    configuration's own finaliser does that (WeasyPrint calls it again when it is collected, which
    then finds nothing to remove)."""
    _fonts.cache_clear()
    for config in list(_CONFIGS):
        config.__del__()


def prepare() -> None:
    """Load WeasyPrint and the bundled fonts now (once per process)."""
    _fonts()


def render(html: str, fetcher: Any = None) -> Any:
    """Lay out HTML with the bundled fonts; returns a WeasyPrint Document (pages, anchors). Every
    file it reads goes through `fetcher` (default: a new make_fetcher())."""
    import weasyprint

    font_config, fonts_css = _fonts()
    document = weasyprint.HTML(
        string=html, base_url=templates_dir().as_uri() + "/", url_fetcher=fetcher or make_fetcher()
    )
    with _fixed_epoch():
        return document.render(stylesheets=[fonts_css], font_config=font_config)


def page_anchors(document: Any) -> list[set[str]]:
    """The element ids that start on each page: how layouts check what landed where."""
    return [set(page.anchors) for page in document.pages]


def write(document: Any, target: str | IO[bytes]) -> None:
    """Write a laid-out document (render()) as a PDF, repeatable byte for byte."""
    with _fixed_epoch():
        document.write_pdf(target)


def pdf_bytes(document: Any) -> bytes:
    with _fixed_epoch():
        data: bytes = document.write_pdf()
        return data


def write_pdf(html: str, target: str | IO[bytes]) -> Any:
    """Render HTML straight to a PDF; returns the fetcher (its .refused lists blocked URLs)."""
    fetcher = make_fetcher()
    write(render(html, fetcher), target)
    return fetcher
