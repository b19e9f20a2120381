"""What a question's page says to the person holding the phone: its title, summary, about and labels."""

# A question is declared once, its help written for the command line (--turns K, exit 1). A page says
# the same in the table's words where the command line's would show: labels named after the question
# (web_title_<question>, web_sum_<question>, web_about_<question>, web_in_<question>_<input>, or
# web_in_<input> for an input several questions share), each in both languages, in the shared labels
# or the game's own. Without one, the declaration's own words are the page's.

from __future__ import annotations

from collections.abc import Mapping

from ..questions import Input, Question


def title(name: str, words: Mapping[str, str]) -> str:
    """The question's title in the page's language (its command's name where it has none)."""
    return words.get(f"web_title_{name}", name)


def summary(q: Question, words: Mapping[str, str], lang: str) -> str:
    """The question's summary as a page says it."""
    return words.get(f"web_sum_{q.name}") or q.summary[lang]


def about(q: Question, words: Mapping[str, str]) -> str:
    """What a page says under the form ("" where the command line's about speaks of its options)."""
    return words.get(f"web_about_{q.name}", "")


def label(q: Question, i: Input, words: Mapping[str, str], lang: str) -> str:
    """An input's label on a page."""
    return words.get(f"web_in_{q.name}_{i.name}") or words.get(f"web_in_{i.name}") or i.help[lang]
