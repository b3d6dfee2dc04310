"""The bundled folders (catalogue, templates, example key), and the three ways of running lnsym.

The tests marked ``install`` build the wheel, install it (and, separately, an editable install) into
fresh virtual environments with nothing from the system's site-packages, and check that lnsym
behaves the same from the project root (where the checkout's ``lnsym/`` shadows the installed one)
and from another folder: the same findings for the example key, with its 8 formula steps proved,
the same claims, and the test suite collected by ``pytest`` and ``python -m pytest`` alike. They take
a few minutes, so a plain ``pytest`` deselects them (``-m "not install"`` in ``pyproject.toml``);
``.ci/run`` runs them as a step of their own: ``python -m pytest -m install tests/test_bundled.py``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from lnsym import bundled
from lnsym.bundled import bundled_folder, example_key
from lnsym.errors import LnsymError

ROOT = Path(__file__).resolve().parents[1]
KEY = Path("lnsym") / "examples" / "residual-layernorm.md"  # the in-project key, relative to a project root

#: the 8 formula steps of the example key that the LayerNorm-aware reading proves: (line, column) -> reason
FORMULA_STEPS = {
    (7, 2): "proved for any F", (56, 232): "proved for any F", (19, 25): "proved for any F",
    (9, 54): "proved for all d", (24, 93): "proved for all d", (24, 225): "proved for all d",
    (24, 202): "both sides are LN's Jacobian", (11, 217): "the entries of the mean",
}


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


def formula_findings(report_json: str) -> dict[tuple[int, int], str]:
    (file,) = json.loads(report_json)["files"]
    return {(f["line"], f["column"]): f["reason"] for f in file["findings"]
            if (f["line"], f["column"]) in FORMULA_STEPS and f["verdict"] == "correct"}


def test_formula_findings_reads_the_reasons():
    data = {"files": [{"findings": [
        {"line": 7, "column": 2, "verdict": "correct", "reason": "chain rule: proved for any F"},
        {"line": 9, "column": 54, "verdict": "unchecked", "reason": "formula not decided (ModuleNotFoundError)"},
        {"line": 1, "column": 1, "verdict": "correct", "reason": "other"}]}]}
    assert formula_findings(json.dumps(data)) == {(7, 2): "chain rule: proved for any F"}


def assert_formula_steps_proved(report_json: str) -> None:
    found = formula_findings(report_json)
    missing = {at: want for at, want in FORMULA_STEPS.items() if want not in found.get(at, "")}
    assert not missing, f"formula steps not proved: {missing}; found {found}"


# ------------------------------------------------------------------------ installs (slow, a CI step)
_NOT_COPIED = shutil.ignore_patterns(".git", ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__", "*.pyc",
                                     ".pytest_cache", ".hypothesis", ".ruff_cache", "lnsym-appendix.*")


def _run(args, cwd, **kwargs) -> subprocess.CompletedProcess:
    # (bytecode is written, whatever the caller's PYTHONDONTWRITEBYTECODE: these are throwaway copies, and the first
    # collection's rewritten test modules then serve the later ones, most of this step's time otherwise)
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME", "PYTHONDONTWRITEBYTECODE")}
    result = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True, env=env,
                            timeout=900, check=False, **kwargs)
    assert result.returncode == 0, f"{' '.join(map(str, args))} (in {cwd}) exited {result.returncode}:\n" \
                                   f"{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result


def _project_copy(dest: Path) -> Path:
    """The project as a fresh clone would have it (no build folders, virtual environments, caches)."""
    shutil.copytree(ROOT, dest, ignore=_NOT_COPIED)
    return dest


def _venv(folder: Path, *install: str) -> Path:
    """A fresh virtual environment (no system site-packages) with ``pip install *install``; its python."""
    _run([sys.executable, "-m", "venv", folder], cwd=folder.parent)
    assert "include-system-site-packages = false" in (folder / "pyvenv.cfg").read_text()
    python = folder / "bin" / "python"
    # (not byte-compiled: Python compiles what the tests import when they import it, and precompiling all of SymPy
    # and the test tools was a third of this fixture's time)
    _run([python, "-m", "pip", "install", "-q", "--no-compile", *install], cwd=folder.parent)
    return python


@pytest.fixture(scope="module")
def installs(tmp_path_factory):
    """{kind: (python, project root)} for a wheel install and an editable install."""
    base = tmp_path_factory.mktemp("installs")
    wheel_src = _project_copy(base / "wheel-src" / "lnsym")
    _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", base / "dist", wheel_src], cwd=base)
    (wheel,) = (base / "dist").glob("lnsym-*.whl")
    editable_src = _project_copy(base / "editable-src" / "lnsym")
    # the two environments are built at once: pip waits on the disk and the package index as much as on a core,
    # and this fixture is most of CI's install step
    with ThreadPoolExecutor(max_workers=2) as pool:
        wheel_env = pool.submit(_venv, base / "venv-wheel", f"{wheel}[test]")
        editable_env = pool.submit(_venv, base / "venv-editable", "-e", f"{editable_src}[test]")
        return {"wheel": (wheel_env.result(), wheel_src), "editable": (editable_env.result(), editable_src)}


@pytest.mark.install
def test_the_wheel_carries_the_catalogue_templates_and_example(installs):
    python, _ = installs["wheel"]
    out = _run([python, "-c", "import lnsym, lnsym.bundled as b; print(lnsym.__file__); "
                "print(b.bundled_folder('derivations')); print(b.bundled_folder('reports')); print(b.example_key())"],
               cwd=python.parent).stdout.split()
    package = Path(out[0]).parent
    assert "site-packages" in package.parts
    assert out[1:] == [str(package / "derivations"), str(package / "reports"), str(package / KEY.relative_to("lnsym"))]


@pytest.mark.install
def test_check_gives_the_same_findings_from_the_root_and_elsewhere(installs, tmp_path):
    """Issue 10: from the project root, a wheel install marked every formula step
    'formula not decided (ModuleNotFoundError)'; elsewhere it proved them."""
    results = {}
    for kind, (python, project) in installs.items():
        for where, cwd in (("root", project), ("elsewhere", tmp_path)):
            out = _run([python, "-m", "lnsym", "check", project / KEY, "--json"], cwd=cwd).stdout
            assert_formula_steps_proved(out)
            assert "ModuleNotFoundError" not in out, (kind, where)
            data = json.loads(out)
            (file,) = data["files"]
            results[kind, where] = (data["summary"], file["findings"])  # the path differs: two copies
    first = next(iter(results.values()))
    assert len(results) == 2 * len(installs) and all(found == first for found in results.values()), \
        {k: v[0] for k, v in results.items()}


@pytest.mark.install
@pytest.mark.parametrize("kind", ["wheel", "editable"])
def test_the_same_claims_from_the_root_and_elsewhere(installs, kind, tmp_path):
    python, project = installs[kind]
    from_root = json.loads(_run([python, "-m", "lnsym", "list", "--json"], cwd=project).stdout)
    elsewhere = json.loads(_run([python, "-m", "lnsym", "list", "--json"], cwd=tmp_path).stdout)
    assert from_root == elsewhere and len(from_root) >= 27


@pytest.mark.install
@pytest.mark.parametrize("kind", ["wheel", "editable"])
def test_pytest_and_python_m_pytest_from_the_root_and_elsewhere(installs, kind, tmp_path):
    """The README's test command is ``pytest`` in the project root; IDEs and many people run
    ``python -m pytest``, which puts the root (and so the checkout's lnsym/) first on sys.path."""
    python, project = installs[kind]
    pytest_script = python.parent / "pytest"
    ways = (([pytest_script], project, Path()), ([python, "-m", "pytest"], project, Path()),
            ([python, "-m", "pytest"], tmp_path, project), ([pytest_script], tmp_path, project))

    def collect_and_run(runner, cwd, folder):
        # one run collects every test module (a module that fails to import is a collection error: exit 2) and
        # runs the catalogue's few tests; `-k` keeps the rest deselected
        ran = _run([*runner, "-p", "no:cacheprovider", "-q", folder / "tests", "-k", "test_catalogue.py"],
                   cwd=cwd).stdout
        last = ran.strip().splitlines()[-1]
        # (pytest adds the time as h:mm:ss past a minute, as on a loaded machine: "in 70.80s (0:01:10)")
        counts = re.fullmatch(r"(\d+) passed, (\d+) deselected in [\d.]+s( \(\d+:\d\d:\d\d\))?", last)
        assert counts and int(counts[1]) >= 5 and int(counts[2]) >= 1000, (runner, cwd, ran[-2000:])

    # two ways at a time (each collects every test module: seconds of imports); a failed way raises here
    with ThreadPoolExecutor(max_workers=2) as pool:
        for done in [pool.submit(collect_and_run, *way) for way in ways]:
            done.result()
