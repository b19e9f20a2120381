"""Where a ruleset's figures come from: the documents it cites, and a source for each figure by its path."""

# A bundled ruleset names its documents (`documents:`: its game's own rules, another edition it
# borrows from, printkit's own reading where the text is silent) and gives every figure a source
# (`sources:`: a path pattern -> "<document> <where in it>"). A figure's path is its place in the
# ruleset: "troops.mage.squads", "structures.*.garrison" (a row by its id, a `*` for any). A page
# that prints a figure asks for its mark: nothing for the game's own document, the document's mark
# otherwise, explained in a footnote in both languages.

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ..model import OWN, Document, Provenance, Source


def build_provenance(data: Mapping[str, Any]) -> Provenance:
    """The provenance of a checked ruleset's `documents:` and `sources:` (none: an empty one, as a
    user's ruleset may be, whose figures are its own)."""
    documents = {
        doc_id: Document(doc_id, dict(entry["name"]), "" if doc_id == OWN else entry["mark"])
        for doc_id, entry in (data.get("documents") or {}).items()
    }
    rules = []
    for pattern, text in (data.get("sources") or {}).items():
        doc_id, _, where = text.partition(" ")
        rules.append((tuple(pattern.split(".")), Source(documents[doc_id], where.strip())))
    return Provenance(documents, tuple(rules))


def figures(data: Any, path: str = "") -> Iterator[str]:
    """The path of every figure (every number) of a ruleset's data: rows of a list by their `id`
    (or `level`), else by their place."""
    if isinstance(data, bool):
        return
    if isinstance(data, int | float):
        yield path
    elif isinstance(data, Mapping):
        for key, value in data.items():
            if key not in ("documents", "sources"):
                yield from figures(value, f"{path}.{key}" if path else str(key))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            name = item.get("id", item.get("level", i)) if isinstance(item, Mapping) else i
            yield from figures(item, f"{path}.{name}" if path else str(name))
