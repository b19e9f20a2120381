"""Screenshots of every `printkit serve` page at phone size in both languages, to look at: PNGs in a folder."""

# Starts `printkit serve` on a free loopback port with the example files and a made-up key, then opens,
# in the system's Chromium at 390 x 844 (Playwright, launched by path: nothing downloads a browser),
# the players' and the master's index, the log, an unknown page, and each referee question's page
# before and after asking its first documented example — in Russian and in English. Each page is shot
# whole; `--grey` saves a grey copy of each as well.
# Run: python bench/serve_shots.py [FOLDER] [--grey] [--only reach,roll]

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printkit.web.app import rolls_dice  # noqa: E402
from tests.webcases import cases, secret_key, serving, table_files  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]  # fmt: skip
PHONE = {"width": 390, "height": 844}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default="/tmp/printkit-serve-shots")
    parser.add_argument("--grey", action="store_true", help="save a grey copy of each shot too")
    parser.add_argument("--only", default="", help="questions to shoot, comma-separated (default: all)")
    args = parser.parse_args()
    out = Path(args.folder)
    out.mkdir(parents=True, exist_ok=True)
    only = {n for n in args.only.split(",") if n}
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as scratch:
        key, _ = secret_key(Path(scratch))
        served = table_files(key)
        with serving(served) as (players, master):
            first: dict[str, dict[str, list[str]]] = {}
            posted: set[str] = set()  # a question that may roll dice answers only a form posted from its page
            for case in cases(served):
                first.setdefault(case.name, case.form)
                if rolls_dice(case.question):
                    posted.add(case.name)
            pages: list[tuple[str, str]] = [("index", players), ("master-index", master), ("log", players + "log"),
                                            ("404", players + "no-such-page")]  # fmt: skip
            for name, form in first.items():
                if only and name not in only:
                    continue
                base = (master if name == "lookup" else players) + f"q/{name}"
                pages.append((f"q-{name}", base))
                pages.append((f"a-{name}", base + "?" + urlencode({**form, **({} if name in posted else {"ask": "1"})},
                                                                  doseq=True)))  # fmt: skip
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
                page = browser.new_context(viewport=PHONE).new_page()
                for lang in ("ru", "en"):
                    for name, url in pages:
                        page.goto(url + ("&" if "?" in url else "?") + f"lang={lang}")
                        if name.startswith("a-") and name[2:] in posted:  # filled from the address: press it
                            page.locator("form.ask button[type=submit]").click()
                            page.wait_for_load_state()
                        shot = out / f"{lang}-{name}.png"
                        page.screenshot(path=str(shot), full_page=True)
                        if args.grey:
                            from PIL import Image, ImageOps

                            ImageOps.grayscale(Image.open(shot)).save(out / f"{lang}-{name}-grey.png")
                browser.close()
    print(f"{len(pages) * 2} pages shot into {out}/")


if __name__ == "__main__":
    main()
