"""SPARQL over a build's embedded Oxigraph store: named queries, safe parameters, timeouts, result formats."""
from __future__ import annotations

import csv
import io
import json
import multiprocessing
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from .errors import KgError
from .normalize import concept_key, name_key
from .vocab import PREFIXES, SPARQL_RESULTS, XSD

__all__ = [
    "STORE_DIR", "NamedQuery", "Param", "QueryError", "QueryTimeout", "UnknownQuery", "QueryResult",
    "named_queries", "load_named", "bind_params", "run", "format_result", "RESULT_FORMATS", "open_store",
]

#: The store directory ``kg build`` writes beside kg.ttl.
STORE_DIR = "store"
RESULT_FORMATS = ("table", "csv", "tsv", "json", "xml", "turtle", "ntriples")
_PARAM_RE = re.compile(
    r"^#\s*param\s+(?P<name>\w+)\s*:\s*(?P<kind>literal|iri|integer|person|concept|label)\s*(?:;\s*(?P<doc>.*))?$")


class QueryError(KgError):
    """A query that cannot run: syntax errors (with line and column), missing parameters, bad store."""


class QueryTimeout(QueryError):
    """A query that ran out of time; never reported as an empty result."""


class UnknownQuery(QueryError):
    """``--name`` names no query in ontology/queries."""


@dataclass(frozen=True, slots=True)
class Param:
    name: str
    kind: str  # literal | iri | integer | person | concept | label (the last three: kg:lookupKey forms)
    doc: str = ""


@dataclass(frozen=True, slots=True)
class NamedQuery:
    """One documented query of ontology/queries/NAME.rq: first comment line = description, ``# param`` lines."""

    name: str
    description: str
    params: tuple[Param, ...]
    text: str


def _parse_named(name: str, text: str) -> NamedQuery:
    description, params = "", []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        match = _PARAM_RE.match(line.strip())
        if match:
            params.append(Param(match["name"], match["kind"], (match["doc"] or "").strip()))
        elif not description:
            description = line.lstrip("# ").strip()
    return NamedQuery(name, description, tuple(params), text)


def named_queries() -> dict[str, NamedQuery]:
    """Every named query shipped in ontology/queries, by name."""
    folder = resources.files("kg").joinpath("ontology/queries")
    return {
        entry.name[:-3]: _parse_named(entry.name[:-3], entry.read_text(encoding="utf-8"))
        for entry in sorted(folder.iterdir(), key=lambda e: e.name) if entry.name.endswith(".rq")
    }


def load_named(name: str) -> NamedQuery:
    queries = named_queries()
    if name not in queries:
        raise UnknownQuery(f"no named query {name!r}; choose one of: {', '.join(queries)}")
    return queries[name]


def bind_params(query: NamedQuery | None, params: dict[str, str]) -> dict[str, Any]:
    """Turn ``--param k=v`` strings into RDF terms by the query's declared kinds (plain literals otherwise).

    ``person``, ``label`` and ``concept`` parameters are normalised the way the build normalises
    names into ``kg:lookupKey``, so that a query matches them with an index lookup.

    The terms are handed to Oxigraph as SPARQL substitutions (SEP-0007), never pasted into the query text.
    """
    import pyoxigraph as ox

    declared = {p.name: p for p in query.params} if query else {}
    if query is not None:
        missing = [p.name for p in query.params if p.name not in params]
        if missing:
            raise QueryError(f"query {query.name!r} needs --param {missing[0]}=VALUE "
                             f"({declared[missing[0]].doc or declared[missing[0]].kind})")
        unknown = [k for k in params if k not in declared]
        if unknown:
            raise QueryError(f"query {query.name!r} has no parameter {unknown[0]!r}; "
                             f"it takes: {', '.join(declared) or 'none'}")
    bound: dict[str, Any] = {}
    for key, value in params.items():
        kind = declared[key].kind if key in declared else "literal"
        if kind == "integer":
            try:
                bound[key] = ox.Literal(str(int(value)), datatype=ox.NamedNode(str(XSD.integer)))
            except ValueError:
                raise QueryError(f"--param {key}={value!r}: expected a whole number") from None
        elif kind == "iri":
            prefix, _, local = value.partition(":")
            iri = str(PREFIXES[prefix]) + local if prefix in PREFIXES and not value.startswith("http") else value
            try:
                bound[key] = ox.NamedNode(iri)
            except ValueError:
                raise QueryError(f"--param {key}={value!r}: not an IRI or a prefixed name such as kg:Method") from None
        elif kind == "person" or kind == "label":
            bound[key] = ox.Literal(name_key(value))  # matches kg:lookupKey of authors and areas
        elif kind == "concept":
            bound[key] = ox.Literal(concept_key(value))  # matches kg:lookupKey of methods, models, datasets
        else:
            bound[key] = ox.Literal(value)
    return bound


@dataclass
class QueryResult:
    """``kind`` is select, ask or graph; ``data`` holds SPARQL-JSON for select/ask and N-Triples text for graph."""

    kind: str
    data: Any
    truncated: bool = False
    hidden: tuple[str, ...] = ()


def open_store(build_dir: str | Path):
    """The build's Oxigraph store, read-only."""
    import pyoxigraph as ox

    path = Path(build_dir) / STORE_DIR
    if not path.is_dir():
        raise QueryError(f"{Path(build_dir)}: no query store ({STORE_DIR}/ missing); run `kg build --out "
                         f"{build_dir}` first or pass --dir")
    try:
        return ox.Store.read_only(str(path))
    except OSError as err:
        raise QueryError(f"{path}: cannot open the store ({err}); rebuild with `kg build`") from None


def _term_json(term) -> dict[str, str]:
    import pyoxigraph as ox

    if isinstance(term, ox.NamedNode):
        return {"type": "uri", "value": term.value}
    if isinstance(term, ox.BlankNode):
        return {"type": "bnode", "value": term.value}
    out = {"type": "literal", "value": term.value}
    if term.language:
        out["xml:lang"] = term.language
    elif term.datatype and term.datatype.value != str(XSD.string):
        out["datatype"] = term.datatype.value
    return out


def _execute(store, text: str, bound: dict[str, Any], limit: int) -> tuple[str, Any, bool]:
    import pyoxigraph as ox

    substitutions = {ox.Variable(k): v for k, v in bound.items()}
    prefixes = {k: str(v) for k, v in PREFIXES.items()}
    result = store.query(text, prefixes=prefixes, substitutions=substitutions or None)
    if isinstance(result, ox.QueryBoolean):
        return "ask", {"head": {}, "boolean": bool(result)}, False
    if isinstance(result, ox.QuerySolutions):
        names = [v.value for v in result.variables]
        rows, truncated = [], False
        for solution in result:
            if len(rows) >= limit:
                truncated = True
                break
            rows.append({n: _term_json(solution[n]) for n in names if solution[n] is not None})
        return "select", {"head": {"vars": names}, "results": {"bindings": rows}}, truncated
    triples, truncated = [], False
    for triple in result:
        if len(triples) >= limit:
            truncated = True
            break
        triples.append(f"{triple.subject} {triple.predicate} {triple.object} .")
    return "graph", "\n".join(triples) + ("\n" if triples else ""), truncated


def _child(conn, store, text: str, bound: dict[str, Any], limit: int) -> None:
    try:
        conn.send(("ok", *_execute(store, text, bound, limit)))
    except SyntaxError as err:
        conn.send(("syntax", str(err)))
    except Exception as err:  # noqa: BLE001 - reported to the parent as a query error
        conn.send(("error", f"{type(err).__name__}: {err}"))
    finally:
        conn.close()


def run(store, text: str, params: dict[str, Any] | None = None, *, timeout: float = 30.0,
        limit: int = 100_000, hidden: tuple[str, ...] = ()) -> QueryResult:
    """Run a SPARQL query in a forked worker that is killed after ``timeout`` seconds.

    Raises
    ------
    QueryError
        Syntax errors (the message gives line and column) and engine errors.
    QueryTimeout
        When the query runs longer than ``timeout``.
    """
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    worker = ctx.Process(target=_child, args=(child, store, text, params or {}, limit), daemon=True)
    worker.start()
    child.close()
    try:
        if not parent.poll(timeout):
            raise QueryTimeout(f"query stopped after {timeout:g} s (--timeout); narrow it or raise the limit")
        try:
            message = parent.recv()
        except EOFError:
            raise QueryError("the query worker died without an answer (out of memory?)") from None
    finally:
        if worker.is_alive():
            worker.kill()
        worker.join()
        parent.close()
    status, *rest = message
    if status == "syntax":
        raise QueryError(f"SPARQL syntax {rest[0]}")
    if status == "error":
        raise QueryError(rest[0])
    kind, data, truncated = rest
    return QueryResult(kind, data, truncated, hidden)


# ----------------------------------------------------------------------------------------- formats

def _cell(binding: dict[str, str] | None) -> str:
    if binding is None:
        return ""
    return binding["value"]


def _compact(binding: dict[str, str] | None) -> str:
    if binding is None:
        return ""
    value = binding["value"]
    if binding["type"] == "uri":
        for prefix, namespace in PREFIXES.items():
            if value.startswith(str(namespace)) and prefix not in ("rdf",):
                return f"{prefix}:{value[len(str(namespace)):]}"
    return value


def format_result(result: QueryResult, fmt: str = "table") -> str:
    """Render a result: table, csv, tsv, json (SPARQL 1.1 JSON results), xml; turtle or ntriples for graphs."""
    if result.kind == "graph":
        if fmt == "ntriples":
            return result.data
        import pyoxigraph as ox

        triples = ox.parse(result.data.encode("utf-8"), format=ox.RdfFormat.N_TRIPLES)
        prefixes = {k: str(v) for k, v in PREFIXES.items()}
        return ox.serialize(triples, format=ox.RdfFormat.TURTLE, prefixes=prefixes).decode("utf-8")
    if result.kind == "ask":
        if fmt == "json":
            return json.dumps(result.data)
        if fmt == "xml":
            value = "true" if result.data["boolean"] else "false"
            return (f'<?xml version="1.0"?>\n<sparql xmlns="{SPARQL_RESULTS}">'
                    f"<head/><boolean>{value}</boolean></sparql>\n")
        return "true" if result.data["boolean"] else "false"
    names = [n for n in result.data["head"]["vars"] if n not in result.hidden]
    rows = result.data["results"]["bindings"]
    if fmt == "json":
        data = {"head": {"vars": names},
                "results": {"bindings": [{k: v for k, v in r.items() if k in names} for r in rows]}}
        return json.dumps(data, ensure_ascii=False, indent=1)
    if fmt == "xml":
        from xml.sax.saxutils import escape, quoteattr

        out = ['<?xml version="1.0"?>', f'<sparql xmlns="{SPARQL_RESULTS}">', "<head>"]
        out += [f"<variable name={quoteattr(n)}/>" for n in names]
        out += ["</head>", "<results>"]
        for row in rows:
            out.append("<result>")
            for n in names:
                if n not in row:
                    continue
                b = row[n]
                tag = {"uri": "uri", "bnode": "bnode"}.get(b["type"], "literal")
                attrs = "".join(f" {'xml:lang' if k == 'xml:lang' else 'datatype'}={quoteattr(v)}"
                                for k, v in b.items() if k in ("xml:lang", "datatype"))
                out.append(f"<binding name={quoteattr(n)}><{tag}{attrs}>{escape(b['value'])}</{tag}></binding>")
            out.append("</result>")
        out += ["</results>", "</sparql>"]
        return "\n".join(out) + "\n"
    if fmt in ("csv", "tsv"):
        buffer = io.StringIO()
        writer = csv.writer(buffer, dialect="excel-tab" if fmt == "tsv" else "excel", lineterminator="\n")
        writer.writerow(names)
        for row in rows:
            writer.writerow([_cell(row.get(n)) for n in names])
        return buffer.getvalue()
    table = [[_compact(row.get(n)) for n in names] for row in rows]
    widths = [min(60, max([len(n)] + [len(r[i]) for r in table])) for i, n in enumerate(names)]

    def line(cells: list[str]) -> str:
        return "  ".join((c if len(c) <= w else c[: w - 1] + "…").ljust(w) for c, w in zip(cells, widths)).rstrip()

    out = [line(names), line(["-" * w for w in widths])] + [line(r) for r in table]
    out.append(f"({len(rows)} row{'s' if len(rows) != 1 else ''}{', truncated' if result.truncated else ''})")
    return "\n".join(out)
