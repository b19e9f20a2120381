"""`printkit serve`: the referee's web pages for every phone at the table (parse, load the files, start uvicorn)."""

from __future__ import annotations

import re
import socket
from pathlib import Path
from typing import Any

import click

from .base import CONFIG_ARG, FILE, LANG, Command

# A port the table remembers; 0 takes any free one (the address printed says which).
PORT = 8765
# uvicorn's own limit of connections and requests at once (beyond, it answers 503 to every request):
# a backstop only, above the connections printkit.web.connections keeps open (MOST), which makes
# room for a newcomer by closing the idlest instead.
CONNECTIONS = 200


class Port(click.ParamType):  # type: ignore[type-arg]
    """A port as the help writes it: ASCII digits only (Python's int() also takes «١٨٠٠٠», +18000 and
    18_000), 0 to 65535."""

    name = "port"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str | None:
        return "0..65535"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, int):
            return value  # the default
        if not re.fullmatch(r"[0-9]{1,5}", str(value)) or int(value) > 65535:
            from ..labels import label
            from .present import voice

            self.fail(label("web_port_digits", voice(), value=str(value)[:12]), param, ctx)
        return int(value)


@click.command(cls=Command, context_settings={"help_option_names": ["-h", "--help"]})
@CONFIG_ARG
@click.option("--key", "keys", multiple=True, type=FILE)
@click.option("--map", "maps", multiple=True, type=FILE)
@click.option("--file", "others", multiple=True, type=FILE)
@click.option("--lan", is_flag=True)
@click.option("--master-qr", is_flag=True)
@click.option("--port", type=Port(), default=PORT, show_default=True)
@click.option("--check", is_flag=True)
@click.option("--evening", "evening", type=FILE)
@LANG
def serve(config: Path | None, keys: tuple[Path, ...], maps: tuple[Path, ...], others: tuple[Path, ...], lan: bool,
          master_qr: bool, port: int, check: bool, evening: Path | None, lang: str | None) -> None:  # fmt: skip
    """The referee's web pages for every phone at the table (its help: the labels' h_serve)."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="printkit-serve-") as kept:
        live = None  # the evening whose config the pages read as it stands
        if evening is not None and config is None:
            config, live = _evening_config(evening, Path(kept)), evening
        _serve(config, keys, maps, others, lan, master_qr, port, check, evening, lang, live)


def _evening_config(evening: Path, folder: Path) -> Path:
    """The config an evening began with (and its map), as the evening stands, written from the
    evening's file into a private folder for the pages to read as a config named at start (and
    brought up to date before each answer: printkit.evening.now)."""
    from ..evening.now import written

    return written(evening, folder)[0]


def _serve(config: Path | None, keys: tuple[Path, ...], maps: tuple[Path, ...], others: tuple[Path, ...], lan: bool,
           master_qr: bool, port: int, check: bool, evening: Path | None, lang: str | None,
           live: Path | None = None) -> None:  # fmt: skip
    import uvicorn

    from ..web.answering import ready
    from ..web.app import HEAD_LIMIT, Table, make_app
    from ..web.connections import Connections
    from ..web.evening import ServedEvening
    from ..web.served import load
    from ..web.workers import Workers
    from .present import language

    served = load(config, keys, maps, others, lang, live)  # a bad file is refused here, with its exit code
    voice = language(lang, served.language)
    address = _lan_address() if lan else "127.0.0.1"
    hosts = sorted({"127.0.0.1", "localhost", address})
    # Answers in worker processes of their own: a long answer never slows the pages (printkit.web.workers).
    table = Table(served, workers=Workers(apart=True),
                  evening=ServedEvening.of(evening) if evening is not None else None)  # fmt: skip
    if check:
        _say(voice, lan, f"http://{address}:{port}/", table.token, master_qr=master_qr, board=evening is not None)
        return
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(("0.0.0.0" if lan else "127.0.0.1", port))
    except OSError as exc:
        sock.close()
        from ..labels import label

        raise click.UsageError(label("web_port", voice, port=port, why=exc.strerror or exc)) from None
    _say(voice, lan, f"http://{address}:{sock.getsockname()[1]}/", table.token, serving=True, master_qr=master_qr,
         board=evening is not None)  # fmt: skip
    connections = Connections()
    app = connections.application(make_app(table, hosts))
    # No proxy stands in front: a client's X-Forwarded-* headers are not believed.
    # A table's phones keep a connection or two each; a device on the network cannot hold hundreds
    # open, nor keep an idle one for long, a silent one included (printkit.web.connections). The
    # protocol is uvicorn's h11 one, the one that limits a request's head while it is read (its
    # httptools one buffers any amount of headers: docs/upstream.md).
    settings = uvicorn.Config(app, log_level="warning", access_log=False, server_header=False, proxy_headers=False,
                              limit_concurrency=CONNECTIONS, timeout_keep_alive=int(connections.idle),
                              http=connections.protocol(), h11_max_incomplete_event_size=HEAD_LIMIT)  # fmt: skip
    server = uvicorn.Server(settings)
    table.workers.start(ready)
    try:
        server.run(sockets=[sock])
    finally:
        table.workers.close()
        sock.close()


def _say(voice: str, lan: bool, players: str, token: str, serving: bool = False, master_qr: bool = False,
         board: bool = False) -> None:  # fmt: skip
    """The addresses to open. On the local network the players' address gets a QR code for the phones
    to scan; the master's stays a line of text (its code only with --master-qr), as a screen the table
    sees must not offer the master's pages. Without a terminal the codes are written as SVG files
    (qr_folder()) and their paths said. With no network found, a warning instead of codes no phone
    could use. When `serving` (not `--check`, which serves nothing), how to stop."""
    from ..labels import label

    # With an evening served, the master's address is its board (the players' own are on it).
    master = f"{players}m/{token}/" + ("evening/" if board else "")
    if not lan:
        click.echo(label("web_serve_local", voice, url=players))
        click.echo(label("web_serve_master", voice, url=master))
    elif "://127." in players:  # no route out of this computer: phones could not reach it
        click.echo(label("web_serve_local", voice, url=players))
        click.echo(label("web_serve_master", voice, url=master))
        click.echo(label("web_no_network", voice), err=True)
    else:
        import segno

        for key, url, shown in (("web_serve_players", players, True), ("web_serve_master", master, master_qr)):
            click.echo(label(key, voice, url=url))
            if not shown:
                continue
            code = segno.make(url)
            if _at_terminal():
                code.terminal(compact=True)
            else:
                path = qr_folder() / f"{key.removeprefix('web_serve_')}.svg"
                code.save(str(path), scale=8)
                click.echo(label("web_qr_file", voice, path=str(path)))
    if serving:
        click.echo(label("web_serve_stop", voice))


def _at_terminal() -> bool:
    """Whether the addresses are said to a terminal, where a QR code can be drawn in blocks."""
    import sys

    return sys.stdout.isatty()


def qr_folder() -> Path:
    """Where `serve --lan` writes its QR codes without a terminal: printkit-serve in the system's
    temporary folder (the same each run, so a table's page or script can show them)."""
    import tempfile

    folder = Path(tempfile.gettempdir()) / "printkit-serve"
    folder.mkdir(exist_ok=True)
    return folder


def _lan_address() -> str:
    """This computer's address on its local network: the one a route outwards leaves from (no packet is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        found = str(probe.getsockname()[0])
    except OSError:
        found = "127.0.0.1"
    finally:
        probe.close()
    return found
