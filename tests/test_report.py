"""Graph-metric reports: numbers agree with networkx on the exported GraphML, outputs are deterministic and self-contained."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import networkx as nx
import pytest

import kg
from kg import metrics, report
from kg.errors import InputError, OutputError

CHROMIUM = Path("/usr/bin/chromium")


@pytest.fixture(scope="module")
def sample_dir(tmp_path_factory) -> Path:
    """The bundled sample built once for this module, with its report written."""
    out = tmp_path_factory.mktemp("report-sample")
    kg.build(None, out)
    report.write_report(out)
    return out


@pytest.fixture(scope="module")
def data(sample_dir) -> dict:
    return json.loads((sample_dir / "report.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def graphs(sample_dir) -> dict[str, nx.Graph]:
    """The exported GraphML, read independently of kg.report."""
    return {name: nx.read_graphml(sample_dir / f"{name}.graphml") for name in ("coauthors", "concepts", "papers")}


def copy_build(src: Path, dst: Path) -> Path:
    dst.mkdir(parents=True, exist_ok=True)
    for name in report.BUILD_FILES:
        shutil.copy(src / name, dst / name)
    return dst


def test_report_writes_the_requested_formats(sample_dir, tmp_path):
    for name in ("report.html", "report.md", "report.json"):
        assert (sample_dir / name).stat().st_size > 1000
    build = copy_build(sample_dir, tmp_path / "b")
    assert report.write_report(build, formats=("json", "md")) == [build / "report.json", build / "report.md"]
    assert not (build / "report.html").exists()
    assert not [p.name for p in build.iterdir() if p.name.startswith(".")]  # no temp files left behind


@pytest.mark.parametrize(("name", "weight"), [("coauthors", "weight"), ("concepts", "papers")])
def test_report_graph_numbers_agree_with_networkx(data, graphs, name, weight):
    G, got = graphs[name], data["graphs"][name]
    components = sorted((len(c) for c in nx.connected_components(G)), reverse=True)
    assert (got["nodes"], got["edges"]) == (G.number_of_nodes(), G.number_of_edges())
    assert got["density"] == pytest.approx(nx.density(G), abs=1e-6)
    assert got["components"] == nx.number_connected_components(G)
    assert got["largest_component"] == {"nodes": components[0], "share": pytest.approx(components[0] / len(G), abs=1e-6)}
    assert got["average_clustering"] == pytest.approx(nx.average_clustering(G), abs=1e-6)
    assert got["clustering_sampled"] is None and got["betweenness_sampled"] is None
    assert dict(got["degree_distribution"]) == dict(Counter(d for _, d in G.degree()))
    expected = {
        "degree": dict(G.degree()),
        "weighted_degree": dict(G.degree(weight=weight)),
        "pagerank": nx.pagerank(G, weight=weight),
        "betweenness": nx.betweenness_centrality(G),
    }
    for key, values in expected.items():
        top = got["top"][key]
        assert len(top) == 10
        for row in top:
            assert row["value"] == pytest.approx(values[row["id"]], abs=2e-6)
            assert row["label"] == G.nodes[row["id"]]["label"]
        # nothing outside the list beats its last entry
        assert max(v for node, v in values.items() if node not in {r["id"] for r in top}) <= top[-1]["value"] + 2e-6
    parts = nx.community.louvain_communities(G, weight=weight, seed=42)
    communities = got["communities"]
    assert communities["modularity"] == pytest.approx(nx.community.modularity(G, parts, weight=weight), abs=1e-6)
    assert communities["count"] == len(parts)
    assert [c["size"] for c in communities["items"]] == sorted((len(p) for p in parts), reverse=True)[:10]
    members = {frozenset(p) for p in parts}
    for item in communities["items"]:
        assert any(set(item["top"]) <= p for p in members)


def test_report_ivan_arcuschin_tops_the_coauthor_degree_ranking(data):
    top = data["graphs"]["coauthors"]["top"]["degree"]
    assert (top[0]["label"], top[0]["value"]) == ("Iván Arcuschin", 11)


def test_report_corpus_numbers_agree_with_the_paper_graph(data, graphs, sample_dir):
    P, corpus = graphs["papers"], data["corpus"]
    manifest = json.loads((sample_dir / "manifest.json").read_text(encoding="utf-8"))
    papers = [v for v, d in P.nodes(data=True) if d["kind"] == "paper"]
    team = Counter()
    for u, v, d in P.edges(data=True):
        if d["relation"] == "authored":
            team[u if u.startswith("paper:") else v] += 1
    sizes = list(team.values())
    multi = [k for k in sizes if k > 1]
    assert corpus["papers"] == len(papers) == manifest["counts"]["papers"]
    assert corpus["authors"] == manifest["counts"]["authors"] == graphs["coauthors"].number_of_nodes()
    assert corpus["authorships"] == sum(sizes) == manifest["counts"]["authorships"]
    assert corpus["authors_per_paper"]["mean"] == pytest.approx(sum(sizes) / len(sizes), abs=1e-6)
    assert dict(corpus["authors_per_paper"]["distribution"]) == dict(Counter(sizes))
    assert corpus["single_author_share"] == pytest.approx(sizes.count(1) / len(sizes), abs=1e-6)
    assert corpus["collaboration_index"] == pytest.approx(sum(multi) / len(multi), abs=1e-6)
    assert corpus["truncated_author_lists"] == manifest["counts"]["truncated_author_lists"]
    assert corpus["entities_per_type"] == manifest["counts"]["entities"]
    assert corpus["papers_without_entities"] == manifest["quality"]["papers_without_entities"]
    areas = Counter(P.nodes[p]["area"] for p in papers if P.nodes[p]["area"])
    assert {a["area"]: a["papers"] for a in corpus["papers_per_area"]} == dict(areas)
    assert corpus["top_keywords"] == []  # the seed listings carry no keywords


def test_report_concept_numbers_agree_with_the_concept_graph(data, graphs):
    C, got = graphs["concepts"], data["concepts"]
    for kind, rows in got["most_used"].items():
        counts = sorted((d["papers"] for _, d in C.nodes(data=True) if d["kind"] == kind), reverse=True)
        assert [r["papers"] for r in rows] == counts[:len(rows)]
    for pair in got["frequent_pairs"] + got["strongest_pairs"]:
        edge = C.edges[pair["source"], pair["target"]]
        assert (pair["papers"], pair["association_strength"]) == (edge["papers"], pytest.approx(edge["weight"]))
    assert got["frequent_pairs"][0]["papers"] == max(d["papers"] for *_, d in C.edges(data=True))
    assert len(got["heatmap"]["counts"]) == len(got["heatmap"]["areas"]) == len(got["per_area"])
    assert all(b["areas"] >= 2 for b in got["bridges"])


def test_report_json_is_byte_identical_across_processes(sample_dir, tmp_path):
    """Same build → same bytes, whatever the hash seed (sets of strings iterate differently)."""
    outputs = []
    for seed in ("1", "2"):
        build = copy_build(sample_dir, tmp_path / seed)
        env = {**os.environ, "PYTHONHASHSEED": seed}
        subprocess.run([sys.executable, "-c", f"from kg import report; report.write_report({str(build)!r})"],
                       check=True, env=env, timeout=300)
        outputs.append([(build / n).read_bytes() for n in ("report.json", "report.md", "report.html")])
    assert outputs[0] == outputs[1]
    assert outputs[0][0] == (sample_dir / "report.json").read_bytes()


def test_report_html_is_self_contained(sample_dir):
    text = (sample_dir / "report.html").read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and f"<h1>{report.TITLE}</h1>" in text
    assert "default-src 'none'" in text  # the page may load nothing from anywhere
    assert not re.search(r"""(src|href)=["'](?!data:|#)""", text)
    assert "<script" not in text
    assert text.count('src="data:image/svg+xml;base64,') >= 6


def test_report_markdown_has_the_sections(sample_dir):
    text = (sample_dir / "report.md").read_text(encoding="utf-8")
    for heading in ("# paper-kg graph report", "## Corpus", "## Co-author network", "## Concept network", "## Quality"):
        assert heading + "\n" in text
    assert "| 1 | Iván Arcuschin (4) | Iván Arcuschin (11) |" in text


def test_report_missing_build_is_a_one_line_error(tmp_path):
    with pytest.raises(InputError) as err:
        report.write_report(tmp_path / "exports")
    assert str(err.value) == f"{tmp_path / 'exports'}: no build here (coauthors.graphml missing); run `kg build` first or pass --dir"


def test_report_unknown_format_and_unwritable_target(sample_dir, tmp_path):
    with pytest.raises(InputError, match="unknown report format 'pdf'; use html, md, json"):
        report.write_report(sample_dir, formats=("pdf",))
    build = copy_build(sample_dir, tmp_path / "b")
    (build / "report.json").mkdir()
    with pytest.raises(OutputError, match="report.json: cannot write the report"):
        report.write_report(build, formats=("json",))
    assert [p.name for p in build.iterdir() if p.name.startswith(".")] == []


def test_report_unreadable_graphml(sample_dir, tmp_path):
    build = copy_build(sample_dir, tmp_path / "b")
    (build / "concepts.graphml").write_text("<graphml", encoding="utf-8")
    with pytest.raises(InputError, match=r"concepts.graphml: not a readable GraphML file .*; rebuild it with `kg build`"):
        report.load_build(build)


def test_report_drops_control_characters_with_a_warning(sample_dir, tmp_path):
    build = copy_build(sample_dir, tmp_path / "b")
    path = build / "concepts.graphml"
    path.write_text(path.read_text(encoding="utf-8").replace(">Logit Lens<", ">Logit\x02Lens<"), encoding="utf-8")
    loaded = report.load_build(build)
    assert loaded.warnings == ("concepts.graphml: dropped 1 control character(s) that XML forbids",)
    assert loaded.concepts.nodes["logit len"]["label"] == "LogitLens"


def test_report_fast_graphml_reader_matches_networkx(sample_dir, graphs, monkeypatch):
    monkeypatch.setattr(report, "PARALLEL_BYTES", 0)  # parse concepts.graphml in a worker process too
    loaded = report.load_build(sample_dir)
    for name, G in graphs.items():
        H = getattr(loaded, name)
        assert type(H) is type(G)
        assert list(H.nodes(data=True)) == list(G.nodes(data=True))
        assert list(H.edges(data=True)) == list(G.edges(data=True))
    assert loaded.warnings == ()


def test_report_parallel_and_serial_metrics_agree(graphs, monkeypatch):
    serial, _ = metrics.graph_metrics(graphs["concepts"], weight="papers")
    monkeypatch.setattr(metrics, "PARALLEL_EDGES", 0)  # betweenness in a worker process beside Louvain
    parallel, _ = metrics.graph_metrics(graphs["concepts"], weight="papers")
    assert parallel == serial


def write_build(path: Path, coauthors: nx.Graph, concepts: nx.Graph, papers: nx.Graph, manifest: dict) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    for name, G in (("coauthors", coauthors), ("concepts", concepts), ("papers", papers)):
        nx.write_graphml(G, path / f"{name}.graphml")
    (path / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return path


@pytest.mark.parametrize("nodes", [0, 3])
def test_report_handles_empty_graphs(tmp_path, nodes):
    G = nx.Graph()
    G.add_nodes_from((f"n{i}", {"label": f"N{i}", "kind": "author", "papers": 1}) for i in range(nodes))
    build = write_build(tmp_path / "b", G, nx.Graph(), nx.Graph(), {})
    paths = report.write_report(build)
    got = json.loads(paths[2].read_text(encoding="utf-8"))
    assert got["graphs"]["concepts"]["nodes"] == 0 and got["graphs"]["concepts"]["communities"]["items"] == []
    co = got["graphs"]["coauthors"]
    assert (co["nodes"], co["edges"], co["components"], co["density"]) == (nodes, 0, nodes, 0.0)
    assert co["communities"]["modularity"] == 0.0 and co["top"]["betweenness"] == []
    assert got["corpus"]["papers"] == 0 and got["corpus"]["collaboration_index"] == 0.0
    assert "<h1>" in paths[0].read_text(encoding="utf-8")


def test_report_samples_betweenness_and_clustering_on_large_graphs(graphs):
    settings = metrics.Settings(betweenness_budget=1, betweenness_min_k=20, clustering_budget=0, clustering_trials=500)
    got, _ = metrics.graph_metrics(graphs["coauthors"], settings=settings)
    assert got["betweenness_sampled"] == 20 and got["clustering_sampled"] == 500
    again, _ = metrics.graph_metrics(graphs["coauthors"], settings=settings)
    assert again == got  # seeded
    text = report.to_markdown(metrics.compute(graphs["coauthors"], graphs["concepts"], graphs["papers"], {},
                                              settings=settings))
    assert "Betweenness is estimated from 20 sampled source nodes (seed 42)" in text


def test_report_top_keywords_from_a_keywords_attribute(graphs):
    P = graphs["papers"].copy()
    papers = sorted(v for v, d in P.nodes(data=True) if d["kind"] == "paper")
    for i, paper in enumerate(papers):
        P.nodes[paper]["keywords"] = "LLMs | Interpretability | llms" if i % 3 else " LLMs"
    corpus = metrics.corpus_metrics(P, {})  # counted once per paper, case-folded, shown in the commonest spelling
    with_both = sum(1 for i in range(len(papers)) if i % 3)
    assert corpus["top_keywords"] == [{"keyword": "LLMs", "papers": len(papers)},
                                      {"keyword": "Interpretability", "papers": with_both}]


@pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is not installed")
def test_report_html_opens_in_headless_chromium(sample_dir):
    result = subprocess.run(
        [str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--dump-dom", (sample_dir / "report.html").as_uri()],
        capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    assert report.TITLE in result.stdout and "Co-author network" in result.stdout


def test_report_keywords_from_a_real_build(tmp_path, data_dir):
    """Keywords given in a listing reach papers.graphml and the report's top keywords."""
    import kg
    from kg.report import write_report

    kg.build([data_dir / "listings.jsonl", data_dir / "listings.csv"], tmp_path)
    write_report(tmp_path, ("json",))
    data = json.loads((tmp_path / "report.json").read_text())
    top = {k["keyword"]: k["papers"] for k in data["corpus"]["top_keywords"]}
    assert top["alignment"] == 2 and top["preference optimization"] == 1
