"""Benchmark: extraction over all ICLR 2026 abstracts with the default pipeline.

    python bench/extract_speed.py [--n-process N] [--limit K]

Reads ../shared/data/iclr2026-openreview/iclr2026_submissions.jsonl.gz, builds the
default pipeline (spacy.blank("en") + paper-kg components), and times
annotation plus corpus-wide acronym resolution and entity merging. Reading the
listing and building the pipeline are timed separately.
"""
from __future__ import annotations

import argparse
import os
import resource
import time
from pathlib import Path

from kg import extract, nlp as kg_nlp
from kg.read import read_papers

ROOT = Path(__file__).resolve().parent.parent
LISTING = ROOT.parent / "shared" / "data" / "iclr2026-openreview" / "iclr2026_submissions.jsonl.gz"


def _cpu_seconds() -> float:
    """User + system CPU time of this process and its finished children (the forked workers)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n-process", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--limit", type=int, default=0)
    args = parser.parse_args()
    t0 = time.perf_counter()
    papers = read_papers([LISTING])
    if args.limit:
        papers = papers[: args.limit]
    t1 = time.perf_counter()
    nlp = kg_nlp.build()
    t2 = time.perf_counter()
    cpu0 = _cpu_seconds()
    annotations = list(kg_nlp.annotate(nlp, papers, n_process=args.n_process))
    t3 = time.perf_counter()
    mentions, acronyms = extract.mentions_from_annotations(annotations)
    mentions, entities = extract.resolve_entities(mentions)
    t4 = time.perf_counter()
    cpu = _cpu_seconds() - cpu0
    print(f"papers {len(papers)}; n_process {args.n_process}; cpus {os.cpu_count()}")
    print(f"read listing        {t1 - t0:6.2f} s")
    print(f"build pipeline      {t2 - t1:6.2f} s")
    print(f"annotate abstracts  {t3 - t2:6.2f} s")
    print(f"resolve corpus      {t4 - t3:6.2f} s")
    print(f"extraction total    {t4 - t2:6.2f} s  (annotate + resolve)")
    print(f"extraction CPU      {cpu:6.2f} s  (this process and its workers)")
    print(f"mentions {len(mentions)}; entities {len(entities)}; acronyms {len(acronyms)} "
          f"({sum(a.ambiguous for a in acronyms.values())} ambiguous)")


if __name__ == "__main__":
    main()
