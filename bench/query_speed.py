"""Benchmark: every named query on a full ICLR 2026 build; also the build's RDF-writing steps.

    python bench/query_speed.py [--dir DIR] [--repeat 5]

Builds ../shared/data/iclr2026-openreview/iclr2026_submissions.jsonl.gz into DIR (default
/tmp/kg-bench-iclr) unless DIR already holds a build, then times each named query: in-process
(Oxigraph executing and iterating the results) and through `kg.query.run` (the forked,
time-limited worker that `kg query` and `kg serve` use). Reports the median of --repeat runs.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

from kg.query import bind_params, named_queries, open_store, run, _execute

ROOT = Path(__file__).resolve().parent.parent
LISTING = ROOT.parent / "shared" / "data" / "iclr2026-openreview" / "iclr2026_submissions.jsonl.gz"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", type=Path, default=Path("/tmp/kg-bench-iclr"))
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if not (args.dir / "store").is_dir():
        # Build in a child process: this one stays small, as `kg query` and `kg serve` are, so that the
        # forked query workers measured below cost what they cost there.
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "kg", "build", str(LISTING), "--out", str(args.dir)], check=True)
        print(f"build: {time.perf_counter() - t:.1f} s")
    manifest = json.loads((args.dir / "manifest.json").read_text())
    print(f"build dir {args.dir}: {manifest['counts']['papers']} papers, {manifest['counts']['triples']} triples")
    store = open_store(args.dir)
    # Parameters that hit a lot of data: the most frequent entity, the largest area.
    top = next(iter(store.query("SELECT ?l (COUNT(?p) AS ?n) WHERE { ?e skos:prefLabel ?l . ?p schema:mentions ?e } "
                                "GROUP BY ?l ORDER BY DESC(?n) LIMIT 1",
                                prefixes={"skos": "http://www.w3.org/2004/02/skos/core#",
                                          "schema": "https://schema.org/"})))
    area = next(iter(store.query("SELECT ?l (COUNT(?p) AS ?n) WHERE { ?p <http://purl.org/dc/terms/subject> ?a . "
                                 "?a <http://www.w3.org/2004/02/skos/core#prefLabel> ?l } GROUP BY ?l ORDER BY DESC(?n) LIMIT 1")),
                None)
    paper = next(iter(store.query("SELECT ?id WHERE { ?p <https://w3id.org/paper-kg/ontology#proposes> ?e ; "
                                  "<http://purl.org/dc/terms/identifier> ?id } LIMIT 1")))
    author = next(iter(store.query(
        "SELECT ?n (COUNT(?r) AS ?c) WHERE { ?a <http://xmlns.com/foaf/0.1/name> ?n ; "
        "<http://purl.org/spar/pro/holdsRoleInTime> ?r } GROUP BY ?n ORDER BY DESC(?c) LIMIT 1")), None)
    values = {"author": author["n"].value if author else "Iván Arcuschin", "entity": top["l"].value,
              "area": area["l"].value if area else "", "paper": paper["id"].value}
    print(f"parameters: {values}")
    print(f"{'query (parameter)':48} {'rows':>6} {'in-process ms':>14} {'kg.query.run ms':>16}")
    cases = [(q, {p.name: values[p.name] for p in q.params}) for q in named_queries().values()]
    # A typical entity besides the most frequent one: the median of the entities with at least 10 papers.
    typical = [r["l"].value for r in store.query(
        "SELECT ?l WHERE { ?e <https://w3id.org/paper-kg/ontology#paperCount> ?n ; "
        "<http://www.w3.org/2004/02/skos/core#prefLabel> ?l FILTER(?n >= 10) } ORDER BY ?n ?l")]
    if typical:
        extra = typical[len(typical) // 2]
        cases += [(q, {"entity": extra}) for q in named_queries().values() if [p.name for p in q.params] == ["entity"]]
    for query, params in cases:
        bound = bind_params(query, params)
        inproc, forked, count = [], [], 0
        for _ in range(args.repeat):
            t = time.perf_counter()
            _, data, _ = _execute(store, query.text, bound, 100_000)
            inproc.append((time.perf_counter() - t) * 1000)
            count = len(data["results"]["bindings"])
            t = time.perf_counter()
            run(store, query.text, bound, timeout=60)
            forked.append((time.perf_counter() - t) * 1000)
        label = query.name + (f" ({next(iter(params.values()))})" if params else "")
        print(f"{label[:48]:48} {count:6d} {statistics.median(inproc):14.1f} {statistics.median(forked):16.1f}")


if __name__ == "__main__":
    main()
