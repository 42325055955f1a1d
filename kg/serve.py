"""A read-only SPARQL 1.1 Protocol endpoint over a build's store (stdlib HTTP server)."""
from __future__ import annotations

import html
import json
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from .query import (
    QueryError, QueryTimeout, bind_params, format_result, load_named, named_queries, open_store, run,
)

__all__ = ["ServeSettings", "make_server", "serve"]

_SELECT_TYPES = {
    "application/sparql-results+json": "json",
    "application/json": "json",
    "application/sparql-results+xml": "xml",
    "application/xml": "xml",
    "text/csv": "csv",
    "text/tab-separated-values": "tsv",
}
_GRAPH_TYPES = {"text/turtle": "turtle", "application/n-triples": "ntriples", "text/plain": "ntriples"}
_MEDIA = {"json": "application/sparql-results+json", "xml": "application/sparql-results+xml", "csv": "text/csv",
          "tsv": "text/tab-separated-values", "turtle": "text/turtle", "ntriples": "application/n-triples"}


@dataclass(frozen=True, slots=True)
class ServeSettings:
    build_dir: Path
    host: str = "127.0.0.1"
    port: int = 8000
    timeout: float = 30.0
    max_rows: int = 10_000


def _negotiate(accept: str, kind: str, override: str | None) -> str:
    if override:
        alias = {"json": "json", "xml": "xml", "csv": "csv", "tsv": "tsv", "turtle": "turtle", "ttl": "turtle",
                 "nt": "ntriples", "ntriples": "ntriples"}.get(override.lower())
        if alias:
            return alias
    table = _GRAPH_TYPES if kind == "graph" else _SELECT_TYPES
    ranked = []
    for index, part in enumerate(accept.split(",")):
        media, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        ranked.append((-q, index, media.strip().lower()))
    for _, _, media in sorted(ranked):
        if media in table:
            return table[media]
    return "turtle" if kind == "graph" else "json"


def _page(queries: dict) -> str:
    items = []
    for q in queries.values():
        params = "".join(f'<label>{html.escape(p.name)} <input name="{html.escape(p.name)}" '
                         f'placeholder="{html.escape(p.doc)}"></label> ' for p in q.params)
        items.append(f'<li><form action="/queries/{html.escape(q.name)}" method="get"><b>{html.escape(q.name)}</b>: '
                     f'{html.escape(q.description)} {params}<input type="hidden" name="format" value="json">'
                     f'<button>run</button></form></li>')
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>paper-kg SPARQL endpoint</title>
<style>body{{font-family:sans-serif;max-width:60em;margin:2em auto}}textarea{{width:100%;height:12em}}</style></head>
<body><h1>paper-kg SPARQL endpoint</h1>
<p>Read-only SPARQL 1.1 Protocol endpoint at <code>/sparql</code> (GET or POST <code>query</code>).
Prefixes kg:, kgr:, dcterms:, foaf:, schema:, skos:, prov:, fabio:, pro:, oa:, itsrdf: are predeclared.</p>
<form action="/sparql" method="post"><textarea name="query">SELECT ?label (COUNT(?p) AS ?papers) WHERE {{
  ?e a kg:Method ; skos:prefLabel ?label . ?p schema:mentions ?e .
}} GROUP BY ?label ORDER BY DESC(?papers) LIMIT 20</textarea>
<p><select name="format"><option>json</option><option>csv</option><option>tsv</option><option>xml</option></select>
<button>Run query</button></p></form>
<h2>Named queries</h2><ul>{''.join(items)}</ul></body></html>"""


def make_server(settings: ServeSettings) -> ThreadingHTTPServer:
    """A server bound to ``settings.host:settings.port`` (port 0 picks a free one); call ``serve_forever``."""
    store = open_store(settings.build_dir)
    queries = named_queries()
    page = _page(queries).encode("utf-8")

    class Handler(BaseHTTPRequestHandler):
        server_version = "paper-kg"

        def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
            pass

        def _send(self, status: int, body: str | bytes, media: str, extra: dict[str, str] | None = None) -> None:
            data = body.encode("utf-8") if isinstance(body, str) else body
            self.send_response(status)
            self.send_header("Content-Type", f"{media}; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            for key, value in (extra or {}).items():
                self.send_header(key, value)
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(data)

        def _run(self, text: str, params: dict, hidden: tuple[str, ...], override: str | None) -> None:
            try:
                result = run(store, text, params, timeout=settings.timeout, limit=settings.max_rows, hidden=hidden)
            except QueryTimeout as err:
                self._send(503, f"{err}\n", "text/plain", {"Retry-After": "0"})
                return
            except QueryError as err:
                self._send(400, f"{err}\n", "text/plain")
                return
            fmt = _negotiate(self.headers.get("Accept", ""), result.kind, override)
            if result.kind == "graph" and fmt not in ("turtle", "ntriples"):
                fmt = "turtle"
            if result.kind != "graph" and fmt in ("turtle", "ntriples"):
                fmt = "json"
            extra = {"X-KG-Truncated": "true"} if result.truncated else {}
            self._send(200, format_result(result, fmt), _MEDIA[fmt], extra)

        def _dispatch(self, fields: dict[str, list[str]], body_query: str | None = None, update: bool = False) -> None:
            if update or "update" in fields:
                self._send(403, "this endpoint is read-only: SPARQL Update is refused\n", "text/plain")
                return
            text = body_query if body_query is not None else (fields.get("query") or [None])[0]
            if not text:
                self._send(400, "missing the query parameter\n", "text/plain")
                return
            self._run(text, {}, (), (fields.get("format") or [None])[0])

        def do_GET(self) -> None:  # noqa: N802 - stdlib name
            url = urlsplit(self.path)
            fields = parse_qs(url.query)
            if url.path in ("/", "/index.html"):
                self._send(200, page, "text/html")
            elif url.path == "/health":
                self._send(200, json.dumps({"status": "ok", "triples": len(store)}), "application/json")
            elif url.path in ("/sparql", "/query"):
                self._dispatch(fields)
            elif url.path.startswith("/queries/"):
                name = url.path[len("/queries/"):]
                try:
                    query = load_named(name)
                    values = {k: v[0] for k, v in fields.items() if k != "format"}
                    params = bind_params(query, values)
                except QueryError as err:
                    self._send(404 if name not in queries else 400, f"{err}\n", "text/plain")
                    return
                self._run(query.text, params, tuple(params), (fields.get("format") or [None])[0])
            else:
                self._send(404, "not found: use /sparql, /queries/NAME, /health or /\n", "text/plain")

        do_HEAD = do_GET

        def do_POST(self) -> None:  # noqa: N802 - stdlib name
            url = urlsplit(self.path)
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length).decode("utf-8", "replace") if length else ""
            media = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
            fields = parse_qs(url.query)
            if url.path not in ("/sparql", "/query", "/update"):
                self._send(404, "not found: POST queries to /sparql\n", "text/plain")
                return
            if url.path == "/update" or media == "application/sparql-update":
                self._dispatch(fields, update=True)
            elif media == "application/sparql-query":
                self._dispatch(fields, body_query=body)
            else:
                fields.update(parse_qs(body))
                self._dispatch(fields)

        def do_PUT(self) -> None:  # noqa: N802 - stdlib name
            self._send(403, "this endpoint is read-only\n", "text/plain")

        do_DELETE = do_PUT
        do_PATCH = do_PUT

    return ThreadingHTTPServer((settings.host, settings.port), Handler)


def serve(settings: ServeSettings, ready=None) -> None:
    """Serve until interrupted; ``ready(url)`` is called once the socket listens."""
    server = make_server(settings)
    host, port = server.server_address[:2]
    if ready:
        ready(f"http://{host}:{port}/")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
