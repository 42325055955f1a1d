"""Namespaces: our ontology's terms (generated from ontology/kg.ttl) and the standard vocabularies we reuse."""
from __future__ import annotations

from rdflib.namespace import (
    DCTERMS, FOAF, OWL, PROV, RDF, RDFS, SDO, SKOS, VOID, XSD,
    DefinedNamespace, Namespace,
)
from rdflib.term import URIRef

__all__ = [
    "KG", "KGR", "FABIO", "PRO", "OA", "ITSRDF", "MLS",
    "DCTERMS", "FOAF", "OWL", "PROV", "RDF", "RDFS", "SDO", "SKOS", "VOID", "XSD",
    "PREFIXES", "DEFAULT_BASE", "SPARQL_RESULTS",
]

# Regenerate with `python scripts/gen_vocab.py` after editing ontology/kg.ttl.
# BEGIN GENERATED
class KG(DefinedNamespace):
    """Terms of the paper-kg ontology (ontology/kg.ttl)."""

    _NS = Namespace("https://w3id.org/paper-kg/ontology#")

    _fail = True

    Build: URIRef  # One run of `kg build`: the activity that generated the graph from its input listings.
    CoAuthorship: URIRef  # The collaboration of two authors, materialised with the number of joint papers and a fractional weight.
    CoOccurrence: URIRef  # Two concepts mentioned in the same papers, with the number of such papers and their association strength.
    Dataset: URIRef  # A named dataset, benchmark, corpus, evaluation suite or data source.
    InputListing: URIRef  # A listing file a build read, identified by its SHA-256.
    Method: URIRef  # A technique, algorithm, framework, training or inference procedure, analysis technique, objective or named principle referred to by a specific name.
    Model: URIRef  # A specific trained model, model family, size or variant, or a named architecture family.
    Venue: URIRef  # The conference (and year) a listing's papers belong to.
    acronym: URIRef  # An alternative label of a method, model or dataset that is an acronym of its (multi-word) preferred label, e.g. "DPO" for Direct Preference Optimization.
    authorListTruncated: URIRef  # True when the listing shortened the author list ("et al.", "等"): only the first authors are known.
    authorPosition: URIRef  # 1-based position of an author in a paper's byline.
    between: URIRef  # One of the two members of a co-authorship or co-occurrence (the property is given twice).
    decision: URIRef  # The venue's decision or presentation type as given by the listing (e.g. Poster, Oral, Withdrawn).
    extractor: URIRef  # Which component found a mention (gazetteer, abbreviation, pattern, corpus-acronym).
    lookupKey: URIRef  # A normalised form of one of the resource's names (Unicode NFC, case-folded; for methods, models and datasets also dashes, LaTeX and plurals unified), so that queries can match names exactly and fast instead of scanning labels with LCASE.
    paperCount: URIRef  # Number of papers behind a co-authorship, co-occurrence or concept.
    pipeline: URIRef  # The spaCy pipeline a build ran (component names and versions).
    proposes: URIRef  # The paper introduces the concept as its own contribution.
    rankInType: URIRef  # 1-based rank of a method, model or dataset among the entities of its type by number of papers that mention it (ties by name); given to the 100 most mentioned of each type.
    sha256: URIRef  # Hex SHA-256 digest of an input listing's bytes.
    sourceRecord: URIRef  # Where in the input listings a paper was read, as file:line.
    toolVersion: URIRef  # The paper-kg version that ran a build.
    uses: URIRef  # The paper uses, evaluates on or compares with the concept without introducing it.
    weight: URIRef  # Edge weight: fractional counting (sum of 1/(n-1) over joint papers with n authors; Newman 2001) for co-authorships, association strength (observed / expected co-occurrences; van Eck & Waltman 2009) for co-occurrences.
# END GENERATED

#: Default base of resource IRIs (``kg build --base`` changes it).
DEFAULT_BASE = "https://w3id.org/paper-kg/id/"
KGR = Namespace(DEFAULT_BASE)
FABIO = Namespace("http://purl.org/spar/fabio/")
PRO = Namespace("http://purl.org/spar/pro/")
OA = Namespace("http://www.w3.org/ns/oa#")
ITSRDF = Namespace("http://www.w3.org/2005/11/its/rdf#")
MLS = Namespace("http://www.w3.org/ns/mls#")
#: XML namespace of SPARQL query results documents.
SPARQL_RESULTS = "http://www.w3.org/2005/sparql-results#"

def _ns(vocabulary: Namespace | type[DefinedNamespace]) -> Namespace:
    return Namespace(str(vocabulary._NS) if isinstance(vocabulary, type) else str(vocabulary))


#: Prefixes bound in every graph we write and in every query we prepare (``initNs``).
PREFIXES: dict[str, Namespace] = {prefix: _ns(vocabulary) for prefix, vocabulary in {
    "kg": KG,
    "kgr": KGR,
    "dcterms": DCTERMS,
    "foaf": FOAF,
    "schema": SDO,
    "skos": SKOS,
    "prov": PROV,
    "fabio": FABIO,
    "pro": PRO,
    "oa": OA,
    "itsrdf": ITSRDF,
    "mls": MLS,
    "void": VOID,
    "owl": OWL,
    "rdf": RDF,
    "rdfs": RDFS,
    "xsd": XSD,
}.items()}
