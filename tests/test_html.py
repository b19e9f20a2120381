"""The WeasyPrint pipeline: autoescaped templates, bundled fonts, and a fetcher that reads only our files."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import jinja2
import pytest

from printkit.render.html import environment, make_fetcher, render_template, write_pdf

from .conftest import pdf_text

EVIL = '<img src="file:///etc/passwd"><link rel="attachment" href="file:///etc/passwd">'


def page(body: str, **context: object) -> str:
    template = environment().from_string('{% extends "base.html.j2" %}{% block body %}' + body + "{% endblock %}")
    return template.render(lang="ru", title="t", **context)


def test_names_are_escaped_and_print_literally(tmp_path: Path) -> None:
    html = page("<h1>{{ name }}</h1><p>Секретный лист</p>", name=EVIL)
    assert "<img" not in html.split("<body", 1)[1]
    out = tmp_path / "x.pdf"
    write_pdf(html, str(out))
    text = pdf_text(out)[0].replace("\n", " ")
    assert '<img src="file:///etc/passwd">' in text
    assert "Секретный лист" in text
    assert b"root:x:0:0" not in out.read_bytes()


def test_fetcher_refuses_files_outside_and_the_network(tmp_path: Path) -> None:
    secret = tmp_path / "outside" / "secret.txt"
    secret.parent.mkdir()
    secret.write_text("TOP-SECRET-CONTENT")
    raw = (
        '<link rel="attachment" href="file:///etc/passwd">'
        f'<link rel="attachment" href="{secret.as_uri()}">'
        '<img src="http://127.0.0.1:9/x.png"><img src="https://example.com/y.png">'
    )
    out = tmp_path / "x.pdf"
    fetcher = write_pdf(page("<p>ok</p>") + raw, str(out))
    assert sorted(fetcher.refused) == sorted(
        ["file:///etc/passwd", secret.as_uri(), "http://127.0.0.1:9/x.png", "https://example.com/y.png"]
    )
    data = out.read_bytes()
    assert b"root:x:0:0" not in data and b"TOP-SECRET-CONTENT" not in data


def test_fetcher_serves_printkits_own_files_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from printkit.assets import fonts_dir, templates_dir

    fetcher = make_fetcher()
    assert (
        fetcher.fetch((templates_dir() / "print.css").as_uri()).read() == (templates_dir() / "print.css").read_bytes()
    )
    assert fetcher.fetch((fonts_dir() / "PTSans-Regular.ttf").as_uri()).read()[:4] == b"\x00\x01\x00\x00"
    # Not even a file beside the config (the current folder here): no document prints one.
    monkeypatch.chdir(tmp_path)
    note = tmp_path / "note.txt"
    note.write_text("club rules")
    with pytest.raises(ValueError):
        fetcher.fetch(note.as_uri())
    with pytest.raises(ValueError):
        fetcher.fetch(templates_dir().as_uri() + "/../../../etc/passwd")
    assert fetcher.refused == [note.as_uri(), templates_dir().as_uri() + "/../../../etc/passwd"]


def test_each_games_templates_are_named_under_its_family_and_extend_the_shared_frame() -> None:
    """issue 39: a game's templates live in its package's templates/ folder, named "<family>/<file>";
    a shared name stays shared, and a game's folder is read and nothing beside it."""
    from printkit.errors import RenderError
    from printkit.game import game
    from printkit.render.html import allowed_roots, file_url

    env = environment()
    for family in ("strategiya", "vs", "stratego", "tannhauser"):
        source, filename, _ = env.loader.get_source(env, f"{family}/quickref.html.j2")  # type: ignore[union-attr]
        assert Path(filename) == game(family).folder / "templates" / "quickref.html.j2"
        assert source.startswith('{% extends "base.html.j2" %}')
        assert game(family).folder / "templates" in allowed_roots()
    assert Path(env.get_template("vs/lands.html.j2").filename or "").parent == game("vs").folder / "templates"
    for missing in ("quickref-vs.html.j2", "vs-lands.html.j2", "nogame/quickref.html.j2", "vs/../vs/lands.html.j2"):
        with pytest.raises(RenderError, match="template"):
            render_template(missing, {})
    assert file_url("print.css").startswith("file://") and file_url("print.css").endswith("/print.css")
    for outside in ("vs/../labels.yaml", "vs/../../stratego/stratego.yaml", "../pyproject.toml", "vs/nope.css"):
        with pytest.raises(RenderError, match="no template file"):
            file_url(outside)


def test_bundled_fonts_are_embedded(tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    write_pdf(page("<h1>Заголовок</h1><p>Текст <b>жирный</b> <i>курсив</i></p>"), str(out))
    from pypdf import PdfReader

    fonts = {str(f["/BaseFont"]).split("+")[-1] for f in PdfReader(out).pages[0]["/Resources"]["/Font"].values()}
    assert fonts and all(f.startswith("PT-S") for f in fonts), fonts


def test_embedded_fonts_are_subsets(tmp_path: Path) -> None:
    """Only the glyphs a document uses are embedded: each font is tagged as a subset and its file is a
    small part of the bundled one."""
    from pypdf import PdfReader

    from printkit.assets import fonts_dir

    out = tmp_path / "x.pdf"
    write_pdf(page("<h1>Заголовок</h1><p>Текст <b>жирный</b> <i>курсив</i> and English</p>"), str(out))
    fonts = list(PdfReader(out).pages[0]["/Resources"]["/Font"].values())
    smallest = min(p.stat().st_size for p in fonts_dir().glob("PTSans-*.ttf"))
    assert len(fonts) >= 3
    for font in fonts:
        tag, plus, name = str(font["/BaseFont"]).lstrip("/").partition("+")
        assert plus and len(tag) == 6 and tag.isupper() and name.startswith("PT-S"), font["/BaseFont"]
        embedded = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]["/FontFile2"].get_object()
        assert 0 < len(embedded.get_data()) < smallest / 4


# Every style input WeasyPrint's text layout reads: languages (and an override), direction,
# families, weights, slants, sizes, small capitals and other font features, decorations, spacing,
# justification with hyphenation, and table columns sized by their content.
EVERY_KIND = """<!doctype html><html lang="ru"><head><style>
body { font-family: "PT Serif", serif; font-size: 9.2pt; hyphens: auto; }
p { text-align: justify; margin: 0 0 2mm; }
.sans { font-family: "PT Sans", sans-serif; } .caps { font-variant-caps: small-caps; }
.num { font-variant-numeric: tabular-nums; font-feature-settings: "liga" 0; }
.wide { letter-spacing: 0.4pt; word-spacing: 2pt; }
.lined { text-decoration: underline; } .struck { text-decoration: line-through; }
.rtl { direction: rtl; } .tr { font-language-override: "TRK"; }
table { border-collapse: collapse; } td { border: 0.5pt solid #000; padding: 1mm; }
</style></head><body>
<h1 class="sans">Правила боя и передвижения</h1>
<p>Герой выбирает оружие до начала схватки; защитник бросает кубик первым, если у него щит.
<b>Жирный</b>, <i>курсив</i>, <b><i>оба сразу</i></b> и <small>мелкий текст</small> в одной строке.</p>
<p lang="en">A hero chooses a weapon before the fight begins. Extraordinarily long words wrap.</p>
<p class="caps">Малые капители</p><p class="num">0123456789 — цифры одной ширины</p>
<p class="wide">Разрядка между буквами</p>
<p><span class="lined">подчёркнуто</span> и <span class="struck">зачёркнуто</span></p>
<p class="rtl">справа налево</p><p class="tr">Diyarbakır ve İstanbul</p>
<p style="font-size: 6pt">Шесть пунктов</p><p style="font-size: 14pt; font-weight: 600">Четырнадцать</p>
<table><tr><td>Клетка</td><td>Очень длинное содержимое ячейки, которое переносится</td><td>3</td></tr>
<tr><td class="sans">d6</td><td>Бросок</td><td class="num">12</td></tr></table>
</body></html>"""


@pytest.mark.slow
def test_every_kind_of_text_is_laid_out_and_printed(tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    fetcher = write_pdf(EVERY_KIND, str(out))
    assert fetcher.refused == []
    pages = pdf_text(out)
    assert len(pages) == 1
    text = " ".join(pages[0].split())
    for words in ("Правила боя и передвижения", "оба сразу", "A hero chooses a weapon", "0123456789",
                  "подчёркнуто", "Diyarbakır ve İstanbul", "Четырнадцать", "Бросок"):  # fmt: skip
        assert words in text, words


def test_output_is_repeatable(tmp_path: Path) -> None:
    html = page("<p>Одинаково</p>")
    write_pdf(html, str(tmp_path / "a.pdf"))
    write_pdf(html, str(tmp_path / "b.pdf"))
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_strict_undefined_is_a_render_error() -> None:
    from printkit.errors import RenderError

    with pytest.raises(jinja2.UndefinedError):
        page("{{ missing }}")
    with pytest.raises(RenderError, match=r"template base\.html\.j2"):
        render_template("base.html.j2", {"lang": "ru"})


@pytest.mark.slow
def test_cli_and_referee_never_import_weasyprint_or_reportlab() -> None:
    code = (
        "import sys; from printkit.cli import main\n"
        "sys.argv=['printkit','--help']\n"
        "try:\n main()\nexcept SystemExit: pass\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('weasyprint','reportlab')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"
