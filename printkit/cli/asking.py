"""Commands derived from declared questions: options from their inputs, the answer in words or JSON."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

import click

from ..errors import PrintkitError
from ..labels import Refused, RefusedValue, label, wrapped
from ..questions import File, Flag, Input, Question, as_json, declared, text_lines
from . import base
from .present import can_print, echo_json, heard, language, pointed, said, voice


def command(target: base.Target, name: str) -> click.Command:
    """The command a lazy group's entry stands for: made by a function, a click command, or derived
    from a declared question."""
    from ..game import resolve

    found = resolve(target) if isinstance(target, str) else target
    if isinstance(found, click.Command):
        return found
    if getattr(found, "question", None) is not None:
        return from_question(declared(found), name)
    made = found()
    if isinstance(made, Question):
        return from_question(made, name)
    assert isinstance(made, click.Command), f"{target!r} makes no command"
    return made


def group(name: str) -> click.Group:
    """A top-level command group that games fill with their questions (`printkit <group> <question>`)."""
    from ..game import games

    def entries() -> dict[str, base.Target]:
        return {q: target for g in games() for q, target in g.questions.get(name, {}).items()}

    # Its help: the game's labels h_<name> and h_<name>_ex.
    return base.Group(name, lazy=entries, speaks=True, make=command)


# ---- inputs as click parameters -------------------------------------------------------------------


def _type(i: Input) -> Any:
    if isinstance(i.kind, File):
        return base.FILE
    if isinstance(i.kind, Flag):
        return None
    return base.Read(i.kind)


def _completer(i: Input) -> Any:
    if i.complete is None:
        return None
    target = i.complete

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        from click.shell_completion import CompletionItem

        from ..game import resolve
        from .complete import given_values, offer

        try:
            words = resolve(target)(given_values(ctx), incomplete)
        except Exception:  # a half-typed command line names half-written files: offer nothing
            return []
        return [CompletionItem(w) for w in offer(incomplete, words)]

    return complete


def parameter(i: Input, defaults: bool = True) -> click.Parameter:
    """An input as a click argument or option (its help is said from the declaration when shown,
    base.Told); without `defaults` an option not given is None, for the reader to apply its own default."""
    kind = _type(i)
    if i.flag is None:
        nargs = -1 if i.many else i.count
        return click.Argument([i.name], type=kind, nargs=nargs, required=i.required, metavar=i.metavar,
                              shell_complete=_completer(i))  # fmt: skip
    if isinstance(i.kind, Flag):
        return click.Option([i.flag, i.name], is_flag=True)
    # click takes an explicit default=None for a value given: pass a default only where there is one.
    default = {"default": i.default, "show_default": True} if defaults and i.default not in (None, ()) else {}
    return click.Option(
        [i.flag, i.name],
        type=kind,
        nargs=i.count,
        multiple=i.many,
        required=i.required,
        metavar=i.metavar,
        envvar=i.envvar,
        shell_complete=_completer(i),
        **default,
    )


class Asked(base.Told, click.Command):
    """A command derived from a question; an option that takes many values takes them in a row too
    (`--hiders 3 2 --seekers 5` is `--hiders 3 --hiders 2 --seekers 5`). Its --help is said in the
    running command's language (Russian unless --lang en, PRINTKIT_LANG or a session says otherwise),
    from the words the question declares, when the help is shown."""

    def __init__(self, *args: Any, greedy: frozenset[str] = frozenset(), question: Question | None = None,
                 **kwargs: Any) -> None:  # fmt: skip
        super().__init__(*args, **kwargs)
        self.greedy = greedy
        self.question = question

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if self.greedy:
            spelled: list[str] = []
            current = None
            for word in args:
                if word.startswith("-") and not _number(word):
                    current = word if word in self.greedy else None
                elif current is not None and spelled and spelled[-1] != current:
                    spelled.append(current)
                spelled.append(word)
            args = spelled
        return super().parse_args(ctx, args)

    def words(self, ctx: click.Context, lang: str) -> base.Words | None:
        if self.question is None:
            return super().words(ctx, lang)
        q = self.question
        helps = {i.name: i.help[lang] for i in q.inputs}
        helps |= {name: label(key, lang) for name, key in _SHARED_HELP.items()}
        return base.Words(q.summary[lang], inspect.cleandoc(q.about[lang]), helps, q.examples)


# The options every derived command may add beside its inputs, by parameter name: their help's label.
_SHARED_HELP = {"lang": "cl_opt_lang", "as_json": "cl_opt_json", "brief": "cl_opt_brief"}


def _number(word: str) -> bool:
    return word[1:].replace(".", "", 1).isdigit()


def from_question(q: Question, name: str | None = None) -> click.Command:
    """The terminal command of a question: its inputs, --lang, --json and --brief; its --help is said
    from the declaration (Asked.words)."""
    params = [parameter(i) for i in q.inputs]
    if q.lang:
        params.append(click.Option(["--lang"], type=click.Choice(["ru", "en"])))
    if q.json:
        params.append(click.Option(["--json", "as_json"], is_flag=True))
    if q.notes:
        params.append(click.Option(["--brief"], is_flag=True))
    greedy = frozenset(i.flag for i in q.inputs if i.flag and i.many and i.greedy)

    def callback(**values: Any) -> None:
        _answer(q, values)

    settings = {"ignore_unknown_options": True} if q.dashed_words else {}
    return Asked(name or q.name, params=params, callback=callback, greedy=greedy, context_settings=settings,
                 question=q)  # fmt: skip


def _answer(q: Question, values: dict[str, Any]) -> None:
    asked = values.pop("lang", None) or heard()  # a --lang before the command (`evening --lang en record ...`)
    in_json = values.pop("as_json", False)
    brief = values.pop("brief", False)
    from ..evening import now

    values = {k: _plain(q.input(k), v) for k, v in values.items()}
    try:
        # An evening file named for a config or a map: the question reads the evening as it stands
        # (a file that is no evening it can read is refused as any file with problems: exit 3), and
        # what it refuses of the values is said in the evening's language.
        language(asked, now.language(q, values))
        evening = now.asked(q, values)
    except RefusedValue as exc:
        raise click.UsageError(said(exc)) from None
    if evening is not None:
        values = dict(evening.values)
    config = values.get("config")
    told = q.voice(values) if q.voice is not None else None
    lang = language(asked, told or (_config_language(config) if isinstance(config, Path) else None))
    try:
        answer = q.ask(values, lang)
    except Refused as exc:
        if q.plain_refusals and not isinstance(exc, RefusedValue):
            raise  # the group says it as printkit's error, in the answer's language
        column = getattr(exc, "column", None)
        if column is not None and q.points_at is not None:
            raise pointed(str(values[q.points_at]), said(exc), column, label("dice_column", voice())) from None
        raise click.UsageError(said(exc)) from None
    offers, declined = evening.offers(q, answer) if evening is not None else ((), ())
    notes = evening.told(q) if evening is not None else ()
    if in_json:
        found = as_json(answer, lang)
        if evening is not None and isinstance(found, dict):
            found["evening"] = {"file": str(evening.evening),
                                "record": [o.json(evening.opened, evening.evening, lang) for o in offers],
                                "not_recorded": [d.get(lang, "") for d in declined],
                                "told": [n.get(lang, "") for n in notes]}  # fmt: skip
        echo_json(found)
    else:
        for text in text_lines(answer, lang, brief=brief):
            click.echo(text if can_print(text) else _plainer(text))
        for note in notes:
            for line in wrapped(note.get(lang, ""), 80, "  "):
                click.echo(line)
        if evening is not None and offers:
            click.echo(label("ev_offer", lang))
            for offer in offers:
                click.echo("  " + offer.command(evening.opened, evening.evening))
        for reason in declined:
            for line in wrapped(label("ev_not_offered", lang, why=reason.get(lang, "")), 80, "  "):
                click.echo(line)
    code = getattr(answer, "exit_code", 0)
    if code:
        raise SystemExit(code)


def _plainer(text: str) -> str:
    """A line for a terminal that cannot show an arrow or a tick: -> for the arrow, no tick."""
    for fancy, plain in (("→", "->"), ("✔ ", ""), ("✘ ", "")):
        text = text.replace(fancy, plain)
    return text


def _plain(i: Input, value: Any) -> Any:
    """click's empty tuple for an input not given is None to the function."""
    if (i.many or i.count > 1) and value == ():
        return None
    return value


def _config_language(config: Path) -> str | None:
    try:
        return base.load(config).language
    except PrintkitError:
        return None  # the question itself says what is wrong with it
