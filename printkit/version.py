"""printkit's version: the one place it is written (pyproject reads it, [tool.hatch.version])."""

__version__ = "0.2.0.dev0"
