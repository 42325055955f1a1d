"""Benchmark: the graph-metric report (html, md, json) of the full ICLR 2026 build.

    python bench/report_speed.py [--dir DIR] [--repeat N]

Builds ../shared/data/iclr2026-openreview/iclr2026_submissions.jsonl.gz once into DIR (default
$TMPDIR/paper-kg-bench/iclr2026; about 1-4 minutes) and reuses that build on later runs, then times
``kg.report.write_report(DIR)``: reading the GraphML files, computing the metrics, drawing the plots and
writing report.html, report.md and report.json. Phases are timed separately after the total. CPU time and
the load average are printed too: other work on the machine inflates wall-clock times.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import resource
import tempfile
import time
from pathlib import Path

import kg
from kg import metrics, report

ROOT = Path(__file__).resolve().parent.parent
LISTING = ROOT.parent / "shared" / "data" / "iclr2026-openreview" / "iclr2026_submissions.jsonl.gz"
DEFAULT_DIR = Path(tempfile.gettempdir()) / "paper-kg-bench" / "iclr2026"


def _cpu() -> float:
    """CPU seconds of this process and its finished workers."""
    own, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", type=Path, default=DEFAULT_DIR, help="Build directory (built once if empty).")
    parser.add_argument("--repeat", type=int, default=1, help="Time write_report this many times.")
    args = parser.parse_args()
    if not (args.dir / "manifest.json").is_file():
        t0 = time.perf_counter()
        kg.build([LISTING], out=args.dir)
        print(f"built {args.dir} in {time.perf_counter() - t0:.1f} s (reused on later runs)")
    totals, cpu = [], []
    for _ in range(args.repeat):
        t0, c0 = time.perf_counter(), _cpu()
        written = report.write_report(args.dir)
        totals.append(time.perf_counter() - t0)
        cpu.append(_cpu() - c0)
    t0 = time.perf_counter()
    build = report.load_build(args.dir)
    t1 = time.perf_counter()
    result = metrics.compute(build.coauthors, build.concepts, build.papers, build.manifest, warnings=build.warnings)
    t2 = time.perf_counter()
    plots = report.figures(result)
    t3 = time.perf_counter()
    report.to_html(result, plots), report.to_markdown(result), report.to_json(result)
    t4 = time.perf_counter()
    concepts = result.graphs["concepts"]
    print(f"papers {result.corpus['papers']:,}; concept graph {concepts['nodes']:,} nodes, {concepts['edges']:,} edges; "
          f"co-author graph {result.graphs['coauthors']['nodes']:,} nodes")
    print(f"write_report total  {min(totals):6.2f} s  (best of {len(totals)}; CPU {min(cpu):.2f} s incl. workers; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print(f"  read build        {t1 - t0:6.2f} s")
    print(f"  compute metrics   {t2 - t1:6.2f} s")
    print(f"  draw plots        {t3 - t2:6.2f} s")
    print(f"  format html/md/json {t4 - t3:4.2f} s")
    for path in written:
        print(f"{path}  {path.stat().st_size:,} bytes  sha256 {hashlib.sha256(path.read_bytes()).hexdigest()[:16]}")


if __name__ == "__main__":
    main()
