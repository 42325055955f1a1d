"""Exports for other tools: round trips through networkx readers, VOSviewer JSON and Neo4j CSV shapes, errors."""
from __future__ import annotations

import csv
import json
from xml.etree.ElementTree import ParseError

import networkx as nx
import pytest

from kg.errors import InputError, OutputError
from kg.export import (
    FORMATS,
    GRAPHS,
    MAX_CLUSTERS,
    communities,
    export_graphs,
    layout,
    load_graph,
    neo4j_tables,
    to_vosviewer,
    with_clusters,
    write_atomic,
    write_graph,
)


@pytest.fixture(scope="module")
def sample_dir(sample_build):
    """The bundled sample's build (built once per session by conftest)."""
    return sample_build.out


@pytest.fixture(scope="module")
def graphs(sample_dir):
    return {name: load_graph(sample_dir, name) for name in GRAPHS}


def assert_same_graph(G: nx.Graph, R: nx.Graph, *, ignore_edge: tuple[str, ...] = ()) -> None:
    """R is G plus a ``cluster`` on every node (and, for GEXF, edge ids)."""
    assert sorted(R) == sorted(G)
    assert {frozenset(e) for e in R.edges} == {frozenset(e) for e in G.edges}
    for n, data in G.nodes(data=True):
        got = dict(R.nodes[n])
        assert isinstance(got.pop("cluster"), int)
        assert got == data, n
    for u, v, data in G.edges(data=True):
        got = {k: val for k, val in R.edges[u, v].items() if k not in ignore_edge}
        assert got == data, (u, v)


@pytest.mark.parametrize("graph", list(GRAPHS))
def test_export_graphml_round_trip(graphs, tmp_path, graph):
    [path] = write_graph(graphs[graph], "graphml", tmp_path, graph)
    assert path == tmp_path / f"{graph}.graphml"
    assert_same_graph(graphs[graph], nx.read_graphml(path))


@pytest.mark.parametrize("graph", list(GRAPHS))
def test_export_gexf_round_trip(graphs, tmp_path, graph):
    [path] = write_graph(graphs[graph], "gexf", tmp_path, graph)
    assert_same_graph(graphs[graph], nx.read_gexf(path), ignore_edge=("id",))


@pytest.mark.parametrize("graph", list(GRAPHS))
def test_export_node_link_round_trip(graphs, tmp_path, graph):
    [path] = write_graph(graphs[graph], "node-link-json", tmp_path, graph)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert set(data) >= {"nodes", "links"}
    assert_same_graph(graphs[graph], nx.node_link_graph(data, edges="links"))


def test_export_clusters_agree_across_formats(graphs, tmp_path):
    G = graphs["coauthor"]
    [graphml] = write_graph(G, "graphml", tmp_path, "c")
    [vos] = write_graph(G, "vosviewer-json", tmp_path, "c")
    from_graphml = nx.get_node_attributes(nx.read_graphml(graphml), "cluster")
    items = json.loads(vos.read_text(encoding="utf-8"))["network"]["items"]
    assert {item["label"]: item["cluster"] for item in items} == {G.nodes[n]["label"]: c for n, c in from_graphml.items()}
    assert min(from_graphml.values()) == 1


@pytest.mark.parametrize("graph", list(GRAPHS))
def test_export_vosviewer_network(graphs, tmp_path, graph):
    G = graphs[graph]
    [path] = write_graph(G, "vosviewer-json", tmp_path, graph)
    network = json.loads(path.read_text(encoding="utf-8"))["network"]
    items, links = network["items"], network["links"]
    assert [item["id"] for item in items] == list(range(1, len(G) + 1))
    assert {item["label"] for item in items} == {d["label"] for _, d in G.nodes(data=True)}
    for item in items:
        assert set(item) == {"id", "label", "cluster", "weights", "x", "y"}
        assert 1 <= item["cluster"] <= MAX_CLUSTERS
        assert {"Links", "Total link strength"} <= set(item["weights"])
    assert len(links) == G.number_of_edges()
    ids = {item["id"] for item in items}
    assert all(link["source_id"] in ids and link["target_id"] in ids and link["strength"] > 0 for link in links)
    if graph != "papers":
        weights = sorted(w for _, _, w in G.edges(data="weight"))
        assert sorted(link["strength"] for link in links) == weights
        assert all("Documents" in item["weights"] for item in items)


def test_export_vosviewer_caps_clusters_at_1000():
    G = nx.Graph()
    G.add_nodes_from((f"n{i}", {"label": f"N{i}"}) for i in range(MAX_CLUSTERS + 5))
    clusters = [item["cluster"] for item in to_vosviewer(G)["network"]["items"]]
    assert max(clusters) == MAX_CLUSTERS and clusters.count(MAX_CLUSTERS) == 6


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.reader(handle))


@pytest.mark.parametrize(("graph", "node_header", "link_header", "types"), [
    ("coauthor", ["id:ID", "label", "kind", "papers:int", "cluster:int", ":LABEL"],
     [":START_ID", ":END_ID", ":TYPE", "papers:int", "weight:float"], {"CO_AUTHOR"}),
    ("concept", ["id:ID", "label", "kind", "aliases", "broader", "papers:int", "proposed_in:int", "cluster:int", ":LABEL"],
     [":START_ID", ":END_ID", ":TYPE", "papers:int", "weight:float"], {"CO_OCCURS_WITH"}),
    ("papers", ["id:ID", "label", "kind", "abstract", "area", "keywords", "title", "venue", "year:int", "cluster:int", ":LABEL"],
     [":START_ID", ":END_ID", ":TYPE", "position:int"], {"AUTHORED", "PROPOSES", "USES"}),
])
def test_export_neo4j_csv(graphs, tmp_path, graph, node_header, link_header, types):
    G = graphs[graph]
    nodes_path, links_path = write_graph(G, "neo4j-csv", tmp_path, graph)
    assert (nodes_path.name, links_path.name) == (f"{graph}.nodes.csv", f"{graph}.relationships.csv")
    nodes, links = read_csv(nodes_path), read_csv(links_path)
    assert nodes[0] == node_header and links[0] == link_header
    assert len(nodes) == len(G) + 1 and len(links) == G.number_of_edges() + 1
    assert {row[0] for row in nodes[1:]} == set(G)  # abstracts with commas, quotes and newlines survive
    assert {row[2] for row in links[1:]} == types
    kinds = {row[0]: row[2] for row in nodes[1:]}
    labels = {row[-1] for row in nodes[1:]}
    assert labels <= {"Author", "Paper", "Method;Entity", "Model;Entity", "Dataset;Entity"}
    for start, end, kind, *_ in links[1:]:
        if kind == "AUTHORED":
            assert (kinds[start], kinds[end]) == ("author", "paper")
        elif kind in ("PROPOSES", "USES"):
            assert kinds[start] == "paper" and kinds[end] in ("METHOD", "MODEL", "DATASET")


def test_export_neo4j_tables_keep_text_exact():
    G = nx.Graph()
    G.add_node("p", label='A "quoted", comma\nline', kind="paper", year=2024)
    G.add_node("a", label="Ann", kind="author")
    G.add_edge("a", "p", relation="authored", position=1)
    nodes, links = neo4j_tables(G, "papers")
    assert nodes[1][1] == 'A "quoted", comma\nline' and nodes[2][nodes[0].index("year:int")] == ""
    assert links[1][:3] == ["a", "p", "AUTHORED"]


def test_export_graphs_default_directory_and_names(sample_dir, tmp_path):
    build = tmp_path / "build"
    build.mkdir()
    for name in GRAPHS.values():
        (build / name).write_bytes((sample_dir / name).read_bytes())
    paths = export_graphs(build, "neo4j-csv")
    assert [p.relative_to(build).as_posix() for p in paths] == [
        "neo4j-csv/coauthor.nodes.csv", "neo4j-csv/coauthor.relationships.csv",
        "neo4j-csv/concept.nodes.csv", "neo4j-csv/concept.relationships.csv",
        "neo4j-csv/papers.nodes.csv", "neo4j-csv/papers.relationships.csv"]
    out = export_graphs(build, "gexf", graphs=["concept"], out=tmp_path / "gephi")
    assert out == [tmp_path / "gephi" / "concept.gexf"]
    assert sorted(p.name for p in (tmp_path / "gephi").iterdir()) == ["concept.gexf"]  # no temp files left


@pytest.mark.parametrize(("args", "message"), [
    (("pdf",), "unknown export format 'pdf'; use one of gexf, graphml, vosviewer-json, neo4j-csv, node-link-json"),
    (("gexf", ["authors"]), "unknown graph 'authors'; use one of coauthor, concept, papers"),
])
def test_export_graphs_bad_options(sample_dir, args, message):
    fmt, *rest = args
    with pytest.raises(InputError) as err:
        export_graphs(sample_dir, fmt, graphs=rest[0] if rest else None)
    assert str(err.value) == message


def test_export_graphs_missing_build_and_bad_output(sample_dir, tmp_path):
    with pytest.raises(InputError, match=r"coauthors\.graphml: no such file; run `kg build --out .*` first, or pass --dir"):
        export_graphs(tmp_path, "gexf")
    (tmp_path / "file").write_text("x")
    with pytest.raises(OutputError, match="exists and is not a directory"):
        export_graphs(sample_dir, "gexf", out=tmp_path / "file")
    with pytest.raises(OutputError, match="cannot write there"):
        write_atomic(tmp_path / "file" / "x.json", "{}")


def test_export_load_graph_tolerates_control_characters(tmp_path):
    """Builds have written abstracts holding a form feed (a JSON-decoded "\\footnote"), which XML forbids."""
    G = nx.Graph()
    G.add_node("p", label="Paper", kind="paper", abstract="see FORMFEEDfootnote")
    G.add_node("a", label="Ann", kind="author")
    G.add_edge("p", "a", relation="authored")
    path = tmp_path / "papers.graphml"
    nx.write_graphml(G, path)
    path.write_text(path.read_text(encoding="utf-8").replace("FORMFEED", "\x0c"), encoding="utf-8")
    with pytest.raises(ParseError):
        nx.read_graphml(path)
    R = load_graph(tmp_path, "papers")
    assert R.nodes["p"]["abstract"] == "see  footnote"
    R.nodes["p"]["abstract"] = "again \x0c"
    [out] = write_graph(R, "graphml", tmp_path / "out", "papers")
    assert nx.read_graphml(out).nodes["p"]["abstract"] == "again  "


def test_export_with_clusters_and_layout_leave_input_alone(graphs):
    G = graphs["concept"]
    before = nx.node_link_data(G, edges="links")
    H = with_clusters(G)
    assert nx.node_link_data(G, edges="links") == before
    assert set(nx.get_node_attributes(H, "cluster").values()) == {c + 1 for c in set(communities(G).values())}
    assert layout(G, seed=3) == layout(G, seed=3) and set(layout(G)) == set(G)


def test_export_formats_are_all_tested():
    assert set(FORMATS) == {"gexf", "graphml", "vosviewer-json", "neo4j-csv", "node-link-json"}
