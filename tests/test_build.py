"""The bundled-sample build: the counts the user checks by hand, outputs that load, and the Python API."""
from __future__ import annotations

import json

import networkx as nx
import rdflib

import kg
from kg.vocab import DCTERMS, FABIO, KG


def test_build_sample_counts(sample_build):
    counts = sample_build.manifest["counts"]
    assert counts["papers"] == 39
    assert counts["papers_with_authors"] == 20
    assert counts["authors"] == 89
    assert counts["authorships"] == 96
    assert counts["truncated_author_lists"] == 2
    assert counts["papers_with_area"] == 17
    assert counts["records_read"] == 39 and counts["skipped_rows"] == 0


def test_build_sample_people(sample_build):
    G = sample_build.coauthors
    by_name = {d["label"]: k for k, d in G.nodes(data=True)}
    assert "等" not in by_name and not any("等" in name for name in by_name)
    ivan, arthur = by_name["Iván Arcuschin"], by_name["Arthur Conmy"]
    assert G.nodes[ivan]["papers"] == 4
    assert G.edges[ivan, arthur]["papers"] == 3
    # "Carlton ZDANSKI" is one person whatever the case.
    assert sum(1 for name in by_name if name.casefold() == "carlton zdanski") == 1


def test_build_sample_every_paper_has_abstract_and_obvious_entities(sample_build):
    g = sample_build.graph
    papers = set(g.subjects(rdflib.RDF.type, FABIO.ConferencePaper))
    assert len(papers) == 39
    assert all(g.value(p, DCTERMS.abstract) for p in papers)
    names = {e.name for e in sample_build.corpus.entities}
    for obvious in ("Direct Preference Optimization", "Pythia-70M", "Llama-3.1-8B-Instruct",
                    "Llama-3.1-70B-Instruct", "Gemma-2-9B-Instruct", "RewardBench", "Jet Expansions"):
        assert obvious in names, obvious


def test_build_outputs_load(sample_build):
    out = sample_build.out
    g = rdflib.Graph().parse(out / "kg.ttl", format="turtle")
    assert len(g) == sample_build.manifest["counts"]["triples"]
    for name in ("coauthors", "concepts", "papers"):
        G = nx.read_graphml(out / f"{name}.graphml")
        assert G.number_of_nodes() > 0
    manifest = json.loads((out / "manifest.json").read_text())
    assert [i["name"] for i in manifest["inputs"]] == ["000_b3512e3b92ec1be5.txt", "004_75ed3c2d1f1ade5e.txt"]
    assert all(len(i["sha256"]) == 64 for i in manifest["inputs"])
    assert manifest["tool"]["version"] == kg.__version__
    assert manifest["spacy"]["pipeline"].endswith("kg_concept_resolver, kg_span_scorer, kg_type_scorer")
    assert set(manifest["quality"]) >= {"acronyms_defined", "acronyms_ambiguous", "share_papers_without_entities"}


def test_build_api_without_writing(data_dir):
    result = kg.build([data_dir / "listings.jsonl"], out=None)
    assert result.out is None and result.written == []
    assert len(result.corpus.papers) == 5
    assert (None, KG.proposes, None) in result.graph or (None, KG.uses, None) in result.graph


def test_build_extra_rdf_formats_round_trip(tmp_path, data_dir):
    from rdflib.compare import isomorphic

    result = kg.build([data_dir / "listings.jsonl"], tmp_path, formats=("ttl", "nt", "xml", "trig", "jsonld"))
    ttl = rdflib.Graph().parse(tmp_path / "kg.ttl")
    for name, fmt in (("kg.nt", "nt"), ("kg.rdf", "xml"), ("kg.jsonld", "json-ld")):
        other = rdflib.Graph().parse(tmp_path / name, format=fmt)
        assert isomorphic(ttl, other), name
    trig = rdflib.Dataset().parse(tmp_path / "kg.trig", format="trig")
    assert len(trig) == len(ttl) == len(result.graph)
