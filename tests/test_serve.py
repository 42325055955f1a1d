"""kg serve, started for real on 127.0.0.1 and queried with SPARQLWrapper and plain HTTP."""
from __future__ import annotations

import json
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

SPARQLWrapper = pytest.importorskip("SPARQLWrapper")


@pytest.fixture(scope="module")
def endpoint(sample_build):
    process = subprocess.Popen(
        [sys.executable, "-m", "kg", "serve", "--dir", str(sample_build.out), "--port", "0", "--timeout", "2",
         "--max-rows", "50"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    url = process.stdout.readline().strip()
    if not url.startswith("http://127.0.0.1:"):
        process.kill()
        pytest.fail(f"kg serve did not start: {url!r} {process.stderr.read()}")
    yield url
    process.terminate()
    process.wait(timeout=10)


def wrapper(url: str, query: str, fmt: str = "json"):
    from SPARQLWrapper import SPARQLWrapper as Client

    client = Client(url + "sparql")
    client.setQuery(query)
    client.setReturnFormat(fmt)
    return client


def test_serve_select(endpoint):
    result = wrapper(endpoint, """SELECT ?coauthor ?n WHERE {
        ?a foaf:name "Iván Arcuschin" . ?c a kg:CoAuthorship ; kg:between ?a, ?b ; kg:paperCount ?n .
        FILTER(?a != ?b) ?b foaf:name ?coauthor } ORDER BY DESC(?n) LIMIT 1""").query().convert()
    row = result["results"]["bindings"][0]
    assert row["coauthor"]["value"] == "Arthur Conmy" and row["n"]["value"] == "3"


def test_serve_ask_and_construct(endpoint):
    assert wrapper(endpoint, "ASK { ?p a fabio:ConferencePaper }").query().convert()["boolean"] is True
    graph = wrapper(endpoint, "CONSTRUCT { ?e skos:prefLabel ?l } WHERE { ?e a kg:Dataset ; skos:prefLabel ?l }",
                    "turtle").query().convert()
    assert b"prefLabel" in graph


def test_serve_post_and_content_negotiation(endpoint):
    from SPARQLWrapper import POST

    client = wrapper(endpoint, "SELECT ?n WHERE { ?a foaf:name ?n } ORDER BY ?n LIMIT 2", "csv")
    client.setMethod(POST)
    text = client.query().convert().decode()
    assert text.splitlines()[0] == "n" and len(text.splitlines()) == 3
    request = urllib.request.Request(endpoint + "sparql?query=ASK%7B%7D",
                                     headers={"Accept": "application/sparql-results+xml"})
    with urllib.request.urlopen(request) as response:
        assert response.headers["Content-Type"].startswith("application/sparql-results+xml")
        assert b"<boolean>true</boolean>" in response.read()


def test_serve_refuses_update(endpoint):
    from SPARQLWrapper import POST

    client = wrapper(endpoint, "INSERT DATA { <http://a> <http://b> <http://c> }")
    client.setMethod(POST)
    client.setRequestMethod("postdirectly")
    with pytest.raises(Exception) as info:
        client.query()
    assert "403" in str(info.value) or "Forbidden" in str(info.value)
    request = urllib.request.Request(endpoint + "update", data=b"update=CLEAR%20ALL", method="POST")
    with pytest.raises(urllib.error.HTTPError) as http:
        urllib.request.urlopen(request)
    assert http.value.code == 403


def test_serve_times_out_runaway_query(endpoint):
    url = endpoint + "sparql?query=" + urllib.parse.quote(
        "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }")
    with pytest.raises(urllib.error.HTTPError) as http:
        urllib.request.urlopen(url, timeout=30)
    assert http.value.code == 503 and b"stopped after 2 s" in http.value.read()


def test_serve_syntax_error_is_400(endpoint):
    with pytest.raises(urllib.error.HTTPError) as http:
        urllib.request.urlopen(endpoint + "sparql?query=SELECT%20%3Fx%20WHERE%20%7B")
    assert http.value.code == 400 and b"syntax error at 1:" in http.value.read()


def test_serve_caps_result_size(endpoint):
    request = urllib.request.Request(endpoint + "sparql?query=" + urllib.parse.quote("SELECT * WHERE { ?s ?p ?o }"),
                                     headers={"Accept": "application/sparql-results+json"})
    with urllib.request.urlopen(request) as response:
        assert response.headers["X-KG-Truncated"] == "true"
        assert len(json.loads(response.read())["results"]["bindings"]) == 50


def test_serve_health_page_and_named_queries(endpoint):
    with urllib.request.urlopen(endpoint + "health") as response:
        health = json.loads(response.read())
    assert health["status"] == "ok" and health["triples"] > 1000
    with urllib.request.urlopen(endpoint) as response:
        page = response.read().decode()
    assert "<textarea" in page and "coauthors-of-author" in page
    with urllib.request.urlopen(endpoint + "queries/coauthors-of-author?author=Iv%C3%A1n%20Arcuschin") as response:
        data = json.loads(response.read())
    assert data["results"]["bindings"][0]["coauthor"]["value"] == "Arthur Conmy"
