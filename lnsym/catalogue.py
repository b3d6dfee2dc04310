"""Finding claims: the built-in catalogue (``derivations/``, installed as ``lnsym.derivations``) and
the folders a user passes with ``--path``.

A claim module is any ``.py`` file whose top level defines :class:`~lnsym.claims.Claim` objects
(made with ``@claim``); files whose names start with ``_`` are skipped. A user module that cannot
be imported becomes a load error with its file and line; the other claims still run.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import sys
import traceback
from dataclasses import dataclass, replace
from pathlib import Path
from types import ModuleType

from lnsym.claims import Claim
from lnsym.errors import ClaimLoadError, UsageError

__all__ = ["Catalogue", "LoadError", "load_catalogue", "load_claims"]


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


def _builtin_package() -> ModuleType:
    try:
        return importlib.import_module("lnsym.derivations")
    except ModuleNotFoundError:
        # Running from a source checkout that was not installed: the catalogue is ../derivations.
        folder = Path(__file__).resolve().parents[1] / "derivations"
        spec = importlib.util.spec_from_file_location(
            "lnsym.derivations", folder / "__init__.py", submodule_search_locations=[str(folder)]
        )
        if spec is None or spec.loader is None:
            raise ClaimLoadError(f"cannot find the catalogue: expected {folder}; reinstall lnsym") from None
        module = importlib.util.module_from_spec(spec)
        sys.modules["lnsym.derivations"] = module
        spec.loader.exec_module(module)
        return module


def _claims_of(module: ModuleType) -> list[Claim]:
    return [v for v in vars(module).values() if isinstance(v, Claim)]


def _error_from(exc: BaseException, path: Path) -> LoadError:
    line = 0
    if isinstance(exc, SyntaxError) and exc.lineno:
        line = exc.lineno
    else:
        for frame in reversed(traceback.extract_tb(exc.__traceback__)):
            if Path(frame.filename).resolve() == path.resolve():
                line = frame.lineno or 0
                break
    return LoadError(str(path), line, f"{type(exc).__name__}: {exc}")


def _load_user_folder(folder: Path) -> tuple[list[Claim], list[LoadError]]:
    if not folder.is_dir():
        raise UsageError(f"--path expects a folder of claim modules, got {str(folder)!r} (not a folder)")
    claims, errors = [], []
    # as for a script: the folder is importable, so a claim module can use its own _helpers.py
    if str(folder.resolve()) not in sys.path:
        sys.path.insert(0, str(folder.resolve()))
    for path in sorted(folder.glob("*.py")):
        if path.name.startswith("_"):
            continue
        name = f"lnsym_user_{abs(hash(str(path.resolve()))):x}_{path.stem}"
        try:
            spec = importlib.util.spec_from_file_location(name, path)
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            spec.loader.exec_module(module)
        except Exception as exc:  # a user's module may raise anything; report it, keep going
            sys.modules.pop(name, None)
            errors.append(_error_from(exc, path))
            continue
        # a user's family is the file's name (the module itself has a private, unique name)
        found = [replace(c, family=path.stem) if c.body.__module__ == name else c for c in _claims_of(module)]
        if not found:
            errors.append(LoadError(str(path), 1, "defines no claim (decorate a function with @lnsym.claim)"))
        claims.extend(found)
    return claims, errors


def load_catalogue(paths=()) -> Catalogue:
    """The built-in claims, then those of each folder in ``paths``."""
    package = _builtin_package()
    claims: list[Claim] = []
    errors: list[LoadError] = []
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        try:
            module = importlib.import_module(f"{package.__name__}.{info.name}")
        except Exception as exc:  # a broken family must not hide the others
            errors.append(_error_from(exc, Path(package.__path__[0]) / f"{info.name}.py"))
            continue
        claims.extend(_claims_of(module))
    for folder in paths:
        found, problems = _load_user_folder(Path(folder))
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
