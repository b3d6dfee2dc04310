"""Finding claims: the built-in catalogue and the folders a user passes with ``--path``.

Both are folders of claim files, loaded by one function, :func:`_load_folder`: the built-in one
(``derivations/`` of the running lnsym, see :mod:`lnsym.bundled`) is just the first folder. No code
imports the catalogue by module name, so lnsym behaves the same installed from a wheel, installed
editable, or run from a checkout whose ``lnsym/`` shadows an installed one.

A claim module is any ``.py`` file whose top level defines :class:`~lnsym.claims.Claim` objects
(made with ``@claim``); files whose names start with ``_`` are skipped (they are helpers: a folder
that has them is put on ``sys.path``, so ``from _helpers import ...`` works). A module that cannot
be executed becomes a load error with its file and line; the other claims still run. So does a
``.py`` that is no regular file (a loop of symbolic links, a FIFO, a folder), which is never opened. A file is
executed once per process, again only when it changes.
"""

from __future__ import annotations

import errno
import hashlib
import importlib.util
import os
import stat
import sys
import traceback
from dataclasses import dataclass, replace
from pathlib import Path
from types import ModuleType

from lnsym.bundled import bundled_folder
from lnsym.claims import Claim
from lnsym.errors import ClaimLoadError, UsageError

__all__ = ["Catalogue", "LoadError", "builtin_folder", "load_catalogue", "load_claims"]


@dataclass(frozen=True)
class LoadError:
    """A claim module that could not be loaded."""

    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


@dataclass(frozen=True)
class Catalogue:
    claims: tuple[Claim, ...]
    errors: tuple[LoadError, ...] = ()

    def ids(self) -> list[str]:
        return [c.id for c in self.claims]

    def select(self, ids) -> tuple[Claim, ...]:
        """The claims with these ids, in catalogue order; an unknown id is a UsageError."""
        if not ids:
            return self.claims
        known = {c.id: c for c in self.claims}
        unknown = [i for i in ids if i not in known]
        if unknown:
            broken = ""
            if self.errors:  # the id may be in a module that did not load: say so, with file and line
                broken = (f"; {len(self.errors)} claim module(s) could not be loaded: "
                          + "; ".join(map(str, self.errors)))
            raise UsageError(
                f"unknown claim id {', '.join(map(repr, unknown))}; known ids: {', '.join(known)}{broken}"
            )
        wanted = set(ids)
        return tuple(c for c in self.claims if c.id in wanted)


def _claims_of(module: ModuleType) -> list[Claim]:
    return [v for v in vars(module).values() if isinstance(v, Claim)]


def _error_from(exc: BaseException, path: Path) -> LoadError:
    line = 0
    if isinstance(exc, SyntaxError) and exc.lineno:
        line = exc.lineno
    else:
        for frame in reversed(traceback.extract_tb(exc.__traceback__)):
            # realpath, not Path.resolve: a loop of symbolic links must not raise while reporting
            if os.path.realpath(frame.filename) == os.path.realpath(path):
                line = frame.lineno or 0
                break
    return LoadError(str(path), line, f"{type(exc).__name__}: {exc}")


def builtin_folder() -> Path:
    """The built-in catalogue: ``derivations/`` of the running lnsym."""
    return bundled_folder("derivations")


# path -> (mtime_ns, size, claims): a file is executed once, again only when it changed
_LOADED: dict[Path, tuple[int, int, list[Claim]]] = {}


def _load_file(path: Path) -> list[Claim]:
    """The claims of the file ``path``; its module gets a private name of its own, so that two
    folders may both have a ``layernorm.py`` and neither shadows an importable module."""
    key = path.resolve()
    stat = key.stat()
    cached = _LOADED.get(key)
    if cached and cached[:2] == (stat.st_mtime_ns, stat.st_size):
        return cached[2]
    name = f"lnsym_claims_{hashlib.sha1(str(key).encode()).hexdigest()[:12]}_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # as an import would: dataclasses, pickling and inspect look it up
    try:
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(name, None)
        _LOADED.pop(key, None)
        raise
    # a claim's family is its file's name; a claim the file imported from elsewhere keeps its own
    claims = [replace(c, family=path.stem) if c.body.__module__ == name else c for c in _claims_of(module)]
    _LOADED[key] = (stat.st_mtime_ns, stat.st_size, claims)
    return claims


_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"))


def _not_loadable(path: Path) -> str | None:
    """Why ``path`` is no claim file to execute, or None: a loop of symbolic links would raise from deep
    inside pathlib and importlib, and a FIFO would make the import wait for a writer forever."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "a symbolic link that loops back on itself; remove it or point it at a claim file"
        return f"cannot be read ({exc.strerror or exc})"
    if stat.S_ISREG(mode):
        return None
    kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
    return f"is {kind}, expected a regular Python file of claims; rename it or move it out of the folder"


def _load_folder(folder: Path) -> tuple[list[Claim], list[LoadError]]:
    """The claims of every claim file of ``folder`` (the built-in catalogue or a user's ``--path``)."""
    if not folder.is_dir():
        what = "a symbolic link that loops or leads nowhere" if folder.is_symlink() else "not a folder"
        raise UsageError(f"--path expects a folder of claim modules, got {str(folder)!r} ({what})")
    # as for a script, a folder with helper modules is importable: `from _helpers import ...` works.
    # One without helpers (the built-in catalogue) stays off sys.path, so that its files (stream.py,
    # examples.py ...) can never shadow a module of the same name in the user's program.
    if any(folder.glob("_*.py")) and str(folder.resolve()) not in sys.path:
        sys.path.insert(0, str(folder.resolve()))
    claims, errors = [], []
    for path in sorted(folder.glob("*.py")):
        if path.name.startswith("_"):
            continue
        why = _not_loadable(path)
        if why is not None:
            errors.append(LoadError(str(path), 1, why))
            continue
        try:
            found = _load_file(path)
        except Exception as exc:  # a claim module may raise anything; report it, keep going
            errors.append(_error_from(exc, path))
            continue
        except SystemExit as exc:  # not an end of lnsym (verify would exit 0, having checked nothing)
            error = _error_from(exc, path)
            errors.append(replace(error, message=f"the module exited the process at import (sys.exit({exc.code!r}))"))
            continue
        if not found:
            errors.append(LoadError(str(path), 1, "defines no claim (decorate a function with @lnsym.claim)"))
        claims.extend(found)
    return claims, errors


def load_catalogue(paths=()) -> Catalogue:
    """The built-in claims, then those of each folder in ``paths``."""
    claims: list[Claim] = []
    errors: list[LoadError] = []
    for folder in (builtin_folder(), *map(Path, paths)):
        found, problems = _load_folder(folder)
        claims.extend(found)
        errors.extend(problems)
    # ids are unique; a later duplicate (a user's) is reported and dropped
    seen: dict[str, Claim] = {}
    unique = []
    for c in claims:
        if c.id in seen:
            path, _, line = c.source.rpartition(":")
            message = f"claim id {c.id!r} is already defined at {seen[c.id].source}"
            errors.append(LoadError(path, int(line or 0), message))
            continue
        seen[c.id] = c
        unique.append(c)
    for c in unique:
        for dep in c.depends_on:
            if dep not in seen:
                path, _, line = c.source.rpartition(":")
                errors.append(LoadError(path, int(line or 0), f"claim {c.id!r} depends on unknown claim {dep!r}"))
    return Catalogue(tuple(unique), tuple(errors))


def load_claims(paths=()) -> tuple[Claim, ...]:
    """All claims (built-in, then those in the folders ``paths``); raises ClaimLoadError if a module
    cannot be loaded."""
    catalogue = load_catalogue(paths)
    if catalogue.errors:
        raise ClaimLoadError("; ".join(map(str, catalogue.errors)))
    return catalogue.claims
