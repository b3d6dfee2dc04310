"""The ``.gitignore`` files a folder search reads: read as a key is read, within limits.

A ``.gitignore`` (or ``.git/info/exclude``) is read only when it is a regular file: a FIFO would wait
for a writer forever and a link to ``/dev/zero`` never end. It holds at most :data:`MAX_BYTES`, at most
:data:`MAX_PATTERNS` patterns, each at most :data:`MAX_PATTERN_CHARS` characters long: compiling a
pattern takes time that grows faster than its length (a one-line file of 3 MB took over a minute), and
every file and folder searched is matched against every pattern. Within the limits, compiling takes
under two seconds and matching a path a few milliseconds. A file over a limit, or one that cannot be
read, is an :class:`InputError` (exit 2) naming it: going on without its patterns would check the very
files it excludes. A missing file (the usual case) holds no patterns; a pattern pathspec cannot compile
(``!`` alone, a trailing backslash, a range ``[z-a]``) is left out, as git leaves it out.
"""

from __future__ import annotations

import errno
import os
import re
from collections.abc import Iterable
from pathlib import Path

import pathspec

from lnsym.check.file_names import shown
from lnsym.check.sources.files import read_regular
from lnsym.errors import InputError, UsageError

__all__ = ["MAX_BYTES", "MAX_PATTERNS", "MAX_PATTERN_CHARS", "read_ignore", "spec_of"]

MAX_BYTES = 1024 * 1024
MAX_PATTERNS = 10_000
MAX_PATTERN_CHARS = 1024

_WHAT_TO_DO = "; shorten it, or name the keys to check instead of the folder"


def _is_pattern(line: str) -> bool:
    return bool(line.strip()) and not line.lstrip().startswith("#")


def _invalid(pattern: str) -> str | None:
    """Why pathspec cannot compile ``pattern`` (``!`` alone, a trailing backslash, a range ``[z-a]``), or None."""
    try:
        pathspec.GitIgnoreSpec.from_lines([pattern])
    except (ValueError, re.error) as exc:
        return str(exc) or type(exc).__name__
    return None


def spec_of(lines: Iterable[str], option: str | None = None) -> pathspec.GitIgnoreSpec | None:
    """The compiled patterns of ``lines`` (blank lines and comments left out), None when there are none.

    A pattern that cannot be compiled is left out, as git leaves it out of a .gitignore (it matches
    nothing); given with the command-line ``option``, it is a :class:`UsageError` instead."""
    patterns = [line for line in lines if _is_pattern(line)]
    if not patterns:
        return None
    try:
        return pathspec.GitIgnoreSpec.from_lines(patterns)
    except (ValueError, re.error):
        pass  # find the culprit: only then is each pattern compiled on its own
    why = {p: _invalid(p) for p in patterns}
    bad = [p for p in patterns if why[p] is not None]
    if option is not None and bad:
        raise UsageError(f"{option} {bad[0]!r}: not a valid .gitignore-style pattern ({why[bad[0]]})")
    valid = [p for p in patterns if why[p] is None]
    return pathspec.GitIgnoreSpec.from_lines(valid) if valid else None


def _within_limits(name: str, lines: list[str]) -> None:
    count = 0
    for number, line in enumerate(lines, 1):
        if not _is_pattern(line):
            continue
        count += 1
        if len(line) > MAX_PATTERN_CHARS:
            raise InputError(f"{name}: line {number} is a pattern of {len(line)} characters, more than lnsym reads "
                             f"({MAX_PATTERN_CHARS})" + _WHAT_TO_DO)
    if count > MAX_PATTERNS:
        raise InputError(f"{name}: {count} patterns, more than lnsym reads ({MAX_PATTERNS})" + _WHAT_TO_DO)


def read_ignore(path: Path) -> pathspec.GitIgnoreSpec | None:
    """The patterns of the ignore file ``path``; None when there is none or it holds no pattern.
    :class:`InputError` when it cannot be read or is over a limit; OSError (ENAMETOOLONG) when its path is
    too long to open."""
    name = os.fspath(path)
    try:
        os.stat(name)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            raise  # the folder search names the folder: this path is thousands of characters long
        # a loop of links, no permission: read_regular says which
    data = read_regular(name, MAX_BYTES, ".gitignore file", "; replace it with a regular file, or name the keys "
                        "to check instead of the folder")
    if len(data) > MAX_BYTES:
        raise InputError(f"{shown(name)}: larger than {MAX_BYTES // 1024 // 1024} MB, more than lnsym reads"
                         + _WHAT_TO_DO)
    lines = data.decode("utf-8", errors="replace").splitlines()
    _within_limits(shown(name), lines)
    return spec_of(lines)
