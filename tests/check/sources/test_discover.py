"""Which files a folder gives: keys only, sorted, without hidden folders, .gitignore'd files or --exclude."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from check_fixtures import course

from lnsym.check.sources.discover import discover
from lnsym.errors import InputError


def make(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def names(root: Path, paths) -> list[str]:
    return [Path(p).relative_to(root).as_posix() for p in paths]


def test_course_folder(tmp_path):
    keys = course(tmp_path)
    assert names(keys, discover([keys])) == ["a.md", "sub/b.tex", "sub/broken.ipynb", "sub/n.ipynb"]


def test_gitignore_rules_nested_negated_and_from_the_repository_above(tmp_path):
    make(tmp_path, {
        ".git/info/exclude": "secret.md\n",
        ".gitignore": "*.tex\n!keep.tex\n/top.md\n",
        "course/top.md": "", "top.md": "",  # /top.md is anchored at the repository root
        "course/a.tex": "", "course/keep.tex": "", "course/secret.md": "",
        "course/week1/.gitignore": "# comment\nold/\n!*.tex\n",
        "course/week1/b.tex": "", "course/week1/old/c.md": "", "course/week1/d.markdown": "",
        "course/week1/e.ipynb": "", "course/week1/f.txt": "", "course/.hidden/g.md": "", "course/.h.md": "",
    })
    got = names(tmp_path / "course", discover([tmp_path / "course"]))
    assert got == ["keep.tex", "top.md", "week1/b.tex", "week1/d.markdown", "week1/e.ipynb"]


def test_matches_git_check_ignore(tmp_path):
    """An independent reference: git's own answer for every file of a tree with tricky patterns."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    files = {".gitignore": "*.md\n!/keep/*.md\nbuild/\n**/tmp/**\nx?.tex\n[ab].ipynb\n", "keep/a.md": "",
             "keep/sub/b.md": "", "c.tex": "", "xy.tex": "", "a.ipynb": "", "c.ipynb": "", "d/build/e.tex": "",
             "d/tmp/f.tex": "", "d/g.tex": "", "d/.gitignore": "!*.md\ng.tex\n", "d/h.md": ""}
    make(tmp_path, files)
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    candidates = [n for n in files if not n.endswith(".gitignore")]
    checked = subprocess.run(["git", "-C", str(tmp_path), "check-ignore", "--no-index", *candidates],
                             capture_output=True, text=True)
    ignored = set(checked.stdout.split())
    assert names(tmp_path, discover([tmp_path])) == sorted(set(candidates) - ignored)


def test_exclude_patterns_and_explicit_files(tmp_path, monkeypatch):
    make(tmp_path, {"k/a.md": "", "k/drafts/b.md": "", "k/c.tex": "", "k/build/d.md": "", "k/.gitignore": "build/\n"})
    monkeypatch.chdir(tmp_path)
    assert [p.as_posix() for p in discover(["k"], ["drafts/", "*.tex"])] == ["k/a.md"]
    # a file named on the command line is read even when .gitignore excludes it, but --exclude applies
    assert [p.as_posix() for p in discover(["k/build/d.md", "k/c.tex"])] == ["k/build/d.md", "k/c.tex"]
    assert [p.as_posix() for p in discover(["k/c.tex", "k/a.md"], ["*.tex"])] == ["k/a.md"]


def test_sorted_deduplicated_stdin_first_and_symlinks_skipped(tmp_path):
    make(tmp_path, {"b.md": "", "a/z.md": "", "a.md": ""})
    os.symlink(tmp_path / "a", tmp_path / "link")
    os.symlink(tmp_path / "b.md", tmp_path / "c.md")
    got = discover(["-", tmp_path, tmp_path / "b.md"])
    assert got[0] == Path("-")
    assert names(tmp_path, got[1:]) == ["a.md", "a/z.md", "b.md"]


def test_a_folder_without_keys_is_an_input_error(tmp_path):
    make(tmp_path, {"notes.txt": "", ".hidden/a.md": ""})
    with pytest.raises(InputError, match="no answer key"):
        discover([tmp_path])
