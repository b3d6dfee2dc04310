"""The last check on math from a key before it reaches TeX (or a Markdown viewer).

TeX reads ``^^5c`` as a backslash (its ``^^`` notation for any character), so a whitelist of control
sequences that looks at the written text alone can be walked around: ``$^^5cgdef^^5cstepbad...$``
redefined the report's own marks, and ``$^^5cdef^^5cx{^^5cx}^^5cx$`` never ended. Here the notation is
decoded first, the way TeX decodes it, and the math is refused if it used the notation at all, if a
control sequence of the decoded text is not on the whitelist, or if it holds a control character.

>>> tex_refusal(r"\\frac{1}{2} \\approx 0.5", {"frac", "approx"}) is None
True
>>> tex_refusal("^^5cinput{x}", {"frac"})
"TeX's ^^ notation"
>>> decode_carets("^^5cinput")
'\\\\input'

In Markdown, math is shown by MathJax or KaTeX where the viewer has them, and as text where it does not;
either way ``<`` and ``>`` must not open a tag or a comment (``<svg/onload=...>``, ``<!--``), so
:func:`markdown_safe_math` writes them ``\\lt``/``\\gt``, which both renderers know.
"""

from __future__ import annotations

import re

__all__ = ["decode_carets", "markdown_safe_math", "tex_refusal"]

# ^^ followed by two lower-case hex digits is that character; ^^ followed by any other ASCII character c
# is chr(ord(c) +- 64) (TeX: "The TeXbook", chapter 8)
_CARETS = re.compile(r"\^\^([0-9a-f]{2}|[\x00-\x7f])")
_CONTROL = re.compile(r"\\([A-Za-z]+|.)", re.S)


def _caret(m: re.Match) -> str:
    code = m.group(1)
    if len(code) == 2:
        return chr(int(code, 16))
    c = ord(code)
    return chr(c + 64 if c < 64 else c - 64)


def decode_carets(tex: str) -> str:
    """``tex`` with TeX's ``^^`` notation decoded, repeatedly (a decoded character may form a new one)."""
    for _ in range(len(tex)):
        decoded = _CARETS.sub(_caret, tex)
        if decoded == tex:
            break
        tex = decoded
    return tex


def tex_refusal(tex: str, allowed: set[str]) -> str | None:
    """Why ``tex`` must not reach TeX (None when it may): TeX's ``^^`` notation, a control sequence outside
    ``allowed`` (names without the backslash) after decoding, or a control character."""
    if "^^" in tex:
        return "TeX's ^^ notation"
    decoded = decode_carets(tex)
    for m in _CONTROL.finditer(decoded):
        if m.group(1) not in allowed:
            return f"the control sequence \\{m.group(1)}"
    if any(ord(c) < 32 or ord(c) == 127 for c in decoded):
        return "a control character"
    return None


def markdown_safe_math(tex: str) -> str:
    """Math for ``$...$`` in Markdown: one line, and no ``<`` or ``>`` that an HTML-rendering viewer would
    read as a tag or a comment, nor an ``&`` that starts an entity (``\\&`` of escaped text gets a space
    after it, which TeX ignores).

    >>> print(markdown_safe_math("x<1 and y>2"))
    x\\lt 1 and y\\gt 2
    """
    tex = " ".join(tex.split())
    tex = tex.replace("<", r"\lt ").replace(">", r"\gt ")
    return re.sub(r"&(?=[A-Za-z0-9#])", "& ", tex)
