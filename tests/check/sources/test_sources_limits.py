"""What ``check`` and ``--path`` read from folders, within limits: .gitignore files read as keys are read (regular
files only, a byte cap, a cap on patterns), folders walked without recursion, symbolic-link loops and FIFOs
among claim modules as load errors, and a lone carriage return as a line end."""

from __future__ import annotations

import errno
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lnsym.catalogue import load_catalogue
from lnsym.check import check_text
from lnsym.check.batch.solution import check_steps
from lnsym.check.sources.discover import discover
from lnsym.check.sources.files import read_key
from lnsym.check.sources.ignore_files import MAX_BYTES, MAX_PATTERN_CHARS, MAX_PATTERNS, read_ignore
from lnsym.check.sources.line_ends import unify_line_ends
from lnsym.check.sources.notebook_positions import NotebookPositions
from lnsym.check.sources.notebooks import markdown_cells
from lnsym.errors import InputError, UsageError

ROOT = Path(__file__).resolve().parents[3]


def lnsym(*args: str, cwd: Path, timeout: float = 120, memory: int | None = None) -> subprocess.CompletedProcess:
    """The command line as a user runs it, with a timeout (and a cap on its address space): a regression that
    blocks or reads without end fails instead of hanging the suite."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    return subprocess.run([sys.executable, "-m", "lnsym", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout, preexec_fn=cap if memory else None)


def folder_with_key(tmp_path: Path) -> Path:
    folder = tmp_path / "keys"
    folder.mkdir()
    (folder / "a.md").write_text("$1+1=3$\n")
    return folder


# --- .gitignore ---------------------------------------------------------------------------------------------

def test_a_fifo_gitignore_is_an_input_error_not_a_hang(tmp_path):
    # opening it waited for a writer forever: the run never ended
    folder = folder_with_key(tmp_path)
    os.mkfifo(folder / ".gitignore")
    result = lnsym("check", "keys", cwd=tmp_path, timeout=60)
    assert result.returncode == 2, result.stderr
    assert "is a FIFO, expected a regular .gitignore file" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_gitignore_linked_to_dev_zero_is_refused_before_a_byte_is_read(tmp_path):
    # it was read whole: 2 GB in 7 s, then MemoryError and exit 4 (a subprocess with a memory cap, so that a
    # regression cannot take the machine's memory)
    folder = folder_with_key(tmp_path)
    (folder / ".gitignore").symlink_to("/dev/zero")
    result = lnsym("check", "keys", cwd=tmp_path, timeout=60, memory=2 << 30)
    assert result.returncode == 2, result.stderr
    assert "is a character device, expected a regular .gitignore file" in result.stderr


def test_a_gitignore_over_the_byte_cap_is_an_input_error(tmp_path):
    # a 3 MB one-line .gitignore took over a minute to compile
    folder = folder_with_key(tmp_path)
    (folder / ".gitignore").write_bytes(b"a" * (3 * 1024 * 1024))
    t = time.monotonic()
    with pytest.raises(InputError, match=r"\.gitignore: larger than 1 MB"):
        discover([folder])
    assert time.monotonic() - t < 5


def test_a_long_pattern_and_too_many_patterns_are_input_errors_named_by_line(tmp_path):
    ignore = tmp_path / ".gitignore"
    ignore.write_text("# " + "c" * 5000 + "\nok/\n" + "p" * (MAX_PATTERN_CHARS + 1) + "\n")  # a comment is no pattern
    with pytest.raises(InputError, match=rf"line 3 is a pattern of {MAX_PATTERN_CHARS + 1} characters"):
        read_ignore(ignore)
    ignore.write_text("\n".join(f"p{i}" for i in range(MAX_PATTERNS + 1)))
    with pytest.raises(InputError, match=f"{MAX_PATTERNS + 1} patterns, more than lnsym reads"):
        read_ignore(ignore)


def test_a_gitignore_within_the_limits_is_read(tmp_path):
    ignore = tmp_path / ".gitignore"
    head = b"out/\n" + b"x" * MAX_PATTERN_CHARS + b"\n#"
    ignore.write_bytes(head + b"c" * (MAX_BYTES - len(head)))  # exactly the cap, its last line a comment
    spec = read_ignore(ignore)
    assert spec.check_file("out/").include is True and spec.check_file("in.md").include is None
    assert read_ignore(tmp_path / "missing" / ".gitignore") is None


def test_an_unreadable_gitignore_is_one_line(tmp_path):
    folder = folder_with_key(tmp_path)
    (folder / ".gitignore").symlink_to(".gitignore")  # a loop of links
    result = lnsym("check", "keys", cwd=tmp_path, timeout=60)
    assert result.returncode == 2
    assert result.stderr.strip().endswith("a symbolic link that loops back on itself; remove it or point it at a file")
    assert len(result.stderr.strip().splitlines()) == 1


def test_an_invalid_pattern_is_left_out_as_git_does(tmp_path):
    # '!' alone, a trailing backslash and the range [z-a] made pathspec raise: exit 4, "lnsym failed"
    folder = folder_with_key(tmp_path)
    (folder / "b.md").write_text("$2=2$\n")
    (folder / ".gitignore").write_text("!\n[z-a]\nx\\\nb.md\n")
    assert [p.name for p in discover([folder])] == ["a.md"]
    with pytest.raises(UsageError, match=r"--exclude '\[z-a\]': not a valid .gitignore-style pattern"):
        discover([folder], excludes=["[z-a]"])


def test_many_keys_against_many_patterns_stay_fast(tmp_path):
    # each path is matched against every pattern: linear in both, a few seconds at the cap, not minutes
    folder = tmp_path / "course"
    for i in range(10):
        sub = folder / f"week{i}"
        sub.mkdir(parents=True)
        for j in range(20):
            (sub / f"k{j}.md").write_text("$1=1$")
    (folder / ".gitignore").write_text("\n".join(f"build{i}/*.log" for i in range(MAX_PATTERNS - 1)) + "\nweek0/\n")
    t = time.monotonic()
    found = discover([folder])
    assert len(found) == 180 and not any("week0" in p.as_posix() for p in found)
    assert time.monotonic() - t < 30


# --- folders --------------------------------------------------------------------------------------------------

def test_a_folder_nested_1200_deep_is_searched(tmp_path):
    # the recursive walk ended in RecursionError (exit 4) at about 1,000 levels
    chain = [tmp_path / "deep"]
    for _ in range(1200):
        chain.append(chain[-1] / "d")
    for folder in chain:
        folder.mkdir()
    (chain[-1] / "bottom.md").write_text("$1+1=3$\n")
    (chain[0] / "top.md").write_text("$2=2$\n")
    try:
        found = discover([chain[0]])
        assert [p.name for p in found] == ["bottom.md", "top.md"] and len(found[0].parts) > 1200
    finally:  # shutil.rmtree, which pytest cleans up with, recurses too: take the chain down from its bottom
        (chain[-1] / "bottom.md").unlink()
        (chain[0] / "top.md").unlink()
        for folder in reversed(chain):
            folder.rmdir()


def test_a_path_too_long_to_open_is_a_short_input_error(tmp_path):
    # past PATH_MAX (4096 on Linux) the folder could not be opened: the error line held the whole path
    top = tmp_path / "long"
    top.mkdir()
    (top / "a.md").write_text("$1=1$\n")
    fd = os.open(top, os.O_RDONLY)
    try:
        for _ in range(24):  # 24 names of 200 characters: 4,800 characters, past any PATH_MAX
            os.mkdir("n" * 200, dir_fd=fd)
            inner = os.open("n" * 200, os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
    finally:
        os.close(fd)
    try:
        os.scandir(str(top) + ("/" + "n" * 200) * 24).close()
        pytest.skip("this system opens a path of 4,800 characters")
    except OSError as exc:
        if exc.errno != errno.ENAMETOOLONG:
            raise
    with pytest.raises(InputError, match="levels down has a path of") as info:
        discover([top])
    assert len(str(info.value)) < 400


# --- claim modules of --path ------------------------------------------------------------------------------

def test_symlink_loops_and_fifos_among_claim_modules_are_load_errors(tmp_path):
    # a loop printed a traceback (RuntimeError: Symlink loop) from list, verify and report; a FIFO hung them
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "self.py").symlink_to("self.py")
    (mine / "a.py").symlink_to("b.py")
    (mine / "b.py").symlink_to("a.py")
    os.mkfifo(mine / "pipe.py")
    catalogue = load_catalogue([mine])
    assert len(catalogue.claims) > 0  # the built-in claims still load
    messages = sorted(str(e) for e in catalogue.errors)
    assert messages == [f"{mine / n}.py:1: a symbolic link that loops back on itself; remove it or point it at "
                        "a claim file" for n in ("a", "b")] + [
        f"{mine / 'pipe.py'}:1: is a FIFO, expected a regular Python file of claims; rename it or move it out "
        "of the folder", f"{mine / 'self.py'}:1: a symbolic link that loops back on itself; remove it or point "
        "it at a claim file"]


def test_list_with_a_symlink_loop_exits_1_with_one_line_and_no_traceback(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "loop.py").symlink_to("loop.py")
    result = lnsym("list", "--path", "mine", cwd=tmp_path, timeout=120)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == ["load error: mine/loop.py:1: a symbolic link that loops back on "
                                                  "itself; remove it or point it at a claim file"]
    assert "layernorm-jacobian" in result.stdout  # the rest still runs


def test_a_path_that_is_a_loop_is_a_usage_error(tmp_path):
    (tmp_path / "mine").symlink_to("mine")
    with pytest.raises(UsageError, match="a symbolic link that loops or leads nowhere"):
        load_catalogue([tmp_path / "mine"])


# --- line ends ------------------------------------------------------------------------------------------------

KEY = "# Key\n\nLet $x = 3$, so $x + 1 = 4$.\n\nLet $x = 5$. Then $2x = 10$\n\n$2 + 2 = 5$\n"


def where(findings) -> list[tuple]:
    return [(f.line, f.column, f.end_line, f.end_column, f.verdict.value, f.paragraph, f.reason) for f in findings]


def test_unify_line_ends_keeps_offsets():
    text = "a\rb\r\nc\r\rd\r"
    assert unify_line_ends(text) == "a\nb\r\nc\n\nd\n" and len(unify_line_ends(text)) == len(text)


def test_a_key_with_cr_line_ends_has_the_findings_of_its_lf_version(tmp_path):
    # read as one line, its paragraphs merged: every finding on line 1
    (tmp_path / "lf.md").write_bytes(KEY.encode())
    (tmp_path / "cr.md").write_bytes(KEY.replace("\n", "\r").encode())
    (tmp_path / "crlf.md").write_bytes(KEY.replace("\n", "\r\n").encode())
    assert read_key(tmp_path / "cr.md") == KEY
    reports = {}
    for name in ("lf", "cr", "crlf"):
        result = lnsym("check", "--json", f"{name}.md", cwd=tmp_path)
        assert result.returncode == 1, result.stderr
        reports[name] = json.loads(result.stdout)["files"][0]["findings"]
    assert {f["line"] for f in reports["lf"]} == {3, 5, 7}
    assert reports["cr"] == reports["lf"] == reports["crlf"]


def test_a_text_from_the_api_and_a_dataset_step_with_cr_line_ends():
    lf = check_text(KEY, "k.md")
    assert where(check_text(KEY.replace("\n", "\r"), "k.md").findings) == where(lf.findings)
    steps = ["Let $x = 3$.\n\n$x + 1 = 4$", "$2 + 2 = 5$\nso wrong"]
    assert where(check_steps([s.replace("\n", "\r") for s in steps])) == where(check_steps(steps))


def test_a_notebook_cell_with_cr_line_ends_is_placed_like_its_lf_version():
    def notebook(source: str) -> str:
        return json.dumps({"cells": [{"cell_type": "markdown", "metadata": {}, "source": source}], "metadata": {},
                           "nbformat": 4, "nbformat_minor": 5})

    cell = "Let $x = 3$.\n\n$2 + 2 = 5$"
    lf, cr = notebook(cell), notebook(cell.replace("\n", "\r"))
    assert markdown_cells(cr, "k.ipynb")[0].text == cell
    line, column = 3, 2  # the wrong step
    assert NotebookPositions(cr).locate(1, line, column) == NotebookPositions(lf).locate(1, line, column)
    assert NotebookPositions(cr).locate(1, line, column) is not None
