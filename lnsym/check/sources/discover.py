"""Which files ``lnsym check PATH...`` reads: files as named, folders searched like a linter does.

A folder is searched recursively for answer keys (``.md``, ``.markdown``, ``.tex``, ``.ipynb``),
skipping hidden files and folders (a name that starts with ``.``), symbolic links, and what the
``.gitignore`` files exclude: those of the folder and its subfolders, and those of its parents up
to the root of the git repository it is in (the nearest folder holding ``.git``), plus that
repository's ``.git/info/exclude``. Each file's patterns apply relative to its own folder, with
git's rules (``pathspec.GitIgnoreSpec``: ``!`` negation, ``/`` anchoring, ``**``, a folder that is
excluded is not entered). Matching is done in Python, so it works the same outside a repository,
in a copied course folder, and without git installed.

``--exclude PATTERN`` takes the same gitignore-style patterns, matched against each file's path
relative to the folder searched (for a file named on the command line: its path as given); it also
applies to files named on the command line, so that a hook that passes file names honours it.

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> for name in ("b.md", "a.tex", "notes.txt", "draft/c.md", ".hidden/d.md", "out/e.md"):
...     (d / name).parent.mkdir(parents=True, exist_ok=True); _ = (d / name).write_text("$1=1$")
>>> _ = (d / ".gitignore").write_text("out/\\n")
>>> [p.relative_to(d).as_posix() for p in discover([d], excludes=["draft/"])]
['a.tex', 'b.md']
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator, Sequence
from pathlib import Path

import pathspec

from lnsym.check.file_names import shown
from lnsym.check.sources.ignore_files import read_ignore, spec_of
from lnsym.errors import InputError

__all__ = ["KEY_SUFFIXES", "discover"]

KEY_SUFFIXES = (".md", ".markdown", ".tex", ".ipynb")


def _repo_root(folder: Path) -> Path | None:
    for parent in (folder, *folder.parents):
        if (parent / ".git").exists():
            return parent
    return None


def _inherited(folder: Path) -> list[tuple[Path, pathspec.GitIgnoreSpec]]:
    """The ignore files above ``folder`` (within its repository) that apply inside it, outermost first."""
    root = _repo_root(folder)
    if root is None:
        return []
    rules = []
    info = read_ignore(root / ".git" / "info" / "exclude")
    if info is not None:
        rules.append((root, info))
    chain = [folder, *folder.parents]
    for parent in reversed(chain[1 : chain.index(root) + 1]):
        spec = read_ignore(parent / ".gitignore")
        if spec is not None:
            rules.append((parent, spec))
    return rules


def _ignored(path: Path, is_dir: bool, rules: Sequence[tuple[Path, pathspec.GitIgnoreSpec]]) -> bool:
    """Git's answer: the last file whose patterns decide wins (a deeper .gitignore overrides a parent's)."""
    verdict = False
    for base, spec in rules:
        rel = path.relative_to(base).as_posix() + ("/" if is_dir else "")
        result = spec.check_file(rel)
        if result.include is not None:
            verdict = bool(result.include)
    return verdict


def _unsearchable(folder: Path, top: Path, exc: OSError) -> str:
    if exc.errno == errno.ENAMETOOLONG:  # the path itself would make a line of thousands of characters
        depth = len(folder.relative_to(top).parts)
        return (f"{shown(str(top))}: a folder {depth} levels down has a path of {len(str(folder))} characters, "
                "longer than the system opens; move it up, or --exclude the folder that holds it")
    return f"{shown(str(folder))}: cannot be searched ({exc.strerror or exc})"


def _entries(folder: Path) -> list[os.DirEntry]:
    with os.scandir(folder) as it:
        return sorted(it, key=lambda e: e.name)


def _walk(top: Path, rules: list, excludes: pathspec.GitIgnoreSpec | None) -> Iterator[Path]:
    """The keys under ``top``, from a stack of folders still to search rather than by recursion, so that a
    folder nested thousands deep is searched like any other."""
    stack = [(top, rules)]
    while stack:
        folder, rules = stack.pop()
        try:
            own = read_ignore(folder / ".gitignore")
            entries = _entries(folder)
        except OSError as exc:
            raise InputError(_unsearchable(folder, top, exc)) from None
        if own is not None:
            rules = [*rules, (folder, own)]
        subfolders = []
        for entry in entries:
            if entry.name.startswith(".") or entry.is_symlink():
                continue
            path = Path(entry.path)
            is_dir = entry.is_dir(follow_symlinks=False)
            if not is_dir and not (entry.is_file(follow_symlinks=False) and path.suffix.lower() in KEY_SUFFIXES):
                continue
            rel = path.relative_to(top).as_posix() + ("/" if is_dir else "")
            if _ignored(path, is_dir, rules) or (excludes is not None and excludes.match_file(rel)):
                continue
            if is_dir:
                subfolders.append((path, rules))
            else:
                yield path
        stack.extend(reversed(subfolders))  # the first subfolder is searched next, as recursion would


def discover(paths: Sequence[str | os.PathLike], excludes: Sequence[str] = ()) -> list[Path]:
    """The keys to read, sorted by path and without duplicates; ``-`` (standard input) is kept first.

    :class:`InputError` for a path that does not exist or a folder that holds no key.
    """
    exclude_spec = spec_of(excludes, "--exclude")
    found: set[Path] = set()
    stdin = False
    for given in paths:
        if str(given) == "-":
            stdin = True
            continue
        path = Path(given)
        if path.is_dir():
            folder = path.resolve()
            keys = [path / p.relative_to(folder) for p in _walk(folder, _inherited(folder), exclude_spec)]
            if not keys:
                raise InputError(f"{shown(str(given))}: no answer key ({', '.join(KEY_SUFFIXES)}) in this folder"
                                 + (" that --exclude and .gitignore leave" if exclude_spec else ""))
            found.update(keys)
        elif exclude_spec is None or not exclude_spec.match_file(path.as_posix()):
            found.add(path)  # a missing or unreadable file is reported when it is read
    ordered = sorted(found, key=lambda p: p.as_posix())
    return [Path("-"), *ordered] if stdin else ordered
