"""SHACL shapes: the sample conforms, a broken graph fails with a readable report, kg build records the result."""
from __future__ import annotations

import pytest
from click.testing import CliRunner
from rdflib import RDF, Graph, Literal, URIRef

from kg.cli import cli
from kg.validate import check_file
from kg.vocab import FOAF, KG, PREFIXES


@pytest.mark.parametrize("engine", ["sparql", "pyshacl"])
def test_validate_sample_conforms(sample_build, engine):
    report = check_file(sample_build.out / "kg.ttl", engine=engine)
    assert report.conforms and report.violations == ()
    assert sample_build.manifest["validation"]["conforms"] is True


@pytest.mark.parametrize("engine", ["sparql", "pyshacl"])
def test_validate_broken_graph_fails_readably(sample_build, tmp_path, engine):
    g = Graph().parse(sample_build.out / "kg.ttl")
    person = next(g.subjects(predicate=FOAF.name))
    g.add((person, FOAF.name, Literal("A second name")))
    role = next(g.subjects(predicate=KG.authorPosition))
    g.remove((role, KG.authorPosition, None))
    g.add((URIRef(str(PREFIXES["kgr"]) + "x"), URIRef(str(PREFIXES["rdf"]) + "type"), KG.CoAuthorship))
    broken = tmp_path / "broken.ttl"
    g.serialize(broken, format="turtle")
    report = check_file(broken, engine=engine)
    assert not report.conforms
    text = report.text()
    assert "an author needs exactly one non-empty foaf:name" in text
    assert "an authorship needs exactly one kg:authorPosition" in text
    assert "a co-authorship is between exactly two authors" in text
    result = CliRunner().invoke(cli, ["validate", str(broken), "--engine", engine])
    assert result.exit_code == 1
    assert "Does not conform" in result.stdout and "SHACL violation" in result.stderr


def test_validate_cli_on_build_dir(sample_build):
    result = CliRunner().invoke(cli, ["validate", "--dir", str(sample_build.out)])
    assert result.exit_code == 0 and result.stdout.startswith("Conforms")


def test_validate_ontology_declares_every_term_the_build_uses(sample_build):
    g = Graph().parse(sample_build.out / "kg.ttl")
    ns = str(KG._NS)
    used = {str(t)[len(ns):] for triple in g for t in triple if isinstance(t, URIRef) and str(t).startswith(ns) and str(t) != ns}
    assert used and used <= set(KG.__annotations__)


def test_validate_engines_agree_on_each_kind_of_defect(sample_build, tmp_path):
    """Each defect is caught by both engines (the SPARQL engine is the fast equivalent of pySHACL)."""
    from kg.vocab import OA, SKOS

    base = Graph().parse(sample_build.out / "kg.ttl")
    confidence = URIRef(str(PREFIXES["itsrdf"]) + "taConfidence")
    # The damaged node is chosen deterministically (not whatever set iteration yields first) and is one
    # the shapes constrain: an entity for the label, not the concept scheme.
    entity = min(s for s in base.subjects(RDF.type, KG.Method) if (s, SKOS.prefLabel, None) in base)
    defects = {
        "no prefLabel": lambda g: g.remove((entity, SKOS.prefLabel, None)),
        "confidence > 1": lambda g: g.set((min(g.subjects(confidence, None)), confidence, Literal(1.5))),
        "start after end": lambda g: g.set((min(g.subjects(OA.start, None)), OA.start, Literal(10**6))),
        "et al. author": lambda g: g.set((min(g.subjects(FOAF.name, None)), FOAF.name, Literal("et al."))),
    }
    for name, damage in defects.items():
        g = Graph()
        for triple in base:
            g.add(triple)
        damage(g)
        path = tmp_path / f"{name}.ttl"
        g.serialize(path, format="turtle")
        verdicts = {engine: check_file(path, engine=engine).conforms for engine in ("sparql", "pyshacl")}
        assert verdicts == {"sparql": False, "pyshacl": False}, name
