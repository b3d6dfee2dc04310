"""Line ends: a carriage return alone ends a line, as in the files of classic Mac OS.

Every reader of a key counts lines by ``\\n``; a CRLF file already reads right (its ``\\r`` is white
space at the end of a line), but a file whose lines end in ``\\r`` alone would be one long line and
one paragraph, its bindings leaking from paragraph to paragraph. Each lone ``\\r`` becomes ``\\n``
character for character, so that offsets, columns and the lengths of spans stay those of the file,
and lines are numbered as an editor numbers them.

>>> unify_line_ends("a\\rb\\r\\nc\\r\\rd")
'a\\nb\\r\\nc\\n\\nd'
"""

from __future__ import annotations

import re

__all__ = ["unify_line_ends"]

_LONE_CR = re.compile(r"\r(?!\n)")


def unify_line_ends(text: str) -> str:
    """``text`` with every carriage return not followed by a line feed turned into a line feed."""
    return _LONE_CR.sub("\n", text) if "\r" in text else text
