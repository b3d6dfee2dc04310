"""Where keys come from: files on disk or standard input, read whole with a byte cap, as UTF-8."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from lnsym.errors import InputError

__all__ = ["MAX_BYTES", "read_key"]

MAX_BYTES = 4 * 1024 * 1024


def read_key(path: str | os.PathLike) -> str:
    """The text of a key; :class:`InputError` with a one-line reason when it cannot be read."""
    p = Path(path)
    if str(path) == "-":
        data = sys.stdin.buffer.read(MAX_BYTES + 1)
        name = "<stdin>"
    else:
        name = str(path)
        if not p.exists():
            raise InputError(f"{name}: no such file")
        if p.is_dir():
            raise InputError(f"{name}: is a directory, expected a Markdown or LaTeX file")
        try:
            if p.stat().st_size > MAX_BYTES:
                raise InputError(f"{name}: larger than {MAX_BYTES // 1024 // 1024} MB; split the key")
            data = p.read_bytes()
        except OSError as exc:
            raise InputError(f"{name}: cannot be read ({exc.strerror or exc})") from None
    if len(data) > MAX_BYTES:
        raise InputError(f"{name}: larger than {MAX_BYTES // 1024 // 1024} MB; split the key")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{name}: not UTF-8 (byte {exc.start}); save the key as UTF-8") from None
