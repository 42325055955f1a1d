"""kg query: named queries with known answers on the bundled sample, safe parameters, errors, timeouts."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kg.cli import cli
from kg.query import QueryError, QueryTimeout, bind_params, load_named, named_queries, open_store, run


@pytest.fixture(scope="module")
def store(sample_build):
    return open_store(sample_build.out)


def rows(store, name, **params):
    query = load_named(name)
    bound = bind_params(query, params)
    result = run(store, query.text, bound, hidden=tuple(bound))
    return [{k: v["value"] for k, v in r.items()} for r in result.data["results"]["bindings"]]


def test_query_library_is_documented():
    queries = named_queries()
    assert len(queries) >= 11
    for q in queries.values():
        assert q.description, q.name
        assert all(p.doc for p in q.params), q.name


def test_query_coauthors_ranked(store):
    result = rows(store, "coauthors-of-author", author="Iván Arcuschin")
    assert result[0]["coauthor"] == "Arthur Conmy" and result[0]["papers"] == "3"
    assert [r["papers"] for r in result] == sorted((r["papers"] for r in result), reverse=True)


def test_query_papers_of_author_case_insensitive(store):
    assert len(rows(store, "papers-of-author", author="iván ARCUSCHIN")) == 4


def test_query_papers_using_entity_by_alias(store):
    result = rows(store, "papers-using-entity", entity="dpo")
    assert result and {r["label"] for r in result} == {"Direct Preference Optimization"}


@pytest.mark.parametrize("name, kind", [("top-methods", "Method"), ("top-models", "Model"), ("top-datasets", "Dataset")])
def test_query_top_entities_per_type(sample_build, store, name, kind):
    result = rows(store, name)
    expected = sorted((e for e in sample_build.corpus.entities if e.kind.value == kind.upper()),
                      key=lambda e: (-len(e.paper_ids), e.name))[:25]
    assert [int(r["papers"]) for r in result] == [len(e.paper_ids) for e in expected]
    assert result[0]["label"] in {e.name for e in expected if len(e.paper_ids) == len(expected[0].paper_ids)}


def test_query_top_entities_per_area(store):
    result = rows(store, "top-entities-per-area", area="Deep Learning · Large Language Models")
    assert result and {r["kind"] for r in result} <= {"Method", "Model", "Dataset"}


def test_query_entities_proposed_by_paper(sample_build, store):
    paper = next(p for p in sample_build.corpus.papers if p.abstract.startswith("Large language models are becoming"))
    result = rows(store, "entities-proposed-by-paper", paper=paper.id)
    assert {(r["label"], r["kind"]) for r in result} == {("Jet Expansions", "Method")}


def test_query_authors_of_entity(store):
    result = rows(store, "authors-of-entity", entity="SAE")
    assert result and all(r["author"] for r in result)


def test_query_acronyms(store):
    result = rows(store, "acronyms")
    assert {"acronym": "DPO", "expansion": "Direct Preference Optimization", "papers": "1"} in result
    assert [int(r["papers"]) for r in result] == sorted((int(r["papers"]) for r in result), reverse=True)


def test_query_truncated_author_lists(store):
    result = rows(store, "truncated-author-lists")
    assert sorted(r["known_authors"] for r in result) == ["10", "10"]


def test_query_params_are_bound_not_pasted(store):
    # A value that would break out of a pasted string literal is just an unmatched name.
    assert rows(store, "papers-of-author", author='x")) } ; DROP ALL ; SELECT * WHERE { ?s ?p ?o FILTER(("') == []


def test_query_missing_and_unknown_params():
    with pytest.raises(QueryError, match="needs --param author"):
        bind_params(load_named("papers-of-author"), {})
    with pytest.raises(QueryError, match="has no parameter 'who'"):
        bind_params(load_named("papers-of-author"), {"author": "a", "who": "b"})


def test_query_syntax_error_has_line_and_column(store):
    with pytest.raises(QueryError, match=r"syntax error at 2:\d+"):
        run(store, "SELECT ?x WHERE {\n ?x ?y }")


def test_query_timeout_is_an_error_not_empty(store):
    with pytest.raises(QueryTimeout, match="stopped after 0.5 s"):
        run(store, "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }", timeout=0.5)


def test_query_cli_formats(sample_build):
    runner = CliRunner()
    base = ["query", "--dir", str(sample_build.out), "--name", "coauthors-of-author", "--param", "author=Iván Arcuschin"]
    table = runner.invoke(cli, base, catch_exceptions=False)
    assert table.exit_code == 0 and table.stdout.splitlines()[2].startswith("Arthur Conmy")
    data = json.loads(runner.invoke(cli, [*base, "--format", "json"]).stdout)
    assert data["head"]["vars"] == ["coauthor", "papers", "weight"]
    assert data["results"]["bindings"][0]["papers"] == {
        "type": "literal", "value": "3", "datatype": "http://www.w3.org/2001/XMLSchema#integer"}
    csv_out = runner.invoke(cli, [*base, "--format", "csv"]).stdout
    assert csv_out.splitlines()[:2] == ["coauthor,papers,weight", "Arthur Conmy,3,0.95"]
    construct = runner.invoke(cli, ["query", "--dir", str(sample_build.out),
                                    "CONSTRUCT { ?e skos:prefLabel ?l } WHERE { ?e a kg:Dataset ; skos:prefLabel ?l }"])
    assert construct.exit_code == 0 and "skos:prefLabel" in construct.stdout


@pytest.mark.parametrize("args, message", [
    (["SELECT ?x WHERE { ?x }"], "Error: SPARQL syntax error at 1:"),
    (["--name", "nope"], "Error: no named query 'nope'"),
    (["--name", "papers-of-author"], "Error: query 'papers-of-author' needs --param author=VALUE"),
])
def test_query_cli_errors(sample_build, args, message):
    result = CliRunner().invoke(cli, ["query", "--dir", str(sample_build.out), *args])
    assert result.exit_code == 1 and result.stderr.startswith(message) and "Traceback" not in result.output


def test_query_cli_no_store(tmp_path):
    result = CliRunner().invoke(cli, ["query", "--dir", str(tmp_path), "ASK {}"])
    assert result.exit_code == 1 and "no query store" in result.stderr and "kg build" in result.stderr
