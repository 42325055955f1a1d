"""Graph metrics of a build: corpus descriptives, co-author and concept network statistics (plain Python scalars)."""
from __future__ import annotations

import heapq
import math
import multiprocessing
import os
import pickle
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict, dataclass, field
from itertools import islice
from statistics import median
from typing import Any, Generic, TypeVar

import networkx as nx

__all__ = ["MetricsReport", "PaperIndex", "Settings", "compute", "graph_metrics",
           "corpus_metrics", "concept_metrics", "paper_index", "top_nodes", "top_area"]

KINDS = ("METHOD", "MODEL", "DATASET")
#: Graphs with at least this many edges compute betweenness in a worker process, beside Louvain.
PARALLEL_EDGES = 50_000
T = TypeVar("T")


def _run_pickled(job: bytes) -> Any:
    fn, args = pickle.loads(job)
    return fn(*args)


class _Deferred(Generic[T]):
    """``fn(*args)`` in a forked worker when ``background`` (the machine has a core to spare), else on demand.

    The slow networkx steps (sampled betweenness next to Louvain, parsing two GraphML files) then
    share the cores; the results are the same either way.
    """

    def __init__(self, fn: Callable[..., T], *args: Any, background: bool = True) -> None:
        self._fn, self._args, self._pool = fn, args, None
        if background and (os.cpu_count() or 1) > 1 and "fork" in multiprocessing.get_all_start_methods():
            # Pickle now, in this thread: the pool's feeder thread would pickle the graph later, while
            # networkx may be writing to its __networkx_cache__.
            job = pickle.dumps((fn, args), protocol=pickle.HIGHEST_PROTOCOL)
            self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork"))
            self._future = self._pool.submit(_run_pickled, job)

    def result(self) -> T:
        if self._pool is not None:
            try:
                return self._future.result()
            except (BrokenProcessPool, OSError):
                pass  # the worker died (e.g. out of memory): compute here instead
            finally:
                self._pool.shutdown()
        return self._fn(*self._args)


@dataclass(frozen=True, slots=True)
class Settings:
    """Knobs of :func:`compute`; every number in a report follows from the build and these.

    ``seed`` drives Louvain, sampled betweenness and sampled clustering. Betweenness costs one
    breadth-first search (n + m steps) per source node: it is exact while
    ``betweenness_budget`` steps cover every source, else estimated from
    ``betweenness_budget // (n + m)`` (at least ``betweenness_min_k``) random sources (Brandes &
    Pich 2007). Average clustering is exact while Σ degree² ≤ ``clustering_budget``, else
    estimated from ``clustering_trials`` random wedges (Schank & Wagner 2005). Both choices
    depend only on the graph, so reports stay deterministic.
    """

    seed: int = 42
    top: int = 10
    communities: int = 10
    betweenness_budget: int = 4_000_000
    betweenness_min_k: int = 16
    clustering_budget: int = 20_000_000
    clustering_trials: int = 20_000
    heatmap_entities: int = 20
    min_pair_papers: int = 5
    min_bridge_papers: int = 3
    decimals: int = 6


@dataclass(frozen=True, slots=True)
class MetricsReport:
    """Everything a report shows; every leaf is a str, int, float, bool, None, list or dict.

    Fields: ``build`` (tool and inputs), ``corpus`` (descriptives), ``graphs`` (``coauthors`` and
    ``concepts``: size, connectivity, clustering, rankings, communities), ``concepts`` (usage per type
    and area, co-occurrence, bridges), ``quality`` (from the manifest) and ``settings``.
    """

    build: dict[str, Any]
    corpus: dict[str, Any]
    graphs: dict[str, Any]
    concepts: dict[str, Any]
    quality: dict[str, Any]
    settings: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """The report as one JSON-ready dict."""
        return asdict(self)


def _round(value: float, decimals: int = 6) -> float:
    return round(float(value), decimals)


def _summary(values: list[int], decimals: int = 6) -> dict[str, Any]:
    """Mean, median, max and the distribution ([value, count] pairs) of a list of counts."""
    if not values:
        return {"mean": 0.0, "median": 0.0, "max": 0, "distribution": []}
    return {"mean": _round(sum(values) / len(values), decimals), "median": _round(median(values), decimals),
            "max": max(values), "distribution": [[k, n] for k, n in sorted(Counter(values).items())]}


def top_area(area: str) -> str:
    """The first level of a subject area ("Applications · Time Series" → "Applications").

    >>> top_area("Applications · Time Series"), top_area("generative models"), top_area("")
    ('Applications', 'generative models', '')
    """
    return area.split(" · ")[0].strip()


def top_nodes(values: dict[Any, float], G: nx.Graph, n: int = 10, decimals: int = 6) -> list[dict[str, Any]]:
    """The ``n`` highest values as ``{"id", "label", "value"}``; ties go to the smaller id.

    >>> G = nx.Graph([("b", "a")]); G.nodes["a"]["label"] = "A"
    >>> top_nodes({"a": 1, "b": 1}, G, 1)
    [{'id': 'a', 'label': 'A', 'value': 1}]
    """
    ranked = sorted(values.items(), key=lambda kv: (-kv[1], str(kv[0])))[:n]
    return [{"id": node, "label": G.nodes[node].get("label", str(node)),
             "value": v if isinstance(v, int) else _round(v, decimals)} for node, v in ranked]


def _betweenness(G: nx.Graph, k: int | None, seed: int) -> dict[Any, float]:
    """Betweenness by hops: exact, or estimated from ``k`` random sources (Brandes & Pich 2007)."""
    return nx.betweenness_centrality(G, k=k, seed=seed)


def _communities(G: nx.Graph, weight: str, settings: Settings) -> tuple[list[list[str]], float]:
    """Louvain communities (Blondel et al. 2008), largest first, members sorted; and their modularity."""
    if G.number_of_edges() == 0:
        return [], 0.0
    parts = nx.community.louvain_communities(G, weight=weight, seed=settings.seed)
    modularity = nx.community.modularity(G, parts, weight=weight)
    return sorted((sorted(p) for p in parts), key=lambda c: (-len(c), c[0])), float(modularity)


def _member_rank(G: nx.Graph, members: list[str]) -> list[str]:
    """Members by papers, then degree, then id."""
    return sorted(members, key=lambda v: (-int(G.nodes[v].get("papers", 0)), -G.degree(v), v))


def graph_metrics(G: nx.Graph, *, weight: str = "weight", settings: Settings | None = None) -> tuple[dict[str, Any], list[list[str]]]:
    """Size, connectivity, clustering, rankings and Louvain communities of one graph.

    Parameters
    ----------
    G
        An undirected graph whose nodes may carry ``label`` and ``papers``.
    weight
        Edge attribute used by weighted degree, PageRank and Louvain (betweenness is by hops,
        since the weights are similarities, not distances).
    settings
        Seed, list lengths and sampling thresholds.

    Returns
    -------
    (dict, list of communities)
        The metrics (plain scalars), and every community as a sorted member list, largest first.

    Examples
    --------
    >>> m, parts = graph_metrics(nx.path_graph(["a", "b", "c"]))
    >>> m["nodes"], m["edges"], m["density"], m["top"]["degree"][0]["id"]
    (3, 2, 0.666667, 'b')
    """
    s = settings or Settings()
    n, m = G.number_of_nodes(), G.number_of_edges()
    components = sorted((len(c) for c in nx.connected_components(G)), reverse=True) if n else []
    degree = dict(G.degree())
    strength = {v: _round(d, s.decimals) for v, d in G.degree(weight=weight)}
    sources = max(s.betweenness_min_k, s.betweenness_budget // (n + m)) if n else 0
    sampled_k = sources if sources < n else None
    # Betweenness and Louvain are the slow steps; on large graphs they run side by side.
    betweenness_job = _Deferred(_betweenness, G, sampled_k, s.seed, background=m >= PARALLEL_EDGES)
    if sum(d * d for d in degree.values()) > s.clustering_budget:
        clustering = nx.approximation.average_clustering(G, trials=s.clustering_trials, seed=s.seed)
        clustering_trials: int | None = s.clustering_trials
    else:
        clustering, clustering_trials = (nx.average_clustering(G) if n else 0.0), None
    pagerank = nx.pagerank(G, weight=weight) if n else {}
    parts, modularity = _communities(G, weight, s)
    betweenness = betweenness_job.result() if m else {}
    top = {
        "papers": top_nodes({v: int(d.get("papers", 0)) for v, d in G.nodes(data=True)}, G, s.top, s.decimals),
        "degree": top_nodes(degree, G, s.top, s.decimals),
        "weighted_degree": top_nodes(strength, G, s.top, s.decimals),
        "pagerank": top_nodes(pagerank, G, s.top, s.decimals),
        "betweenness": top_nodes(betweenness, G, s.top, s.decimals),
    }
    items = []
    for i, members in enumerate(parts[:s.communities]):
        ranked = _member_rank(G, members)[:s.top]
        items.append({"id": i, "size": len(members), "top": ranked,
                      "top_labels": [G.nodes[v].get("label", v) for v in ranked]})
    metrics = {
        "nodes": n,
        "edges": m,
        "density": _round(nx.density(G), s.decimals) if n > 1 else 0.0,
        "average_degree": _round(2 * m / n, s.decimals) if n else 0.0,
        "components": len(components),
        "isolates": sum(1 for d in degree.values() if d == 0),
        "largest_component": {"nodes": components[0] if components else 0,
                              "share": _round(components[0] / n, s.decimals) if n else 0.0},
        "average_clustering": _round(clustering, s.decimals),
        "clustering_sampled": clustering_trials,
        "degree_distribution": [[k, c] for k, c in sorted(Counter(degree.values()).items())],
        "weight": weight,
        "betweenness_sampled": sampled_k,
        "top": top,
        "communities": {
            "method": "louvain", "seed": s.seed, "weight": weight, "resolution": 1.0,
            "count": len(parts), "modularity": _round(modularity, s.decimals),
            "size_distribution": [[k, c] for k, c in sorted(Counter(len(p) for p in parts).items(), reverse=True)],
            "items": items,
        },
    }
    return metrics, parts


@dataclass(frozen=True, slots=True)
class PaperIndex:
    """The paper graph by paper: attributes, authors (by position) and entities with their role."""

    papers: dict[str, dict[str, Any]]
    authors: dict[str, list[str]]
    entities: dict[str, dict[str, str]]


def paper_index(P: nx.Graph) -> PaperIndex:
    """Index ``papers.graphml``: paper attributes, author keys in order, entity keys → proposes/uses.

    >>> P = nx.Graph([("paper:p", "author:a", {"relation": "authored", "position": 1})])
    >>> P.add_node("paper:p", kind="paper"); paper_index(P).authors
    {'paper:p': ['a']}
    """
    papers = {v: d for v, d in P.nodes(data=True) if d.get("kind") == "paper"}
    authors: dict[str, list[tuple[int, str]]] = defaultdict(list)
    entities: dict[str, dict[str, str]] = defaultdict(dict)
    for u, v, d in P.edges(data=True):
        paper, other = (u, v) if u in papers else (v, u)
        if paper not in papers:
            continue
        relation = d.get("relation")
        if relation == "authored":
            authors[paper].append((int(d.get("position", 0)), other.removeprefix("author:")))
        elif relation in ("proposes", "uses"):
            key = other.removeprefix("entity:")
            if entities[paper].get(key) != "proposes":
                entities[paper][key] = relation
    return PaperIndex(papers, {p: [a for _, a in sorted(a)] for p, a in authors.items()}, dict(entities))


def corpus_metrics(P: nx.Graph, manifest: dict[str, Any], *, settings: Settings | None = None,
                   index: PaperIndex | None = None) -> dict[str, Any]:
    """Descriptives of the corpus: papers, authors, authorship, areas, entities, keywords.

    The collaboration index is the mean number of authors of multi-author papers (Elango &
    Rajendran 2012, as in bibliometrix). Top keywords need a ``keywords`` attribute (" | "-joined)
    on the paper nodes; without it ``top_keywords`` is None. ``index`` is :func:`paper_index` of
    ``P``, when already computed.
    """
    s = settings or Settings()
    ix = index or paper_index(P)
    papers, authors, entities = ix.papers, ix.authors, ix.entities
    counts = manifest.get("counts", {})
    n_papers = len(papers)
    team = [len(authors.get(p, [])) for p in papers]
    with_authors = [k for k in team if k]
    multi = [k for k in with_authors if k > 1]
    areas = Counter(d.get("area") or "" for d in papers.values())
    kinds = Counter(d.get("kind") for d in P.nodes.values())
    per_paper = [len(entities.get(p, {})) for p in papers]
    mentions = sum(counts.get("mentions", {}).values()) if isinstance(counts.get("mentions"), dict) else None
    keywords: list[dict[str, Any]] | None = None
    if any("keywords" in d for d in papers.values()):
        seen: Counter[str] = Counter()
        forms: dict[str, Counter[str]] = defaultdict(Counter)
        for d in papers.values():
            words: dict[str, str] = {}
            for word in str(d.get("keywords") or "").split(" | "):
                if word.strip():
                    words.setdefault(word.strip().casefold(), word.strip())
            for key, word in words.items():
                seen[key] += 1
                forms[key][word] += 1
        keywords = [{"keyword": sorted(forms[k].items(), key=lambda f: (-f[1], f[0]))[0][0], "papers": c}
                    for k, c in sorted(seen.items(), key=lambda kc: (-kc[1], kc[0]))[:s.top * 2]]
    return {
        "papers": n_papers,
        "authors": kinds.get("author", 0),
        "authorships": sum(with_authors),
        "papers_with_authors": len(with_authors),
        "papers_without_authors": n_papers - len(with_authors),
        "authors_per_paper": _summary(with_authors, s.decimals),
        "single_author_papers": len(with_authors) - len(multi),
        "single_author_share": _round((len(with_authors) - len(multi)) / len(with_authors), s.decimals) if with_authors else 0.0,
        "collaboration_index": _round(sum(multi) / len(multi), s.decimals) if multi else 0.0,
        "papers_per_author": _round(sum(with_authors) / kinds["author"], s.decimals) if kinds.get("author") else 0.0,
        "truncated_author_lists": int(counts.get("truncated_author_lists", 0)),
        "areas": len([a for a in areas if a]),
        "papers_without_area": areas.get("", 0),
        "papers_per_area": [{"area": a, "papers": c} for a, c in sorted(areas.items(), key=lambda x: (-x[1], x[0])) if a],
        "entities_per_type": {k: kinds.get(k, 0) for k in KINDS},
        "mentions": mentions,
        "mentions_per_paper": _round(mentions / n_papers, s.decimals) if mentions is not None and n_papers else 0.0,
        "entities_per_paper": _summary(per_paper, s.decimals),
        "papers_without_entities": sum(1 for k in per_paper if k == 0),
        "share_papers_without_entities": _round(sum(1 for k in per_paper if k == 0) / n_papers, s.decimals) if n_papers else 0.0,
        "top_keywords": keywords,
    }


def _entity_row(C: nx.Graph, key: str, **extra: Any) -> dict[str, Any]:
    d = C.nodes[key] if key in C else {}
    return {"id": key, "label": d.get("label", key), "kind": d.get("kind", ""), "papers": int(d.get("papers", 0)),
            "proposed_in": int(d.get("proposed_in", 0)), **extra}


def _counted(C: nx.Graph, key: str, count: int) -> dict[str, Any]:
    return {"id": key, "label": C.nodes[key].get("label", key) if key in C else key, "papers": count}


def _pair(C: nx.Graph, u: str, v: str, d: dict[str, Any], decimals: int) -> dict[str, Any]:
    u, v = sorted((u, v))
    return {"source": u, "source_label": C.nodes[u].get("label", u), "target": v, "target_label": C.nodes[v].get("label", v),
            "papers": int(d.get("papers", 0)), "association_strength": _round(d.get("weight", 0.0), decimals)}


def concept_metrics(C: nx.Graph, P: nx.Graph, *, settings: Settings | None = None,
                    index: PaperIndex | None = None) -> dict[str, Any]:
    """Methods, models and datasets: most used and proposed (overall and per area), co-occurrence, bridges.

    Areas are first-level subject areas (:func:`top_area`). Association strength is observed
    over expected co-mentions, N·c/(s₁s₂) (van Eck & Waltman 2009); the strongest pairs are
    listed among pairs with at least ``min_pair_papers`` co-mentions (fewer when no pair reaches it).
    An entity bridges areas when its papers spread over many: the effective number of areas is
    exp(Shannon entropy) of its papers' area distribution (a Hill number of order 1).
    """
    s = settings or Settings()
    ix = index or paper_index(P)
    papers, entities = ix.papers, ix.entities
    nodes = {v: d for v, d in C.nodes(data=True)}
    by_papers = sorted(nodes, key=lambda v: (-int(nodes[v].get("papers", 0)), v))
    by_proposed = sorted((v for v in nodes if int(nodes[v].get("proposed_in", 0)) > 0),
                         key=lambda v: (-int(nodes[v]["proposed_in"]), -int(nodes[v].get("papers", 0)), v))
    most_used = {k: [_entity_row(C, v) for v in islice((v for v in by_papers if nodes[v].get("kind") == k), s.top)]
                 for k in KINDS}
    most_proposed = {k: [_entity_row(C, v) for v in islice((v for v in by_proposed if nodes[v].get("kind") == k), s.top)]
                     for k in KINDS}

    area_papers: Counter[str] = Counter()
    used: dict[str, Counter[str]] = defaultdict(Counter)
    proposed: dict[str, Counter[str]] = defaultdict(Counter)
    entity_areas: dict[str, Counter[str]] = defaultdict(Counter)
    for p, d in papers.items():
        area = top_area(str(d.get("area") or ""))
        if area:
            area_papers[area] += 1
        for key, role in entities.get(p, {}).items():
            if area:
                used[area][key] += 1
                entity_areas[key][area] += 1
                if role == "proposes":
                    proposed[area][key] += 1
    area_order = sorted(area_papers, key=lambda a: (-area_papers[a], a))
    per_area = []
    for area in area_order:
        by_kind: dict[str, list[tuple[str, int]]] = defaultdict(list)
        for v, c in used[area].items():
            by_kind[nodes.get(v, {}).get("kind", "")].append((v, c))
        per_area.append({
            "area": area, "papers": area_papers[area],
            "used": {k: [_counted(C, v, c) for v, c in heapq.nsmallest(5, by_kind[k], key=lambda kc: (-kc[1], kc[0]))]
                     for k in KINDS},
            "proposed": [_counted(C, v, c) for v, c in sorted(proposed[area].items(), key=lambda kc: (-kc[1], kc[0]))[:5]],
        })
    columns = [v for v in by_papers if entity_areas.get(v)][:s.heatmap_entities]
    heatmap = {"areas": area_order, "area_papers": [area_papers[a] for a in area_order], "entities": columns,
               "labels": [nodes[v].get("label", v) for v in columns],
               "counts": [[used[a].get(v, 0) for v in columns] for a in area_order]}

    edges = list(C.edges(data=True))
    frequent = heapq.nsmallest(s.top, edges, key=lambda e: (-int(e[2].get("papers", 0)), -float(e[2].get("weight", 0)),
                                                         min(e[:2]), max(e[:2])))
    threshold = s.min_pair_papers
    while threshold > 1 and not any(int(d.get("papers", 0)) >= threshold for *_, d in edges):
        threshold -= 1
    strong = heapq.nsmallest(s.top, (e for e in edges if int(e[2].get("papers", 0)) >= threshold),
                             key=lambda e: (-float(e[2].get("weight", 0)), -int(e[2].get("papers", 0)), min(e[:2]), max(e[:2])))

    bridges = []
    for key, dist in entity_areas.items():
        total = sum(dist.values())
        if total < s.min_bridge_papers or len(dist) < 2:
            continue
        entropy = -sum(c / total * math.log(c / total) for c in dist.values())
        tops = sorted(dist.items(), key=lambda ac: (-ac[1], ac[0]))[:3]
        bridges.append(_entity_row(C, key, areas=len(dist), effective_areas=_round(math.exp(entropy), 3),
                                   top_areas=[{"area": a, "papers": c} for a, c in tops]))
    bridges.sort(key=lambda b: (-b["effective_areas"], -b["papers"], b["id"]))
    return {
        "most_used": most_used,
        "most_proposed": most_proposed,
        "per_area": per_area,
        "heatmap": heatmap,
        "frequent_pairs": [_pair(C, u, v, d, s.decimals) for u, v, d in frequent],
        "strongest_pairs": [_pair(C, u, v, d, s.decimals) for u, v, d in strong],
        "strongest_pairs_min_papers": threshold,
        "bridges": bridges[:s.top],
    }


def _community_concepts(parts: list[list[str]], ix: PaperIndex, C: nx.Graph, n: int) -> list[list[dict[str, Any]]]:
    """For each co-author community, the entities mentioned in most of its papers."""
    authors, entities = ix.authors, ix.entities
    papers_of: dict[str, set[str]] = defaultdict(set)
    for paper, keys in authors.items():
        for key in keys:
            papers_of[key].add(paper)
    result = []
    for members in parts:
        counts = Counter(e for p in set().union(*(papers_of[a] for a in members)) for e in entities.get(p, {}))
        ranked = sorted(counts.items(), key=lambda kc: (-kc[1], kc[0]))[:n]
        result.append([_counted(C, k, c) for k, c in ranked])
    return result


def _community_areas(parts: list[list[str]], ix: PaperIndex, n: int) -> list[list[dict[str, Any]]]:
    """For each concept community, the areas of the papers that mention its members."""
    papers, entities = ix.papers, ix.entities
    areas_of: dict[str, Counter[str]] = defaultdict(Counter)
    for p, keys in entities.items():
        area = top_area(str(papers[p].get("area") or ""))
        if area:
            for key in keys:
                areas_of[key][area] += 1
    result = []
    for members in parts:
        counts: Counter[str] = Counter()
        for key in members:
            counts.update(areas_of.get(key, {}))
        result.append([{"area": a, "mentions": c} for a, c in sorted(counts.items(), key=lambda ac: (-ac[1], ac[0]))[:n]])
    return result


def _quality(manifest: dict[str, Any], warnings: Sequence[str] = ()) -> dict[str, Any]:
    """What the manifest says about the build (no wall-clock facts, so that reports are reproducible)."""
    counts = manifest.get("counts", {})
    keep = ("records_read", "papers", "duplicates_merged", "skipped_rows", "papers_with_authors",
            "papers_with_area", "truncated_author_lists", "coauthor_edges", "concept_edges", "triples")
    return {
        "counts": {k: counts[k] for k in keep if k in counts},
        "mentions_per_type": counts.get("mentions", {}),
        "skipped": list(manifest.get("skipped", []))[:50],
        "extraction": manifest.get("quality", {}),
        "validation": manifest.get("validation"),
        "load_warnings": list(warnings),
    }


def compute(coauthors: nx.Graph, concepts: nx.Graph, papers: nx.Graph, manifest: dict[str, Any], *,
            settings: Settings | None = None, warnings: Sequence[str] = ()) -> MetricsReport:
    """All metrics of a build, deterministic for the given graphs, manifest and ``settings.seed``.

    Parameters
    ----------
    coauthors, concepts, papers
        The graphs of ``coauthors.graphml``, ``concepts.graphml`` and ``papers.graphml``.
    manifest
        The build's ``manifest.json``.
    settings
        Seed, list lengths and sampling thresholds (:class:`Settings`).
    warnings
        Problems met while reading the build, shown in the quality section.

    Returns
    -------
    MetricsReport
    """
    s = settings or Settings()
    ix = paper_index(papers)
    co, co_parts = graph_metrics(coauthors, weight="weight", settings=s)
    cg, cg_parts = graph_metrics(concepts, weight="papers", settings=s)
    shown = co["communities"]["items"]
    for item, top in zip(shown, _community_concepts(co_parts[:len(shown)], ix, concepts, 5)):
        item["top_concepts"] = top
    shown = cg["communities"]["items"]
    for item, top in zip(shown, _community_areas(cg_parts[:len(shown)], ix, 3)):
        item["top_areas"] = top
        item["kinds"] = dict(sorted(Counter(concepts.nodes[v].get("kind", "") for v in cg_parts[item["id"]]).items()))
    info = {"tool": manifest.get("tool", {}), "spacy": manifest.get("spacy", {}),
            "inputs": [{k: i.get(k) for k in ("name", "sha256", "records", "format")} for i in manifest.get("inputs", [])]}
    return MetricsReport(
        build=info,
        corpus=corpus_metrics(papers, manifest, settings=s, index=ix),
        graphs={"coauthors": co, "concepts": cg},
        concepts=concept_metrics(concepts, papers, settings=s, index=ix),
        quality=_quality(manifest, warnings),
        settings=asdict(s),
    )
