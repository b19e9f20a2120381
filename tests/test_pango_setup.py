"""Text laid out with shared Pango contexts (printkit/render/pango.py) prints exactly as WeasyPrint's own setup."""

from __future__ import annotations

import pytest

from printkit.render import html, pango

# Every style input the setup reads: languages (and an override), direction, families, weights,
# slants, sizes, small capitals and other font features, variations, decorations (their metrics
# come from the context), spacing, justification with hyphenation, and table columns sized by
# their content.
SAMPLE = """<!doctype html><html lang="ru"><head><style>
body { font-family: "PT Serif", serif; font-size: 9.2pt; hyphens: auto; }
p { text-align: justify; margin: 0 0 2mm; }
.sans { font-family: "PT Sans", sans-serif; }
.caps { font-variant-caps: small-caps; }
.num { font-variant-numeric: tabular-nums; font-feature-settings: "liga" 0; }
.wide { letter-spacing: 0.4pt; word-spacing: 2pt; }
.lined { text-decoration: underline; } .struck { text-decoration: line-through; }
.rtl { direction: rtl; }
.tr { font-language-override: "TRK"; }
table { border-collapse: collapse; } td { border: 0.5pt solid #000; padding: 1mm; }
</style></head><body>
<h1 class="sans">Правила боя и передвижения</h1>
<p>Герой выбирает оружие до начала схватки; защитник бросает кубик первым, если у него щит,
а нападающий добавляет к броску бонус своего отряда. <b>Жирный</b>, <i>курсив</i>,
<b><i>оба сразу</i></b> и <small>мелкий текст</small> идут в одной строке.</p>
<p lang="en">A hero chooses a weapon before the fight begins; the defender rolls first when carrying
a shield, and the attacker adds the troop's bonus to the roll. Extraordinarily long words wrap.</p>
<p class="caps">Малые капители и Small Capitals</p>
<p class="num">0123456789 fi fl ffi — цифры одной ширины</p>
<p class="wide">Разрядка между буквами и словами</p>
<p><span class="lined">подчёркнуто</span> и <span class="struck">зачёркнуто</span></p>
<p class="rtl">справа налево 123</p>
<p class="tr">Diyarbakır ve İstanbul fi</p>
<p style="font-size: 6pt">Шесть пунктов</p><p style="font-size: 14pt; font-weight: 600">Четырнадцать</p>
<table><tr><td>Клетка</td><td>Очень длинное содержимое ячейки, которое переносится</td><td>3</td></tr>
<tr><td class="sans">d6</td><td>Бросок</td><td class="num">12</td></tr></table>
</body></html>"""


def test_shared_contexts_print_the_same_pdf(monkeypatch: pytest.MonkeyPatch) -> None:
    from weasyprint.text.line_break import Layout

    html.prepare()  # installs the shared setup with the fonts
    assert pango.install() is True
    shared = Layout.setup
    assert shared is not pango.ORIGINAL["setup"]
    ours = html.pdf_bytes(html.render(SAMPLE))
    monkeypatch.setattr(Layout, "setup", pango.ORIGINAL["setup"])
    theirs = html.pdf_bytes(html.render(SAMPLE))
    assert ours == theirs
    assert len(ours) > 10_000  # fonts and text, not an empty page


def test_contexts_are_made_once_per_direction_and_language() -> None:
    html.render(SAMPLE)
    font_config, _ = html._fonts()
    shared = pango._shared(font_config)
    contexts = {key[1:] for key in shared if key[0] == "context"}
    # The language override TRK reaches Pango as the ISO code "tur".
    assert {("ltr", "ru"), ("ltr", "en"), ("rtl", "ru"), ("ltr", "tur")} <= contexts
    fonts = [key for key in shared if key[0] == "font"]
    assert len(fonts) == len(set(fonts)) >= 8
