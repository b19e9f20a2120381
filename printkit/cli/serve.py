"""`printkit serve`: the referee's web pages for every phone at the table (parse, load the files, start uvicorn)."""

from __future__ import annotations

import socket
from pathlib import Path

import click

from .base import CONFIG_ARG, FILE, LANG, Command

# A port the table remembers; 0 takes any free one (the address printed says which).
PORT = 8765
# Connections and requests served at once; beyond, uvicorn answers 503 at once.
CONNECTIONS = 100


@click.command(cls=Command, context_settings={"help_option_names": ["-h", "--help"]})
@CONFIG_ARG
@click.option("--key", "keys", multiple=True, type=FILE)
@click.option("--map", "maps", multiple=True, type=FILE)
@click.option("--file", "others", multiple=True, type=FILE)
@click.option("--lan", is_flag=True)
@click.option("--port", type=click.IntRange(0, 65535), default=PORT, show_default=True)
@click.option("--check", is_flag=True)
@LANG
def serve(config: Path | None, keys: tuple[Path, ...], maps: tuple[Path, ...], others: tuple[Path, ...], lan: bool,
          port: int, check: bool, lang: str | None) -> None:  # fmt: skip
    """The referee's web pages for every phone at the table (its help: the labels' h_serve)."""
    import uvicorn

    from ..web.app import HEAD_LIMIT, Table, make_app
    from ..web.connections import Connections
    from ..web.served import load
    from .present import language

    served = load(config, keys, maps, others, lang)  # a bad file is refused here, with its exit code
    voice = language(lang, served.language)
    address = _lan_address() if lan else "127.0.0.1"
    hosts = sorted({"127.0.0.1", "localhost", address})
    table = Table(served)
    if check:
        _say(voice, lan, f"http://{address}:{port}/", table.token)
        return
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(("0.0.0.0" if lan else "127.0.0.1", port))
    except OSError as exc:
        sock.close()
        from ..labels import label

        raise click.UsageError(label("web_port", voice, port=port, why=exc.strerror or exc)) from None
    _say(voice, lan, f"http://{address}:{sock.getsockname()[1]}/", table.token, serving=True)
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
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()


def _say(voice: str, lan: bool, players: str, token: str, serving: bool = False) -> None:
    """The addresses to open: on the local network with a QR code each for the phones to scan; and,
    when `serving` (not `--check`, which serves nothing), how to stop."""
    import segno

    from ..labels import label

    master = f"{players}m/{token}/"
    if lan:
        for key, url in (("web_serve_players", players), ("web_serve_master", master)):
            click.echo(label(key, voice, url=url))
            segno.make(url).terminal(compact=True)
    else:
        click.echo(label("web_serve_local", voice, url=players))
        click.echo(label("web_serve_master", voice, url=master))
    if serving:
        click.echo(label("web_serve_stop", voice))


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
