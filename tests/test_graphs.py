"""Co-author, concept and paper graphs built from hand-made corpora."""
from __future__ import annotations

import pytest

from kg.graphs import association_strength, coauthor_graph, concept_graph, paper_graph
from kg.records import Author, ConceptKind, Corpus, Entity, Mention, Paper, Role

A, B, C = Author("a", "Ann"), Author("b", "Bo"), Author("c", "Cy")


def corpus() -> Corpus:
    papers = (Paper("p1", "x", authors=(A, B, C)), Paper("p2", "y", authors=(A, B)), Paper("p3", "z", authors=(C,)))
    mentions = (
        Mention("p1", "DPO", ConceptKind.METHOD, 0, 3, entity_key="dpo", canonical="DPO"),
        Mention("p1", "GSM8K", ConceptKind.DATASET, 5, 10, entity_key="gsm8k", canonical="GSM8K"),
        Mention("p2", "DPO", ConceptKind.METHOD, 0, 3, role=Role.PROPOSES, entity_key="dpo", canonical="DPO"),
    )
    entities = (
        Entity("dpo", "DPO", ConceptKind.METHOD, paper_ids=("p1", "p2"), proposed_in=("p2",)),
        Entity("gsm8k", "GSM8K", ConceptKind.DATASET, paper_ids=("p1",)),
    )
    return Corpus(papers, mentions, entities)


def test_graphs_coauthor_counts_and_fractional_weights():
    G = coauthor_graph(corpus())
    assert sorted(G.nodes) == ["a", "b", "c"]
    assert G.nodes["a"] == {"label": "Ann", "kind": "author", "papers": 2}
    # p1 has 3 authors (1/(3-1) each pair), p2 has 2 (1/(2-1)).
    assert G.edges["a", "b"] == {"papers": 2, "weight": 1.5}
    assert G.edges["a", "c"] == {"papers": 1, "weight": 0.5}


def test_graphs_coauthor_empty_when_no_authors():
    assert coauthor_graph(Corpus((Paper("p", "x"),))).number_of_nodes() == 0


def test_graphs_concept_cooccurrence():
    G = concept_graph(corpus())
    assert G.nodes["dpo"]["kind"] == "METHOD" and G.nodes["dpo"]["papers"] == 2
    assert G.edges["dpo", "gsm8k"]["papers"] == 1
    assert G.edges["dpo", "gsm8k"]["weight"] == pytest.approx(association_strength(1, 2, 1, 2))


def test_graphs_paper_graph_roles():
    G = paper_graph(corpus())
    assert G.edges["paper:p2", "entity:dpo"]["relation"] == "proposes"
    assert G.edges["paper:p1", "entity:dpo"]["relation"] == "uses"
    assert G.edges["paper:p1", "author:c"]["position"] == 3


def test_graphs_sample_agree_with_graphml(sample_build):
    import networkx as nx

    G = nx.read_graphml(sample_build.out / "coauthors.graphml")
    assert G.number_of_nodes() == 89
    assert G.number_of_edges() == sample_build.coauthors.number_of_edges()


def test_graphs_graphml_survives_control_characters(tmp_path):
    """An abstract with a form feed (a JSON-decoded "\\footnote") must not make unreadable GraphML."""
    import networkx as nx

    papers = (Paper("p1", "We use DPO.\x0cootnote{x}", title="T\x01", authors=(A, B)),)
    corpus_ = Corpus(papers)
    for G in (paper_graph(corpus_), coauthor_graph(corpus_)):
        path = tmp_path / "g.graphml"
        nx.write_graphml(G, path)
        assert nx.read_graphml(path).number_of_nodes() == G.number_of_nodes()
