"""A cheap screen before a case-insensitive search for words: a text none of whose lower-cased characters
contain any of a pattern's words cannot match it.

Python's ``re`` with ``IGNORECASE`` compares character by character through case folding, and is several
times slower than ``str.lower()`` and ``in``; the conventions of a record (:mod:`~lnsym.check.roles.conventions`)
search its whole text for a dozen such patterns, most of which it does not contain. The screen is exact only for
ASCII text: under ``IGNORECASE`` some other characters match ASCII letters (the long s ``ſ`` matches ``s``, the
Kelvin sign matches ``k``), so any other text is always searched.
"""

from __future__ import annotations

import re

__all__ = ["lowered", "search"]


def lowered(text: str) -> str | None:
    """``text`` lower-cased when it is ASCII (then the screen applies), else None."""
    return text.lower() if text.isascii() else None


def search(pattern: re.Pattern, text: str, low: str | None, words: tuple[str, ...]) -> re.Match | None:
    """``pattern.search(text)``, skipped (None) when ``low`` (:func:`lowered` of ``text``) contains none of
    ``words``, lower-case strings one of which every match of ``pattern`` contains."""
    if low is not None and not any(w in low for w in words):
        return None
    return pattern.search(text)
