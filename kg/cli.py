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
    allowed = (*FORMATS, "jsonld")
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
@click.option("--base", default=None, metavar="IRI", help="Base IRI of the resources (default https://w3id.org/paper-kg/id/).")
@click.option("--gazetteer", "gazetteer_path", type=click.Path(dir_okay=False, exists=True), default=None,
              help="A gazetteer JSONL file to use instead of the bundled one.")
@click.option("--n-process", type=click.IntRange(min=1), default=None,
              help="Extraction worker processes (default: one per CPU core); results do not depend on it.")
@click.option("-s", "--silent", is_flag=True, help="No progress messages on stderr.")
@_handle_errors
def build(listings: tuple[Path, ...], out: Path, input_format: str, skip_bad_rows: bool, model: str | None,
          formats: tuple[str, ...], base: str | None, gazetteer_path: str | None, n_process: int | None,
          silent: bool) -> None:
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
                       n_process=n_process, progress=progress)
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


def main() -> None:
    cli()
