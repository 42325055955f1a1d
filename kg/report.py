"""A build directory → report.json, report.md and a self-contained report.html with SVG plots."""
from __future__ import annotations

import base64
import html
import io
import json
import os
import re
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import networkx as nx

from .errors import InputError, OutputError
from .metrics import KINDS, MetricsReport, Settings, _Deferred, compute

__all__ = ["FORMATS", "TITLE", "Build", "load_build", "to_json", "to_markdown", "to_html", "figures", "write_report"]

#: Report formats and the file each one writes.
FORMATS = {"html": "report.html", "md": "report.md", "json": "report.json"}
TITLE = "paper-kg graph report"
KIND_NAMES = {"METHOD": "Methods", "MODEL": "Models", "DATASET": "Datasets"}
BUILD_FILES = ("coauthors.graphml", "concepts.graphml", "papers.graphml", "manifest.json")
PARALLEL_BYTES = 5_000_000
_CSS = """body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:72em;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.6em 0 1.2em;font-size:13px}th,td{border:1px solid #ccc;padding:3px 7px;
text-align:left;vertical-align:top}th{background:#f3f3f3}td.n{text-align:right}figure{margin:1em 0}
figcaption{font-size:13px;color:#555}img{max-width:100%}nav a{margin-right:1em}p.note{color:#555;font-size:13px}"""


@dataclass(frozen=True, slots=True)
class Build:
    """The three graphs and the manifest of one build directory, as :func:`load_build` read them."""

    path: Path
    coauthors: nx.Graph
    concepts: nx.Graph
    papers: nx.Graph
    manifest: dict[str, Any]
    warnings: tuple[str, ...] = ()


_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")
_TYPES: dict[str, Any] = {"string": str, "int": int, "integer": int, "long": int, "float": float, "double": float,
                          "boolean": lambda text: {"true": True, "false": False, "1": True, "0": False}[text.lower()]}


def _parse_graphml(text: str) -> nx.Graph:
    """:func:`networkx.parse_graphml`, with a fast path for the flat undirected files ``kg build`` writes.

    networkx reads into a MultiGraph and converts it, which takes twice as long on the ICLR build;
    anything beyond plain keys, nodes, edges and data (defaults, directed edges, nested graphs,
    hyperedges, yFiles) is left to networkx.
    """
    root = ElementTree.fromstring(text)
    ns = root.tag[: -len("graphml")]
    keys: dict[str | None, tuple[str, Any]] = {}
    for key in root.findall(f"{ns}key"):
        if key.get("attr.type", "string") not in _TYPES or len(key) or key.get("yfiles.type"):
            return nx.parse_graphml(text)
        keys[key.get("id")] = (key.get("attr.name") or str(key.get("id")), _TYPES[key.get("attr.type", "string")])
    graphs = root.findall(f"{ns}graph")
    if len(graphs) != 1 or graphs[0].get("edgedefault") != "undirected" or len(root) != len(keys) + 1:
        return nx.parse_graphml(text)
    node_tag, edge_tag, data_tag = f"{ns}node", f"{ns}edge", f"{ns}data"
    G, nodes, edges = nx.Graph(), [], []
    for element in graphs[0]:
        data = {}
        for item in element:
            if item.tag != data_tag or item.get("key") not in keys or len(item):
                return nx.parse_graphml(text)
            name, kind = keys[item.get("key")]
            data[name] = kind(item.text) if item.text is not None else ""
        if element.tag == node_tag:
            nodes.append((element.get("id"), data))
        elif element.tag == edge_tag and element.get("directed") in (None, "false"):
            edges.append((element.get("source"), element.get("target"), data))
        else:  # graph-level data, a directed edge, a hyperedge: networkx knows what to do
            return nx.parse_graphml(text)
    if len({(min(u, v), max(u, v)) for u, v, _ in edges}) != len(edges):
        return nx.parse_graphml(text)  # parallel edges: networkx returns a MultiGraph
    G.add_nodes_from(nodes)
    G.add_edges_from(edges)
    return G


def _read_graphml(path: Path) -> nx.Graph:
    """Read GraphML; control characters that XML forbids are dropped, and noted in ``G.graph["kg_warnings"]``."""
    try:
        text, warnings = path.read_text(encoding="utf-8"), []
        if _XML_ILLEGAL.search(text):
            text, dropped = _XML_ILLEGAL.subn("", text)
            warnings.append(f"{path.name}: dropped {dropped} control character(s) that XML forbids")
        G = _parse_graphml(text)
        G.graph["kg_warnings"] = warnings
        return G
    except Exception as err:  # noqa: BLE001 - decoding, XML and networkx errors all mean an unreadable file
        raise InputError(f"not a readable GraphML file ({type(err).__name__})", path=str(path),
                         hint="rebuild it with `kg build`") from None


def load_build(build_dir: str | os.PathLike[str] = "exports") -> Build:
    """Read ``coauthors.graphml``, ``concepts.graphml``, ``papers.graphml`` and ``manifest.json``.

    Parameters
    ----------
    build_dir
        A directory written by ``kg build``.

    Returns
    -------
    Build

    Raises
    ------
    InputError
        A file is missing or unreadable; the message names it and says what to do.
    """
    path = Path(build_dir)
    for name in BUILD_FILES:
        if not (path / name).is_file():
            raise InputError(f"no build here ({name} missing)", path=str(build_dir),
                             hint="run `kg build` first or pass --dir")
    try:
        manifest = json.loads((path / "manifest.json").read_text(encoding="utf-8"))
        if not isinstance(manifest, dict):
            raise ValueError("not a JSON object")
    except (OSError, ValueError) as err:
        raise InputError(f"unreadable manifest ({err})", path=str(path / "manifest.json"),
                         hint="rebuild it with `kg build`") from None
    # The two large files are parsed side by side when there is a core to spare.
    concepts = _Deferred(_read_graphml, path / "concepts.graphml",
                         background=(path / "concepts.graphml").stat().st_size > PARALLEL_BYTES)
    coauthors, papers = (_read_graphml(path / f"{name}.graphml") for name in ("coauthors", "papers"))
    concepts_graph = concepts.result()
    warnings = tuple(w for G in (coauthors, concepts_graph, papers) for w in G.graph.pop("kg_warnings", ()))
    return Build(path, coauthors, concepts_graph, papers, manifest, warnings)


def to_json(report: MetricsReport) -> str:
    """The machine-readable twin: keys sorted, floats rounded, no timestamps (byte-identical per build)."""
    return json.dumps(report.as_dict(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def _fmt(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return {True: "yes", False: "no", None: "–"}[value]
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        return f"{value:,.4g}" if abs(value) < 1000 else f"{value:,.0f}"
    return str(value)


def _items(rows: Sequence[dict[str, Any]], key: str = "papers", label: str = "label") -> str:
    return ", ".join(f"{r[label]} ({_fmt(r[key])})" for r in rows) or "–"


def _ranking(top: dict[str, list[dict[str, Any]]], names: dict[str, str]) -> tuple[list[str], list[list[Any]]]:
    """One table with a column per ranking: rank, then "label (value)" cells."""
    depth = max((len(top[k]) for k in names), default=0)
    rows = [[i + 1, *(f"{top[k][i]['label']} ({_fmt(top[k][i]['value'])})" if i < len(top[k]) else "" for k in names)]
            for i in range(depth)]
    return ["#", *names.values()], rows


def _pair_rows(pairs: Sequence[dict[str, Any]]) -> list[list[Any]]:
    return [[p["source_label"], p["target_label"], p["papers"], p["association_strength"]] for p in pairs]


def _graph_blocks(name: str, g: dict[str, Any], what: str) -> list[tuple]:
    """Summary, rankings and communities of one graph."""
    if not g["nodes"]:
        return [("p", f"The {name} graph is empty in this build.")]
    c = g["communities"]
    notes = [f"Weighted degree, PageRank and Louvain use the edge attribute \"{g['weight']}\"; "
             "betweenness counts shortest paths in hops."]
    if g["betweenness_sampled"]:
        notes.append(f"Betweenness is estimated from {g['betweenness_sampled']} sampled source nodes "
                     f"(seed {c['seed']}) because the graph has {g['nodes']:,} nodes.")
    if g["clustering_sampled"]:
        notes.append(f"Average clustering is estimated from {g['clustering_sampled']:,} sampled nodes (seed {c['seed']}).")
    summary = [["nodes", g["nodes"]], ["edges", g["edges"]], ["density", g["density"]],
               ["average degree", g["average_degree"]], ["connected components", g["components"]],
               ["isolated nodes", g["isolates"]],
               ["largest component (nodes)", g["largest_component"]["nodes"]],
               ["largest component (share of nodes)", g["largest_component"]["share"]],
               ["average clustering", g["average_clustering"]],
               [f"communities (Louvain, seed {c['seed']})", c["count"]], ["modularity", c["modularity"]]]
    blocks: list[tuple] = [("table", ["measure", "value"], summary), ("p", " ".join(notes))]
    blocks.append(("fig", f"{name}_degrees", f"Degree distribution of the {name} graph (log–log)."))
    blocks.append(("h3", f"Top {what}"))
    blocks.append(("table", *_ranking(g["top"], {"papers": "papers", "degree": "degree", "weighted_degree":
                                                 "weighted degree", "pagerank": "PageRank", "betweenness": "betweenness"})))
    blocks.append(("h3", "Communities"))
    rows = []
    for item in c["items"]:
        extra = (_items(item["top_concepts"]) if "top_concepts" in item
                 else _items(item.get("top_areas", []), "mentions", "area"))
        rows.append([item["id"] + 1, item["size"], ", ".join(item["top_labels"]), extra])
    blocks.append(("table", ["#", "size", f"top {what}", "top concepts (papers)" if name == "co-author"
                             else "top areas (mentions)"], rows))
    blocks.append(("fig", f"{name}_communities", f"Sizes of the largest {name} communities."))
    return blocks


def _blocks(report: MetricsReport) -> list[tuple]:
    """The report as a list of blocks: ("h2"|"h3"|"p", text), ("table", headers, rows), ("fig", key, caption)."""
    r, co, cg, cc, q = report.corpus, report.graphs["coauthors"], report.graphs["concepts"], report.concepts, report.quality
    inputs = ", ".join(f"{i['name']} ({_fmt(i['records'])} records)" for i in report.build.get("inputs", [])) or "–"
    tool = report.build.get("tool", {})
    b: list[tuple] = [("p", f"Built by {tool.get('name', 'paper-kg')} {tool.get('version', '')} from {inputs}. "
                            f"{_fmt(r['papers'])} papers, {_fmt(r['authors'])} authors, "
                            f"{_fmt(sum(r['entities_per_type'].values()))} methods, models and datasets.")]
    apa, epp = r["authors_per_paper"], r["entities_per_paper"]
    b += [("h2", "Corpus"), ("table", ["measure", "value"], [
        ["papers", r["papers"]], ["authors", r["authors"]], ["authorships", r["authorships"]],
        ["papers with an author list", r["papers_with_authors"]], ["truncated author lists (等 / et al.)", r["truncated_author_lists"]],
        ["authors per paper (mean / median / max)", f"{_fmt(apa['mean'])} / {_fmt(apa['median'])} / {_fmt(apa['max'])}"],
        ["single-author papers (share)", f"{_fmt(r['single_author_papers'])} ({_fmt(r['single_author_share'])})"],
        ["collaboration index (authors per multi-author paper)", r["collaboration_index"]],
        ["papers per author", r["papers_per_author"]], ["subject areas", r["areas"]],
        ["papers without an area", r["papers_without_area"]],
        *[[f"{KIND_NAMES[k].lower()}", r["entities_per_type"][k]] for k in KINDS],
        ["mentions", r["mentions"]], ["mentions per paper", r["mentions_per_paper"]],
        ["distinct entities per paper (mean / median / max)", f"{_fmt(epp['mean'])} / {_fmt(epp['median'])} / {_fmt(epp['max'])}"],
        ["papers without entities (share)", f"{_fmt(r['papers_without_entities'])} ({_fmt(r['share_papers_without_entities'])})"]])]
    b.append(("fig", "authors_per_paper", "Authors per paper and distinct entities per paper."))
    b += [("h3", "Papers per area"), ("table", ["area", "papers"], [[a["area"], a["papers"]] for a in r["papers_per_area"][:40]])]
    b.append(("fig", "areas", "Papers per subject area."))
    b.append(("h3", "Top keywords"))
    if r["top_keywords"] is None:
        b.append(("p", "This build's papers.graphml carries no keywords."))
    else:
        b.append(("table", ["keyword", "papers"], [[k["keyword"], k["papers"]] for k in r["top_keywords"]] or [["–", 0]]))
    b += [("h2", "Co-author network"), *_graph_blocks("co-author", co, "authors")]
    b += [("h2", "Concept network"), *_graph_blocks("concept", cg, "concepts")]
    for title, key, value in (("Most used", "most_used", "papers"), ("Most proposed", "most_proposed", "proposed_in")):
        depth = max(len(v) for v in cc[key].values())
        rows = [[i + 1, *(f"{cc[key][k][i]['label']} ({_fmt(cc[key][k][i][value])})" if i < len(cc[key][k]) else ""
                          for k in KINDS)] for i in range(depth)]
        b += [("h3", f"{title} methods, models and datasets ({value.replace('_', ' ')})"),
              ("table", ["#", *KIND_NAMES.values()], rows)]
    b += [("h3", "Per area (papers mentioning each)"), ("table", ["area", "papers", *KIND_NAMES.values(), "proposed"],
          [[a["area"], a["papers"], *(_items(a["used"][k]) for k in KINDS), _items(a["proposed"])] for a in cc["per_area"]])]
    b.append(("fig", "heatmap", "Share of each area's papers that mention the most used entities."))
    b += [("h3", "Most frequent co-occurrences"), ("table", ["entity", "entity", "papers", "association strength"], _pair_rows(cc["frequent_pairs"])),
          ("h3", "Strongest associations"),
          ("p", f"Association strength N·c/(s₁s₂) (observed over expected co-mentions), among pairs mentioned together "
                f"in at least {cc['strongest_pairs_min_papers']} papers."),
          ("table", ["entity", "entity", "papers", "association strength"], _pair_rows(cc["strongest_pairs"])),
          ("h3", "Entities that bridge areas"),
          ("p", "Ranked by the effective number of areas of their papers, exp(Shannon entropy)."),
          ("table", ["entity", "type", "papers", "areas", "effective areas", "main areas"],
           [[e["label"], e["kind"], e["papers"], e["areas"], e["effective_areas"], _items(e["top_areas"], "papers", "area")]
            for e in cc["bridges"]])]
    counts, ext = q["counts"], q["extraction"]
    rows = [[k.replace("_", " "), v] for k, v in counts.items()]
    rows += [[k.replace("_", " "), v] for k, v in ext.items() if isinstance(v, (int, float))]
    b += [("h2", "Quality"), ("table", ["measure", "value"], rows)]
    for warning in q.get("load_warnings", []):
        b.append(("p", f"Warning: {warning}."))
    if ext.get("ambiguous_acronyms"):
        shown, more = ext["ambiguous_acronyms"][:40], len(ext["ambiguous_acronyms"]) - 40
        b.append(("p", "Ambiguous acronyms (left unresolved): " + ", ".join(shown)
                  + (f" and {more:,} more (see report.json)." if more > 0 else ".")))
    if ext.get("mentions_by_extractor"):
        b.append(("table", ["extractor", "mentions"], [[k, v] for k, v in ext["mentions_by_extractor"].items()]))
    b.append(("table", ["skipped row", "reason"], [[s.get("location", ""), s.get("reason", "")] for s in q["skipped"]])
             if q["skipped"] else ("p", "No rows were skipped."))
    v = q["validation"]
    b.append(("p", "Validation: not run for this build." if v is None else
              "Validation: " + (", ".join(f"{k.replace('_', ' ')} {_fmt(x)}" for k, x in sorted(v.items())
                                          if not isinstance(x, (list, dict))) if isinstance(v, dict) else _fmt(v)) + "."))
    if isinstance(v, dict) and isinstance(v.get("by_message"), dict) and v["by_message"]:
        b.append(("table", ["violation", "count"], sorted(([k, n] for k, n in v["by_message"].items()),
                                                           key=lambda kn: (-kn[1], kn[0]))[:30]))
    s = report.settings or {}
    b += [("h2", "Method"), ("p", f"Louvain communities (Blondel et al. 2008) and sampled estimates use seed {s.get('seed')}; "
          "betweenness is sampled (Brandes & Pich 2007) only when exact computation is too costly. The collaboration index is "
          "the mean number of authors of multi-author papers (Elango & Rajendran 2012). Co-author edge weights are "
          "Newman's fractional counts; concept edges weigh co-mentions. Areas are first-level subject areas.")]
    return b


def _md_cell(value: Any) -> str:
    return _fmt(value).replace("|", "\\|").replace("\n", " ")


def to_markdown(report: MetricsReport) -> str:
    """The report as GitHub-flavoured Markdown (tables; the plots are in report.html)."""
    out = [f"# {TITLE}", ""]
    for block in _blocks(report):
        if block[0] in ("h2", "h3"):
            out += [f"{'#' * int(block[0][1])} {block[1]}", ""]
        elif block[0] == "p":
            out += [block[1], ""]
        elif block[0] == "table" and block[2]:
            out.append("| " + " | ".join(block[1]) + " |")
            out.append("|" + "|".join("---:" if isinstance(c, (int, float)) else "---" for c in block[2][0]) + "|")
            out += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in block[2]]
            out.append("")
    return "\n".join(out).rstrip() + "\n"


def _svg(fig: Any) -> str:
    import matplotlib

    buffer = io.StringIO()
    # A fixed hash salt and no date make matplotlib's SVG byte-identical from run to run.
    with matplotlib.rc_context({"svg.hashsalt": "paper-kg", "svg.fonttype": "none"}):
        fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None}, bbox_inches="tight")
    return buffer.getvalue()


def _short(text: Any, n: int) -> str:
    text = str(text)
    return text if len(text) <= n else text[:n - 1] + "…"


def _bars(ax: Any, labels: Sequence[str], values: Sequence[float], horizontal: bool = False) -> None:
    from matplotlib.ticker import MaxNLocator

    (ax.xaxis if horizontal else ax.yaxis).set_major_locator(MaxNLocator(integer=True))
    if horizontal:
        ax.barh(range(len(values)), values, color="#4878a8")
        ax.set_yticks(range(len(labels)), [_short(x, 60) for x in labels], fontsize=8)
        ax.invert_yaxis()
    else:  # counts on the x axis: numeric positions, so that long ranges get readable ticks
        ax.bar(labels, values, color="#4878a8")
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def figures(report: MetricsReport) -> dict[str, str]:
    """The plots as SVG texts keyed by name; a plot without data is left out.

    matplotlib's object API is used without pyplot, so no backend or global figure state is involved.
    """
    from matplotlib.figure import Figure

    r, cc, out = report.corpus, report.concepts, {}
    fig = Figure(figsize=(9, 3))
    left, right = fig.subplots(1, 2)
    if r["authors_per_paper"]["distribution"]:
        _bars(left, *zip(*r["authors_per_paper"]["distribution"]))
    else:
        left.text(0.5, 0.5, "no author lists", ha="center", va="center", transform=left.transAxes)
        left.set(xticks=[], yticks=[])
    left.set(xlabel="authors", ylabel="papers", title="Authors per paper")
    if r["entities_per_paper"]["distribution"]:
        _bars(right, *zip(*r["entities_per_paper"]["distribution"]))
    right.set(xlabel="distinct entities", ylabel="papers", title="Entities per paper")
    out["authors_per_paper"] = _svg(fig)
    if r["papers_per_area"]:
        areas = r["papers_per_area"][:30]
        fig = Figure(figsize=(9, 0.8 + 0.25 * len(areas)))
        ax = fig.subplots()
        _bars(ax, [a["area"] for a in areas], [a["papers"] for a in areas], horizontal=True)
        ax.set(xlabel="papers")
        out["areas"] = _svg(fig)
    for name, key in (("co-author", "coauthors"), ("concept", "concepts")):
        g = report.graphs[key]
        points = [(k, c) for k, c in g["degree_distribution"] if k > 0]
        if points:
            fig = Figure(figsize=(4.5, 3.2))
            ax = fig.subplots()
            ax.loglog(*zip(*points), "o", markersize=4, color="#4878a8")
            ax.set(xlabel="degree", ylabel="nodes", title=f"{name} degree distribution")
            out[f"{name}_degrees"] = _svg(fig)
        items = g["communities"]["items"]
        if items:
            fig = Figure(figsize=(9, 0.8 + 0.3 * len(items)))
            ax = fig.subplots()
            _bars(ax, [f"{i['id'] + 1}. {', '.join(i['top_labels'][:3])}" for i in items], [i["size"] for i in items], True)
            ax.set(xlabel="members")
            out[f"{name}_communities"] = _svg(fig)
    heat = cc["heatmap"]
    if heat["areas"] and heat["entities"]:
        shares = [[c / n if n else 0.0 for c in row] for row, n in zip(heat["counts"], heat["area_papers"])]
        fig = Figure(figsize=(1.5 + 0.42 * len(heat["entities"]), 1.6 + 0.3 * len(heat["areas"])))
        ax = fig.subplots()
        image = ax.imshow(shares, aspect="auto", cmap="viridis")
        ax.set_xticks(range(len(heat["labels"])), [_short(x, 30) for x in heat["labels"]], rotation=60, ha="right", fontsize=8)
        ax.set_yticks(range(len(heat["areas"])), [f"{_short(a, 50)} ({n:,})" for a, n in zip(heat["areas"], heat["area_papers"])], fontsize=8)
        fig.colorbar(image, ax=ax, label="share of the area's papers")
        out["heatmap"] = _svg(fig)
    return out


def to_html(report: MetricsReport, plots: dict[str, str] | None = None) -> str:
    """One self-contained HTML page: inline CSS, plots as SVG data URIs, nothing loaded from the network."""
    plots = figures(report) if plots is None else plots
    esc, body, toc = html.escape, [], []
    for block in _blocks(report):
        kind = block[0]
        if kind == "h2":
            anchor = block[1].lower().replace(" ", "-")
            toc.append(f'<a href="#{anchor}">{esc(block[1])}</a>')
            body.append(f'<h2 id="{anchor}">{esc(block[1])}</h2>')
        elif kind == "h3":
            body.append(f"<h3>{esc(block[1])}</h3>")
        elif kind == "p":
            body.append(f"<p>{esc(block[1])}</p>")
        elif kind == "table" and block[2]:
            head = "".join(f"<th>{esc(h)}</th>" for h in block[1])
            rows = "".join("<tr>" + "".join(
                f'<td class="n">{esc(_fmt(c))}</td>' if isinstance(c, (int, float)) and not isinstance(c, bool)
                else f"<td>{esc(_fmt(c))}</td>" for c in row) + "</tr>" for row in block[2])
            body.append(f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")
        elif kind == "fig" and block[1] in plots:
            data = base64.b64encode(plots[block[1]].encode("utf-8")).decode("ascii")
            body.append(f'<figure><img alt="{esc(block[2])}" src="data:image/svg+xml;base64,{data}">'
                        f"<figcaption>{esc(block[2])}</figcaption></figure>")
    csp = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f'<meta http-equiv="Content-Security-Policy" content="{csp}">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{esc(TITLE)}</title><style>{_CSS}</style></head>\n<body>\n<h1>{esc(TITLE)}</h1>\n"
            f"<nav>{''.join(toc)}</nav>\n" + "\n".join(body) + "\n</body></html>\n")


def _write_atomic(path: Path, text: str) -> None:
    """Write beside the target, then rename: readers never see a half-written report."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        with open(tmp, "x", encoding="utf-8", newline="\n") as handle:  # "x" honours the umask, unlike mkstemp
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_report(build_dir: str | os.PathLike[str] = "exports", formats: Iterable[str] = ("html", "md", "json"), *,
                 settings: Settings | None = None) -> list[Path]:
    """Compute the metrics of a build and write ``report.html``, ``report.md`` and/or ``report.json`` into it.

    Parameters
    ----------
    build_dir
        A directory written by ``kg build`` (default ``exports``).
    formats
        Any of ``html``, ``md``, ``json``.
    settings
        Seed, list lengths and sampling thresholds (:class:`kg.metrics.Settings`).

    Returns
    -------
    list of Path
        The files written, in the order of ``formats``.

    Raises
    ------
    InputError
        No build in ``build_dir``, an unreadable build file, or an unknown format.
    OutputError
        A report file cannot be written.
    """
    names = list(dict.fromkeys(formats))
    for name in names:
        if name not in FORMATS:
            raise InputError(f"unknown report format {name!r}", hint=f"use {', '.join(FORMATS)}")
    build = load_build(build_dir)
    report = compute(build.coauthors, build.concepts, build.papers, build.manifest, settings=settings,
                     warnings=build.warnings)
    render = {"html": to_html, "md": to_markdown, "json": to_json}
    written = []
    for name in names:
        path = Path(build_dir) / FORMATS[name]
        try:
            _write_atomic(path, render[name](report))
        except OSError as err:
            raise OutputError(f"{path}: cannot write the report ({err.strerror or err}); "
                              "check that the directory is writable or pass another --dir") from None
        written.append(path)
    return written
