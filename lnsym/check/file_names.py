"""File names as they may be written out: a name is whatever bytes the file system allows.

A name can hold a newline (``x\\n::error file=pwned.md::...`` would be a line of its own on standard
error, which a GitHub runner reads as a workflow command), other control characters (a terminal's
escape sequences, Unicode's bidirectional overrides) or bytes that are not UTF-8 (Python hands them
over as lone surrogates, ``'\\udcff'`` for the byte ``0xff``, which no UTF-8 output can hold). The
report keeps the name as the file system gave it (SARIF percent-encodes its bytes, GitHub's workflow
commands escape its newlines); these functions are for writing it out.

>>> shown("key\\n::stop-commands::x.md"), shown("bad\\udcff.md"), unicode_name("a\\tb\\udcff.md")
('key\\\\n::stop-commands::x.md', 'bad\\\\xff.md', 'a\\tb\\\\xff.md')
>>> uri_path("bad\\udcff é.md")
'bad%FF%20%C3%A9.md'
"""

from __future__ import annotations

import os
import re
from urllib.parse import quote

__all__ = ["shown", "unicode_name", "uri_path"]

# control characters (C0, DEL, C1), line and paragraph separators, the bidirectional formatting
# characters (they reorder what a reader sees), and surrogates (bytes that were not UTF-8)
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_SHORT = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match) -> str:
    ch = match.group()
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # os.fsdecode's escape of an undecodable byte: show the byte
        return f"\\x{code - 0xDC00:02x}"
    if ch in _SHORT:
        return _SHORT[ch]
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def shown(text: str) -> str:
    """A name (or a message holding one) for plain text: one line, valid Unicode, nothing a terminal or a
    log reader acts on; control characters and undecodable bytes as backslash escapes (``\\n``,
    ``\\x1b``, ``\\xff``), like Python's ``repr``. An ordinary name is unchanged; so is a backslash (a
    Windows path stays readable), so a name holding the two characters ``\\n`` reads like one holding a
    newline: what matters is that nothing can act on it."""
    return _UNSAFE.sub(_escape, text)


def unicode_name(text: str) -> str:
    """The name with only its undecodable bytes written ``\\xNN``: valid Unicode, for formats that escape
    control characters themselves (JSON, SARIF, GitHub's workflow commands)."""
    return _SURROGATE.sub(_escape, text)


def uri_path(name: str) -> str:
    """The name's bytes on disk, percent-encoded (``/`` kept): what a URI reference to the file holds."""
    try:
        raw = os.fsencode(name)
    except UnicodeEncodeError:  # a surrogate no file system gave (a name passed to the API)
        raw = name.encode("utf-8", "surrogatepass")
    return quote(raw)
