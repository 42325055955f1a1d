"""Load a build into an existing triple store over the SPARQL 1.1 Graph Store HTTP Protocol."""
from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, urlsplit, urlunsplit

from .errors import KgError

__all__ = ["PushError", "PushResult", "push", "query_endpoint_for"]


class PushError(KgError):
    """The store refused the data, could not be reached, or ended with the wrong triple count."""


@dataclass(frozen=True, slots=True)
class PushResult:
    triples: int
    chunks: int
    store_count: int
    graph: str | None


def query_endpoint_for(endpoint: str) -> str | None:
    """The SPARQL query endpoint beside a Graph Store endpoint (Oxigraph, Fuseki, GraphDB), if it can be told.

    >>> query_endpoint_for("http://127.0.0.1:7878/store")
    'http://127.0.0.1:7878/query'
    >>> query_endpoint_for("http://localhost:3030/ds/data")
    'http://localhost:3030/ds/sparql'
    """
    parts = urlsplit(endpoint)
    path = parts.path.rstrip("/")
    for suffix, replacement in (("/store", "/query"), ("/data", "/sparql"), ("/statements", "")):
        if path.endswith(suffix):
            return urlunsplit(parts._replace(path=path[: -len(suffix)] + replacement, query=""))
    return None


def _request(method: str, url: str, data: bytes | None, headers: dict[str, str], retries: int, timeout: float) -> bytes:
    delay = 0.5
    for attempt in range(retries + 1):
        try:
            request = urllib.request.Request(url, data=data, method=method, headers=headers)
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.read()
        except urllib.error.HTTPError as err:
            if err.code < 500 or attempt == retries:
                detail = err.read()[:300].decode("utf-8", "replace").strip()
                raise PushError(f"{method} {url}: HTTP {err.code} {err.reason}: {detail}") from None
        except (urllib.error.URLError, TimeoutError, ConnectionError) as err:
            if attempt == retries:
                reason = getattr(err, "reason", err)
                raise PushError(f"{method} {url}: cannot reach the store ({reason}); is it running? "
                                 f"(tried {retries + 1} times)") from None
        time.sleep(delay)
        delay *= 2
    raise AssertionError("unreachable")


def push(build_dir: str | Path, endpoint: str, *, graph: str | None = None, query_endpoint: str | None = None,
         chunk_triples: int = 50_000, retries: int = 3, timeout: float = 120.0, replace: bool = True) -> PushResult:
    """Send ``build_dir/kg.ttl`` to ``endpoint`` in N-Triples chunks, then check the store's triple count.

    The first chunk replaces the target graph (HTTP PUT) unless ``replace`` is
    false; the rest are appended (POST). ``graph`` names the target graph
    (default: the store's default graph).

    Raises
    ------
    PushError
        On refusal, unreachable store (after retries) or a count mismatch.
    """
    import pyoxigraph as ox

    source = Path(build_dir) / "kg.ttl"
    if not source.is_file():
        raise PushError(f"{build_dir}: no kg.ttl; run `kg build --out {build_dir}` first or pass --dir")
    target = f"{endpoint}{'&' if '?' in endpoint else '?'}" + (f"graph={quote(graph, safe='')}" if graph else "default")
    headers = {"Content-Type": "application/n-triples"}
    unique: set[str] = set()
    chunk: list[str] = []
    chunks = 0

    def send(lines: list[str], first: bool) -> None:
        method = "PUT" if first and replace else "POST"
        _request(method, target, ("\n".join(lines) + "\n").encode("utf-8"), headers, retries, timeout)

    for triple in ox.parse(path=str(source), format=ox.RdfFormat.TURTLE):
        line = f"{triple.subject} {triple.predicate} {triple.object} ."
        if line in unique:
            continue
        unique.add(line)
        chunk.append(line)
        if len(chunk) >= chunk_triples:
            send(chunk, chunks == 0)
            chunks += 1
            chunk = []
    if chunk or chunks == 0:
        send(chunk, chunks == 0)
        chunks += 1
    count_url = query_endpoint or query_endpoint_for(endpoint)
    if count_url is None:
        raise PushError(f"pushed {len(unique)} triples, but cannot tell the query endpoint of {endpoint} to check "
                        "the count; pass --query-endpoint")
    pattern = f"GRAPH <{graph}> {{ ?s ?p ?o }}" if graph else "?s ?p ?o"
    sparql = f"SELECT (COUNT(*) AS ?n) WHERE {{ {pattern} }}"
    body = _request("POST", count_url, sparql.encode("utf-8"),
                    {"Content-Type": "application/sparql-query", "Accept": "application/sparql-results+json"},
                    retries, timeout)
    try:
        count = int(json.loads(body)["results"]["bindings"][0]["n"]["value"])
    except (ValueError, KeyError, IndexError) as err:
        raise PushError(f"{count_url}: unexpected answer to the count query ({err})") from None
    if replace and count != len(unique):
        raise PushError(f"the store holds {count} triples in the target graph after the push, expected {len(unique)}")
    if not replace and count < len(unique):
        raise PushError(f"the store holds only {count} triples in the target graph, fewer than the {len(unique)} pushed")
    return PushResult(len(unique), chunks, count, graph)
