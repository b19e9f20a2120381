"""Figures for issue 43: an evening's file under a table (goals: 20 phones recording, p99 under 100 ms;
an evening of 10,000 events opens in under a second)."""

# Two measurements. Opening: an evening of --events events (cash and rolls, as a long VS evening
# holds, written through printkit.evening.record) is read by a fresh process `--opens` times: the
# time of `read` alone, and of `printkit evening show` from start to exit. Recording: `printkit
# serve --evening` on a free loopback port, and --phones clients each posting one event after
# another for --seconds (a ruler's coins from his own page, a roll from the master's board), then
# following the page it leads to; the figure is the POST (the event committed) and the page after.
# Every event's once-token is fresh, so every post records; the journal is counted at the end.
# Run: python bench/evening.py [--phones 20] [--seconds 30] [--pause 1 0] [--events 10000]

from __future__ import annotations

import argparse
import asyncio
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx2
from timing import answering, load, record

from printkit import evening
from printkit.examples import find


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def opening(folder: Path, events: int, opens: int) -> list[str]:
    path = folder / "long.sqlite"
    evening.start(find("vs-2025.yaml"), path)
    started = time.perf_counter()
    for i in range(events):
        if i % 4 == 3:
            evening.record(path, "roll", {"notation": "2d6", "who": "Юг"})
        else:
            evening.record(path, "cash", {"player": "Юг", "coins": 1, "why": f"#{i}"})
    took = time.perf_counter() - started
    print(f"{events} events recorded one by one in {took:.1f} s ({1000 * took / events:.2f} ms each)")
    read_alone = "import sys, time; from pathlib import Path; t = time.perf_counter(); import printkit.evening as e; " \
                 "e.read(Path(sys.argv[1])); print(time.perf_counter() - t)"  # fmt: skip
    reads, shows = [], []
    for _ in range(opens):
        done = subprocess.run([sys.executable, "-c", read_alone, str(path)], check=True, capture_output=True, text=True)
        reads.append(float(done.stdout))
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "printkit", "evening", "show", str(path)], check=True,
                       capture_output=True)  # fmt: skip
        shows.append(time.perf_counter() - start)
    print(f"opened in a fresh process: read {percentile(reads, 50):.2f} s (median of {opens}, slowest "
          f"{max(reads):.2f} s); `evening show` start to exit {percentile(shows, 50):.2f} s "
          "(goal: under 1 s)")  # fmt: skip
    return [f"open {events} events", "1", f"{percentile(reads, 50) * 1000:.0f} ms", "-", f"{max(reads) * 1000:.0f} ms",
            f"show: {percentile(shows, 50) * 1000:.0f} ms", "0"]  # fmt: skip


async def phone(base: str, home: str, data: dict[str, str], until: float, times: list[float], errors: list[str],
                n: int, pause: float) -> None:  # fmt: skip
    async with httpx2.AsyncClient(base_url=base, timeout=10, follow_redirects=False) as http:
        page = (await http.get(home)).text
        token = re.search(r'name="t" value="([^"]+)"', page)
        assert token, "the page has no form token"
        k = 0
        while time.perf_counter() < until:
            k += 1
            start = time.perf_counter()
            try:
                posted = await http.post(data["action"], data={**data, "t": token.group(1), "once": f"{n}-{k}"},
                                         headers={"Origin": base.rstrip("/")})  # fmt: skip
                if posted.status_code != 303:
                    errors.append(f"{posted.status_code} {data['action']}")
                else:
                    await http.get(posted.headers["location"])
            except httpx2.HTTPError as exc:
                errors.append(type(exc).__name__)
            times.append(time.perf_counter() - start)
            if pause:
                await asyncio.sleep(pause)


def recording(folder: Path, phones: int, seconds: float, pause: float) -> list[str]:
    path = folder / f"table-{pause:g}.sqlite"
    evening.start(find("vs-2025.yaml"), path)
    command = [sys.executable, "-m", "printkit", "serve", "--evening", str(path), "--port", "0", "--lang", "en"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              env={**os.environ, "PYTHONUNBUFFERED": "1"})  # fmt: skip
    try:
        assert server.stdout is not None
        base = re.search(r"http://\S+/", server.stdout.readline())
        master = re.search(r"http://\S+/m/\S+/", server.stdout.readline())
        assert base and master, "serve printed no addresses"
        board = master.group(0).removeprefix(base.group(0))
        answering(base.group(0))
        page = httpx2.get(base.group(0) + board).text
        players = dict(re.findall(r"<b>([^<]+)</b><img[^>]*><a href=\"http://[^/]+/(p/[^/]+/)", page))
        south = players["Юг"]
        # A player records his own roll from his page; the master credits coins from the board.
        kinds = [({"action": f"{south}roll", "notation": "2d6"}, south),
                 ({"action": f"{board}cash", "player": "Юг", "coins": "1", "why": "bench"}, board)]  # fmt: skip
        times: list[float] = []
        errors: list[str] = []
        until = time.perf_counter() + seconds

        async def every() -> None:
            await asyncio.gather(*(phone(base.group(0), kinds[n % 2][1], kinds[n % 2][0], until, times, errors, n,
                                         pause) for n in range(phones)))  # fmt: skip

        asyncio.run(every())
    finally:
        server.terminate()
        server.wait(timeout=10)
    held = len(evening.read(path).rows)
    ms = [t * 1000 for t in times]
    p50, p90, p99 = (percentile(ms, p) for p in (50, 90, 99))
    print(f"{phones} phones recording for {seconds:g} s, pause {pause:g} s: {len(ms)} events "
          f"({len(ms) / seconds:.0f}/s), "
          f"p50 {p50:.1f} ms, p90 {p90:.1f} ms, p99 {p99:.1f} ms, slowest {max(ms):.1f} ms (goal: p99 < 100 ms); "
          f"errors {len(errors)} {sorted(set(errors))[:3]}; the journal holds {held}")  # fmt: skip
    return [f"{phones} phones recording, pause {pause:g} s", f"{len(ms) / seconds:.0f}/s", f"{p50:.1f} ms",
            f"{p99:.1f} ms", f"{max(ms):.1f} ms", f"journal {held}", str(len(errors))]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--opens", type=int, default=5)
    parser.add_argument("--pause", type=float, nargs="+", default=[1.0, 0.0],
                        help="seconds each phone waits between its events; one run for each")  # fmt: skip
    args = parser.parse_args()
    start_load = load()
    with tempfile.TemporaryDirectory() as folder:
        rows = [recording(Path(folder), args.phones, args.seconds, pause) for pause in args.pause]
        rows.append(opening(Path(folder), args.events, args.opens))
    if args.phones == 20 and args.seconds >= 30 and args.events >= 10_000:
        notes = ["Recording: each phone posts an event and reads the page it leads to, then waits the pause (half "
                 "a ruler's own roll from his page, half coins credited from the master's board): a 1 s pause is far "
                 "busier than a table, 0 every phone at once without end; the time is the POST, committed (one "
                 "fsync) before it answers, and that page. The journal count is every event "
                 "recorded, none lost or doubled. Goal: p99 under 100 ms.",
                 "Opening: the evening read by a fresh process (`printkit.evening.read`), and `printkit evening "
                 "show` from start to exit. Goal: under a second."]  # fmt: skip
        written = record("evening", "An evening's file under a table (`serve --evening`, `evening show`)",
                         ["what", "rate", "p50", "p99", "slowest", "also", "errors"], rows, notes,
                         f"{start_load} at start, {load()} at end")  # fmt: skip
        print(f"written: {written}")


if __name__ == "__main__":
    main()
