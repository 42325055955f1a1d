"""Corpus → networkx graphs: co-author, concept co-occurrence, and paper–author–entity."""
from __future__ import annotations

import re
from collections import Counter
from itertools import combinations

import networkx as nx
from networkx.algorithms import bipartite

from .records import Corpus, Role

__all__ = ["coauthor_graph", "concept_graph", "paper_graph", "association_strength", "paper_roles", "xml_safe"]

# Characters XML 1.0 forbids (GraphML is XML): abstracts sometimes carry a form feed from "\\footnote"
# decoded as a JSON escape; networkx writes them and then cannot read its own file back.
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def xml_safe(text: str) -> str:
    """``text`` with XML-invalid control characters replaced by spaces.

    >>> xml_safe("a\x0cb")
    'a b'
    """
    return _XML_INVALID.sub(" ", text)


def coauthor_graph(corpus: Corpus) -> nx.Graph:
    """Authors linked by joint papers.

    The author–paper bipartite graph projected onto authors. Edge attributes:
    ``papers`` (joint paper count) and ``weight`` (fractional counting,
    Σ 1/(n−1) over joint papers with n listed authors; Newman 2001, via
    :func:`networkx.algorithms.bipartite.collaboration_weighted_projected_graph`).
    Node attributes: ``label``, ``kind`` ("author") and ``papers``.

    Examples
    --------
    >>> from kg.records import Paper, Author
    >>> a, b = Author("a", "A"), Author("b", "B")
    >>> G = coauthor_graph(Corpus((Paper("p1", authors=(a, b)), Paper("p2", authors=(a, b)))))
    >>> G.edges["a", "b"]["papers"], G.edges["a", "b"]["weight"]
    (2, 2.0)
    """
    B = nx.Graph()
    counts: Counter[str] = Counter()
    names: dict[str, str] = {}
    for paper in corpus.papers:
        for author in paper.authors:
            counts[author.key] += 1
            names.setdefault(author.key, author.name)
    authors = sorted(counts)
    G = nx.Graph()
    for key in authors:
        G.add_node(key, label=xml_safe(names[key]), kind="author", papers=counts[key])
    if not authors:
        return G
    B.add_nodes_from(authors, bipartite=0)
    for paper in corpus.papers:
        if paper.authors:
            B.add_node(("paper", paper.id), bipartite=1)
            B.add_edges_from((a.key, ("paper", paper.id)) for a in paper.authors)
    joint = bipartite.weighted_projected_graph(B, authors)
    fractional = bipartite.collaboration_weighted_projected_graph(B, authors)
    for u, v in sorted(tuple(sorted(e)) for e in joint.edges()):
        G.add_edge(u, v, papers=int(joint.edges[u, v]["weight"]),
                   weight=round(float(fractional.edges[u, v]["weight"]), 6))
    return G


def association_strength(pair_count: int, count_a: int, count_b: int, total: int) -> float:
    """Observed over expected co-occurrence: N·c_ab / (s_a·s_b) (van Eck & Waltman 2009).

    >>> association_strength(2, 2, 2, 10)
    5.0
    """
    return total * pair_count / (count_a * count_b) if count_a and count_b else 0.0


def concept_graph(corpus: Corpus) -> nx.Graph:
    """Methods, models and datasets linked when mentioned in the same paper.

    Node attributes: ``label``, ``kind`` (METHOD/MODEL/DATASET), ``papers``,
    ``proposed_in`` (papers that propose it), ``aliases`` (other surface forms,
    joined by " | "), ``broader`` (model family, or ""). Edge attributes: ``papers`` (papers mentioning both) and
    ``weight`` (association strength over the papers that mention any concept).
    """
    per_paper: dict[str, set[str]] = {}
    for mention in corpus.mentions:
        per_paper.setdefault(mention.paper_id, set()).add(mention.entity_key)
    G = nx.Graph()
    entities = {e.key: e for e in corpus.entities}
    for key in sorted(entities):
        e = entities[key]
        G.add_node(key, label=xml_safe(e.name), kind=e.kind.value, papers=len(e.paper_ids),
                   proposed_in=len(e.proposed_in), aliases=xml_safe(" | ".join(e.aliases)), broader=e.broader or "")
    pairs: Counter[tuple[str, str]] = Counter()
    for keys in per_paper.values():
        pairs.update(combinations(sorted(keys), 2))
    total = len(per_paper)
    for (u, v), count in sorted(pairs.items()):
        G.add_edge(u, v, papers=count, weight=round(association_strength(
            count, G.nodes[u]["papers"], G.nodes[v]["papers"], total), 6))
    return G


def paper_graph(corpus: Corpus) -> nx.Graph:
    """Papers, authors and entities in one graph: ``authored`` edges and ``proposes``/``uses`` edges.

    Node ids are ``paper:<id>``, ``author:<key>``, ``entity:<key>``; every node has ``label`` and
    ``kind`` ("paper", "author", METHOD/MODEL/DATASET); paper nodes also carry ``title``,
    ``abstract``, ``area``, ``year``, ``venue`` and ``keywords`` (joined by " | "). Edges carry ``relation`` (authored, proposes,
    uses) and, for authorship, the 1-based ``position``.
    """
    G = nx.Graph()
    for paper in corpus.papers:
        G.add_node(f"paper:{paper.id}", label=xml_safe(paper.title or paper.abstract[:80]), kind="paper",
                   area=paper.area or "", title=xml_safe(paper.title or ""), abstract=xml_safe(paper.abstract),
                   year=paper.year or 0, venue=paper.venue or "", keywords=xml_safe(" | ".join(paper.keywords)))
    for author in sorted(corpus.authors, key=lambda a: a.key):
        G.add_node(f"author:{author.key}", label=xml_safe(author.name), kind="author")
    for entity in corpus.entities:
        G.add_node(f"entity:{entity.key}", label=xml_safe(entity.name), kind=entity.kind.value)
    for paper in corpus.papers:
        for position, author in enumerate(paper.authors, start=1):
            G.add_edge(f"paper:{paper.id}", f"author:{author.key}", relation="authored", position=position)
    for (paper_id, key), role in paper_roles(corpus).items():
        G.add_edge(f"paper:{paper_id}", f"entity:{key}", relation=role.value)
    return G


def paper_roles(corpus: Corpus) -> dict[tuple[str, str], Role]:
    """(paper id, entity key) → the paper's role for the entity, sorted; one proposing mention makes it PROPOSES."""
    roles: dict[tuple[str, str], Role] = {}
    for m in corpus.mentions:
        pair = (m.paper_id, m.entity_key)
        if roles.get(pair) is not Role.PROPOSES:
            roles[pair] = m.role
    return dict(sorted(roles.items()))
