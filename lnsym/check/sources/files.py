"""Where keys come from: regular files on disk or standard input, read whole with a byte cap, as UTF-8.

Only a regular file (or standard input) is read: a device reports the size 0 and then never ends
(``/dev/zero``), and opening a FIFO waits for a writer, so anything else is refused before a byte is
read. The file is opened without blocking and checked again on the open descriptor, so a path that
is swapped for a FIFO between the two checks is refused too. At most :data:`MAX_BYTES` + 1 bytes are
ever read, whatever the file claims its size is. A carriage return alone ends a line
(:mod:`lnsym.check.sources.line_ends`).
"""

from __future__ import annotations

import errno
import os
import stat
import sys

from lnsym.check.file_names import shown
from lnsym.check.sources.line_ends import unify_line_ends
from lnsym.errors import InputError

__all__ = ["MAX_BYTES", "read_key", "read_regular"]

MAX_BYTES = 4 * 1024 * 1024

_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"))


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def _read_capped(fd: int, limit: int) -> bytes:
    """Up to ``limit`` + 1 bytes from ``fd`` (one more than allowed, so that too large is seen)."""
    chunks, left = [], limit + 1
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def read_regular(path: str, limit: int, expected: str = "Markdown or LaTeX file", hint: str = "") -> bytes:
    """Up to ``limit`` + 1 bytes of the regular file ``path`` (the caller says what too large means);
    :class:`InputError` for anything else, ``expected`` naming what was wanted and ``hint`` what to do."""
    name = shown(path)  # for messages
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise InputError(f"{name}: no such file") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise InputError(f"{name}: a symbolic link that loops back on itself; remove it or point it at a "
                             "file") from None
        raise InputError(f"{name}: cannot be read ({exc.strerror or exc})") from None
    if stat.S_ISDIR(mode):
        raise InputError(f"{name}: is a directory, expected a {expected}")
    if not stat.S_ISREG(mode):
        raise InputError(f"{name}: is {_kind(mode)}, expected a regular {expected}{hint}")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise InputError(f"{name}: cannot be read ({exc.strerror or exc})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):  # swapped after the first look
            raise InputError(f"{name}: is {_kind(st.st_mode)}, expected a regular {expected}")
        return _read_capped(fd, limit)
    except OSError as exc:
        raise InputError(f"{name}: cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)


def read_key(path: str | os.PathLike) -> str:
    """The text of a key; :class:`InputError` with a one-line reason when it cannot be read."""
    if str(path) == "-":
        name = "<stdin>"
        data = sys.stdin.buffer.read(MAX_BYTES + 1)  # a pipe or a device: the cap still holds
    else:
        name = shown(os.fspath(path))
        data = read_regular(os.fspath(path), MAX_BYTES, hint=" (pipe it to '-' to read standard input)")
    if len(data) > MAX_BYTES:
        raise InputError(f"{name}: larger than {MAX_BYTES // 1024 // 1024} MB; split the key")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{name}: not UTF-8 (byte {exc.start}); save the key as UTF-8") from None
    return unify_line_ends(text)
