"""kg push into a real Oxigraph server (the `oxigraph` binary from PyPI) started on 127.0.0.1."""
from __future__ import annotations

import json
import shutil
import socket
import subprocess
import time
import urllib.parse
import urllib.request

import pytest
from click.testing import CliRunner

from kg.cli import cli
from kg.push import PushError, push

OXIGRAPH = shutil.which("oxigraph")
pytestmark = pytest.mark.skipif(OXIGRAPH is None, reason="the oxigraph server (pip install oxigraph) is not installed")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture()
def oxigraph(tmp_path):
    port = free_port()
    process = subprocess.Popen([OXIGRAPH, "serve", "--location", str(tmp_path / "db"), "--bind", f"127.0.0.1:{port}"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/query?query=ASK%7B%7D", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    else:
        process.kill()
        pytest.fail(f"oxigraph did not start: {process.stderr.read()!r}")
    yield base
    process.terminate()
    process.wait(timeout=10)


def count(base: str, graph: str | None = None) -> int:
    pattern = f"GRAPH <{graph}> {{ ?s ?p ?o }}" if graph else "?s ?p ?o"
    url = base + "/query?query=" + urllib.parse.quote(f"SELECT (COUNT(*) AS ?n) WHERE {{ {pattern} }}")
    request = urllib.request.Request(url, headers={"Accept": "application/sparql-results+json"})
    with urllib.request.urlopen(request) as response:
        return int(json.loads(response.read())["results"]["bindings"][0]["n"]["value"])


def test_push_round_trips_triple_count(sample_build, oxigraph):
    expected = sample_build.manifest["counts"]["triples"]
    result = push(sample_build.out, oxigraph + "/store", graph="https://example.org/sample", chunk_triples=2000)
    assert result.triples == expected and result.chunks == -(-expected // 2000)
    assert count(oxigraph, "https://example.org/sample") == expected == result.store_count
    # Pushing again replaces rather than duplicates.
    push(sample_build.out, oxigraph + "/store", graph="https://example.org/sample")
    assert count(oxigraph, "https://example.org/sample") == expected


def test_push_cli_default_graph(sample_build, oxigraph):
    result = CliRunner().invoke(cli, ["push", "--dir", str(sample_build.out), "--endpoint", oxigraph + "/store"])
    assert result.exit_code == 0, result.output
    assert f"pushed {sample_build.manifest['counts']['triples']} triples" in result.stdout
    assert count(oxigraph) == sample_build.manifest["counts"]["triples"]


def test_push_unreachable_store_is_a_clear_error(sample_build):
    with pytest.raises(PushError, match="cannot reach the store"):
        push(sample_build.out, f"http://127.0.0.1:{free_port()}/store", retries=1)
    result = CliRunner().invoke(cli, ["push", "--dir", str(sample_build.out), "--endpoint",
                                      f"http://127.0.0.1:{free_port()}/store", "--retries", "0"])
    assert result.exit_code == 1 and "Error:" in result.stderr and "Traceback" not in result.output
