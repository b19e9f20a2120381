"""Figures for issue 34: `printkit serve` under a table's load (goal: p99 under 100 ms, no errors)."""

# Starts `printkit serve` in its own process on a free loopback port with the example files, asks each
# request of the mix once (the first question of an evening imports its engine), then runs 20 clients
# at once for 30 s, each asking the mix one request after another (pages, answers, rolls posted to the
# log, the log's JSON) with --pause seconds between them. Prints the latency of every request (p50,
# p90, p99, the slowest), the slowest kinds of request, errors and the machine.
# Run: python bench/serve.py [--clients 20] [--seconds 30] [--pause 0 0.1] [--skip battle]
# Issue 40: --flood N runs N more clients asking a legal heavy question (HEAVY, about a second) again
# the moment each answer comes (told "busy", after the second its Retry-After names; at once with
# --storm, a client that ignores it), and --silent N opens N connections that never send a byte
# (the server closes them after its idle limit; each is opened again at once), while the mix runs:
# the light pages' latency is then the figure (goal: p99 under 100 ms); the heavy answers are counted
# by status (200 answered, 503 busy, 400 over the time limit). The recorded run (the defaults) ends
# with such a run: FLOOD heavy clients and SILENT connections, pause 0.1.
# Each pause is a run of its own: 0 is every phone asking again the moment an answer comes, 0.1 a
# busy table. A run with the default mix writes its table to bench/figures/serve.json, which the
# manual's Figures page shows.

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import platform
import re
import subprocess
import sys
import time
from pathlib import Path

import httpx2
from timing import answering, load, record

from printkit.examples import find

ROOT = Path(__file__).resolve().parent.parent

# What a table asks: mostly dice and answers, some pages, the log every device polls.
ASKED = [
    "q/odds?notation=2d6%2B1%3E%3D8&ask=1&lang=ru",
    "q/odds?notation=3d6+%3E%3D+2d6%2B2&ask=1&lang=en",
    "q/duel?initiator=5&defender=4&ask=1",
    "q/reach?map_file=map.yaml&start=C4&speed=2&config=-&ask=1",
    "q/route?map_file=map.yaml&start=C4&goal=H9&speed=2&config=-&ask=1",
    "q/battle?attackers=knights&defenders=knights%40castle&edition=vs-2025&ask=1",
    "q/fight?lives=10&lives=10&damage=1&damage=1&config=-&ask=1",
    "q/hide?hiders=3+2&seekers=5&ask=1",
    "q/pool?dice=4d10&difficulty=6&ask=1",
    "q/stratego?attacker=3&defender=B&ask=1",
    "q/income?lands=12+8&mines=1+3&troops=knights+elves&personal=knights&cash=130&edition=vs-2025&ask=1",
    "q/reach?lang=en",
    "",
    "log",
    "log.json",
    "log.json",
    "ROLL",
]


HEAVY = "q/odds?notation=100d6*100d6&ask=1&lang=en"
# The recorded table's last row: the light pages alongside this many heavy clients and silent connections.
FLOOD = 32
SILENT = 100


async def flood(base: str, until: float, codes: dict[str, int], storm: bool) -> None:
    """One client asking the heavy question again and again: the moment its answer comes, or, told
    busy, after the Retry-After the refusal names (at once with `storm`)."""
    async with httpx2.AsyncClient(base_url=base, timeout=30) as http:
        while time.perf_counter() < until:
            wait = 0.0
            try:
                response = await http.get(HEAVY)
                code = str(response.status_code)
                if response.status_code == 503 and not storm:
                    wait = float(response.headers.get("retry-after", "0"))
            except httpx2.HTTPError as exc:
                code = type(exc).__name__
            codes[code] = codes.get(code, 0) + 1
            await asyncio.sleep(min(wait, max(0.0, until - time.perf_counter())))


async def silent(base: str, until: float, closed: list[int], refused: list[int]) -> None:
    """One connection that never sends a byte, opened again each time the server closes it: counted as
    closed when the server closes it without a word, as refused when it answers first (a 503 while the
    server holds its most connections)."""
    url = httpx2.URL(base)
    while time.perf_counter() < until:
        reader, writer = await asyncio.open_connection(url.host, url.port)
        try:
            got = await asyncio.wait_for(reader.read(1), max(0.1, until - time.perf_counter()))
            (closed if got == b"" else refused).append(1)
        except TimeoutError:
            pass
        finally:
            writer.close()


async def client(base: str, token: str, until: float, pause: float, times: list[float], paths: list[str],
                 errors: list[str], n: int) -> None:  # fmt: skip
    async with httpx2.AsyncClient(base_url=base, timeout=10) as http:
        k = n
        while time.perf_counter() < until:
            path = ASKED[k % len(ASKED)]
            k += 1
            start = time.perf_counter()
            try:
                if path == "ROLL":
                    data = {"t": token, "notation": "2d6+1", "who": f"bench-{n}", "ask": "1"}
                    response = await http.post("q/roll", data=data, headers={"Origin": base.rstrip("/")})
                else:
                    response = await http.get(path)
                if response.status_code != 200:
                    errors.append(f"{response.status_code} {path}")
            except httpx2.HTTPError as exc:
                errors.append(f"{type(exc).__name__} {path}")
            times.append(time.perf_counter() - start)
            paths.append(path.split("?")[0] if path != "ROLL" else "POST q/roll")
            if pause:
                await asyncio.sleep(pause)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


async def run(base: str, clients: int, seconds: float, pause: float, heavy: int = 0, quiet: int = 0,
              storm: bool = False) -> tuple[list[float], list[str], list[str]]:  # fmt: skip
    async with httpx2.AsyncClient(base_url=base, timeout=30) as http:
        page = (await http.get("q/roll")).text
        for path in ASKED:  # each engine imported once, as the first question of an evening imports it
            if path != "ROLL":
                await http.get(path)
    found = re.search(r'name="t" value="([^"]+)"', page)
    assert found, "the roll page has no form token"
    times: list[float] = []
    paths: list[str] = []
    errors: list[str] = []
    until = time.perf_counter() + seconds
    token = found.group(1)
    # The flood runs in a process of its own: its hundreds of answers a second would otherwise hold up
    # this process's loop, and the light pages' figures would count the bench's own waiting.
    flooding = multiprocessing.get_context("spawn").Process(target=flooded, args=(base, seconds, heavy, quiet, storm))
    flooding.start()
    await asyncio.gather(*(client(base, token, until, pause, times, paths, errors, n) for n in range(clients)))
    flooding.join()
    return times, paths, errors


def flooded(base: str, seconds: float, heavy: int, quiet: int, storm: bool) -> None:
    """The heavy questions' clients and the silent connections, for `seconds`; what they got, printed."""

    async def both() -> None:
        until = time.perf_counter() + seconds
        codes: dict[str, int] = {}
        closed: list[int] = []
        refused: list[int] = []
        await asyncio.gather(*(flood(base, until, codes, storm) for _ in range(heavy)),
                             *(silent(base, until, closed, refused) for _ in range(quiet)))  # fmt: skip
        if heavy:
            print(f"heavy answers ({HEAVY}) by status: {dict(sorted(codes.items()))}")
        if quiet:
            print(f"silent connections closed by the server: {len(closed)}; answered at once (refused): {len(refused)}")

    if heavy or quiet:
        asyncio.run(both())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--pause", type=float, nargs="+", default=[0.0, 0.1],
                        help="seconds each client waits between requests; one run for each")  # fmt: skip
    parser.add_argument("--flood", type=int, default=0, help="clients asking a heavy question again and again")
    parser.add_argument(
        "--storm",
        action="store_true",
        help="the flood's clients ask again at once when told busy, ignoring Retry-After",
    )
    parser.add_argument("--silent", type=int, default=0, help="connections that never send a byte")
    parser.add_argument("--skip", action="append", default=[], help="leave out the questions of this name")
    args = parser.parse_args()
    mix = [path for path in ASKED if not any(path.startswith(f"q/{name}?") for name in args.skip)]
    # Alongside a flood the light pages only: the mix's answers wait in the same queue as the flood's.
    light = [path for path in mix if "ask=1" not in path and path != "ROLL"]
    recorded = not args.skip and args.clients == 20 and args.seconds >= 30 and not args.flood and not args.silent
    runs = [(pause, args.flood, args.silent) for pause in args.pause]
    if recorded:  # the recorded table ends with the light pages under FLOOD heavy clients and SILENT connections
        runs.append((0.1, FLOOD, SILENT))
    command = [sys.executable, "-m", "printkit", "serve", str(find("strategiya.yaml")), "--port", "0",
               "--map", str(find("map.yaml")), "--lang", "en"]  # fmt: skip
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              env={**os.environ, "PYTHONUNBUFFERED": "1"})  # fmt: skip
    start_load = load()
    rows: list[list[str]] = []
    try:
        assert server.stdout is not None
        base = re.search(r"http://\S+/", server.stdout.readline())
        assert base, "serve printed no address"
        answering(base.group(0))
        print(f"machine: {os.cpu_count()} cores, {platform.machine()}, Python {platform.python_version()}")
        for pause, heavy, quiet in runs:
            ASKED[:] = light if heavy or quiet else mix
            times, paths, errors = asyncio.run(run(base.group(0), args.clients, args.seconds, pause, heavy, quiet,
                                                   args.storm))  # fmt: skip
            alongside = f"{heavy} heavy, {quiet} silent" if heavy or quiet else "-"
            rows.append([alongside, *report(times, paths, errors, args.clients, args.seconds, pause, args.skip)])
    finally:
        server.terminate()
        server.wait(timeout=10)
    if recorded:
        notes = ["Each client asks the mix of bench/serve.py one request after another (pages, answers, rolls "
                 "posted to the log, the log's JSON), waiting the pause between them; the clients run on the same "
                 "machine as the server. Goal: p99 under 100 ms, no errors. An answer beyond the worker and the 8 "
                 "places waiting for it is refused as busy (503) and counted as an error: at pause 0, twenty "
                 "phones asking again the moment each answer comes, most answers are so refused.",
                 f"The last row: the mix's light pages (pages, the log, its JSON) while {FLOOD} more clients ask a "
                 f"legal heavy question ({HEAVY}, under a second) again as each answer comes (told busy, after "
                 f"its Retry-After) and {SILENT} connections that never send a byte are reopened as each is closed. "
                 "Goal: p99 under 100 ms."]  # fmt: skip
        written = record("serve", "The phone referee under a table's load (`printkit serve`)",
                         ["alongside", "clients", "pause", "requests/s", "p50", "p90", "p99", "slowest", "errors"],
                         rows, notes,
                         f"{start_load} at start, {load()} at end")  # fmt: skip
        print(f"written: {written}")


def report(times: list[float], paths: list[str], errors: list[str], clients: int, seconds: float, pause: float,
           skip: list[str]) -> list[str]:  # fmt: skip
    """Print one run's figures; its row of the table."""
    ms = [t * 1000 for t in times]
    left = f", without {', '.join(skip)}" if skip else ""
    print(f"{clients} clients for {seconds:g} s, pause {pause:g} s{left}: {len(ms)} requests "
          f"({len(ms) / seconds:.0f}/s), load average {os.getloadavg()[0]:.1f}")  # fmt: skip
    p50, p90, p99 = (percentile(ms, p) for p in (50, 90, 99))
    print(f"latency: p50 {p50:.1f} ms, p90 {p90:.1f} ms, p99 {p99:.1f} ms, slowest {max(ms):.1f} ms "
          f"(goal: p99 < 100 ms)")  # fmt: skip
    by_path: dict[str, list[float]] = {}
    for path, took in zip(paths, ms, strict=True):
        by_path.setdefault(path, []).append(took)
    print("slowest kinds of request (p99):")
    for path, took in sorted(by_path.items(), key=lambda item: -percentile(item[1], 99))[:5]:
        print(f"  {percentile(took, 99):7.1f} ms  {path or '/'}")
    print(f"errors: {len(errors)}" + (f" (first: {errors[0]})" if errors else ""))
    return [str(clients), f"{pause:g} s", f"{len(ms) / seconds:.0f}", f"{p50:.1f} ms", f"{p90:.1f} ms",
            f"{p99:.1f} ms", f"{max(ms):.1f} ms", str(len(errors))]  # fmt: skip


if __name__ == "__main__":
    main()
