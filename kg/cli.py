"""The `kg` command line: parse options, call one library function, print, map errors to exit codes."""
from __future__ import annotations

import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

import click

from .errors import KgError
from .version import __version__

F = TypeVar("F", bound=Callable[..., Any])

CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"]}


def _handle_errors(func: F) -> F:
    """Expected failures become one line on stderr and exit code 1, never a traceback."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except KgError as err:
            raise click.ClickException(str(err)) from None
        except KeyboardInterrupt:
            click.echo("Interrupted; outputs already in place were left untouched.", err=True)
            sys.exit(130)

    return wrapper  # type: ignore[return-value]


@click.group(context_settings=CONTEXT_SETTINGS)
@click.version_option(__version__, prog_name="paper-kg")
def cli() -> None:
    """paper-kg: turn conference paper listings into a knowledge graph.

    \b
    Example:
        kg build                      # the bundled sample → ./exports
        kg build iclr.jsonl.gz --out exports/iclr
    """


def _formats(ctx: click.Context, param: click.Parameter, value: str) -> tuple[str, ...]:
    from .rdf import FORMATS

    names = tuple(dict.fromkeys(v.strip() for v in value.split(",") if v.strip()))
    allowed = tuple(FORMATS)
    for name in names:
        if name not in allowed:
            raise click.BadParameter(f"{name!r} is not one of {', '.join(allowed)}")
    return names or ("ttl",)


@cli.command()
@click.argument("listings", nargs=-1, type=click.Path(dir_okay=False, path_type=Path))
@click.option("-o", "--out", type=click.Path(file_okay=False, path_type=Path), default=Path("exports"),
              show_default=True, help="Directory for kg.ttl, the GraphML files and manifest.json.")
@click.option("--input-format", type=click.Choice(["auto", "text", "jsonl", "json", "csv"]), default="auto",
              show_default=True, help="Force a reader instead of detecting it from the file.")
@click.option("--skip-bad-rows", is_flag=True, help="Skip and count defective records instead of stopping.")
@click.option("--model", default=None, metavar="NAME",
              help="Add an installed spaCy pipeline (e.g. en_core_web_sm) before our components.")
@click.option("--format", "formats", default="ttl", callback=_formats, show_default=True,
              help="Comma-separated RDF formats: ttl, nt, jsonld, xml, trig.")
@click.option("--base", default=None, metavar="IRI", help="Base IRI of the resources (default: the kgr: namespace in the README).")
@click.option("--gazetteer", "gazetteer_path", type=click.Path(dir_okay=False, exists=True), default=None,
              help="A gazetteer JSONL file to use instead of the bundled one.")
@click.option("--n-process", type=click.IntRange(min=1), default=None,
              help="Extraction worker processes (default: one per CPU core); results do not depend on it.")
@click.option("--no-validate", is_flag=True, help="Do not check the graph against ontology/shapes.ttl.")
@click.option("-s", "--silent", is_flag=True, help="No progress messages on stderr.")
@_handle_errors
def build(listings: tuple[Path, ...], out: Path, input_format: str, skip_bad_rows: bool, model: str | None,
          formats: tuple[str, ...], base: str | None, gazetteer_path: str | None, n_process: int | None,
          no_validate: bool, silent: bool) -> None:
    """Build the knowledge graph from paper listings (none: the bundled sample).

    \b
    Example:
        kg build ../shared/seeds/*.txt --out exports/
        kg build neurips2023.jsonl.gz -o exports/neurips --skip-bad-rows
    """
    from .build import build as run_build

    def progress(message: str) -> None:
        if not silent:
            click.echo(message, err=True)

    result = run_build(list(listings), out, input_format=input_format, skip_bad_rows=skip_bad_rows,
                       model=model, base=base, formats=formats, gazetteer_path=gazetteer_path,
                       n_process=n_process, validate=not no_validate, progress=progress)
    for location, reason in result.corpus.skipped:
        click.echo(f"skipped {location}: {reason}", err=True)
    counts = result.manifest["counts"]
    if not silent:
        entities = ", ".join(f"{n} {k.lower()}s" for k, n in counts["entities"].items())
        click.echo(f"{counts['papers']} papers, {counts['authors']} authors, {entities}, "
                   f"{counts['triples']} triples; {counts['skipped_rows']} rows skipped", err=True)
    for path in result.written:
        click.echo(str(path))


@cli.command("eval")
@click.option("--gold", "gold_path", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="Gold annotations: our JSONL, SciERC JSON lines or TDMSci CoNLL.")
@click.option("--gold-format", type=click.Choice(["auto", "kg", "scierc", "tdmsci"]), default="auto", show_default=True)
@click.option("--corpus", "corpus_paths", multiple=True, type=click.Path(dir_okay=False, path_type=Path),
              help="Listing(s) holding the abstracts of gold records that carry only an id.")
@click.option("--model", default=None, metavar="NAME", help="As for kg build.")
@click.option("--gazetteer", "gazetteer_path", type=click.Path(dir_okay=False, exists=True), default=None)
@click.option("--only", type=click.Choice(["METHOD", "MODEL", "DATASET"]), multiple=True,
              help="Count only predictions of these types (for gold sets that annotate only some types).")
@click.option("--show-errors", default=20, show_default=True, help="How many misses and false positives to list.")
@click.option("--json", "as_json", is_flag=True, help="Print the scores and errors as JSON.")
@_handle_errors
def eval_command(gold_path: Path, gold_format: str, corpus_paths: tuple[Path, ...], model: str | None,
                 gazetteer_path: str | None, only: tuple[str, ...], show_errors: int, as_json: bool) -> None:
    """Score extraction against gold annotations: typed and untyped P/R/F1 per type, misses, false positives.

    \b
    Example:
        kg eval --gold bench/gold/iclr2026_test.jsonl \\
                --corpus ../shared/data/iclr2026-openreview/iclr2026_submissions.jsonl.gz
        kg eval --gold ../shared/data/scierc/test.json --gold-format scierc
    """
    import json

    from . import nlp as kg_nlp
    from .evaluate import evaluate, format_report, load_gold, predict
    from .read import read_papers

    corpus = read_papers(list(corpus_paths)) if corpus_paths else []
    docs = load_gold(gold_path, gold_format, corpus)
    nlp = kg_nlp.build(model, gazetteer_path=gazetteer_path)
    report = evaluate(docs, predict(docs, nlp), count_kinds=frozenset(only) if only else None)
    if as_json:
        click.echo(json.dumps(report.as_dict(), indent=2, ensure_ascii=False))
    else:
        click.echo(format_report(report, show_errors=show_errors))


def dir_option(func: F) -> F:
    """``--dir DIR``: a directory `kg build --out` wrote (default ./exports)."""
    return click.option("-d", "--dir", "build_dir", type=click.Path(file_okay=False, path_type=Path),
                        default=Path("exports"), show_default=True,
                        help="The build directory (what `kg build --out` wrote).")(func)


@cli.command()
@dir_option
@click.argument("file", required=False, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--limit", default=20, show_default=True, help="Example focus nodes shown per kind of violation.")
@click.option("--engine", type=click.Choice(["sparql", "pyshacl"]), default="sparql", show_default=True,
              help="sparql: shapes compiled to SPARQL on Oxigraph (fast); pyshacl: the reference validator (slow, "
                   "exact lexical datatypes).")
@_handle_errors
def validate(build_dir: Path, file: Path | None, limit: int, engine: str) -> None:
    """Check a build (or an RDF FILE) against the SHACL shapes in ontology/shapes.ttl.

    \b
    Example:
        kg validate --dir exports/
        kg validate my-graph.ttl
    """
    from .errors import ShapesViolation
    from .validate import check_file

    report = check_file(file if file is not None else build_dir / "kg.ttl", engine=engine)
    click.echo(report.text(limit=limit))
    if not report.conforms:
        raise ShapesViolation(f"{file or build_dir / 'kg.ttl'}: {len(report.violations)} SHACL violation(s)")


def _params(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> dict[str, str]:
    out = {}
    for value in values:
        key, sep, rest = value.partition("=")
        if not sep or not key:
            raise click.BadParameter(f"{value!r} is not NAME=VALUE")
        out[key] = rest
    return out


@cli.command()
@dir_option
@click.argument("sparql", required=False)
@click.option("-f", "--file", "query_file", type=click.Path(dir_okay=False, exists=True, path_type=Path),
              help="Read the query from a file.")
@click.option("-n", "--name", help="Run a named query from ontology/queries (see --list).")
@click.option("-p", "--param", "params", multiple=True, callback=_params, metavar="NAME=VALUE",
              help="A parameter of the query, bound as an RDF term (never pasted into the text).")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "tsv", "json", "xml", "turtle", "ntriples"]),
              default="table", show_default=True, help="Result format (turtle/ntriples for CONSTRUCT/DESCRIBE).")
@click.option("--timeout", default=30.0, show_default=True, help="Stop the query after this many seconds.")
@click.option("--limit", default=100_000, show_default=True, help="At most this many rows or triples.")
@click.option("--list", "list_queries", is_flag=True, help="List the named queries and their parameters.")
@_handle_errors
def query(build_dir: Path, sparql: str | None, query_file: Path | None, name: str | None,
          params: dict[str, str], fmt: str, timeout: float, limit: int, list_queries: bool) -> None:
    """Run SPARQL against a build: a query string, a --file, or a --name from the library.

    \b
    Example:
        kg query --name coauthors-of-author --param "author=Iván Arcuschin"
        kg query 'SELECT ?n WHERE { ?a foaf:name ?n } LIMIT 5' --format csv
    """
    from .query import bind_params, format_result, load_named, named_queries, open_store, run

    if list_queries:
        for q in named_queries().values():
            args = " ".join(f"--param {p.name}=…" for p in q.params)
            click.echo(f"{q.name} {args}".rstrip())
            click.echo(f"    {q.description}")
            for p in q.params:
                click.echo(f"    {p.name} ({p.kind}): {p.doc}")
        return
    given = [x for x in (sparql, query_file, name) if x]
    if len(given) != 1:
        raise click.UsageError("give exactly one of SPARQL, --file or --name (or --list)")
    named = load_named(name) if name else None
    text = named.text if named else (query_file.read_text(encoding="utf-8") if query_file else sparql)
    bound = bind_params(named, params)
    result = run(open_store(build_dir), text, bound, timeout=timeout, limit=limit, hidden=tuple(bound))
    if result.kind == "graph" and fmt not in ("turtle", "ntriples"):
        fmt = "turtle"
    click.echo(format_result(result, fmt).rstrip("\n"))
    if result.truncated:
        click.echo(f"warning: stopped at --limit {limit}", err=True)


@cli.command()
@dir_option
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to bind (keep 127.0.0.1 unless you mean it).")
@click.option("--port", default=8000, show_default=True, help="Port (0 picks a free one).")
@click.option("--timeout", default=30.0, show_default=True, help="Per-query time limit in seconds.")
@click.option("--max-rows", default=10_000, show_default=True, help="At most this many result rows per query.")
@_handle_errors
def serve(build_dir: Path, host: str, port: int, timeout: float, max_rows: int) -> None:
    """Serve a build as a read-only SPARQL 1.1 endpoint (GET/POST /sparql, /queries/NAME, /health).

    \b
    Example:
        kg serve --dir exports/ --port 8000
    """
    from .serve import ServeSettings, serve as run_server

    def ready(url: str) -> None:
        click.echo(url)
        click.echo(f"serving {build_dir} read-only at {url}sparql; Ctrl-C stops", err=True)

    try:
        run_server(ServeSettings(build_dir, host, port, timeout, max_rows), ready=ready)
    except OSError as err:
        raise click.ClickException(f"cannot listen on {host}:{port} ({err.strerror}); choose another --port") from None


@cli.command()
@dir_option
@click.option("--endpoint", required=True, metavar="URL",
              help="Graph Store Protocol address, e.g. http://127.0.0.1:7878/store (Oxigraph), "
                   "http://localhost:3030/ds/data (Fuseki).")
@click.option("--graph", metavar="IRI", help="Target named graph (default: the default graph).")
@click.option("--query-endpoint", metavar="URL", help="SPARQL endpoint for the final count check (derived for "
                                                        "Oxigraph, Fuseki and GraphDB).")
@click.option("--append", is_flag=True, help="Add to the graph instead of replacing it.")
@click.option("--chunk", default=50_000, show_default=True, help="Triples per request.")
@click.option("--retries", default=3, show_default=True, help="Retries per request on network errors and 5xx.")
@_handle_errors
def push(build_dir: Path, endpoint: str, graph: str | None, query_endpoint: str | None, append: bool,
         chunk: int, retries: int) -> None:
    """Load a build into an existing triple store (SPARQL 1.1 Graph Store HTTP Protocol) and check the count.

    \b
    Example:
        kg push --dir exports/ --endpoint http://127.0.0.1:7878/store --graph https://example.org/iclr2026
    """
    from .push import push as run_push

    result = run_push(build_dir, endpoint, graph=graph, query_endpoint=query_endpoint, chunk_triples=chunk,
                      retries=retries, replace=not append)
    click.echo(f"pushed {result.triples} triples in {result.chunks} request(s); the store reports "
               f"{result.store_count} in {result.graph or 'the default graph'}")


_GRAPH = click.Choice(["coauthor", "concept", "papers"])


@cli.command()
@dir_option
@click.option("--graph", type=_GRAPH, required=True, help="Which graph to draw.")
@click.option("-o", "--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The page to write (default DIR/<graph>.html).")
@click.option("--size", type=click.Choice(["degree", "pagerank", "papers"]), default="degree", show_default=True,
              help="Node size (and --top ranking) measure.")
@click.option("--area", default=None, metavar="A", help="Only what belongs to papers of this area or subarea.")
@click.option("--type", "types", type=click.Choice(["METHOD", "MODEL", "DATASET"], case_sensitive=False),
              multiple=True, help="Only these entity types (concept and papers maps; repeatable).")
@click.option("--min-weight", type=float, default=None, metavar="W", help="Drop links lighter than W.")
@click.option("--top", type=click.IntRange(min=1), default=None, metavar="N",
              help="Keep the N most central nodes and their strongest links.")
@click.option("--ego", default=None, metavar="NAME", help="Only the neighbourhood of this author or entity.")
@click.option("--depth", type=click.IntRange(min=0), default=1, show_default=True, help="Links away from --ego.")
@click.option("--open", "open_page", is_flag=True, help="Open the page in a browser.")
@_handle_errors
def viz(build_dir: Path, graph: str, out: Path | None, size: str, area: str | None, types: tuple[str, ...],
        min_weight: float | None, top: int | None, ego: str | None, depth: int, open_page: bool) -> None:
    """Draw a graph as a self-contained interactive HTML map (works offline).

    \b
    Example:
        kg viz --graph coauthor
        kg viz --dir exports/iclr --graph concept --top 500 -o iclr-concepts.html
        kg viz --graph papers --ego "Neel Nanda" --depth 2 --open
    """
    from .viz import write_map

    if depth != 1 and not ego:
        raise click.UsageError("--depth needs --ego")
    result = write_map(build_dir, graph, out, size=size, area=area, types=tuple(t.upper() for t in types),
                       min_weight=min_weight, top=top, ego=ego, depth=depth)
    click.echo(f"{result.nodes} nodes, {result.edges} links; "
               f"{'force layout' if result.physics else 'precomputed layout, physics off'}", err=True)
    click.echo(str(result.path))
    if open_page:
        click.launch(str(result.path))


@cli.command("export")
@dir_option
@click.option("--to", "fmt", required=True,
              type=click.Choice(["gexf", "graphml", "vosviewer-json", "neo4j-csv", "node-link-json"]))
@click.option("--graph", "graphs", type=_GRAPH, multiple=True, help="Graphs to export (default: all three; repeatable).")
@click.option("-o", "--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output directory (default DIR/<format>).")
@_handle_errors
def export_command(build_dir: Path, fmt: str, graphs: tuple[str, ...], out: Path | None) -> None:
    """Export the graphs for Gephi, Cytoscape, VOSviewer, Neo4j or D3.

    \b
    Example:
        kg export --to gexf
        kg export --dir exports/neurips --to neo4j-csv --graph coauthor -o neo4j/
    """
    from .export import export_graphs

    for path in export_graphs(build_dir, fmt, graphs=list(graphs) or None, out=out):
        click.echo(str(path))


def _report_formats(ctx: click.Context, param: click.Parameter, value: str) -> tuple[str, ...]:
    from .report import FORMATS

    names = tuple(dict.fromkeys(v.strip() for v in value.split(",") if v.strip()))
    for name in names:
        if name not in FORMATS:
            raise click.BadParameter(f"{name!r} is not one of {', '.join(FORMATS)}")
    return names or tuple(FORMATS)


@cli.command("report")
@dir_option
@click.option("--format", "formats", default="html,md,json", callback=_report_formats, show_default=True,
              help="Comma-separated report formats: html, md, json.")
@_handle_errors
def report_command(build_dir: Path, formats: tuple[str, ...]) -> None:
    """Write graph-metric reports of a build: report.html (with plots), report.md, report.json.

    \b
    Example:
        kg report                                   # exports/ → exports/report.{html,md,json}
        kg report --dir exports/iclr --format json
    """
    from .report import write_report

    for path in write_report(build_dir, formats):
        click.echo(str(path))


def main() -> None:
    cli()
