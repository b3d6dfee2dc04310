"""Column vectors written as ``\\begin{pmatrix} 2 \\\\ 3 \\end{pmatrix}`` become the tokens of ``[2, 3]``.

The lexer keeps ``\\begin{pmatrix}`` and ``\\end{pmatrix}`` as ``ENV`` tokens and the row breaks as
``SEP newline``; :func:`column_vectors` rewrites a non-nested pair whose rows hold one entry each
(no ``&``) into ``[``, the entries separated by ``,``, ``]`` -- a vector the evaluator already knows
(element-wise sums, scalar products). Matrices with several columns are left as they are (their
statement stays unchecked).
"""

from __future__ import annotations

from lnsym.check.lexer import Token

__all__ = ["VECTOR_ENVS", "column_vectors"]

VECTOR_ENVS = ("pmatrix", "bmatrix")


def _column(inner: list[Token]) -> list[list[Token]] | None:
    rows: list[list[Token]] = [[]]
    for t in inner:
        if t.kind == "SYM" and t.value == "&":
            return None
        if t.kind == "SEP" and t.value == "newline":
            rows.append([])
        elif t.kind in ("SEP", "ENV", "REL"):
            return None
        else:
            rows[-1].append(t)
    while rows and not rows[-1]:
        rows.pop()  # a trailing \\ before \end
    if len(rows) < 2 or any(not r for r in rows):
        return None
    return rows


def column_vectors(toks: list[Token]) -> list[Token]:
    """The tokens with every column vector rewritten as ``[a, b, ...]``."""
    if not any(t.kind == "ENV" and t.value in VECTOR_ENVS for t in toks):
        return toks
    out: list[Token] = []
    i, n = 0, len(toks)
    while i < n:
        t = toks[i]
        if t.kind == "ENV" and t.value in VECTOR_ENVS:
            j = i + 1
            while j < n and toks[j].kind != "ENV":
                j += 1
            if j < n and toks[j].value == t.value:
                rows = _column(toks[i + 1 : j])
                if rows is not None:
                    out.append(Token("SYM", "[", t.start, t.end))
                    for k, row in enumerate(rows):
                        if k:
                            out.append(Token("SYM", ",", row[0].start, row[0].start))
                        out.extend(row)
                    out.append(Token("SYM", "]", toks[j].start, toks[j].end))
                    i = j + 1
                    continue
        out.append(t)
        i += 1
    return out
