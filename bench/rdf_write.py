"""Benchmark: writing one million triples with kg.rdf.write (Turtle, N-Triples) vs rdflib's own store.

    python bench/rdf_write.py [--source /tmp/kg-bench-iclr/kg.ttl] [--n 1000000]

Takes the first N triples of a build's kg.ttl (as rdflib terms, the form kg.build holds them in) and
times kg.rdf.write, which streams them through Oxigraph's serializer; for comparison, rdflib's
in-memory Graph + Turtle serializer on the same triples (skipped with --no-rdflib).
"""
from __future__ import annotations

import argparse
import tempfile
import time
from itertools import islice
from pathlib import Path

import pyoxigraph as ox
from rdflib import BNode, Graph, Literal, URIRef

from kg.rdf import write


def to_rdflib(term):
    if isinstance(term, ox.NamedNode):
        return URIRef(term.value)
    if isinstance(term, ox.BlankNode):
        return BNode(term.value)
    return Literal(term.value, lang=term.language, datatype=None if term.language else URIRef(term.datatype.value))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", type=Path, default=Path("/tmp/kg-bench-iclr/kg.ttl"))
    parser.add_argument("--n", type=int, default=1_000_000)
    parser.add_argument("--no-rdflib", action="store_true")
    args = parser.parse_args()
    triples = [(to_rdflib(t.subject), to_rdflib(t.predicate), to_rdflib(t.object))
               for t in islice(ox.parse(path=str(args.source), format=ox.RdfFormat.TURTLE), args.n)]
    print(f"{len(triples)} triples from {args.source}")
    with tempfile.TemporaryDirectory() as tmp:
        for fmt in ("ttl", "nt"):
            t = time.perf_counter()
            write(triples, Path(tmp) / f"kg.{fmt}", fmt)
            print(f"kg.rdf.write {fmt}: {time.perf_counter() - t:.1f} s "
                  f"({(Path(tmp) / f'kg.{fmt}').stat().st_size / 1e6:.0f} MB)")
        if not args.no_rdflib:
            t = time.perf_counter()
            g = Graph()
            for triple in triples:
                g.add(triple)
            g.serialize(Path(tmp) / "rdflib.ttl", format="turtle")
            print(f"rdflib Memory store + turtle serializer: {time.perf_counter() - t:.1f} s")


if __name__ == "__main__":
    main()
