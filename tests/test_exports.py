"""exports/ holds the default build of the bundled sample; rebuilding must reproduce it exactly."""
from __future__ import annotations

import json

from conftest import ROOT

EXPORTS = ROOT / "exports"


def test_exports_rebuild_reproduces_repository_exports(sample_build):
    out = sample_build.out
    for name in ("kg.ttl", "coauthors.graphml", "concepts.graphml", "papers.graphml"):
        assert (out / name).read_bytes() == (EXPORTS / name).read_bytes(), (
            f"{name} differs from exports/; if the change is intended, run `kg build` at the "
            "repository root and review the diff"
        )
    fresh = json.loads((out / "manifest.json").read_text())
    kept = json.loads((EXPORTS / "manifest.json").read_text())
    fresh.pop("run"), kept.pop("run")  # wall-clock facts
    assert fresh == kept


def test_exports_build_twice_is_byte_identical(sample_build, tmp_path):
    import kg

    kg.build(None, tmp_path)
    assert (tmp_path / "kg.ttl").read_bytes() == (sample_build.out / "kg.ttl").read_bytes()
