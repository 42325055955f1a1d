"""A fast SHACL Core validator that compiles shapes into SPARQL queries run by Oxigraph.

pySHACL walks rdflib graphs in Python and needs minutes for a graph of a
million triples; the same checks as SPARQL take seconds. This engine supports
the constraint components ontology/shapes.ttl uses (targets: sh:targetClass,
sh:targetObjectsOf, sh:targetSubjectsOf; sh:minCount, sh:maxCount, sh:datatype, sh:class,
sh:hasValue, sh:in, sh:not/sh:in, sh:minLength, sh:pattern, sh:minInclusive,
sh:maxInclusive, sh:minExclusive, sh:lessThan, sh:node, sh:or of minCount
alternatives, sh:qualifiedValueShape with min/max counts (conformance of the
qualified shape judged by its sh:class), and predicate or sh:inversePath
paths) and refuses shapes with anything else. Oxigraph stores derived integer
types as xsd:integer, so ``sh:datatype xsd:positiveInteger`` /
``xsd:nonNegativeInteger`` accept an xsd:integer with the right range here;
``kg validate --engine pyshacl`` checks the exact lexical datatypes.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import count

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.collection import Collection
from rdflib.namespace import RDF, RDFS, SH, XSD

from .errors import KgError

__all__ = ["UnsupportedShape", "compile_checks", "run_checks"]

_SUPPORTED = {SH.path, SH.minCount, SH.maxCount, SH.datatype, SH["class"], SH.hasValue, SH["in"], SH["not"],
              SH.minLength, SH.pattern, SH.minInclusive, SH.maxInclusive, SH.minExclusive, SH.lessThan, SH.node,
              SH.message, SH.qualifiedValueShape, SH.qualifiedMinCount, SH.qualifiedMaxCount, SH.name,
              SH.description, SH.severity}
_INTEGER_RANGES = {XSD.positiveInteger: 1, XSD.nonNegativeInteger: 0}


class UnsupportedShape(KgError):
    """The shapes use a SHACL feature this engine does not compile; use the pySHACL engine."""


@dataclass(frozen=True, slots=True)
class Check:
    """One SPARQL query; every solution is a violation (?focus, optional ?value)."""

    shape: str
    path: str
    message: str
    sparql: str
    reports_value: bool = False  # the query also selects the offending ?value


def _n3(term) -> str:
    if isinstance(term, Literal):
        return term.n3()
    return f"<{term}>"


def _path(shapes: Graph, path) -> str:
    if isinstance(path, URIRef):
        return _n3(path)
    inverse = shapes.value(path, SH.inversePath)
    if isinstance(inverse, URIRef):
        return "^" + _n3(inverse)
    raise UnsupportedShape(f"sh:path {path!r} is neither a predicate nor a sh:inversePath")


def _targets(shapes: Graph, shape) -> str | None:
    patterns = [f"{{ ?focus a/<{RDFS_SUBCLASS}>* {_n3(c)} }}" for c in shapes.objects(shape, SH.targetClass)]
    patterns += [f"{{ ?x_ {_n3(p)} ?focus }}" for p in shapes.objects(shape, SH.targetObjectsOf)]
    patterns += [f"{{ SELECT DISTINCT ?focus WHERE {{ ?focus {_n3(p)} ?x_ }} }}"
                 for p in shapes.objects(shape, SH.targetSubjectsOf)]
    return " UNION ".join(patterns) if patterns else None


RDFS_SUBCLASS = str(RDFS.subClassOf)


def _label(shapes: Graph, term) -> str:
    if isinstance(term, BNode):
        return "(property shape)"
    try:
        return shapes.namespace_manager.normalizeUri(term)
    except Exception:  # noqa: BLE001
        return str(term)


def compile_checks(shapes: Graph) -> list[Check]:
    """Every check the shapes imply, as SPARQL SELECT queries over ?focus (and ?value)."""
    checks: list[Check] = []
    names = count()

    def var() -> str:
        return f"?v{next(names)}"

    def node_shape(shape, focus_pattern: str) -> None:
        shape_label = _label(shapes, shape)
        for cls in shapes.objects(shape, SH["class"]):
            checks.append(Check(shape_label, "", f"value must be a {_label(shapes, cls)}",
                                f"SELECT DISTINCT ?focus WHERE {{ {focus_pattern} FILTER NOT EXISTS "
                                f"{{ ?focus a/<{RDFS_SUBCLASS}>* {_n3(cls)} }} }}"))
        for alternatives in shapes.objects(shape, SH["or"]):
            conditions = []
            for member in Collection(shapes, alternatives):
                path = shapes.value(member, SH.path)
                if path is None or shapes.value(member, SH.minCount) is None:
                    raise UnsupportedShape("sh:or is supported only over property shapes with sh:minCount")
                conditions.append(f"NOT EXISTS {{ ?focus {_path(shapes, path)} ?any }}")
            checks.append(Check(shape_label, "", "none of the alternatives of sh:or holds",
                                f"SELECT DISTINCT ?focus WHERE {{ {focus_pattern} FILTER({' && '.join(conditions)}) }}"))
        for prop in shapes.objects(shape, SH.property):
            property_shape(shape_label, prop, focus_pattern)

    def property_shape(shape_label: str, prop, focus_pattern: str) -> None:
        unknown = {p for p in shapes.predicates(prop) if p != RDF.type} - _SUPPORTED
        if unknown:
            raise UnsupportedShape(f"unsupported SHACL features in {shape_label}: {sorted(map(str, unknown))}")
        path = _path(shapes, shapes.value(prop, SH.path))
        path_label = path.replace("<", "").replace(">", "")
        message = shapes.value(prop, SH.message)

        def add(default: str, where: str, having: str | None = None) -> None:
            text = str(message) if message else default
            if having:
                sparql = f"SELECT ?focus WHERE {{ {focus_pattern} {where} }} GROUP BY ?focus HAVING({having})"
            else:
                sparql = f"SELECT DISTINCT ?focus ?value WHERE {{ {focus_pattern} ?focus {path} ?value . {where} }}"
            checks.append(Check(shape_label, path_label, text, sparql, reports_value=not having))

        value = shapes.value
        if (n := value(prop, SH.minCount)) is not None:
            add(f"fewer than {n} values", f"OPTIONAL {{ ?focus {path} ?value }}", f"COUNT(DISTINCT ?value) < {int(n)}")
        if (n := value(prop, SH.maxCount)) is not None:
            add(f"more than {n} values", f"?focus {path} ?value .", f"COUNT(DISTINCT ?value) > {int(n)}")
        if (dt := value(prop, SH.datatype)) is not None:
            if dt in _INTEGER_RANGES:
                low = _INTEGER_RANGES[dt]
                cond = (f"!isLiteral(?value) || !(DATATYPE(?value) IN ({_n3(dt)}, {_n3(XSD.integer)})) "
                        f"|| ?value < {low}")
            else:
                cond = f"!isLiteral(?value) || DATATYPE(?value) != {_n3(dt)}"
            add(f"value is not a {_label(shapes, dt)}", f"FILTER({cond})")
        if (cls := value(prop, SH["class"])) is not None:
            add(f"value is not a {_label(shapes, cls)}",
                f"FILTER NOT EXISTS {{ ?value a/<{RDFS_SUBCLASS}>* {_n3(cls)} }}")
        if (has := value(prop, SH.hasValue)) is not None:
            checks.append(Check(shape_label, path_label, str(message) if message else f"missing value {_n3(has)}",
                                f"SELECT DISTINCT ?focus WHERE {{ {focus_pattern} "
                                f"FILTER NOT EXISTS {{ ?focus {path} {_n3(has)} }} }}"))
        if (members := value(prop, SH["in"])) is not None:
            listed = ", ".join(_n3(t) for t in Collection(shapes, members))
            add("value not in the allowed list", f"FILTER(?value NOT IN ({listed}))")
        for negated in shapes.objects(prop, SH["not"]):
            inner = shapes.value(negated, SH["in"])
            if inner is None:
                raise UnsupportedShape("sh:not is supported only around sh:in")
            listed = ", ".join(_n3(t) for t in Collection(shapes, inner))
            add("value is one of the forbidden values", f"FILTER(?value IN ({listed}))")
        if (n := value(prop, SH.minLength)) is not None:
            add(f"shorter than {n} characters", f"FILTER(STRLEN(STR(?value)) < {int(n)})")
        if (pattern := value(prop, SH.pattern)) is not None:
            add(f"does not match {pattern}", f"FILTER(!REGEX(STR(?value), {Literal(str(pattern)).n3()}))")
        for key, op in ((SH.minInclusive, "<"), (SH.maxInclusive, ">"), (SH.minExclusive, "<=")):
            if (bound := value(prop, key)) is not None:
                add(f"value {op} {bound}", f"FILTER(?value {op} {_n3(bound)})")
        if (other := value(prop, SH.lessThan)) is not None:
            add(f"not less than {_label(shapes, other)}",
                f"?focus {_n3(other)} ?other_ . FILTER(!(?value < ?other_))")
        if (nested := value(prop, SH.node)) is not None:
            outer = var()
            node_shape(nested, f"{{ SELECT DISTINCT ?focus WHERE {{ {focus_pattern.replace('?focus', outer)} "
                               f"{outer} {path} ?focus }} }}")
        if (qualified := value(prop, SH.qualifiedValueShape)) is not None:
            classes = list(shapes.objects(qualified, SH["class"]))
            if len(classes) != 1:
                raise UnsupportedShape("sh:qualifiedValueShape is supported for shapes with one sh:class")
            typed = f"?focus {path} ?value . ?value a/<{RDFS_SUBCLASS}>* {_n3(classes[0])} ."
            if (n := value(prop, SH.qualifiedMinCount)) is not None:
                add(f"fewer than {n} values of the qualified shape", f"OPTIONAL {{ {typed} }}",
                    f"COUNT(DISTINCT ?value) < {int(n)}")
            if (n := value(prop, SH.qualifiedMaxCount)) is not None:
                add(f"more than {n} values of the qualified shape", typed, f"COUNT(DISTINCT ?value) > {int(n)}")
            outer = var()
            node_shape(qualified, f"{{ SELECT DISTINCT ?focus WHERE {{ {focus_pattern.replace('?focus', outer)} "
                                  f"{outer} {path} ?focus . ?focus a/<{RDFS_SUBCLASS}>* {_n3(classes[0])} }} }}")

    for shape in sorted(set(shapes.subjects(RDF.type, SH.NodeShape)), key=str):
        targets = _targets(shapes, shape)
        if targets is not None:
            node_shape(shape, targets)
    return checks


def run_checks(store, checks: list[Check], limit: int = 1000) -> list[tuple[Check, str, str]]:
    """Run the checks on a pyoxigraph Store; return (check, focus, value) for each violation found."""
    found = []
    for check in checks:
        for row, solution in enumerate(store.query(check.sparql)):
            if row >= limit:
                break
            focus = solution["focus"]
            value = solution["value"] if check.reports_value else None
            found.append((check, str(focus.value if hasattr(focus, "value") else focus),
                          "" if value is None else str(value)))
    return found
