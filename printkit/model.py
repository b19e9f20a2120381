"""Frozen records of a game: the ruleset (rules as data) and a session config that uses it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .labels import days, label

Localized = Mapping[str, str]


@dataclass(frozen=True)
class Terrain:
    id: str
    name: Localized
    short: Localized
    colour: str
    slots: int


@dataclass(frozen=True)
class Resource:
    """What a numbered resource object holds: work in days, price per unit, or an endless supply."""

    name: Localized
    price: int
    days: int | None = None
    endless: bool = False

    def describe(self, lang: str) -> str:
        if self.endless or self.days is None:
            return label("resource_endless", lang, name=self.name[lang], price=self.price)
        return label("resource_entry", lang, name=self.name[lang], days=days(self.days, lang), price=self.price)


@dataclass(frozen=True)
class SecretRules:
    holders: int
    sections: tuple[str, ...]


@dataclass(frozen=True)
class Ruleset:
    id: str
    title: Localized
    players_min: int
    players_max: int
    terrains: tuple[Terrain, ...]
    secret: SecretRules | None
    resources: Mapping[str, tuple[Resource, ...]]
    source: Path

    def terrain(self, terrain_id: str) -> Terrain:
        for t in self.terrains:
            if t.id == terrain_id:
                return t
        raise KeyError(terrain_id)

    def find_terrain(self, word: str) -> Terrain | None:
        """A terrain by id or by any of its localized names, ignoring case."""
        folded = word.strip().casefold().replace("ё", "е")
        for t in self.terrains:
            names = {t.id, *t.name.values(), *t.short.values()}
            if folded in {n.casefold().replace("ё", "е") for n in names}:
                return t
        return None

    def resource_at(self, terrain_id: str, number: int) -> Resource | None:
        """The resource behind list entry number (1-based), or None for an empty entry."""
        entries = self.resources.get(terrain_id, ())
        return entries[number - 1] if 1 <= number <= len(entries) else None


@dataclass(frozen=True)
class Adventure:
    title: str
    text: str | None = None


@dataclass(frozen=True)
class Player:
    name: str


@dataclass(frozen=True)
class Session:
    """A game night: which ruleset, who plays, and the options printing uses."""

    ruleset: Ruleset
    title: str
    language: str
    paper: str
    players: tuple[Player, ...]
    adventures: Mapping[str, Mapping[int, Adventure]]
    label: str
    folder: Path | None

    def adventure(self, terrain_id: str, number: int) -> Adventure | None:
        return self.adventures.get(terrain_id, {}).get(number)
