"""The bundled folders: the built-in catalogue, the templates and the example key, inside the package
(a wheel) or beside it (a source tree)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lnsym import bundled
from lnsym.bundled import bundled_folder, example_key
from lnsym.errors import LnsymError

ROOT = Path(__file__).resolve().parents[1]
KEY = Path("lnsym") / "examples" / "residual-layernorm.md"  # the in-project key, relative to a project root


# ------------------------------------------------------------------------------------ the folders
def test_the_bundled_folders_are_the_projects():
    """Whichever lnsym runs the tests (the checkout's, or a wheel built from it), its bundled folders
    hold exactly the project's files."""
    for name, pattern, project in (("derivations", "*.py", ROOT / "derivations"), ("reports", "*.j2", ROOT / "reports"),
                                   ("examples", "*.md", ROOT / "lnsym" / "examples")):
        mine = {p.name: p.read_bytes() for p in bundled_folder(name).glob(pattern)}
        assert mine and mine == {p.name: p.read_bytes() for p in project.glob(pattern)}, name
    assert example_key().read_bytes() == (ROOT / KEY).read_bytes()


def test_a_source_tree_has_its_folders_beside_the_package(tmp_path, monkeypatch):
    package = tmp_path / "checkout" / "lnsym"
    package.mkdir(parents=True)
    (tmp_path / "checkout" / "derivations").mkdir()
    monkeypatch.setattr(bundled, "PACKAGE", package)
    assert bundled_folder("derivations") == tmp_path / "checkout" / "derivations"


def test_a_wheels_layout_is_found_inside_the_package(tmp_path, monkeypatch):
    package = tmp_path / "site-packages" / "lnsym"
    (package / "derivations").mkdir(parents=True)
    (tmp_path / "site-packages" / "derivations").mkdir()  # someone else's folder beside it: not ours
    monkeypatch.setattr(bundled, "PACKAGE", package)
    assert bundled_folder("derivations") == package / "derivations"


def test_a_missing_folder_is_a_broken_install(tmp_path, monkeypatch):
    monkeypatch.setattr(bundled, "PACKAGE", tmp_path / "lnsym")
    with pytest.raises(LnsymError, match=r"folder reports/ is missing: looked in .*; reinstall lnsym"):
        bundled_folder("reports")
    with pytest.raises(LnsymError, match="reinstall lnsym"):
        example_key()
