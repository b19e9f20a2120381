"""Where a ruleset's figures come from: the documents it cites, and a source for each figure by its path."""

# A bundled ruleset names its documents (`documents:`: its game's own rules, another edition it
# borrows from, printkit's own reading where the text is silent) and gives every figure a source
# (`sources:`: a path pattern -> "<document> <where in it>"). A figure's path is its place in the
# ruleset: "troops.mage.squads", "structures.*.garrison" (a row by its id, a `*` for any). A page
# that prints a figure asks for its mark: nothing for the game's own document, the document's mark
# otherwise, explained in a footnote in both languages.

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

OWN = "own"  # the id of the game's own rules document in every ruleset's `documents:`


@dataclass(frozen=True)
class Document:
    """A document figures come from: its words in each language and its mark on a page."""

    id: str
    name: Mapping[str, str]
    mark: str = ""  # "" for the game's own document: its figures carry no mark

    @property
    def own(self) -> bool:
        return self.id == OWN


@dataclass(frozen=True)
class Source:
    """Where one figure comes from: a document and a place in it (section, table, printkit's reason)."""

    document: Document
    where: str

    def say(self, lang: str) -> str:
        return f"{self.document.name[lang]}, {self.where}" if self.where else self.document.name[lang]


@dataclass(frozen=True)
class Provenance:
    """A ruleset's documents and the source of each of its figures, by path pattern."""

    documents: Mapping[str, Document] = field(default_factory=dict)
    rules: tuple[tuple[tuple[str, ...], Source], ...] = ()  # pattern (split at dots) -> source

    def of(self, path: str) -> Source | None:
        """The source of the figure at `path`: the most specific pattern that covers it (a pattern
        covers the paths it begins; more segments win, then fewer `*`)."""
        try:
            return self._found[path]
        except KeyError:
            found = self._found[path] = self._search(path)
            return found

    @cached_property
    def _found(self) -> dict[str, Source | None]:
        # What of() found for each path: a kit's pages ask the same figures' sources thousands of
        # times over. Kept outside the fields, so no digest or comparison of a ruleset sees it.
        return {}

    def _search(self, path: str) -> Source | None:
        parts = path.split(".")
        best: tuple[int, int] | None = None
        found = None
        for pattern, source in self.rules:
            if len(pattern) <= len(parts) and all(p in ("*", q) for p, q in zip(pattern, parts, strict=False)):
                rank = (len(pattern), -pattern.count("*"))
                if best is None or rank > best:
                    best, found = rank, source
        return found

    def mark(self, path: str) -> str:
        """What a page prints beside the figure at `path`: "" for the game's own document."""
        source = self.of(path)
        return source.document.mark if source is not None else ""

    def notes(self, marks: Iterable[str], lang: str) -> list[str]:
        """The footnotes that explain the marks a page printed ("* from the 2003 edition"), in order."""
        used = set(marks)
        return [f"{d.mark} {d.name[lang]}" for d in self.documents.values() if d.mark and d.mark in used]


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
