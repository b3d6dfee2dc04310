"""The shipped pre-commit hook, run as a user runs it: a course repository's ``.pre-commit-config.yaml``
names lnsym's repository and a revision (the README's), and ``pre-commit run`` checks the keys.

The revision is a snapshot of this checkout as it is, uncommitted changes too (as ``pre-commit try-repo``
takes it), so that what is tested is the code in front of you. pre-commit installs lnsym from it into a
virtual environment of its own (with pip), so this test also proves that a non-editable install carries
everything ``lnsym check`` needs. Both runs use one environment, built once; pip does not byte-compile what
it installs (``PIP_COMPILE=0``: Python compiles what it imports when it imports it), which halves the build.
Outside a git checkout of lnsym it skips (and fails under ``CI=true``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from missing import skip_or_fail

ROOT = Path(__file__).resolve().parents[1]


def _git(*args, cwd) -> None:
    subprocess.run(["git", "-c", "user.email=t@example.invalid", "-c", "user.name=t", *args], cwd=cwd,
                   check=True, capture_output=True)


_NOT_COPIED = shutil.ignore_patterns(".git", ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__", "*.pyc",
                                     ".pytest_cache", ".hypothesis", ".ruff_cache")


@pytest.fixture(scope="module")
def keys_repo(tmp_path_factory):
    """A course repository of two keys and a note, whose configuration names a snapshot of this checkout."""
    inside = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--is-inside-work-tree"], capture_output=True)
    if inside.returncode != 0:
        skip_or_fail("lnsym is not a git checkout here", "the pre-commit test needs one (git clone)")
    snapshot = shutil.copytree(ROOT, tmp_path_factory.mktemp("lnsym") / "lnsym", ignore=_NOT_COPIED)
    _git("init", "-q", cwd=snapshot)
    _git("add", "-A", cwd=snapshot)
    _git("commit", "-qm", "snapshot", cwd=snapshot)
    rev = subprocess.run(["git", "rev-parse", "HEAD"], cwd=snapshot, check=True, capture_output=True,
                         text=True).stdout.strip()
    repo = tmp_path_factory.mktemp("course")
    (repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {snapshot}\n    rev: {rev}\n    hooks:\n      - id: lnsym-check\n", encoding="utf-8")
    (repo / "wrong.md").write_text("Mean: $\\frac{2+4}{2}=4$\n", encoding="utf-8")
    (repo / "right.md").write_text("Mean: $\\frac{2+4}{2}=3$\n", encoding="utf-8")
    (repo / "notes.txt").write_text("$1+1=3$ is not a key: the hook does not read it\n", encoding="utf-8")
    _git("init", "-q", cwd=repo)
    _git("add", ".", cwd=repo)
    _git("commit", "-qm", "keys", cwd=repo)
    return repo


def run_hook(repo: Path, home: Path, *files: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PRE_COMMIT_HOME": str(home), "PIP_COMPILE": "0"}
    return subprocess.run([sys.executable, "-m", "pre_commit", "run", "--files", *files],
                          cwd=repo, env=env, capture_output=True, text=True, timeout=900)


def test_hook_fails_on_a_wrong_key_and_passes_on_a_right_one(keys_repo, tmp_path_factory):
    home = tmp_path_factory.mktemp("pre-commit-home")  # shared: the hook's environment is built once
    failing = run_hook(keys_repo, home, "wrong.md", "right.md", "notes.txt")
    assert failing.returncode == 1, failing.stdout + failing.stderr
    assert "lnsym check (answer keys)" in failing.stdout and "Failed" in failing.stdout
    assert "✗ 1:8  \\frac{2+4}{2}=4" in failing.stdout
    assert "1+1=3" not in failing.stdout  # notes.txt is not a key type: the hook never sees it
    passing = run_hook(keys_repo, home, "right.md")
    assert passing.returncode == 0, passing.stdout + passing.stderr
    assert "Passed" in passing.stdout
    assert len([p for p in home.glob("repo*") if p.is_dir()]) == 1  # one environment served both runs
