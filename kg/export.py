"""Build graphs → files for other tools: GEXF, GraphML, VOSviewer JSON, Neo4j import CSV, node-link JSON."""
from __future__ import annotations

import csv
import io
import json
import math
import os
import re
import tempfile
from collections.abc import Callable, Hashable, Iterable, Sequence
from pathlib import Path
from typing import Any, BinaryIO
from xml.etree.ElementTree import ParseError

import networkx as nx

from .errors import InputError, OutputError

__all__ = [
    "GRAPHS", "FORMATS", "load_graph", "write_atomic", "communities", "layout", "with_clusters",
    "to_vosviewer", "neo4j_tables", "write_graph", "export_graphs",
]

#: Graph name (as in ``--graph``) → the build file that holds it.
GRAPHS = {"coauthor": "coauthors.graphml", "concept": "concepts.graphml", "papers": "papers.graphml"}
#: Export format → file name suffixes written per graph.
FORMATS = {
    "gexf": (".gexf",),
    "graphml": (".graphml",),
    "vosviewer-json": (".vosviewer.json",),
    "neo4j-csv": (".nodes.csv", ".relationships.csv"),
    "node-link-json": (".node-link.json",),
}
#: VOSviewer numbers clusters 1…1000; smaller communities beyond that share the last cluster.
MAX_CLUSTERS = 1000
#: Above this many nodes no positions are computed for VOSviewer (it lays the map out itself).
LAYOUT_LIMIT = 5000
# XML 1.0 forbids these characters; abstracts sometimes carry them (a "\f" from a JSON-decoded "\footnote").
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_LABELS = {"author": "Author", "paper": "Paper", "METHOD": "Method;Entity", "MODEL": "Model;Entity",
           "DATASET": "Dataset;Entity"}
_LINK_TYPES = {"coauthor": "CO_AUTHOR", "concept": "CO_OCCURS_WITH"}


def load_graph(directory: str | os.PathLike[str], graph: str) -> nx.Graph:
    """Read one graph (``coauthor``, ``concept`` or ``papers``) of a build directory.

    Raises
    ------
    InputError
        Unknown graph name, or the file is missing or not GraphML.
    """
    if graph not in GRAPHS:
        raise InputError(f"unknown graph {graph!r}", hint=f"use one of {', '.join(GRAPHS)}")
    path = Path(directory) / GRAPHS[graph]
    if not path.is_file():
        raise InputError("no such file", path=str(path), hint=f"run `kg build --out {directory}` first, or pass --dir")
    try:
        return nx.read_graphml(path)
    except ParseError:  # retry without the control characters that some builds let through
        pass
    except (OSError, ValueError, KeyError, nx.NetworkXError) as err:
        raise InputError(f"not a readable GraphML file ({err})", path=str(path), hint="rebuild it with kg build") from None
    try:
        return nx.parse_graphml(_XML_INVALID.sub(" ", path.read_text(encoding="utf-8")))
    except (ParseError, OSError, ValueError, KeyError, nx.NetworkXError) as err:
        raise InputError(f"not a readable GraphML file ({err})", path=str(path), hint="rebuild it with kg build") from None


def write_atomic(path: str | os.PathLike[str], content: str | Callable[[BinaryIO], None]) -> Path:
    """Write a file through a temporary file beside it, then move it into place; return the path.

    ``content`` is text (written as UTF-8), or a function that writes bytes to the open temporary file.

    Raises
    ------
    OutputError
        The directory cannot be created or the file cannot be written.
    """
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as err:
        raise OutputError(f"{path.parent}: cannot write there ({err.strerror}); choose another output path") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            if isinstance(content, str):
                handle.write(content.encode("utf-8"))
            else:
                content(handle)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes the file private; give it the usual permissions
        os.replace(tmp, path)
    except OSError as err:
        Path(tmp).unlink(missing_ok=True)
        raise OutputError(f"{path}: writing failed ({err.strerror}); choose another output path") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def communities(G: nx.Graph, *, seed: int = 0) -> dict[Hashable, int]:
    """Louvain communities (Blondel et al. 2008) by ``weight``, numbered 0, 1, … from the largest.

    >>> sorted(set(communities(nx.barbell_graph(4, 0)).values()))
    [0, 1]
    """
    if G.number_of_edges() == 0:
        groups: Iterable[set[Hashable]] = [{n} for n in G]
    else:
        groups = nx.community.louvain_communities(G, weight="weight", seed=seed)
    ordered = sorted(groups, key=lambda c: (-len(c), min(str(n) for n in c)))
    return {n: i for i, group in enumerate(ordered) for n in group}


def _force_layout(G: nx.Graph, seed: int, iterations: int = 50) -> dict[Hashable, tuple[float, float]]:
    """Fruchterman & Reingold (1991) spring embedding, vectorised; positions in [-1, 1].

    networkx's own solver loops over the nodes in Python above 500 nodes, which takes minutes at a few thousand.
    """
    import numpy as np

    nodes = list(G)
    A = nx.to_numpy_array(G, nodelist=nodes, weight=None, dtype=np.float32)
    pos = np.random.default_rng(seed).random((len(nodes), 2), dtype=np.float32)
    k = np.float32(1 / math.sqrt(len(nodes)))
    step = 0.1
    for _ in range(iterations):
        delta = pos[:, None, :] - pos[None, :, :]
        distance = np.maximum(np.sqrt((delta ** 2).sum(axis=-1)), 0.01)
        force = k * k / distance ** 2 - A * distance / k
        shift = np.einsum("ijk,ij->ik", delta, force)
        length = np.maximum(np.sqrt((shift ** 2).sum(axis=-1)), 0.01)
        pos += shift * (step / length)[:, None]
        step -= 0.1 / (iterations + 1)
    pos -= pos.mean(axis=0)
    pos /= max(float(np.abs(pos).max()), 1e-9)
    return {n: (float(x), float(y)) for n, (x, y) in zip(nodes, pos)}


def layout(G: nx.Graph, *, seed: int = 0, spacing: float = 70.0) -> dict[Hashable, tuple[float, float]]:
    """Positions in pixels: each component by a seeded spring layout, packed in rows, largest first.

    Components are laid out apart because a force layout of a disconnected graph pushes the small
    ones to a far ring and shrinks the big one.

    >>> pos = layout(nx.path_graph(3))
    >>> len(pos), all(isinstance(c, float) for xy in pos.values() for c in xy)
    (3, True)
    """
    parts = sorted(nx.connected_components(G), key=lambda c: (-len(c), min(str(n) for n in c)))
    boxes: list[tuple[dict[Hashable, tuple[float, float]], float]] = []
    for part in parts:
        size = len(part)
        if size <= 2:
            local = {n: (i - (size - 1) / 2, 0.0) for i, n in enumerate(sorted(part, key=str))}
        else:
            local = _force_layout(G.subgraph(sorted(part, key=str)), seed)
        radius = spacing * max(0.5, math.sqrt(size) / 1.5)
        boxes.append(({n: (x * radius, y * radius) for n, (x, y) in local.items()}, 2 * radius + spacing))
    row_width = max([boxes[0][1], math.sqrt(sum(side * side for _, side in boxes)) * 1.3]) if boxes else 0.0
    pos: dict[Hashable, tuple[float, float]] = {}
    x = y = row_height = 0.0
    for local, side in boxes:
        if x and x + side > row_width:
            x, y, row_height = 0.0, y + row_height, 0.0
        for n, (px, py) in local.items():
            pos[n] = (round(x + side / 2 + px, 1), round(y + side / 2 + py, 1))
        x, row_height = x + side, max(row_height, side)
    return pos


def with_clusters(G: nx.Graph, *, seed: int = 0) -> nx.Graph:
    """A copy of ``G`` whose nodes carry ``cluster`` (1 = largest community) and text safe for XML.

    >>> H = with_clusters(nx.Graph([("a", "b", {"note": "x\\x0cy"})]))
    >>> H.nodes["a"]["cluster"], H.edges["a", "b"]["note"]
    (1, 'x y')
    """
    H = G.copy()
    for n, number in communities(G, seed=seed).items():
        H.nodes[n]["cluster"] = min(number + 1, MAX_CLUSTERS)
    for data in (*(d for _, d in H.nodes(data=True)), *(d for _, _, d in H.edges(data=True))):
        for key, value in data.items():
            if isinstance(value, str) and _XML_INVALID.search(value):
                data[key] = _XML_INVALID.sub(" ", value)
    return H


def to_vosviewer(G: nx.Graph, *, seed: int = 0) -> dict[str, Any]:
    """The VOSviewer JSON network: items with cluster, weights and (up to LAYOUT_LIMIT nodes) x, y; links with strength.

    Item ids are 1…n in node order; ``weights`` holds ``Links``, ``Total link strength`` and, when the
    nodes count papers, ``Documents`` (VOSviewer's own names).

    Examples
    --------
    >>> data = to_vosviewer(nx.Graph([("a", "b", {"weight": 2.0})]))
    >>> data["network"]["links"]
    [{'source_id': 1, 'target_id': 2, 'strength': 2.0}]
    >>> sorted(data["network"]["items"][0])
    ['cluster', 'id', 'label', 'weights', 'x', 'y']
    """
    H = with_clusters(G, seed=seed)
    ids = {n: i for i, n in enumerate(H, start=1)}
    pos = layout(H, seed=seed) if len(H) <= LAYOUT_LIMIT else {}
    items = []
    for n, data in H.nodes(data=True):
        weights: dict[str, float] = {"Links": H.degree(n),
                                     "Total link strength": round(float(H.degree(n, weight="weight")), 6)}
        if "papers" in data:
            weights["Documents"] = data["papers"]
        item: dict[str, Any] = {"id": ids[n], "label": str(data.get("label", n)), "cluster": data["cluster"],
                                "weights": weights}
        if n in pos:
            item["x"], item["y"] = round(pos[n][0] / 100, 4), round(-pos[n][1] / 100, 4)
        items.append(item)
    links = [{"source_id": ids[u], "target_id": ids[v], "strength": float(w)}
             for u, v, w in H.edges(data="weight", default=1.0)]
    return {"network": {"items": items, "links": links}}


def _neo4j_type(values: Iterable[Any]) -> str:
    kinds = {type(v) for v in values if v is not None}
    if kinds == {bool}:
        return ":boolean"
    if kinds and kinds <= {int}:
        return ":int"
    if kinds and kinds <= {int, float}:
        return ":float"
    return ""


def neo4j_tables(G: nx.Graph, graph: str) -> tuple[list[list[Any]], list[list[Any]]]:
    """Rows (header first) of the node and relationship CSV files for ``neo4j-admin database import``.

    Nodes: ``id:ID,label,kind,<properties>,cluster:int,:LABEL``; relationships:
    ``:START_ID,:END_ID,:TYPE,<properties>`` (``weight:float``, ``papers:int``, ``position:int``).
    In the papers graph, AUTHORED runs from author to paper, PROPOSES and USES from paper to entity.

    Examples
    --------
    >>> nodes, links = neo4j_tables(nx.Graph([("a", "b", {"weight": 0.5})]), "coauthor")
    >>> nodes[0], links
    (['id:ID', 'label', 'kind', 'cluster:int', ':LABEL'], [[':START_ID', ':END_ID', ':TYPE', 'weight:float'], ['a', 'b', 'CO_AUTHOR', 0.5]])
    """
    H = with_clusters(G)
    node_keys = sorted({k for _, d in H.nodes(data=True) for k in d} - {"label", "kind", "cluster"})
    header = ["id:ID", "label", "kind",
              *(k + _neo4j_type(d.get(k) for _, d in H.nodes(data=True)) for k in node_keys), "cluster:int", ":LABEL"]
    nodes = [header]
    for n, d in H.nodes(data=True):
        kind = str(d.get("kind", ""))
        nodes.append([n, d.get("label", n), kind, *(d.get(k, "") for k in node_keys), d["cluster"],
                      _LABELS.get(kind, "Node")])
    edge_keys = sorted({k for _, _, d in H.edges(data=True) for k in d} - {"relation"})
    links = [[":START_ID", ":END_ID", ":TYPE",
              *(k + _neo4j_type(d.get(k) for _, _, d in H.edges(data=True)) for k in edge_keys)]]
    for u, v, d in H.edges(data=True):
        relation = d.get("relation")
        if relation:
            if (relation == "authored") == (H.nodes[u].get("kind") == "paper"):
                u, v = v, u  # authors write papers; papers propose or use entities
            kind = str(relation).upper()
        else:
            kind = _LINK_TYPES.get(graph, "LINKED_TO")
        links.append([u, v, kind, *(d.get(k, "") for k in edge_keys)])
    return nodes, links


def _csv_text(rows: Sequence[Sequence[Any]]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    return buffer.getvalue()


def write_graph(G: nx.Graph, fmt: str, out: str | os.PathLike[str], name: str, *, seed: int = 0) -> list[Path]:
    """Write ``G`` in format ``fmt`` as ``out/<name><suffix>`` (see FORMATS); return the paths written.

    Every format carries the same ``cluster`` numbers (Louvain communities, 1 = largest).

    Raises
    ------
    InputError
        Unknown format.
    OutputError
        A file cannot be written.
    """
    if fmt not in FORMATS:
        raise InputError(f"unknown export format {fmt!r}", hint=f"use one of {', '.join(FORMATS)}")
    out = Path(out)
    paths = [out / f"{name}{suffix}" for suffix in FORMATS[fmt]]
    if fmt == "gexf":
        H = with_clusters(G, seed=seed)
        write_atomic(paths[0], lambda f: nx.write_gexf(H, f))
    elif fmt == "graphml":
        H = with_clusters(G, seed=seed)
        write_atomic(paths[0], lambda f: nx.write_graphml(H, f, encoding="utf-8", prettyprint=True))
    elif fmt == "vosviewer-json":
        write_atomic(paths[0], json.dumps(to_vosviewer(G, seed=seed), ensure_ascii=False) + "\n")
    elif fmt == "node-link-json":
        data = nx.node_link_data(with_clusters(G, seed=seed), edges="links")
        write_atomic(paths[0], json.dumps(data, ensure_ascii=False) + "\n")
    else:
        nodes, links = neo4j_tables(G, name)
        write_atomic(paths[0], _csv_text(nodes))
        write_atomic(paths[1], _csv_text(links))
    return paths


def export_graphs(directory: str | os.PathLike[str], fmt: str, *, graphs: Sequence[str] | None = None,
                  out: str | os.PathLike[str] | None = None, seed: int = 0) -> list[Path]:
    """Export graphs of a build directory for other tools.

    Parameters
    ----------
    directory
        A build directory (what ``kg build --out`` wrote).
    fmt
        ``gexf``, ``graphml``, ``vosviewer-json``, ``neo4j-csv`` or ``node-link-json``.
    graphs
        Which of ``coauthor``, ``concept``, ``papers`` (default: all three).
    out
        Output directory (default ``directory/<fmt>``); files are named ``<graph><suffix>``.

    Returns
    -------
    list of Path
        The files written, each replaced atomically.

    Raises
    ------
    InputError
        Unknown format or graph, or a missing or unreadable build file.
    OutputError
        A file cannot be written.
    """
    if fmt not in FORMATS:
        raise InputError(f"unknown export format {fmt!r}", hint=f"use one of {', '.join(FORMATS)}")
    names = list(dict.fromkeys(graphs or GRAPHS))
    for name in names:
        if name not in GRAPHS:
            raise InputError(f"unknown graph {name!r}", hint=f"use one of {', '.join(GRAPHS)}")
    target = Path(out) if out is not None else Path(directory) / fmt
    if target.exists() and not target.is_dir():
        raise OutputError(f"{target}: exists and is not a directory; choose another -o")
    loaded = [(name, load_graph(directory, name)) for name in names]  # fail on a bad input before writing
    return [path for name, G in loaded for path in write_graph(G, fmt, target, name, seed=seed)]
