"""The whole pipeline: listings → papers → mentions → entities → graphs → RDF → files in one directory."""
from __future__ import annotations

import hashlib
import json
import os
import platform
import shutil
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from importlib import resources
from pathlib import Path
from typing import Any

import networkx as nx

from . import extract
from .errors import InputError, OutputError, ShapesViolation
from .gazetteer import load_gazetteer
from .graphs import coauthor_graph, concept_graph, paper_graph
from .normalize import concept_key
from .query import STORE_DIR
from .validate import check_store
from .read import ReadReport, read_papers
from .records import ConceptKind, Corpus
from .version import __version__

__all__ = ["BuildResult", "build", "sample_paths", "OUTPUT_FILES"]

#: Files every build writes (RDF files in extra formats are added by ``formats``).
OUTPUT_FILES = ("kg.ttl", "coauthors.graphml", "concepts.graphml", "papers.graphml", "manifest.json", "run.ttl")


@dataclass
class BuildResult:
    """What :func:`build` produced; ``graph`` is an rdflib Graph on the Oxigraph store."""

    corpus: Corpus
    coauthors: nx.Graph
    concepts: nx.Graph
    papers: nx.Graph
    graph: Any  # rdflib.Graph
    manifest: dict[str, Any]
    out: Path | None = None
    written: list[Path] = field(default_factory=list)


def sample_paths() -> list[Path]:
    """The bundled sample: the two seed listings shipped inside the package."""
    folder = resources.files("kg").joinpath("data/sample")
    return sorted(Path(str(p)) for p in folder.iterdir() if p.name.endswith(".txt"))


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _check_out(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise OutputError(f"{out}: exists and is not a directory; choose another --out")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise OutputError(f"{out}: cannot create the output directory ({err.strerror}); choose another --out") from None
    if not os.access(out, os.W_OK):
        raise OutputError(f"{out}: the output directory is not writable; choose another --out")


def build(
    inputs: Sequence[str | os.PathLike[str]] | None = None,
    out: str | os.PathLike[str] | None = "exports",
    *,
    input_format: str = "auto",
    skip_bad_rows: bool = False,
    model: str | None = None,
    base: str | None = None,
    formats: Sequence[str] = ("ttl",),
    gazetteer_path: str | None = None,
    n_process: int | None = None,
    validate: bool = True,
    progress: Callable[[str], None] | None = None,
) -> BuildResult:
    """Build the knowledge graph of one or more paper listings.

    Parameters
    ----------
    inputs
        Listing files (seed text, JSONL, JSON, CSV; ``.gz`` too). None or
        empty builds the bundled sample.
    out
        Directory to write to (existing outputs are replaced atomically), or
        None to write nothing.
    formats
        RDF formats to write beside ``kg.ttl``: ``ttl``, ``nt``, ``jsonld``, ``xml``, ``trig``.
    validate
        Check the written graph against ontology/shapes.ttl (a violation is an
        error; the result goes into the manifest either way when enabled).
    n_process
        Worker processes for extraction (default: one per CPU core for large
        listings); the output does not depend on it.

    Returns
    -------
    BuildResult

    Raises
    ------
    InputError
        Bad input (file, line and what to do in the message).
    OutputError
        The output directory cannot be written.
    ShapesViolation
        The graph does not satisfy the SHACL shapes (unless ``validate=False``).
    """
    from . import nlp as kg_nlp
    from .rdf import FORMATS, BuildInfo, build_triples, to_graph, write

    say = progress or (lambda message: None)
    started, clock = datetime.now(timezone.utc), time.perf_counter()
    stages: dict[str, float] = {}
    mark = [clock]

    def lap(stage: str) -> None:
        now = time.perf_counter()
        stages[stage] = round(now - mark[0], 3)
        mark[0] = now
    unknown = [f for f in formats if f not in FORMATS]
    if unknown:
        raise InputError(f"unknown RDF format {unknown[0]!r}", hint=f"use {', '.join(FORMATS)}")
    bundled = not inputs
    paths = sample_paths() if bundled else [Path(p) for p in inputs]  # type: ignore[union-attr]
    labels = {p: (f"sample/{p.name}" if bundled else str(p)) for p in paths}
    for path in paths:
        if not path.is_file():
            raise InputError("no such file", path=str(path), hint="check the path")
    out_dir = Path(out) if out is not None else None
    if out_dir is not None:
        _check_out(out_dir)

    report = ReadReport()
    papers = read_papers(paths, input_format=input_format, skip_bad_rows=skip_bad_rows,
                         labels=labels, report=report)
    say(f"read {len(papers)} papers from {len(paths)} listing(s)")
    lap("read")

    nlp = kg_nlp.build(model, gazetteer_path=gazetteer_path)
    workers = n_process if n_process is not None else (os.cpu_count() or 1)
    annotations = list(kg_nlp.annotate(nlp, papers, n_process=workers))
    mentions, acronyms = extract.mentions_from_annotations(annotations)
    gazetteer = load_gazetteer(gazetteer_path)
    broader: dict[str, str] = {}
    for ann in annotations:
        for cand in ann.mentions:
            if cand.broader:
                family = gazetteer.lookup(cand.broader)
                broader.setdefault(concept_key(cand.canonical or cand.text), family.name if family else cand.broader)
    mentions, entities = extract.resolve_entities(mentions, broader)
    corpus = Corpus(
        papers=tuple(papers), mentions=tuple(mentions), entities=tuple(entities),
        acronyms=tuple(acronyms.values()), skipped=tuple(report.skipped),
    )
    say(f"extracted {len(mentions)} mentions of {len(entities)} entities")
    lap("extract")

    coauthors, concepts, paper_net = coauthor_graph(corpus), concept_graph(corpus), paper_graph(corpus)
    inputs_meta = [
        {"path": labels[p], "name": p.name, "sha256": _sha256(p), "bytes": p.stat().st_size,
         "format": report.formats[labels[p]], "records": report.records[labels[p]]}
        for p in paths
    ]
    pipeline = kg_nlp.pipeline_description(nlp)
    digest = hashlib.sha256(json.dumps(
        [__version__, pipeline, base, [(m["name"], m["sha256"]) for m in inputs_meta]]).encode()).hexdigest()[:16]
    info = BuildInfo(digest=digest, tool_version=__version__, pipeline=pipeline,
                     inputs=tuple((m["name"], m["sha256"]) for m in inputs_meta))
    triples = build_triples(corpus, coauthors, concepts, info, base=base)
    g = to_graph(triples)
    say(f"assembled {len(triples)} triples")
    lap("graphs_and_rdf")

    manifest = _manifest(corpus, report, inputs_meta, pipeline, model, len(triples), coauthors, concepts, acronyms)
    result = BuildResult(corpus, coauthors, concepts, paper_net, g, manifest, out_dir)
    if out_dir is None:
        return result

    names = ["kg.ttl", *[f"kg.{FORMATS[f]}" for f in formats if f != "ttl"],
             "coauthors.graphml", "concepts.graphml", "papers.graphml", "run.ttl", "manifest.json"]
    manifest["outputs"] = [*names, f"{STORE_DIR}/"]
    # Write everything into a temporary directory beside the outputs, then move each file into place:
    # an interrupted build never leaves a half-written file.
    tmp = Path(tempfile.mkdtemp(prefix=".kg-build-", dir=out_dir))
    try:
        write(triples, tmp / "kg.ttl", "ttl")
        for fmt in formats:
            if fmt != "ttl":
                write(triples, tmp / f"kg.{FORMATS[fmt]}", fmt)
        for name, G in (("coauthors", coauthors), ("concepts", concepts), ("papers", paper_net)):
            nx.write_graphml(G, tmp / f"{name}.graphml", encoding="utf-8", prettyprint=True)
        lap("write_files")
        store = _write_store(tmp / "kg.ttl", tmp / STORE_DIR)
        lap("store")
        if validate:
            report = check_store(store, triples=len(triples))
            manifest["validation"] = {"engine": "sparql", **report.summary()}
            say("validation: " + ("conforms" if report.conforms else f"{len(report.violations)} violation(s)"))
            if not report.conforms:
                raise ShapesViolation(f"the built graph violates ontology/shapes.ttl (nothing was replaced in "
                                      f"{out_dir}):\n{report.text(limit=5)}")
        else:
            manifest["validation"] = {"conforms": None, "skipped": True}
        del store  # closes the store before it is moved into place
        lap("validate")
        finished = datetime.now(timezone.utc)
        manifest["run"] = {
            "started": started.isoformat(timespec="seconds"),
            "finished": finished.isoformat(timespec="seconds"),
            "seconds": round(time.perf_counter() - clock, 3),
            "seconds_by_stage": stages,
            "host": platform.node(),
            "python": platform.python_version(),
        }
        _write_run(tmp / "run.ttl", info, started, finished, base)
        (tmp / "manifest.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        for name in names:
            os.replace(tmp / name, out_dir / name)
            result.written.append(out_dir / name)
        _replace_dir(tmp / STORE_DIR, out_dir / STORE_DIR)
        result.written.append(out_dir / STORE_DIR)
    except OSError as err:
        raise OutputError(f"{out_dir}: writing outputs failed ({err.strerror}); nothing was replaced "
                          "unless listed before this error") from None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    say(f"wrote {len(names)} files to {out_dir}")
    return result


def _write_store(ttl: Path, target: Path):
    """The embedded Oxigraph store that `kg query` and `kg serve` read (no Turtle re-parsing per query)."""
    import pyoxigraph as ox

    store = ox.Store(str(target))
    store.bulk_load(path=str(ttl), format=ox.RdfFormat.TURTLE)
    store.flush()
    store.optimize()
    return store


def _replace_dir(new: Path, target: Path) -> None:
    """Swap a directory into place: the old one is moved aside first and removed only after the swap."""
    old = target.with_name(f".{target.name}-old-{os.getpid()}")
    if target.exists():
        os.replace(target, old)
    os.replace(new, target)
    shutil.rmtree(old, ignore_errors=True)


def _manifest(corpus: Corpus, report: ReadReport, inputs_meta: list[dict[str, Any]], pipeline: str,
              model: str | None, triples: int, coauthors: nx.Graph, concepts: nx.Graph,
              acronyms: dict) -> dict[str, Any]:
    import spacy

    kinds = [k.value for k in ConceptKind]
    entity_counts = Counter(e.kind.value for e in corpus.entities)
    mention_counts = Counter(m.kind.value for m in corpus.mentions)
    with_entities = {m.paper_id for m in corpus.mentions}
    with_abstract = [p for p in corpus.papers if p.abstract]
    ambiguous = sorted(a.short for a in acronyms.values() if a.ambiguous)
    resolved = sum(1 for m in corpus.mentions if m.source == "corpus-acronym")
    return {
        "tool": {"name": "paper-kg", "version": __version__},
        "spacy": {"version": spacy.__version__, "model": model or "blank:en", "pipeline": pipeline},
        "inputs": inputs_meta,
        "counts": {
            "records_read": sum(report.records.values()),
            "papers": len(corpus.papers),
            "duplicates_merged": report.merged,
            "skipped_rows": len(report.skipped),
            "papers_with_authors": sum(1 for p in corpus.papers if p.authors),
            "authors": len(corpus.authors),
            "authorships": sum(len(p.authors) for p in corpus.papers),
            "truncated_author_lists": sum(1 for p in corpus.papers if p.authors_truncated),
            "papers_with_area": sum(1 for p in corpus.papers if p.area),
            "areas": len({p.area for p in corpus.papers if p.area}),
            "entities": {k: entity_counts.get(k, 0) for k in kinds},
            "mentions": {k: mention_counts.get(k, 0) for k in kinds},
            "coauthor_edges": coauthors.number_of_edges(),
            "concept_edges": concepts.number_of_edges(),
            "triples": triples,
        },
        "skipped": [{"location": loc, "reason": reason} for loc, reason in report.skipped],
        "quality": {
            "mentions_per_type": {k: mention_counts.get(k, 0) for k in kinds},
            "entities_per_type": {k: entity_counts.get(k, 0) for k in kinds},
            "acronyms_defined": len(acronyms),
            "acronyms_ambiguous": len(ambiguous),
            "ambiguous_acronyms": ambiguous,
            "acronym_uses_resolved_across_papers": resolved,
            "papers_without_entities": sum(1 for p in with_abstract if p.id not in with_entities),
            "share_papers_without_entities": round(
                sum(1 for p in with_abstract if p.id not in with_entities) / len(with_abstract), 4) if with_abstract else 0.0,
            "mentions_by_extractor": dict(sorted(Counter(m.source for m in corpus.mentions).items())),
        },
    }


def _write_run(path: Path, info: Any, started: datetime, finished: datetime, base: str | None) -> None:
    """Wall-clock facts of the run go here, not into kg.ttl, so that kg.ttl stays reproducible."""
    from rdflib import Graph, Literal

    from .ids import Minter
    from .vocab import PREFIXES, PROV, XSD

    mint = Minter(base) if base else Minter()
    g = Graph(bind_namespaces="none")
    for prefix in ("prov", "xsd", "kgr"):
        g.bind(prefix, PREFIXES[prefix])
    run = mint.build(info.digest)
    g.add((run, PROV.startedAtTime, Literal(started.isoformat(timespec="seconds"), datatype=XSD.dateTime)))
    g.add((run, PROV.endedAtTime, Literal(finished.isoformat(timespec="seconds"), datatype=XSD.dateTime)))
    g.serialize(destination=str(path), format="turtle")
