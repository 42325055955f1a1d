"""Benchmark: how fast the big interactive maps are written and open in headless chromium.

    python bench/viz_load.py [--work DIR] [--runs N]

Builds the whole ICLR 2026 listing and the NeurIPS 2023 listing (3,584 records) with kg.build
(about 4 and 1.5 minutes on 2 cores; with --work DIR the builds are kept there and reused by later
runs), writes the ``--top 500`` concept map of ICLR and the ``--top 1000`` co-author map of NeurIPS
(plus the bundled sample's maps for comparison), then opens each page N times in headless Debian
chromium (tests/browser.py installs it if missing) and reports:

- write: seconds for kg.viz.write_map (reading the GraphML files, selection, layout, HTML);
- drawn: milliseconds from navigation start until vis-network finished its first drawing
  (``window.kgMap.drawn``, set on the first ``afterDrawing`` event; physics maps draw after stabilising);
- load: milliseconds until the page's load event; redraws: drawings in the 2 s after the first one
  (0 means the map sits still: no physics running).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import kg
from kg.viz import write_map

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
sys.path.insert(0, str(ROOT / "tests"))
import browser  # noqa: E402  (tests/browser.py: installs and launches chromium)

CASES = [
    # name, listing (None: bundled sample), graph, --top
    ("sample", None, "coauthor", None),
    ("sample", None, "concept", None),
    ("iclr2026", DATA / "iclr2026-openreview" / "iclr2026_submissions.jsonl.gz", "concept", 500),
    ("neurips2023", DATA / "neurips2023-awesome" / "neurips2023.jsonl.gz", "coauthor", 1000),
]


def built(work: Path, name: str, listing: Path | None) -> tuple[Path, float | None]:
    """The build directory of a listing, built now (and timed) unless a finished build is there."""
    out = work / name
    if (out / "manifest.json").is_file():
        return out, None
    started = time.perf_counter()
    kg.build([listing] if listing else None, out)
    return out, time.perf_counter() - started


def measure(chromium, path: Path) -> dict[str, float]:
    page = browser.open_map(chromium, path)
    try:
        drawn = page.page.evaluate("window.kgMap.drawn")
        load = page.page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
        page.page.evaluate("window.kgRedraws = 0; network.on('afterDrawing', () => { window.kgRedraws += 1; }); 0")
        page.page.wait_for_timeout(2000)
        redraws = page.page.evaluate("window.kgRedraws")
        if page.console_errors or page.requests:
            raise SystemExit(f"{path}: console errors {page.console_errors} or requests {page.requests}")
        return {"drawn": drawn, "load": load, "redraws": redraws, "nodes": page.count("nodes"),
                "edges": page.count("edges"), "physics": page.page.evaluate("window.kgMap.physics")}
    finally:
        page.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--work", type=Path, default=None, help="keep (and reuse) the builds here")
    parser.add_argument("--runs", type=int, default=3, help="page loads per map")
    args = parser.parse_args()
    reason = browser.ensure_chromium()
    if reason:
        raise SystemExit(f"cannot run: {reason}")
    with tempfile.TemporaryDirectory(prefix="viz-bench-") as scratch:
        work = args.work or Path(scratch)
        maps = []
        for name, listing, graph, top in CASES:
            if listing is not None and not listing.is_file():
                print(f"skip {name}: {listing} is missing", file=sys.stderr)
                continue
            folder, build_seconds = built(work, name, listing)
            if build_seconds is not None:
                print(f"built {name} in {build_seconds:.1f} s", file=sys.stderr)
            started = time.perf_counter()
            result = write_map(folder, graph, Path(scratch) / f"{name}-{graph}.html", top=top)
            maps.append((name, graph, top, result, time.perf_counter() - started))
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            chromium = browser.launch(playwright)
            print(f"{'map':<32} {'nodes':>6} {'edges':>6} {'MB':>5} {'physics':>7} {'write s':>7} "
                  f"{'drawn ms':>9} {'load ms':>8} {'redraws':>7}")
            for name, graph, top, result, seconds in maps:
                runs = [measure(chromium, result.path) for _ in range(args.runs)]
                label = f"{name} {graph}" + (f" --top {top}" if top else "")
                print(f"{label:<32} {runs[0]['nodes']:>6} {runs[0]['edges']:>6} "
                      f"{result.path.stat().st_size / 1e6:>5.1f} {str(runs[0]['physics']):>7} {seconds:>7.1f} "
                      f"{statistics.median(r['drawn'] for r in runs):>9.0f} "
                      f"{statistics.median(r['load'] for r in runs):>8.0f} {max(r['redraws'] for r in runs):>7}")
            chromium.close()
        print(f"median of {args.runs} page loads each; chromium {browser.CHROMIUM}", file=sys.stderr)


if __name__ == "__main__":
    main()
