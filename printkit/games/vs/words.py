"""What the VS referee says: refusals that name their reason in the asker's language."""

from __future__ import annotations

from printkit.plugin import Refused


class Refusal(Refused):
    """A question the VS referee will not answer as asked; the message is a label, so the command
    line can say it in Russian or English (the library's own message is English)."""
