"""The editions of «Великая Стратегическая» printkit knows: its bundled rulesets, the newest first."""

RULESETS = ("vs-2025", "vs-2003")
