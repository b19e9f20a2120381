"""python -m printkit.testing GAME_ID: every conformance check over one installed game, one line per finding."""

from __future__ import annotations

import sys
from typing import Any

import click

from ..cli.base import Told, Words
from ..cli.present import hear, language, spoken_error
from ..errors import PrintkitError
from ..labels import label
from .checks import CHECKS, installed, of, report

PROG = "python -m printkit.testing"


class _Conformance(Told, click.Command):
    """The command's --help in the asked language, from the labels h_testing and h_testing_ex, with
    the checks it runs; click's own refusals said in that language too."""

    def words(self, ctx: click.Context, lang: str) -> Words:
        summary, _, about = label("h_testing", lang).strip().partition("\n\n")
        checks = "\n".join(f"  {c.name}: {label(c.about, lang)}" for c in CHECKS)
        about = f"{about}\n\n\b\n{label('ts_checks', lang)}\n{checks}"
        return Words(summary, about, {"lang": label("ho_testing_lang", lang)}, label("h_testing_ex", lang).split("\n"))

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as error:
            raise spoken_error(error) from None


@click.command(cls=_Conformance, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.argument("game_id")
@click.option("--lang", type=click.Choice(["ru", "en"]))
def conformance(game_id: str, lang: str | None) -> None:
    """Run every conformance check over one installed game (its help: the labels' h_testing)."""
    lang = language(lang)
    try:
        ids = installed()
    except PrintkitError as error:
        click.echo(label("ts_error", lang, message=error.message), err=True)
        raise SystemExit(1) from None
    if game_id not in ids:
        click.echo(label("ts_unknown", lang, game=game_id, installed=", ".join(ids)), err=True)
        raise SystemExit(2)
    lines, code = report(game_id, of(game_id), lang)
    for line in lines:
        click.echo(line)
    raise SystemExit(code)


def main(argv: list[str] | None = None) -> Any:
    """The command, its --lang noted before click parses (and may refuse) anything."""
    args = sys.argv[1:] if argv is None else argv
    hear(args)
    return conformance.main(args, prog_name=PROG)


if __name__ == "__main__":
    main()
