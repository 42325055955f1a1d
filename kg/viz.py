"""Build graphs → one self-contained interactive pyvis HTML map (filters, styling, tooltips, layout)."""
from __future__ import annotations

import difflib
import html
import json
import math
import os
import re
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import networkx as nx

from .errors import InputError, OutputError
from .export import GRAPHS, communities, layout, load_graph, write_atomic

__all__ = ["SIZES", "MapResult", "graph_kind", "filter_graph", "ego_graph", "centrality", "top_nodes",
           "write_html", "write_map"]

#: Node size measures (``--size``).
SIZES = ("degree", "pagerank", "papers")
ENTITY_KINDS = ("METHOD", "MODEL", "DATASET")
#: Above this many nodes the layout is computed in Python and physics is off, so the page opens at once.
PHYSICS_LIMIT = 300
#: Larger selections are refused: the page would be slow and unreadable (use the filters).
MAX_NODES = 5000
# Tableau 10 plus two: distinguishable, and readable under a white label outline.
PALETTE = ("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f",
           "#8cd17d", "#499894", "#d37295")
OTHER = "#c4c4c4"
KIND_STYLE = {"METHOD": ("#4e79a7", "diamond", "method"), "MODEL": ("#f28e2b", "triangle", "model"),
              "DATASET": ("#59a14f", "star", "dataset"), "paper": ("#8c8c8c", "square", "paper"),
              "author": ("#e15759", "dot", "author")}
RELATION_COLOURS = {"authored": "#b0b0b0", "proposes": "#d62728", "uses": "#9ecae1"}
TITLES = {"coauthor": "Co-author map", "concept": "Concept map", "papers": "Paper–author–entity map"}
_REMOTE_TAG = re.compile(r"<(link|script)\b[^>]*\b(?:href|src)\s*=\s*[\"'](?:[a-z]+:)?//[^>]*>(?:\s*</script>)?",
                         re.IGNORECASE)
# Empty headings, and the commented-out local script and style links of pyvis's template.
_LEFTOVERS = re.compile(r"<center>\s*<h1>\s*</h1>\s*</center>|<!--\s*<link.*?-->", re.DOTALL)


@dataclass(frozen=True)
class MapResult:
    """A map written by :func:`write_html`: its path, node and edge counts, and whether physics runs."""

    path: Path
    nodes: int
    edges: int
    physics: bool


def graph_kind(G: nx.Graph) -> str:
    """Which build graph ``G`` is: ``papers`` (has paper nodes), ``coauthor`` (only authors) or ``concept``.

    >>> graph_kind(nx.Graph([("a", "b")]))
    'concept'
    """
    kinds = {k for _, k in G.nodes(data="kind")}
    if "paper" in kinds:
        return "papers"
    return "coauthor" if kinds == {"author"} else "concept"


def filter_graph(G: nx.Graph, *, papers: nx.Graph | None = None, area: str | None = None,
                 types: Iterable[str] = (), min_weight: float | None = None) -> nx.Graph:
    """The part of ``G`` in a subject area, of some entity types, and with links of at least some weight.

    ``area`` keeps what belongs to papers whose area, top-level area or subarea is ``area`` (any case;
    the co-author and concept graphs need the paper graph ``papers`` for it); ``types`` keeps entities
    of those types (papers and authors stay); ``min_weight`` drops lighter links, then the nodes this
    left without any. Returns a new graph; ``G`` is not modified.

    Raises
    ------
    InputError
        An unknown area or type, or a filter that does not apply to this graph.

    Examples
    --------
    >>> G = nx.Graph([("a", "b", {"weight": 2.0}), ("b", "c", {"weight": 0.5})])
    >>> sorted(filter_graph(G, min_weight=1).nodes)
    ['a', 'b']
    """
    kind = graph_kind(G)
    H = G.subgraph(_area_nodes(G, kind, papers, area)).copy() if area else G.copy()
    wanted = {t.upper() for t in types}
    if wanted:
        if kind == "coauthor":
            raise InputError("--type applies to the concept and papers maps", hint="drop --type for the co-author map")
        bad = sorted(wanted - set(ENTITY_KINDS))
        if bad:
            raise InputError(f"unknown entity type {bad[0]!r}", hint=f"use {', '.join(ENTITY_KINDS)}")
        H.remove_nodes_from([n for n, k in G.nodes(data="kind") if k in ENTITY_KINDS and k not in wanted])
    if min_weight is not None:
        if kind == "papers":
            raise InputError("--min-weight applies to the co-author and concept maps (papers links have no weight)",
                             hint="drop --min-weight for the papers map")
        linked = [n for n in H if H.degree(n)]
        H.remove_edges_from([(u, v) for u, v, w in H.edges(data="weight", default=1.0) if w < min_weight])
        H.remove_nodes_from([n for n in linked if not H.degree(n)])
    return H


def _area_nodes(G: nx.Graph, kind: str, papers: nx.Graph | None, area: str) -> set[Hashable]:
    """Papers of the area and their neighbours, or the authors/entities of those papers."""
    P = G if kind == "papers" else papers
    if P is None:
        raise InputError("--area needs the paper graph (papers.graphml)", hint="pass the whole build directory with --dir")
    wanted = area.strip().casefold()
    matched = [n for n, d in P.nodes(data=True) if d.get("kind") == "paper" and any(
        part.strip().casefold() == wanted for part in [d.get("area") or "", *(d.get("area") or "").split("·")] if part)]
    if not matched:
        known = sorted({d["area"] for _, d in P.nodes(data=True) if d.get("kind") == "paper" and d.get("area")})
        hint = (f"known areas: {'; '.join(known[:10])}{' …' if len(known) > 10 else ''}" if known
                else "this build has no subject areas")
        raise InputError(f"no paper in area {area!r}", hint=hint)
    near = {m for n in matched for m in P[n]}
    if kind == "papers":
        return set(matched) | near
    prefix = "author:" if kind == "coauthor" else "entity:"
    keys: set[Hashable] = {str(n)[len(prefix):] for n in near if str(n).startswith(prefix)}
    return keys & set(G)


def ego_graph(G: nx.Graph, name: str, depth: int = 1) -> nx.Graph:
    """The neighbourhood, up to ``depth`` links away, of every node labelled ``name`` (any case).

    Raises
    ------
    InputError
        No node has that label (the message suggests close ones), or ``depth`` is negative.

    Examples
    --------
    >>> G = nx.path_graph(4)
    >>> nx.set_node_attributes(G, {n: f"N{n}" for n in G}, "label")
    >>> sorted(ego_graph(G, "n0", depth=2).nodes)
    [0, 1, 2]
    """
    if depth < 0:
        raise InputError(f"--depth must be 0 or more, not {depth}")
    wanted = name.strip().casefold()
    centres = [n for n, label in G.nodes(data="label", default=None)
               if str(n if label is None else label).casefold() == wanted]
    if not centres:
        labels = sorted({str(n if lab is None else lab) for n, lab in G.nodes(data="label", default=None)})
        close = difflib.get_close_matches(name, labels, n=3, cutoff=0.6)
        close += [lab for lab in labels if wanted and wanted in lab.casefold()][:3]
        what = {"coauthor": "author", "concept": "entity"}.get(graph_kind(G), "node")
        hint = (f"did you mean {', '.join(repr(s) for s in list(dict.fromkeys(close))[:5])}?" if close
                else "check the spelling (names are matched whole, in any case)")
        raise InputError(f"no {what} named {name!r} in this map", hint=hint)
    keep: set[Hashable] = set()
    for centre in centres:
        keep |= set(nx.single_source_shortest_path_length(G, centre, cutoff=depth))
    return G.subgraph(keep).copy()


def centrality(G: nx.Graph, size: str = "degree") -> dict[Hashable, float]:
    """How central each node is: ``degree`` centrality, weighted ``pagerank``, or number of ``papers``.

    In the papers graph, ``papers`` counts a node's paper neighbours (1 for a paper).

    >>> centrality(nx.Graph([("a", "b"), ("a", "c")]))["a"]
    1.0
    """
    if size not in SIZES:
        raise InputError(f"unknown size measure {size!r}", hint=f"use {', '.join(SIZES)}")
    if size == "degree":
        return dict(nx.degree_centrality(G)) if len(G) > 1 else {n: 0.0 for n in G}
    if size == "pagerank":
        try:
            return {n: float(v) for n, v in nx.pagerank(G, weight="weight", max_iter=500).items()}
        except nx.PowerIterationFailedConvergence:
            return dict(nx.degree_centrality(G))
    if graph_kind(G) == "papers":
        return {n: 1.0 if d.get("kind") == "paper" else float(sum(G.nodes[m].get("kind") == "paper" for m in G[n]))
                for n, d in G.nodes(data=True)}
    return {n: float(d.get("papers") or 0) for n, d in G.nodes(data=True)}


def _ranked(G: nx.Graph, scores: Mapping[Hashable, float]) -> list[Hashable]:
    """Most central first; ties by label then id, so that the choice is reproducible."""
    return sorted(G, key=lambda n: (-scores.get(n, 0.0), str(G.nodes[n].get("label", n)), str(n)))


def top_nodes(G: nx.Graph, n: int, scores: Mapping[Hashable, float], *, links: int = 10) -> nx.Graph:
    """The ``n`` most central nodes, each keeping its ``links`` strongest links among them (0: all links).

    Strength is the edge ``weight``, or for unweighted edges the other end's score.

    >>> G = nx.star_graph(5)
    >>> sorted(top_nodes(G, 3, centrality(G)).nodes)
    [0, 1, 2]
    """
    if n < 1:
        raise InputError(f"--top must be at least 1, not {n}")
    H = G.subgraph(_ranked(G, scores)[:n]).copy()
    if links < 1:
        return H
    keep: set[frozenset[Hashable]] = set()
    for u in H:
        ends = sorted(H[u], key=lambda v: (-float(H.edges[u, v].get("weight", scores.get(v, 0.0))), str(v)))
        keep.update(frozenset((u, v)) for v in ends[:links])
    H.remove_edges_from([(u, v) for u, v in list(H.edges) if frozenset((u, v)) not in keep])
    return H


# ---- tooltips: every piece of data text goes through html.escape -----------------------------------------


def _esc(text: Any, limit: int = 160) -> str:
    text = " ".join(str(text).split())
    return html.escape(text if len(text) <= limit else text[: limit - 1] + "…")


def _paper_title(data: Mapping[str, Any]) -> str:
    """The title, else the abstract's first sentence."""
    return str(data["title"]) if data.get("title") else re.split(r"(?<=[.!?])\s+", str(data.get("abstract") or data.get("label") or ""), maxsplit=1)[0]


def _listing(label: str, items: list[str], total: int | None = None) -> str:
    more = (total or len(items)) - len(items)
    return (f"<br><b>{label}</b><ul>" + "".join(f"<li>{item}</li>" for item in items) + "</ul>"
            + (f" <i>and {more} more</i>" if more > 0 else "")) if items else ""


def _paper_lines(P: nx.Graph | None, node: str, relation: str | None = None, limit: int = 5) -> tuple[list[str], int]:
    """Escaped titles of the papers linked to ``node`` in the paper graph (by ``relation``), and their count."""
    if P is None or node not in P:
        return [], 0
    found = [m for m in P[node] if P.nodes[m].get("kind") == "paper"
             and (relation is None or P.edges[node, m].get("relation") == relation)]
    found.sort(key=lambda m: (-int(P.nodes[m].get("year") or 0), _paper_title(P.nodes[m])))
    return [_esc(_paper_title(P.nodes[m]), 120) for m in found[:limit]], len(found)


def _node_tip(n: Hashable, kind: str, graph: str, context: nx.Graph, P: nx.Graph | None) -> str:
    d = context.nodes[n]
    head = f"<b>{_esc(d.get('label', n))}</b>"
    if kind == "paper":
        ends = sorted(context[n].items(), key=lambda e: e[1].get("position", 0))  # papers are in the papers graph
        authors = [_esc(context.nodes[m].get("label", m), 60) for m, e in ends if e.get("relation") == "authored"]
        proposes = [_esc(context.nodes[m].get("label", m), 60) for m, e in ends if e.get("relation") == "proposes"]
        uses = [_esc(context.nodes[m].get("label", m), 60) for m, e in ends if e.get("relation") == "uses"]
        where = " · ".join(_esc(x) for x in (d.get("area"), d.get("venue")) if x)
        return (f"<b>{_esc(_paper_title(d), 200)}</b>" + (f"<br>{where}" if where else "")
                + (f"<br><b>Authors:</b> {', '.join(authors[:12])}{' …' if len(authors) > 12 else ''}" if authors else "")
                + (f"<br><b>Proposes:</b> {', '.join(proposes[:8])}" if proposes else "")
                + (f"<br><b>Uses:</b> {', '.join(uses[:8])}{' …' if len(uses) > 8 else ''}" if uses else ""))
    key = str(n) if graph == "papers" else ("author:" if kind == "author" else "entity:") + str(n)
    if kind == "author":
        titles, count = _paper_lines(P, key)
        count = count or int(d.get("papers") or 0)
        if graph == "coauthor":
            peers = sorted(context[n].items(), key=lambda e: (-e[1].get("papers", 0), -e[1].get("weight", 0), str(e[0])))
            names = [f"{_esc(context.nodes[m].get('label', m), 60)} ({e.get('papers', 1)})" for m, e in peers[:6]]
        else:
            shared: Counter[Hashable] = Counter(a for p in context[n] for a in context[p]
                                                if a != n and context.nodes[a].get("kind") == "author")
            names = [f"{_esc(context.nodes[m].get('label', m), 60)} ({c})" for m, c in shared.most_common(6)]
        return (head + f"<br>author · {count} paper{'s' if count != 1 else ''}"
                + (f"<br><b>Top co-authors:</b> {', '.join(names)}" if names else "")
                + _listing("Papers", titles, count))
    proposed, n_proposed = _paper_lines(P, key, "proposes", 3)
    used, n_used = _paper_lines(P, key, "uses", 5)
    papers = int(d.get("papers") or (n_proposed + n_used))
    facts = [KIND_STYLE.get(kind, ("", "", kind.lower()))[2], f"{papers} paper{'s' if papers != 1 else ''}",
             *([f"proposed in {d['proposed_in']}"] if d.get("proposed_in") else [])]
    return (head + "<br>" + " · ".join(facts)
            + (f"<br><b>Also:</b> {_esc(d['aliases'], 240)}" if d.get("aliases") else "")
            + (f"<br><b>Family:</b> {_esc(d['broader'])}" if d.get("broader") else "")
            + _listing("Proposed in", proposed, n_proposed) + _listing("Used in", used, n_used))


def _edge_tip(G: nx.Graph, u: Hashable, v: Hashable, graph: str) -> str:
    d = G.edges[u, v]
    ends = f"{_esc(G.nodes[u].get('label', u), 60)} — {_esc(G.nodes[v].get('label', v), 60)}"
    if graph == "coauthor":
        return f"{ends}<br>{d.get('papers', 0)} joint paper(s) · weight {float(d.get('weight', 0)):.3g}"
    if graph == "concept":
        return f"{ends}<br>{d.get('papers', 0)} paper(s) mention both · association strength {float(d.get('weight', 0)):.3g}"
    position = f", author {d['position']}" if d.get("position") else ""
    return f"{ends}<br>{_esc(d.get('relation', 'linked'))}{position}"


# ---- the page ------------------------------------------------------------------------------------------------


def _scaled(value: float, top: float, low: float, high: float) -> float:
    return round(low + (high - low) * math.sqrt(value / top), 2) if top > 0 else low


def _styles(G: nx.Graph, graph: str, seed: int) -> tuple[dict[Hashable, tuple[str, str]], list[tuple[str, str, str]]]:
    """Colour and shape per node, and the legend's (colour, shape, text) rows."""
    if graph == "coauthor":
        number = communities(G, seed=seed)
        sizes = Counter(number.values())
        members: dict[int, list[Hashable]] = {}
        for n in sorted(G, key=lambda n: (-G.degree(n), str(n))):
            members.setdefault(number[n], []).append(n)
        style = {n: (PALETTE[c] if c < len(PALETTE) and sizes[c] > 1 else OTHER, "dot") for n, c in number.items()}
        rows = [(PALETTE[c], "dot", f"community {c + 1}: {sizes[c]} authors, e.g. "
                 + ", ".join(_esc(G.nodes[m].get("label", m), 40) for m in members[c][:2]))
                for c in range(min(len(PALETTE), len(sizes))) if sizes[c] > 1]
        rest = sum(1 for n in G if style[n][0] == OTHER)
        if rest:
            rows.append((OTHER, "dot", f"smaller communities and solo authors: {rest}"))
        return style, rows
    kinds = Counter(k for _, k in G.nodes(data="kind"))
    style = {n: KIND_STYLE.get(k, (OTHER, "dot", ""))[:2] for n, k in G.nodes(data="kind")}
    rows = [(colour, shape, f"{name}: {kinds[kind]}") for kind, (colour, shape, name) in KIND_STYLE.items() if kinds[kind]]
    return style, rows


def _legend(title: str, G: nx.Graph, rows: list[tuple[str, str, str]], notes: Iterable[str], physics: bool) -> str:
    marks = {"dot": "●", "square": "■", "diamond": "◆", "triangle": "▲", "star": "★"}
    items = "".join(f'<li><span style="color:{colour}">{marks.get(shape, "●")}</span> {text}</li>'
                    for colour, shape, text in rows)
    facts = [f"{G.number_of_nodes():,} nodes · {G.number_of_edges():,} links", *notes,
             "precomputed layout (physics off)" if not physics else "force layout, frozen once settled",
             "hover for details · scroll to zoom · drag to pan"]
    return (f'<aside id="kg-side"><h1>{_esc(title)}</h1><ul class="kg-keys">{items}</ul>'
            + "".join(f"<p>{fact}</p>" for fact in facts) + "</aside>")


_CSS = """
html, body { margin: 0; height: 100%; overflow: hidden; font-family: system-ui, sans-serif; }
body { display: flex; }
#kg-side { flex: 0 0 270px; height: 100vh; overflow: auto; box-sizing: border-box; padding: 10px 12px;
  border-right: 1px solid #ddd; background: #fafafa; font-size: 12px; }
#kg-side h1 { font-size: 15px; margin: 0 0 8px; }
#kg-side p { margin: 4px 0; color: #444; }
.kg-keys { list-style: none; padding: 0; margin: 6px 0 10px; }
.kg-keys li { margin: 2px 0; }
.kg-keys span { font-size: 15px; }
.card { flex: 1 1 auto; min-width: 0; width: auto !important; }
#mynetwork { width: 100% !important; height: 100vh !important; float: none !important; border: 0 !important; }
div.vis-tooltip { white-space: normal; max-width: 440px; font-size: 12px; line-height: 1.35; }
.kg-tip ul { margin: 2px 0 2px 16px; padding: 0; }
"""

# Tooltip markup is built in Python from html.escape()d text only; it becomes a DOM element because
# vis-network shows a string title as plain text.
_SCRIPT = """
(function () {
  var map = window.kgMap = {drawn: null, stabilized: null, physics: %s, tooltips: 0};
  network.once("afterDrawing", function () { map.drawn = performance.now(); });
  function tip(markup) { var box = document.createElement("div"); box.className = "kg-tip"; box.innerHTML = markup; return box; }
  ["nodes", "edges"].forEach(function (what) {
    var data = network.body.data[what], changes = [];
    data.forEach(function (item) { if (item.tip) { changes.push({id: item.id, title: tip(item.tip)}); } });
    data.update(changes);
    map.tooltips += changes.length;
  });
  if (map.physics) {
    network.once("stabilizationIterationsDone", function () {
      map.stabilized = performance.now();
      network.setOptions({physics: {enabled: false}});
    });
  }
})();
"""


def _options(big: bool, physics: bool, seed: int) -> dict[str, Any]:
    return {
        "nodes": {"borderWidth": 1, "font": {"size": 14, "face": "system-ui, sans-serif", "strokeWidth": 4,
                                             "strokeColor": "#ffffff"}},
        "edges": {"color": {"color": "#9aa0a6", "highlight": "#333333", "hover": "#555555", "opacity": 0.55},
                  "smooth": False if big else {"type": "continuous"}, "selectionWidth": 2},
        "interaction": {"hover": True, "tooltipDelay": 120, "hideEdgesOnDrag": big, "hideEdgesOnZoom": big},
        "physics": {"enabled": physics, "solver": "forceAtlas2Based",
                    "forceAtlas2Based": {"gravitationalConstant": -60, "springLength": 80, "avoidOverlap": 0.3},
                    "stabilization": {"enabled": physics, "iterations": 400, "updateInterval": 25}},
        "layout": {"improvedLayout": False, "randomSeed": seed},
    }


def write_html(G: nx.Graph, path: str | os.PathLike[str], *, size: str = "degree",
               scores: Mapping[Hashable, float] | None = None, context: nx.Graph | None = None,
               papers: nx.Graph | None = None, labels: int = 40, physics: bool | None = None, seed: int = 0,
               title: str | None = None, notes: Iterable[str] = ()) -> MapResult:
    """Draw ``G`` as one self-contained interactive HTML page (pyvis, vis-network inlined, no network access).

    Colour is the community (co-author map) or the node kind; size is the centrality ``size`` (or
    ``scores``); link width is the weight; the ``labels`` most central nodes are labelled; hovering shows
    details drawn from ``context`` (the unfiltered graph) and ``papers`` (the paper graph). Above
    PHYSICS_LIMIT nodes the layout is computed here and physics is off. The page keeps pyvis's global
    ``network`` object and sets ``window.kgMap.drawn`` when first drawn.

    ``path`` (must end in ``.html``) is replaced atomically; ``G`` is not modified.

    Raises
    ------
    InputError
        ``G`` is empty or larger than MAX_NODES.
    OutputError
        ``path`` is not an .html file or cannot be written.
    """
    path = Path(path)
    if path.suffix.lower() != ".html":
        raise OutputError(f"{path}: a map is an .html file; choose a path ending in .html")
    if not len(G):
        raise InputError("nothing to draw: the map has no nodes", hint="relax --area, --type, --min-weight or --ego")
    if len(G) > MAX_NODES:
        raise InputError(f"{len(G):,} nodes are too many for an interactive map (at most {MAX_NODES:,})",
                         hint="choose fewer with --top N, --area, --ego or --min-weight")
    from pyvis.network import Network

    graph, context = graph_kind(G), context if context is not None else G
    P = G if graph == "papers" and papers is None else papers
    scores = dict(scores) if scores is not None else centrality(G, size)
    physics = len(G) <= PHYSICS_LIMIT if physics is None else physics
    big = len(G) > PHYSICS_LIMIT
    pos, (style, rows) = layout(G, seed=seed), _styles(G, graph, seed)
    top_score = max((scores.get(n, 0.0) for n in G), default=0.0)
    labelled = set(_ranked(G, scores)[:labels])
    nodes = []
    for n, d in G.nodes(data=True):
        colour, shape = style[n]
        node_size = _scaled(max(scores.get(n, 0.0), 0.0), top_score, 7, 42)
        node: dict[str, Any] = {"id": n, "shape": shape, "color": colour, "size": node_size, "x": pos[n][0],
                                "y": pos[n][1], "tip": _node_tip(n, d.get("kind", ""), graph, context, P)}
        if n in labelled:
            text = _paper_title(d) if d.get("kind") == "paper" else str(d.get("label", n))
            node["label"] = text if len(text) <= 40 else text[:39] + "…"
            node["font"] = {"size": max(14, round(node_size * (0.9 if big else 0.6)))}
        nodes.append(node)
    top_weight = max((float(w) for _, _, w in G.edges(data="weight", default=1.0)), default=1.0)
    edges = []
    for u, v, d in G.edges(data=True):
        edge: dict[str, Any] = {"from": u, "to": v, "width": _scaled(float(d.get("weight", 1.0)), top_weight, 0.6, 7),
                                "tip": _edge_tip(G, u, v, graph)}
        if d.get("relation") in RELATION_COLOURS:
            edge["color"] = RELATION_COLOURS[d["relation"]]
        edges.append(edge)
    net = Network(height="100vh", width="100%", cdn_resources="in_line", heading="")
    # Filled in bulk: pyvis's add_edge checks every earlier edge (quadratic) and from_nx mutates its input.
    net.nodes, net.edges = nodes, edges
    net.node_ids, net.node_map = [n["id"] for n in nodes], {n["id"]: n for n in nodes}
    net.options = _options(big, physics, seed)
    heading = title or TITLES[graph]
    page = _finish_page(net.generate_html(name="map.html"), heading, _legend(heading, G, rows, notes, physics), physics)
    write_atomic(path, page)
    return MapResult(path, G.number_of_nodes(), G.number_of_edges(), physics)


def _finish_page(page: str, title: str, legend: str, physics: bool) -> str:
    """Drop the remote links pyvis's template always adds (Bootstrap), add title, legend, style and script."""
    page = _LEFTOVERS.sub("", _REMOTE_TAG.sub("", page))
    head_end = page.rfind("</head>")
    body = page.find("<body>", head_end)
    end = page.rfind("</body>")
    if min(head_end, body, end) < 0:
        raise OutputError("pyvis produced an unexpected page (no head or body); check the installed pyvis version")
    page = (page[:head_end] + f"<title>{_esc(title)}</title>\n<style>{_CSS}</style>\n" + page[head_end:body + 6]
            + "\n" + legend + page[body + 6:end] + f"<script>{_SCRIPT % json.dumps(physics)}</script>\n" + page[end:])
    if _REMOTE_TAG.search(page):
        raise OutputError("the map page still loads remote resources; check the installed pyvis version")
    return page


def write_map(directory: str | os.PathLike[str], graph: str, out: str | os.PathLike[str] | None = None, *,
              size: str = "degree", area: str | None = None, types: Iterable[str] = (),
              min_weight: float | None = None, top: int | None = None, ego: str | None = None, depth: int = 1,
              links: int = 10, labels: int = 40, seed: int = 0) -> MapResult:
    """Draw one graph of a build directory as an interactive map (what ``kg viz`` does).

    Filters apply in this order: ``area``, ``types``, ``min_weight``, ``ego`` (with ``depth``), then
    ``top`` (the most central nodes by ``size``, each with its ``links`` strongest links).

    ``directory`` is what ``kg build --out`` wrote; ``graph`` is ``coauthor``, ``concept`` or ``papers``;
    ``out`` defaults to ``directory/<graph>.html``.

    Raises
    ------
    InputError
        A missing build file, an unknown graph, size, area, type or name, or an empty selection.
    OutputError
        ``out`` is not an .html file or cannot be written.

    Examples
    --------
    >>> write_map("exports", "coauthor", "coauthors.html", top=50).nodes  # doctest: +SKIP
    50
    """
    directory = Path(directory)
    path = Path(out) if out is not None else directory / f"{graph}.html"
    if path.suffix.lower() != ".html":
        raise OutputError(f"{path}: a map is an .html file; choose a path ending in .html")
    if size not in SIZES:
        raise InputError(f"unknown size measure {size!r}", hint=f"use {', '.join(SIZES)}")
    G = load_graph(directory, graph)
    P = G if graph == "papers" else (load_graph(directory, "papers") if (directory / GRAPHS["papers"]).is_file() else None)
    H = filter_graph(G, papers=P, area=area, types=types, min_weight=min_weight)
    if ego:
        H = ego_graph(H, ego, depth)
    scores = centrality(H, size)
    if top is not None:
        H = top_nodes(H, top, scores, links=links)
    notes = [f"area: {_esc(area)}"] if area else []
    notes += [f"types: {_esc(', '.join(types))}"] if types else []
    notes += [f"links of weight ≥ {min_weight:g}"] if min_weight is not None else []
    notes += [f"within {depth} link(s) of {_esc(ego)}"] if ego else []
    notes += [f"the {top:,} most central by {size}, each with ≤ {links} strongest links"] if top else []
    notes.append(f"size: {size}; labels: the {min(labels, len(H))} most central")
    return write_html(H, path, size=size, scores=scores, context=G, papers=P, labels=labels, seed=seed,
                      title=f"{TITLES[graph]} — {directory.resolve().name}", notes=notes)
