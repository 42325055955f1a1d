"""SHACL validation of a build against ontology/shapes.ttl (pySHACL), with a readable report."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from rdflib import Graph, URIRef
from rdflib.namespace import SH

from .errors import InputError

__all__ = ["ValidationReport", "Violation", "ENGINES", "shapes_graph", "check", "check_store", "check_file"]

#: ``sparql`` compiles the shapes to SPARQL run by Oxigraph (seconds at a million triples);
#: ``pyshacl`` is the reference implementation (minutes at that size; exact lexical datatypes).
ENGINES = ("sparql", "pyshacl")


@dataclass(frozen=True, slots=True)
class Violation:
    focus: str
    path: str
    message: str
    shape: str
    value: str = ""


@dataclass(frozen=True)
class ValidationReport:
    """Whether a graph conforms, and every violation (shape, focus node, path, message)."""

    conforms: bool
    violations: tuple[Violation, ...] = field(default=())
    triples: int = 0

    def summary(self) -> dict[str, object]:
        """The manifest's ``validation`` section."""
        by_message = Counter(v.message for v in self.violations)
        return {"conforms": self.conforms, "violations": len(self.violations), "triples": self.triples,
                "by_message": dict(sorted(by_message.items()))}

    def text(self, limit: int = 20) -> str:
        """A readable report: a verdict line, then violations grouped by message with examples."""
        if self.conforms:
            return f"Conforms: {self.triples} triples satisfy ontology/shapes.ttl."
        lines = [f"Does not conform: {len(self.violations)} violation(s) of ontology/shapes.ttl."]
        groups: dict[str, list[Violation]] = {}
        for v in self.violations:
            groups.setdefault(v.message, []).append(v)
        for message, items in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            lines.append(f"- {message} ({len(items)}×; shape {items[0].shape}, path {items[0].path})")
            for v in items[:limit]:
                lines.append(f"    {v.focus}" + (f"  value: {v.value}" if v.value else ""))
            if len(items) > limit:
                lines.append(f"    … {len(items) - limit} more")
        return "\n".join(lines)


def shapes_graph() -> Graph:
    """ontology/shapes.ttl as shipped with the package."""
    text = resources.files("kg").joinpath("ontology/shapes.ttl").read_text(encoding="utf-8")
    return Graph().parse(data=text, format="turtle")


def _short(term: object, g: Graph) -> str:
    if term is None:
        return ""
    if isinstance(term, URIRef):
        try:
            return g.namespace_manager.normalizeUri(term)
        except Exception:  # noqa: BLE001 - any IRI rdflib cannot shorten is shown whole
            return str(term)
    return str(term)


def check(data: Graph) -> ValidationReport:
    """Validate ``data`` (an rdflib Graph with exact datatypes, e.g. parsed from kg.ttl) against the shapes."""
    import pyshacl

    shapes = shapes_graph()
    conforms, results, _ = pyshacl.validate(data, shacl_graph=shapes, inference="none", advanced=False,
                                            allow_warnings=True)
    violations = []
    for result in results.subjects(predicate=SH.resultSeverity):
        message = results.value(result, SH.resultMessage)
        component = results.value(result, SH.sourceConstraintComponent)
        violations.append(Violation(
            focus=_short(results.value(result, SH.focusNode), data),
            path=_short(results.value(result, SH.resultPath), shapes),
            message=str(message) if message else _short(component, shapes),
            shape=_short(results.value(result, SH.sourceShape), shapes) if isinstance(
                results.value(result, SH.sourceShape), URIRef) else "(property shape)",
            value=_short(results.value(result, SH.value), data),
        ))
    violations.sort(key=lambda v: (v.message, v.focus, v.path, v.value))
    return ValidationReport(bool(conforms), tuple(violations), len(data))


def check_store(store, *, triples: int | None = None) -> ValidationReport:
    """Validate a pyoxigraph Store with the SPARQL engine (:mod:`kg.shacl_sparql`)."""
    from .shacl_sparql import compile_checks, run_checks

    shapes = shapes_graph()
    found = run_checks(store, compile_checks(shapes))
    violations = tuple(sorted(
        (Violation(focus=f, path=c.path, message=c.message, shape=c.shape, value=v) for c, f, v in found),
        key=lambda v: (v.message, v.focus, v.path, v.value)))
    return ValidationReport(not violations, violations, len(store) if triples is None else triples)


def check_file(path: str | Path, engine: str = "sparql") -> ValidationReport:
    """Validate an RDF file (format from its suffix: .ttl, .nt, .rdf, .trig, .jsonld) with either engine."""
    path = Path(path)
    if not path.is_file():
        raise InputError("no such file", path=str(path), hint="run `kg build` first, or pass --dir or a file")
    suffix = path.suffix.lower()
    if engine == "sparql" and suffix in (".ttl", ".nt", ".rdf", ".xml", ".trig"):
        import pyoxigraph as ox

        formats = {".ttl": ox.RdfFormat.TURTLE, ".nt": ox.RdfFormat.N_TRIPLES, ".rdf": ox.RdfFormat.RDF_XML,
                   ".xml": ox.RdfFormat.RDF_XML, ".trig": ox.RdfFormat.TRIG}
        store = ox.Store()
        try:
            store.bulk_load(path=str(path), format=formats[suffix])
        except (SyntaxError, ValueError, OSError) as err:
            raise InputError(f"cannot parse: {str(err).splitlines()[0][:200]}", path=str(path),
                             hint="fix the file or pass a kg build directory") from None
        return check_store(store)
    fmt = {".ttl": "turtle", ".nt": "nt", ".rdf": "xml", ".xml": "xml", ".jsonld": "json-ld", ".trig": "trig"}.get(
        suffix, "turtle")
    try:
        g = Graph(bind_namespaces="none").parse(path, format=fmt)
    except Exception as err:  # noqa: BLE001 - any parser failure is bad input
        raise InputError(f"cannot parse as {fmt}: {str(err).splitlines()[0][:200]}", path=str(path),
                         hint="fix the file or pass a kg build directory") from None
    from .vocab import PREFIXES

    for prefix, namespace in PREFIXES.items():
        g.bind(prefix, namespace)
    return check(g)
