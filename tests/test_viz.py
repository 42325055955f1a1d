"""Interactive maps: selection, styling, self-contained pages, escaping, and the pages in headless chromium."""
from __future__ import annotations

import json
import re
import shutil

import networkx as nx
import pytest
from browser import ensure_chromium, hover_node, launch, open_map, render_tooltips

from kg.errors import InputError, OutputError
from kg.export import GRAPHS, load_graph
from kg.viz import (
    KIND_STYLE,
    PHYSICS_LIMIT,
    centrality,
    ego_graph,
    filter_graph,
    top_nodes,
    write_html,
    write_map,
)

XSS_LISTING = [
    {"id": "xss1", "abstract": 'We attack <img src=x onerror="window.__xss=1"> models <script>window.__xss=2</script> '
                               "with BERT and GPT-4 on ImageNet. We propose FooNet, a new method.",
     "authors": ['Eve <b onmouseover="window.__xss=3">Hacker</b>', "Bob Smith"],
     "primary_area": "Security · Attacks", "venue": "Test 2025", "year": 2025},
    {"id": "xss2", "title": "A title with <script>window.__xss=4</script> in it",
     "abstract": "We fine-tune BERT on ImageNet and CIFAR-10 using Adam.", "authors": ["Bob Smith", "Carol Jones"],
     "primary_area": "Vision · Recognition"},
    {"id": "p3", "title": "Plain paper", "abstract": "We train GPT-4 and BERT with LoRA on GLUE.",
     "authors": ["Carol Jones", "Dan Brown"], "primary_area": "Security · Defences"},
]


@pytest.fixture(scope="module")
def sample_dir(sample_build):
    """The bundled sample's build (built once per session by conftest)."""
    return sample_build.out


@pytest.fixture(scope="module")
def xss_dir(tmp_path_factory):
    """A three-paper build whose abstract, title and author name carry markup that must never run."""
    import kg

    folder = tmp_path_factory.mktemp("xss")
    listing = folder / "xss.jsonl"
    listing.write_text("".join(json.dumps(r) + "\n" for r in XSS_LISTING), encoding="utf-8")
    return kg.build([listing], folder / "build", n_process=1).out


@pytest.fixture(scope="session")
def chromium_browser():
    """One headless Debian chromium for the session (installed with apt-get if missing; skip only if that fails)."""
    reason = ensure_chromium()
    if reason is not None:
        pytest.skip(f"headless chromium is not available: {reason}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch(playwright)
        yield browser
        browser.close()


def page_data(path):
    """The node and edge lists embedded in a map page."""
    text = path.read_text(encoding="utf-8")
    nodes = json.loads(re.search(r"nodes = new vis\.DataSet\((.*?)\);\n", text).group(1))
    edges = json.loads(re.search(r"edges = new vis\.DataSet\((.*?)\);\n", text).group(1))
    return nodes, edges


# ---- selection ---------------------------------------------------------------------------------------------


def test_viz_filter_min_weight_drops_light_links_and_the_nodes_they_left(sample_dir):
    G = load_graph(sample_dir, "concept")
    before = G.number_of_nodes()
    H = filter_graph(G, min_weight=10)
    assert H.number_of_edges() and all(w >= 10 for _, _, w in H.edges(data="weight"))
    assert all(H.degree(n) or not G.degree(n) for n in H)  # only nodes that had no link stay alone
    assert any(not G.degree(n) for n in H)
    assert G.number_of_nodes() == before > H.number_of_nodes()  # the input is untouched


@pytest.mark.parametrize("types", [["METHOD"], ["model", "dataset"]])
def test_viz_filter_types_keeps_those_entity_types(sample_dir, types):
    H = filter_graph(load_graph(sample_dir, "concept"), types=types)
    assert {k for _, k in H.nodes(data="kind")} == {t.upper() for t in types}


def test_viz_filter_types_keeps_papers_and_authors_in_the_papers_graph(sample_dir):
    H = filter_graph(load_graph(sample_dir, "papers"), types=["DATASET"])
    assert {k for _, k in H.nodes(data="kind")} == {"paper", "author", "DATASET"}


def test_viz_filter_area_matches_top_level_area_or_subarea_in_any_case(sample_dir):
    P = load_graph(sample_dir, "papers")
    concepts = load_graph(sample_dir, "concept")
    whole = filter_graph(concepts, papers=P, area="social aspects")
    sub = filter_graph(concepts, papers=P, area="Alignment")
    assert 0 < len(sub) < len(whole) < len(concepts)
    papers = filter_graph(P, area="Social Aspects · Alignment")
    assert sum(1 for _, k in papers.nodes(data="kind") if k == "paper") == 1


@pytest.mark.parametrize(("graph", "options", "message"), [
    ("coauthor", {"types": ["METHOD"]}, "--type applies to the concept and papers maps; drop --type for the co-author map"),
    ("concept", {"types": ["TASK"]}, "unknown entity type 'TASK'; use METHOD, MODEL, DATASET"),
    ("papers", {"min_weight": 1.0}, ("--min-weight applies to the co-author and concept maps (papers links have no "
                                     "weight); drop --min-weight for the papers map")),
    ("concept", {"area": "Astrology"}, "no paper in area 'Astrology'; known areas: Applications · Chemistry"),
])
def test_viz_filter_errors_say_what_to_do(sample_dir, graph, options, message):
    with pytest.raises(InputError) as err:
        filter_graph(load_graph(sample_dir, graph), papers=load_graph(sample_dir, "papers"), **options)
    assert str(err.value).startswith(message)


def test_viz_ego_is_the_neighbourhood_of_the_named_author(sample_dir):
    G = load_graph(sample_dir, "coauthor")
    H = ego_graph(G, "NEEL NANDA", depth=1)
    assert set(H) == {"neel nanda", *G["neel nanda"]}
    assert len(ego_graph(G, "Neel Nanda", depth=2)) > len(H)
    assert list(ego_graph(G, "neel nanda", depth=0)) == ["neel nanda"]


def test_viz_ego_unknown_name_suggests_close_ones(sample_dir):
    with pytest.raises(InputError, match=r"^no author named 'Neel Nanada' in this map; did you mean 'Neel Nanda'\?$"):
        ego_graph(load_graph(sample_dir, "coauthor"), "Neel Nanada")


def test_viz_top_keeps_the_most_central_nodes_and_their_strongest_links(sample_dir):
    G = load_graph(sample_dir, "concept")
    scores = centrality(G, "pagerank")
    H = top_nodes(G, 20, scores, links=3)
    assert len(H) == 20
    assert min(scores[n] for n in H) >= max(scores[n] for n in G if n not in H)
    for u in H:  # every kept link is among the 3 strongest of one of its ends
        assert all(H.edges[u, v]["weight"] >= sorted((G.edges[u, w]["weight"] for w in H[u]), reverse=True)[:3][-1]
                   or H.edges[u, v]["weight"] >= sorted((G.edges[v, w]["weight"] for w in H[v]), reverse=True)[:3][-1]
                   for v in H[u])
    assert H.number_of_edges() < G.subgraph(H).number_of_edges()


@pytest.mark.parametrize("size", ["degree", "pagerank", "papers"])
def test_viz_centrality_measures(sample_dir, size):
    for graph in GRAPHS:
        scores = centrality(load_graph(sample_dir, graph), size)
        assert scores and all(isinstance(v, float) and v >= 0 for v in scores.values())


# ---- pages -------------------------------------------------------------------------------------------------


def test_viz_sample_coauthor_map_has_all_89_authors_and_their_edges(sample_dir, tmp_path):
    result = write_map(sample_dir, "coauthor", tmp_path / "co.html")
    G = load_graph(sample_dir, "coauthor")
    assert (result.nodes, result.edges, result.physics) == (89, G.number_of_edges(), True)
    nodes, edges = page_data(result.path)
    assert sorted(n["id"] for n in nodes) == sorted(G)
    assert len(edges) == G.number_of_edges()
    assert sum(1 for n in nodes if n.get("label")) == 40  # only the most central are labelled


def test_viz_page_is_self_contained(sample_dir, tmp_path):
    text = write_map(sample_dir, "papers", tmp_path / "p.html").path.read_text(encoding="utf-8")
    assert "<script src" not in text and "<link" not in text and "jsdelivr" not in text
    assert "vis.Network(" in text and "window.kgMap" in text and 'id="kg-side"' in text


def test_viz_concept_map_is_coloured_and_shaped_by_type(sample_dir, tmp_path):
    nodes, _ = page_data(write_map(sample_dir, "concept", tmp_path / "c.html").path)
    G = load_graph(sample_dir, "concept")
    entities = json.loads((sample_dir / "manifest.json").read_text())["counts"]["entities"]
    assert len(nodes) == len(G) == sum(entities.values())  # every entity of the build is drawn
    for node in nodes:
        colour, shape, _ = KIND_STYLE[G.nodes[node["id"]]["kind"]]
        assert (node["color"], node["shape"]) == (colour, shape)


def test_viz_sizes_follow_the_chosen_measure(sample_dir, tmp_path):
    nodes, edges = page_data(write_map(sample_dir, "concept", tmp_path / "c.html", size="papers").path)
    G = load_graph(sample_dir, "concept")
    biggest = max(nodes, key=lambda n: n["size"])
    assert G.nodes[biggest["id"]]["papers"] == max(p for _, p in G.nodes(data="papers"))
    heaviest = max(edges, key=lambda e: e["width"])
    assert G.edges[heaviest["from"], heaviest["to"]]["weight"] == max(w for _, _, w in G.edges(data="weight"))


def test_viz_default_output_is_dir_slash_graph_html(sample_dir, tmp_path):
    for name in GRAPHS.values():
        shutil.copy(sample_dir / name, tmp_path / name)
    result = write_map(tmp_path, "concept")
    assert result.path == tmp_path / "concept.html" and result.path.is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*GRAPHS.values(), "concept.html"])  # no temp files


def test_viz_filters_through_write_map(sample_dir, tmp_path):
    assert write_map(sample_dir, "coauthor", tmp_path / "a.html", top=10).nodes == 10
    ego = write_map(sample_dir, "papers", tmp_path / "b.html", ego="Neel Nanda", depth=2)
    assert ego.nodes > 3
    typed = write_map(sample_dir, "concept", tmp_path / "c.html", types=["DATASET"], min_weight=1)
    assert {n["color"] for n in page_data(typed.path)[0]} == {KIND_STYLE["DATASET"][0]}


@pytest.mark.parametrize(("out", "error", "message"), [
    ("map.htm", OutputError, "map.htm: a map is an .html file; choose a path ending in .html"),
    ("map.html", InputError, "no author named 'Nobody At All' in this map; check the spelling (names are matched whole, in any case)"),
])
def test_viz_write_map_errors(sample_dir, tmp_path, out, error, message):
    with pytest.raises(error) as err:
        write_map(sample_dir, "coauthor", tmp_path / out, ego="Nobody At All")
    assert str(err.value).endswith(message)
    assert not (tmp_path / out).exists()


def test_viz_missing_build_says_to_run_kg_build(tmp_path):
    with pytest.raises(InputError, match=r"coauthors\.graphml: no such file; run `kg build --out .*` first, or pass --dir$"):
        write_map(tmp_path, "coauthor")


def test_viz_write_html_leaves_input_and_working_directory_alone(sample_dir, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    G = load_graph(sample_dir, "coauthor")
    before = nx.node_link_data(G, edges="links")
    write_html(G, tmp_path / "out" / "m.html")
    assert nx.node_link_data(G, edges="links") == before  # pyvis's from_nx would have added "size"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]  # no lib/ copied beside it


def big_graph(n: int = PHYSICS_LIMIT + 100) -> nx.Graph:
    G = nx.connected_watts_strogatz_graph(n, 4, 0.1, seed=1)
    G = nx.relabel_nodes(G, {i: f"a{i}" for i in G})
    for node in G:
        G.nodes[node].update(label=f"Author {node}", kind="author", papers=1)
    for u, v in G.edges:
        G.edges[u, v].update(papers=1, weight=1.0)
    return G


def test_viz_large_map_has_precomputed_layout_and_no_physics(tmp_path):
    result = write_html(big_graph(), tmp_path / "big.html")
    assert result.physics is False
    nodes, _ = page_data(result.path)
    assert all(isinstance(n["x"], float) and isinstance(n["y"], float) for n in nodes)
    text = result.path.read_text(encoding="utf-8")
    options = json.loads(re.search(r"var options = (\{.*?\});\n", text).group(1))
    assert options["physics"]["enabled"] is False and options["edges"]["smooth"] is False


def test_viz_refuses_empty_and_huge_maps(tmp_path, monkeypatch):
    with pytest.raises(InputError, match="nothing to draw"):
        write_html(nx.Graph(), tmp_path / "e.html")
    monkeypatch.setattr("kg.viz.MAX_NODES", 50)
    with pytest.raises(InputError, match=r"^400 nodes are too many .*; choose fewer with --top N"):
        write_html(big_graph(400), tmp_path / "h.html")


def test_viz_tooltips_are_escaped_in_the_page(xss_dir, tmp_path):
    for graph in GRAPHS:
        nodes, edges = page_data(write_map(xss_dir, graph, tmp_path / f"{graph}.html").path)
        tips = " ".join(item["tip"] for item in nodes + edges)
        for raw in ("<img", "<script", "<b onmouseover"):
            assert raw not in tips
    assert "&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;" in tips  # the papers map shows the markup as text
    assert "&lt;script&gt;window.__xss=4&lt;/script&gt;" in tips


def test_viz_tooltips_carry_the_details(sample_dir, tmp_path):
    nodes, _ = page_data(write_map(sample_dir, "coauthor", tmp_path / "c.html").path)
    nanda = next(n for n in nodes if n["id"] == "neel nanda")["tip"]
    assert "Top co-authors:" in nanda and "Papers" in nanda
    nodes, _ = page_data(write_map(sample_dir, "concept", tmp_path / "k.html").path)
    tip = next(n for n in nodes if n["id"] == "activation difference len")["tip"]
    assert "method" in tip and "Also:</b> ADL" in tip and "Proposed in" in tip


# ---- in the browser ----------------------------------------------------------------------------------------


@pytest.mark.browser
@pytest.mark.parametrize("graph", list(GRAPHS))
def test_viz_sample_maps_open_in_chromium(chromium_browser, sample_dir, tmp_path, graph):
    result = write_map(sample_dir, graph, tmp_path / f"{graph}.html")
    G = load_graph(sample_dir, graph)
    page = open_map(chromium_browser, result.path)
    try:
        assert (page.count("nodes"), page.count("edges")) == (len(G), G.number_of_edges())
        if graph == "coauthor":
            assert page.count("nodes") == 89
        assert page.page.evaluate("window.kgMap.tooltips") == len(G) + G.number_of_edges()
        page.page.screenshot(path=str(tmp_path / f"{graph}.png"))
        assert page.console_errors == [] and page.requests == []
    finally:
        page.close()
    assert (tmp_path / f"{graph}.png").stat().st_size > 10_000


@pytest.mark.browser
def test_viz_large_map_opens_without_physics_in_chromium(chromium_browser, tmp_path):
    result = write_html(big_graph(), tmp_path / "big.html")
    page = open_map(chromium_browser, result.path)
    try:
        assert page.count("nodes") == PHYSICS_LIMIT + 100
        assert page.page.evaluate("network.physics.options.enabled") is False
        page.page.screenshot(path=str(tmp_path / "big.png"))
        assert page.console_errors == [] and page.requests == []
    finally:
        page.close()


@pytest.mark.browser
@pytest.mark.parametrize(("graph", "node", "shown"), [
    ("papers", "paper:xss1", '<img src=x onerror="window.__xss=1">'),
    ("papers", "paper:xss2", "<script>window.__xss=4</script>"),
    ("coauthor", "bob smith", 'Eve <b onmouseover="window.__xss=3">Hacker</b>'),
    ("concept", "bert", "A title with <script>window.__xss=4</script> in it"),
])
def test_viz_tooltip_markup_never_runs_in_chromium(chromium_browser, xss_dir, tmp_path, graph, node, shown):
    result = write_map(xss_dir, graph, tmp_path / f"{graph}.html")
    page = open_map(chromium_browser, result.path)
    try:
        assert render_tooltips(page.page) == page.count("nodes") + page.count("edges")
        text = hover_node(page.page, node)
        assert shown in text  # the markup is shown as text ...
        page.page.wait_for_timeout(300)  # ... and an image error handler would have run by now
        assert page.page.evaluate("typeof window.__xss") == "undefined"
        assert page.page.evaluate("document.querySelectorAll('.kg-tip img, .kg-tip script, .kg-tip b[onmouseover]').length") == 0
        page.page.screenshot(path=str(tmp_path / f"{graph}-tooltip.png"))
        assert page.console_errors == [] and page.requests == []
    finally:
        page.close()
