"""Corpus → rdflib Graph under the paper-kg ontology (see VOCAB.md), and serialisation."""
from __future__ import annotations

import os
import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import networkx as nx
from rdflib import BNode, Graph, Literal, URIRef

from .ids import Minter
from .normalize import concept_key, name_key
from .graphs import paper_roles
from .records import ConceptKind, Corpus, Role
from .vocab import (
    DCTERMS, FABIO, FOAF, ITSRDF, KG, OA, PREFIXES, PRO, PROV, RDF, SDO, SKOS, VOID, XSD,
)

__all__ = ["BuildInfo", "build_triples", "to_graph", "new_graph", "write", "FORMATS", "jsonld_context"]

_KIND_CLASS = {ConceptKind.METHOD: KG.Method, ConceptKind.MODEL: KG.Model, ConceptKind.DATASET: KG.Dataset}
#: ``--format`` name → file suffix.
FORMATS: dict[str, str] = {"ttl": "ttl", "nt": "nt", "xml": "rdf", "trig": "trig", "jsonld": "jsonld"}

Triple = tuple[URIRef | BNode, URIRef, URIRef | Literal | BNode]
#: How many entities of each type get a kg:rankInType (the named top-N queries read it).
TOP_RANKED = 100
_ACRONYM_RE = re.compile(r"^[A-Za-z0-9-]*[A-Z][A-Za-z0-9-]*[A-Z][A-Za-z0-9-]*$")


@dataclass(frozen=True, slots=True)
class BuildInfo:
    """What the RDF says about the build itself (no wall-clock facts: kg.ttl stays reproducible)."""

    digest: str
    tool_version: str
    pipeline: str
    inputs: tuple[tuple[str, str], ...]  # (file name, sha256)


def new_graph(store: str = "Oxigraph") -> Graph:
    """An empty graph on the Oxigraph store (fast writes and queries) with our prefixes bound."""
    g = Graph(store=store, bind_namespaces="none")
    for prefix, namespace in PREFIXES.items():
        g.bind(prefix, namespace)
    return g


def _lit(value: object, datatype: URIRef | None = None) -> Literal:
    return Literal(value, datatype=datatype) if datatype else Literal(value)


def iter_triples(corpus: Corpus, coauthors: nx.Graph, concepts: nx.Graph, info: BuildInfo,
                 mint: Minter) -> Iterator[Triple]:
    """Every triple of the build, in a stable order."""
    run = mint.build(info.digest)
    dataset = mint.dataset()
    scheme = mint.area_scheme()

    # -- papers, authorships, areas, venues
    areas: set[str] = set()
    venues: set[str] = set()
    for paper in corpus.papers:
        p = mint.paper(paper)
        yield p, RDF.type, FABIO.ConferencePaper
        yield p, RDF.type, SDO.ScholarlyArticle
        yield p, DCTERMS.identifier, _lit(paper.id)
        if paper.abstract:
            yield p, DCTERMS.abstract, _lit(paper.abstract)
        if paper.title:
            yield p, DCTERMS.title, _lit(paper.title)
        if paper.area:
            areas.add(paper.area)
            yield p, DCTERMS.subject, mint.area(paper.area)
        if paper.venue:
            venues.add(paper.venue)
            yield p, DCTERMS.isPartOf, mint.venue(paper.venue)
        if paper.year:
            yield p, DCTERMS.issued, _lit(str(paper.year), XSD.gYear)
        if paper.decision:
            yield p, KG.decision, _lit(paper.decision)
        for keyword in paper.keywords:
            yield p, SDO.keywords, _lit(keyword)
        for source in paper.sources:
            yield p, KG.sourceRecord, _lit(source)
        if paper.authors_truncated:
            yield p, KG.authorListTruncated, _lit(True)
        yield p, PROV.wasGeneratedBy, run
        for position, author in enumerate(paper.authors, start=1):
            a = mint.author(author)
            role = mint.authorship(paper, position)
            yield p, DCTERMS.creator, a
            yield role, RDF.type, PRO.RoleInTime
            yield role, PRO.withRole, PRO.author
            yield role, PRO.relatesToDocument, p
            yield role, KG.authorPosition, _lit(position, XSD.positiveInteger)
            yield a, PRO.holdsRoleInTime, role
    for author in corpus.authors:
        a = mint.author(author)
        yield a, RDF.type, FOAF.Person
        yield a, RDF.type, SDO.Person
        yield a, FOAF.name, _lit(author.name)
        yield a, KG.lookupKey, _lit(name_key(author.name))
        if author.author_id:
            yield a, DCTERMS.identifier, _lit(author.author_id)
    if areas:
        yield scheme, RDF.type, SKOS.ConceptScheme
        yield scheme, SKOS.prefLabel, _lit("Subject areas", None)
    for label in sorted(_with_broader(areas)):
        c = mint.area(label)
        yield c, RDF.type, SKOS.Concept
        yield c, SKOS.prefLabel, _lit(label)
        yield c, KG.lookupKey, _lit(name_key(label))
        yield c, SKOS.inScheme, scheme
        parts = [s.strip() for s in label.split("·")]
        if len(parts) > 1:
            yield c, SKOS.broader, mint.area(" · ".join(parts[:-1]))
        else:
            yield c, SKOS.topConceptOf, scheme
    for venue in sorted(venues):
        v = mint.venue(venue)
        yield v, RDF.type, KG.Venue
        yield v, DCTERMS.title, _lit(venue)

    # -- entities
    ranks: dict[str, int] = {}
    for kind in ConceptKind:
        ranked = sorted((x for x in corpus.entities if x.kind is kind), key=lambda x: (-len(x.paper_ids), x.name))
        ranks.update((x.key, rank) for rank, x in enumerate(ranked[:TOP_RANKED], start=1))
    names = {e.key: e.name for e in corpus.entities}
    by_name = {e.name: e.key for e in corpus.entities}
    families: dict[str, str] = {}
    for entity in corpus.entities:
        e = mint.entity(entity.key)
        yield e, RDF.type, _KIND_CLASS[entity.kind]
        yield e, RDF.type, SKOS.Concept
        yield e, SKOS.prefLabel, _lit(entity.name)
        for alias in entity.aliases:
            yield e, SKOS.altLabel, _lit(alias)
        for key in sorted({concept_key(f) for f in (entity.name, *entity.aliases)}):
            yield e, KG.lookupKey, _lit(key)
        if " " in entity.name:
            for alias in entity.aliases:
                if _ACRONYM_RE.match(alias):
                    yield e, KG.acronym, _lit(alias)
        if entity.key in ranks:
            yield e, KG.rankInType, _lit(ranks[entity.key], XSD.positiveInteger)
        if entity.broader:
            family_key = by_name.get(entity.broader, concept_key(entity.broader))
            if family_key != entity.key:
                yield e, SKOS.broader, mint.entity(family_key)
                families.setdefault(family_key, entity.broader)
        yield e, KG.paperCount, _lit(len(entity.paper_ids), XSD.integer)
    # Families that only their variants mention still get a node of their own.
    for family_key, family_name in sorted(families.items()):
        if family_key not in names:
            f = mint.entity(family_key)
            yield f, RDF.type, KG.Model
            yield f, RDF.type, SKOS.Concept
            yield f, SKOS.prefLabel, _lit(family_name)
            yield f, KG.paperCount, _lit(0, XSD.integer)

    # -- paper → entity links and one annotation per mention
    for (paper_id, key), role in paper_roles(corpus).items():
        p, e = mint.paper(paper_id), mint.entity(key)
        yield p, SDO.mentions, e
        yield p, KG.proposes if role is Role.PROPOSES else KG.uses, e
    seen: set[tuple[str, int, int, str]] = set()
    for m in corpus.mentions:
        ident = (m.paper_id, m.start, m.end, m.entity_key)
        if ident in seen:
            continue
        seen.add(ident)
        ann = mint.annotation(m.paper_id, m.start, m.end, m.entity_key)
        target, position, quote = (mint.annotation_part(ann, part) for part in ("target", "position", "quote"))
        yield ann, RDF.type, OA.Annotation
        yield ann, OA.hasBody, mint.entity(m.entity_key)
        yield ann, OA.hasTarget, target
        yield ann, ITSRDF.taConfidence, _lit(m.confidence, XSD.double)
        yield ann, KG.extractor, _lit(m.source)
        yield ann, PROV.wasGeneratedBy, run
        yield target, OA.hasSource, mint.paper(m.paper_id)
        yield target, OA.hasSelector, position
        yield target, OA.hasSelector, quote
        yield position, RDF.type, OA.TextPositionSelector
        yield position, OA.start, _lit(m.start, XSD.nonNegativeInteger)
        yield position, OA.end, _lit(m.end, XSD.nonNegativeInteger)
        yield quote, RDF.type, OA.TextQuoteSelector
        yield quote, OA.exact, _lit(m.text)

    # -- co-authorships and co-occurrences
    papers_of: dict[str, set[str]] = defaultdict(set)
    for paper in corpus.papers:
        for author in paper.authors:
            papers_of[author.key].add(paper.id)
    yield from _pair_nodes(coauthors, KG.CoAuthorship, mint.coauthorship, mint.author_key, papers_of, mint)
    entity_papers = {e.key: set(e.paper_ids) for e in corpus.entities}
    yield from _pair_nodes(concepts, KG.CoOccurrence, mint.cooccurrence, mint.entity, entity_papers, mint)

    # -- provenance of the build
    yield run, RDF.type, KG.Build
    yield run, RDF.type, PROV.Activity
    yield run, KG.toolVersion, _lit(info.tool_version)
    yield run, KG.pipeline, _lit(info.pipeline)
    for name, sha in info.inputs:
        listing = mint.listing(sha)
        yield run, PROV.used, listing
        yield listing, RDF.type, KG.InputListing
        yield listing, DCTERMS.title, _lit(name)
        yield listing, KG.sha256, _lit(sha)
    yield dataset, RDF.type, VOID.Dataset
    yield dataset, PROV.wasGeneratedBy, run
    for prefix in ("kg", "fabio", "pro", "oa"):
        yield dataset, VOID.vocabulary, URIRef(PREFIXES[prefix])


def _pair_nodes(G: nx.Graph, cls: URIRef, node_iri, member_iri, papers_of: dict[str, set[str]],
                mint: Minter) -> Iterator[Triple]:
    """A materialised kg:CoAuthorship / kg:CoOccurrence node per edge, derived from the papers both share."""
    for u, v, data in G.edges(data=True):
        node = node_iri(u, v)
        yield node, RDF.type, cls
        yield node, KG.between, member_iri(u)
        yield node, KG.between, member_iri(v)
        yield node, KG.paperCount, _lit(data["papers"], XSD.integer)
        yield node, KG.weight, _lit(data["weight"], XSD.double)
        for paper_id in sorted(papers_of[u] & papers_of[v]):
            yield node, PROV.wasDerivedFrom, mint.paper(paper_id)


def _with_broader(areas: set[str]) -> set[str]:
    out = set()
    for label in areas:
        parts = [s.strip() for s in label.split("·")]
        for i in range(1, len(parts) + 1):
            out.add(" · ".join(parts[:i]))
    return out


def build_triples(corpus: Corpus, coauthors: nx.Graph, concepts: nx.Graph, info: BuildInfo,
                  *, base: str | None = None) -> list[Triple]:
    """Every triple of the build in a stable order, ending with the VoID triple count."""
    mint = Minter(base) if base else Minter()
    triples = list(dict.fromkeys(iter_triples(corpus, coauthors, concepts, info, mint)))
    triples.append((mint.dataset(), VOID.triples, _lit(len(triples) + 1, XSD.integer)))
    return triples


def to_graph(triples: list[Triple], store: str = "Oxigraph") -> Graph:
    """The triples as an rdflib Graph on the Oxigraph store (fast SPARQL through rdflib's API).

    Oxigraph stores derived integer types (``xsd:positiveInteger``,
    ``xsd:nonNegativeInteger``) as ``xsd:integer``; the files written by
    :func:`write` keep the exact datatypes.
    """
    g = new_graph(store)
    g.addN((s, p, o, g) for s, p, o in triples)
    return g


def _ox(term):
    import pyoxigraph as ox

    if isinstance(term, URIRef):
        return ox.NamedNode(str(term))
    if isinstance(term, Literal):
        if term.language:
            return ox.Literal(str(term), language=term.language)
        return ox.Literal(str(term), datatype=ox.NamedNode(str(term.datatype)) if term.datatype else None)
    return ox.BlankNode(str(term))


def jsonld_context() -> dict:
    """The JSON-LD context published with the ontology (ontology/context.jsonld)."""
    import json
    from importlib import resources

    return json.loads(resources.files("kg").joinpath("ontology/context.jsonld").read_text(encoding="utf-8"))


def write(triples: list[Triple], path: Path, fmt: str = "ttl") -> None:
    """Write the triples to ``path`` in one of :data:`FORMATS` or ``jsonld`` (compacted with our @context)."""
    import pyoxigraph as ox

    if fmt == "jsonld":
        g = Graph(bind_namespaces="none")
        for s, p, o in triples:
            g.add((s, p, o))
        context = jsonld_context()
        text = g.serialize(format="json-ld", context=context["@context"], auto_compact=True)
        Path(path).write_text(text, encoding="utf-8")
        return
    formats = {"ttl": ox.RdfFormat.TURTLE, "nt": ox.RdfFormat.N_TRIPLES, "xml": ox.RdfFormat.RDF_XML,
               "trig": ox.RdfFormat.TRIG}
    prefixes = {k: str(v) for k, v in PREFIXES.items()} if fmt in ("ttl", "trig", "xml") else None
    if fmt == "trig":
        data = (ox.Quad(_ox(s), _ox(p), _ox(o), ox.DefaultGraph()) for s, p, o in triples)
    else:
        data = (ox.Triple(_ox(s), _ox(p), _ox(o)) for s, p, o in triples)
    with open(path, "wb") as handle:
        ox.serialize(data, handle, formats[fmt], prefixes=prefixes)
        handle.flush()
        os.fsync(handle.fileno())
