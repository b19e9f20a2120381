"""Moved to printkit.pipeline.print_guide: this old name answers, with a DeprecationWarning, for one release."""

from .._moved import forward

_MOVED = {"*": "printkit.pipeline.print_guide"}
__getattr__ = forward(__name__, _MOVED)
