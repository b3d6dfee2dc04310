"""The wheel carries every package of the source tree (a non-editable install, as CI and pre-commit do)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_is_listed_in_pyproject():
    if sys.version_info < (3, 11):
        pytest.skip("tomllib needs Python 3.11")
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "lnsym").rglob("__init__.py")}
    assert found - listed == set(), "add these to [tool.setuptools] packages"


def test_the_license_is_an_spdx_string_and_the_build_can_read_it():
    # a TOML table ({ text = "MIT" }) makes setuptools>=77 warn that it is deprecated; a string is an SPDX
    # expression only for setuptools>=77, and a "License ::" classifier next to it is an error there
    if sys.version_info < (3, 11):
        pytest.skip("tomllib needs Python 3.11")
    import tomllib

    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert pyproject["project"]["license"] == "MIT"
    (setuptools,) = [r for r in pyproject["build-system"]["requires"] if r.startswith("setuptools")]
    floor = re.fullmatch(r"setuptools>=(\d+)(?:\.\d+)*", setuptools)
    assert floor and int(floor.group(1)) >= 77, setuptools
    assert not [c for c in pyproject["project"].get("classifiers", []) if c.startswith("License ::")]
