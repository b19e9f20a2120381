"""Page-number cross-references laid out once more only where they point forwards (a WeasyPrint 70 fix)."""

# A booklet's contents and its "(p. 12)" references are `target-counter(attr(href), page)`.
# WeasyPrint 70 files such a reference under no anchor at all (it cannot name the target of an
# attr() before the box is known) and, by a reused variable, as a counter of the referring box's
# own page. So it never learns which pages to lay out again when a target's page becomes known;
# instead every page holding a reference is laid out again whenever its own page counters change:
# once when the page total is first known, and once more when the second pass changes nothing.
# The «Стратегия» booklet laid out 40 pages for its 24.
#
# Here each reference is filed under the anchor it names, as WeasyPrint files a reference written
# with a literal url(#id), so that only the pages pointing forwards are laid out again, once. And a
# target whose page stays the same while only the page total changes no longer counts as moved:
# no reference here prints a target's page total. The booklets come out byte for byte as before
# (tests/test_booklet.py compares them with the page numbers the outline gives).

from __future__ import annotations

from functools import cache
from typing import Any

TOTAL = "pages"


def _named(box: Any, css_token: str) -> list[str]:
    """The anchors the target-counter()s of a box's `content` point at, attr(href) resolved."""
    if css_token != "content" or box.element is None:
        return []
    names = []
    for kind, value in box.style["content"] if isinstance(box.style["content"], (list, tuple)) else ():
        if kind not in ("target-counter()", "target-counters()"):
            continue
        token = value[0]  # (anchor token, counter name, counter style)
        if token[0] == "attr()":
            href = box.element.get(token[1][0]) or ""
            names.append(href[1:] if href.startswith("#") else "")
        elif token[0] == "string" and token[1].startswith("#"):
            names.append(token[1][1:])
        elif token[0] == "url" and token[1][0] == "internal":
            names.append(token[1][1])
        else:
            names.append("")
    return names


def _wants_total(collector: Any, anchor: str) -> bool:
    """Whether a reference prints this anchor's page total (then its every change counts)."""
    return any(
        TOTAL in item.missing_target_counters.get(anchor, ()) for item in collector.counter_lookup_items.values()
    )


def _without_total(values: dict[str, Any]) -> dict[str, Any]:
    return {name: value for name, value in values.items() if name != TOTAL}


@cache
def install() -> bool:
    """Patch WeasyPrint's target collector (once per process). Returns whether it could: another
    WeasyPrint than the one this was written for is left as it is."""
    from .libraries import patchable

    if not patchable():
        return False
    from weasyprint.css.targets import TargetCollector

    collect, cache_counters = TargetCollector.collect_missing_counters, TargetCollector.cache_target_page_counters

    def collect_missing_counters(self: Any, parent_box: Any, css_token: str, parse_again: Any, missing: list[str],
                                 targets: dict[Any, list[str]]) -> None:  # fmt: skip
        if self.collecting and None in targets:
            names = _named(parent_box, css_token)
            if len(names) == 1 and names[0]:
                counters = targets.pop(None)
                targets = {**targets, names[0]: counters}
                if missing is counters:  # the referring box's own counters were the target's list
                    missing = []
        collect(self, parent_box, css_token, parse_again, missing, targets)

    def cache_target_page_counters(self: Any, anchor_name: str, values: dict[str, Any], index: int,
                                   page_maker: Any) -> None:  # fmt: skip
        item = self.target_lookup_items.get(anchor_name)
        if (
            not self.collecting
            and item is not None
            and item.state == "up-to-date"
            and item.page_maker_index == index
            and item.cached_page_counter_values
            and _without_total(item.cached_page_counter_values) == _without_total(values)
            and not _wants_total(self, anchor_name)
        ):
            item.cached_page_counter_values = {name: list(value) for name, value in values.items()}
            return
        cache_counters(self, anchor_name, values, index, page_maker)

    TargetCollector.collect_missing_counters = collect_missing_counters
    TargetCollector.cache_target_page_counters = cache_target_page_counters
    return True
