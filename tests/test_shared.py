"""Builds on the real corpora in ../shared/data (skipped when ../shared is absent)."""
from __future__ import annotations

import networkx as nx
import pytest

import kg


@pytest.mark.shared
def test_shared_neurips2023_builds(shared_data, tmp_path):
    listing = shared_data / "neurips2023-awesome" / "neurips2023.jsonl.gz"
    result = kg.build([listing], tmp_path)
    counts = result.manifest["counts"]
    assert counts["records_read"] == 3584 and counts["skipped_rows"] == 0
    # Two records repeat another paper's abstract under a revised title: merged, and said so.
    assert counts["papers"] + counts["duplicates_merged"] == 3584
    assert counts["authors"] > 12000
    assert nx.read_graphml(tmp_path / "coauthors.graphml").number_of_nodes() == counts["authors"]
    assert counts["triples"] == len(result.graph)


@pytest.mark.shared
@pytest.mark.parametrize("name", ["papercopilot-paperlists/acl.jsonl.gz", "iclr2026-openreview/iclr2026_accepted_subset.jsonl.gz"])
def test_shared_structured_listings_read(shared_data, name):
    report = kg.read.ReadReport()
    papers = kg.read_papers([shared_data / name], report=report)
    assert papers and not report.skipped
    assert all(p.abstract or p.title for p in papers)
