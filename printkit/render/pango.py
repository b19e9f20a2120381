"""WeasyPrint's text layouts made with one Pango context and font description per style (WeasyPrint 70)."""

from __future__ import annotations

from functools import cache
from typing import Any

# WeasyPrint makes a Pango layout for every piece of text it measures or draws, and for each one a
# new Pango context, font description and feature string from the box's style: the booklet makes
# hundreds of thousands of them, because every line is laid out several times (measured for the
# table columns, broken, hyphenated) and made once more to be drawn. A context that nothing changes
# after it is made can serve every layout of the same direction and language, and Pango copies a
# font description into the layout, so both are made once per style and font configuration here.
# Everything else is WeasyPrint's own setup, step for step. The attribute list stays per layout:
# WeasyPrint later changes it in place (word and letter spacing). The PDFs come out byte for byte
# the same (tests/test_pango_setup.py draws a page of every kind of text both ways).

_FONT = ("font_family", "font_style", "font_stretch", "font_weight", "font_size", "font_variant_caps",
         "font_variation_settings")  # fmt: skip
_FEATURES = ("font_kerning", "font_variant_ligatures", "font_variant_position", "font_variant_caps",
             "font_variant_numeric", "font_variant_alternates", "font_variant_east_asian",
             "font_feature_settings")  # fmt: skip


def _key(style: Any, names: tuple[str, ...]) -> tuple[Any, ...]:
    values = tuple(map(style.__getitem__, names))
    if any(type(v) is list for v in values):  # (a list cannot be a dictionary key)
        return tuple(tuple(v) if type(v) is list else v for v in values)
    return values


def _shared(font_config: Any) -> dict[Any, Any]:
    """What is made once per font configuration (it owns the font map every context is made from)."""
    found: dict[Any, Any] = font_config.__dict__.setdefault("_printkit_shared", {})
    return found


# WeasyPrint's own setup, kept for the test that draws text both ways.
ORIGINAL: dict[str, Any] = {}


@cache
def install() -> bool:
    """Patch WeasyPrint's text layout setup (once per process). Returns whether it could: another
    WeasyPrint than the one this was written for is left as it is."""
    from .libraries import patchable

    if not patchable():
        return False
    from weasyprint.text import line_break
    from weasyprint.text.constants import LST_TO_ISO, PANGO_DIRECTION
    from weasyprint.text.ffi import FROM_UNITS, ffi, gobject, pango, unicode_to_char_p
    from weasyprint.text.fonts import font_features, get_font_description

    def context(shared: dict[Any, Any], font_map: Any, direction: str, lang: str | None) -> tuple[Any, Any]:
        key = ("context", direction, lang)
        found = shared.get(key)
        if found is None:
            made = ffi.gc(pango.pango_font_map_create_context(font_map), gobject.g_object_unref)
            pango.pango_context_set_round_glyph_positions(made, False)
            pango.pango_context_set_base_dir(made, PANGO_DIRECTION[direction])
            if lang:
                lang_p, _ = unicode_to_char_p(lang)
                language = pango.pango_language_from_string(lang_p)
                pango.pango_context_set_language(made, language)
            else:
                language = pango.pango_language_get_default()
            found = shared[key] = (made, language)
        return found

    def setup(self: Any, style: Any) -> None:
        self.style = style
        self.first_line_direction = 0
        font_config = style.font_config
        shared = _shared(font_config)

        if style["font_language_override"] != "normal":
            override = style["font_language_override"]
            lang = LST_TO_ISO.get(override.lower(), override)
        else:
            lang = style["lang"] or None
        pango_context, self.language = context(shared, font_config.font_map, style["direction"], lang)

        assert not isinstance(style["font_family"], str), "font_family should be a list"
        font_key = ("font", _key(style, _FONT))
        font_description = shared.get(font_key)
        if font_description is None:
            font_description = shared[font_key] = get_font_description(style)
        self.layout = ffi.gc(pango.pango_layout_new(pango_context), gobject.g_object_unref)
        pango.pango_layout_set_auto_dir(self.layout, False)
        pango.pango_layout_set_font_description(self.layout, font_description)

        if style["text_decoration_line"] != "none":
            metrics = ffi.gc(
                pango.pango_context_get_metrics(pango_context, font_description, self.language),
                pango.pango_font_metrics_unref,
            )
            self.ascent = FROM_UNITS * pango.pango_font_metrics_get_ascent(metrics)
            self.underline_position = FROM_UNITS * pango.pango_font_metrics_get_underline_position(metrics)
            self.strikethrough_position = FROM_UNITS * pango.pango_font_metrics_get_strikethrough_position(metrics)
            self.underline_thickness = FROM_UNITS * pango.pango_font_metrics_get_underline_thickness(metrics)
            self.strikethrough_thickness = FROM_UNITS * pango.pango_font_metrics_get_strikethrough_thickness(metrics)
        else:
            self.ascent = None
            self.underline_position = None
            self.strikethrough_position = None

        features_key = ("features", _key(style, _FEATURES))
        features = shared.get(features_key)
        if features is None:
            found = font_features(*(style[name] for name in _FEATURES))
            features = shared[features_key] = ",".join(f"{k} {v}" for k, v in found.items()).encode()
        if features:
            attr = font_config.font_features.get(features)
            if attr is None:  # (WeasyPrint made a new attribute every time, to keep the first)
                attr = font_config.font_features[features] = pango.pango_attr_font_features_new(features)
            attr_list = pango.pango_attr_list_new()
            pango.pango_attr_list_insert(attr_list, attr)
            pango.pango_layout_set_attributes(self.layout, attr_list)

    ORIGINAL["setup"] = line_break.Layout.setup
    line_break.Layout.setup = setup
    return True
