"""kg/vocab.py is generated from ontology/kg.ttl and stays in step with it; IRIs live only in vocab/ids."""
from __future__ import annotations

import re

from rdflib import OWL, RDF, Graph

from conftest import ROOT
from kg.vocab import KG


def test_vocab_terms_match_ontology():
    g = Graph().parse(ROOT / "ontology" / "kg.ttl")
    ns = str(KG._NS)
    defined = {str(s)[len(ns):] for s in g.subjects() if str(s).startswith(ns) and str(s) != ns}
    declared = set(KG.__annotations__)
    assert defined == declared, "run `python scripts/gen_vocab.py` after editing ontology/kg.ttl"


def test_vocab_unknown_term_fails():
    import pytest

    with pytest.raises(AttributeError):
        KG.hasAutor  # noqa: B018


def test_vocab_ontology_round_trips():
    from rdflib.compare import isomorphic

    g = Graph().parse(ROOT / "ontology" / "kg.ttl")
    again = Graph().parse(data=g.serialize(format="turtle"), format="turtle")
    assert isomorphic(g, again)
    assert (None, RDF.type, OWL.Ontology) in g


def test_vocab_no_iri_literals_outside_vocab_and_ids():
    """Vocabulary IRIs live in vocab.py and ids.py only; modules that speak HTTP may name endpoints, nothing else."""
    vocabulary = re.compile(r"[\"'][^\"']*(w3id\.org|w3\.org/|purl\.org|schema\.org|xmlns\.com|rdfs\.org)")
    http_modules = {"cli.py", "push.py", "serve.py", "query.py"}
    offenders = []
    for path in (ROOT / "kg").glob("*.py"):
        if path.name in ("vocab.py", "ids.py"):
            continue
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if vocabulary.search(line):
                offenders.append(f"{path.name}:{number}")
            elif path.name not in http_modules and re.search(r"[\"']https?://", line):
                offenders.append(f"{path.name}:{number}")
    assert offenders == []
