"""What the VS referee says: refusals that name their reason in the asker's language."""

from __future__ import annotations

from ...errors import UsageError
from ...labels import label


class Refusal(UsageError):
    """A question the VS referee will not answer as asked; the message is a label, so the command
    line can say it in Russian or English (the library's own message is English)."""

    def __init__(self, key: str, **values: object) -> None:
        self.key, self.values = key, values
        super().__init__(self.say("en"))

    def say(self, lang: str) -> str:
        """The refusal in a language; a value given as {ru, en} is said in that language too."""
        said = {k: v[lang] if isinstance(v, dict) and lang in v else v for k, v in self.values.items()}
        return label(self.key, lang, **said)
