"""Shared fixtures: tiny hand-made listings in tests/data, and the bundled sample build (built once)."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("kg", deadline=None, max_examples=60)
settings.load_profile("kg")

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).parent.parent
SHARED = ROOT.parent / "shared"


@pytest.fixture(scope="session")
def data_dir() -> Path:
    return DATA


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """../shared/data, or skip when this checkout has no ../shared beside it."""
    path = SHARED / "data"
    if not path.is_dir():
        pytest.skip("../shared/data is not present")
    return path


@pytest.fixture(scope="session")
def sample_build(tmp_path_factory):
    """The default build of the bundled sample (kg build with no input), written to a temp dir."""
    import kg

    out = tmp_path_factory.mktemp("sample")
    return kg.build(None, out)


@pytest.fixture(scope="session")
def nlp():
    from kg import nlp as kg_nlp

    return kg_nlp.build()
