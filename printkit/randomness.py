"""The only place printkit makes random numbers: OS entropy by default, a derived stream when seeded."""

from __future__ import annotations

import hashlib
import os
import struct
from dataclasses import dataclass, field

# Crockford's base32 without I, L, O, U: kit IDs are read aloud and typed back by people.
_ID_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_BLOCK = 1024
_WORDS = struct.Struct(f">{_BLOCK // 4}I")  # a block read as big-endian 4-byte words, all at once


class RandomStream:
    """A stream of uniform integers from SHAKE-256 keyed by a 32-byte secret (one per sheet)."""

    def __init__(self, key: bytes) -> None:
        self._key = key
        self._counter = 0
        self._words: tuple[int, ...] = ()
        self._pos = 0

    def _bytes4(self) -> int:
        """The next 4 bytes of the stream as a big-endian integer."""
        if self._pos == len(self._words):
            block = hashlib.shake_256(self._key + self._counter.to_bytes(8, "big")).digest(_BLOCK)
            self._words = _WORDS.unpack(block)
            self._counter += 1
            self._pos = 0
        value = self._words[self._pos]
        self._pos += 1
        return value

    def below(self, n: int) -> int:
        """Uniform integer in 0..n-1; rejection sampling keeps it exactly uniform."""
        if not 0 < n <= 1 << 32:
            raise ValueError(f"range {n} out of bounds")
        limit = (1 << 32) - (1 << 32) % n
        while True:
            value = self._bytes4()
            if value < limit:
                return value % n

    def permutation(self, n: int) -> tuple[int, ...]:
        """A uniformly random order of 1..n (Fisher-Yates)."""
        items = list(range(1, n + 1))
        for i in range(n - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return tuple(items)


@dataclass(frozen=True)
class Entropy:
    """The root secret of one kit. Every sheet, key and ID derives from it by a label."""

    _master: bytes
    _seeded: bool
    # What was taken from this object (see noting): a set, so that a frozen value can note it.
    _taken: set[str] = field(default_factory=set, compare=False, repr=False)

    @property
    def seeded(self) -> bool:
        """Whether the kit's --seed made it (the same streams every time)."""
        self._taken.add("seeded")
        return self._seeded

    def noting(self) -> Entropy:
        """The same entropy, noting apart whatever is taken from it: what one artefact's builder gets,
        so that an artefact drawn from the kit's randomness is never stored in the artefact cache."""
        return Entropy(self._master, self._seeded)

    @property
    def taken(self) -> bool:
        """Whether anything was taken from this object: a stream, a kit ID, or whether it is seeded."""
        return bool(self._taken)

    @classmethod
    def fresh(cls) -> Entropy:
        return cls(os.urandom(32), False)

    @classmethod
    def from_seed(cls, seed: str | int | None) -> Entropy:
        """None: fresh OS entropy; any text or number: the same streams every time."""
        if seed is None:
            return cls.fresh()
        # surrogatepass: a seed typed on a terminal that is not UTF-8 reaches Python as lone
        # surrogates (its raw bytes, escaped); they still make one fixed byte string, so any
        # bytes the user typed are a seed. Valid UTF-8 text encodes exactly as before.
        master = hashlib.sha256(b"printkit/seed/v1\0" + str(seed).encode("utf-8", "surrogatepass")).digest()
        return cls(master, True)

    def _derive(self, *labels: str | int) -> bytes:
        text = "\0".join(str(part) for part in labels).encode("utf-8", "surrogatepass")
        return hashlib.sha256(self._master + b"\0" + text).digest()

    def stream(self, *labels: str | int) -> RandomStream:
        """An independent stream for one purpose, e.g. ('secret-sheet', game, player)."""
        self._taken.add("stream")
        return RandomStream(self._derive(*labels))

    def kit_id(self, game: int) -> str:
        """A short printable ID for game number `game` (1-based): 8 characters, 40 bits."""
        self._taken.add("kit-id")
        value = int.from_bytes(self._derive("kit-id", game)[:5], "big")
        chars = [_ID_ALPHABET[(value >> (5 * i)) & 31] for i in range(7, -1, -1)]
        return "".join(chars[:4]) + "-" + "".join(chars[4:])


def weak_seed(seed: str | int | None) -> bool:
    """True when a seed is short enough to be guessed from a printed sheet by trying them all."""
    return seed is not None and len(str(seed)) < 12
