"""Atomic file writes: a temporary file in the target's folder, then ``os.replace``.

A reader of the output path sees the old file or the new one, never a half-written one.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path

__all__ = ["atomic_copy", "atomic_write_bytes", "atomic_write_text"]


def _replace_with(path: Path, fill) -> Path:
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            fill(f)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return path


def atomic_write_bytes(path, data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically."""
    return _replace_with(Path(path), lambda f: f.write(data))


def atomic_write_text(path, text: str) -> Path:
    """Write ``text`` (UTF-8, newlines as given) to ``path`` atomically."""
    return atomic_write_bytes(path, text.encode("utf-8"))


def atomic_copy(source, path) -> Path:
    """Copy the file ``source`` to ``path`` atomically (works across file systems)."""
    with open(source, "rb") as src:
        return _replace_with(Path(path), lambda f: shutil.copyfileobj(src, f))
