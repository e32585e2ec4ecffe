"""Shared fixtures: paths to the small fixture tables and to ../shared/data when present."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SHARED_DATA = ROOT.parent / "shared" / "data"


@pytest.fixture
def fixtures() -> Path:
    """The folder of small fixture tables."""
    return FIXTURES


def shared_file(*parts: str) -> Path:
    """A file under ../shared/data, or skip the test (with the reason) when it is absent."""
    path = SHARED_DATA.joinpath(*parts)
    if not path.is_file():
        pytest.skip(
            f"reference data {path} is not present (../shared/data is only on dev machines)"
        )
    return path


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Keep the tests' pattern matrices and trees out of the user's cache directory."""
    import os

    os.environ.setdefault("WORDKIT_CACHE", str(tmp_path_factory.mktemp("wordkit-cache")))
    # and the games the tests play out of the user's game history
    os.environ["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("wordkit-data"))
