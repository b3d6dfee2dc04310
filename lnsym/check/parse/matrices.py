"""Column vectors written as ``\\begin{pmatrix} 2 \\\\ 3 \\end{pmatrix}`` become the tokens of ``[2, 3]``.

The lexer keeps ``\\begin{pmatrix}`` and ``\\end{pmatrix}`` as ``ENV`` tokens and the row breaks as
``SEP newline``; :func:`column_vectors` rewrites a non-nested pair whose rows hold one entry each
(no ``&``) into ``[``, the entries separated by ``,``, ``]`` -- a vector the evaluator already knows
(element-wise sums, scalar products). Other matrices become ``\\matrix_ [[a, b], [c, d]]`` (a
``vmatrix``: ``\\det_ [[...]]``), which the parser reads as a matrix (a determinant).
"""

from __future__ import annotations

from lnsym.check.parse.lexer import Token

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


def _grid(inner: list[Token]) -> list[list[list[Token]]] | None:
    """Rows of cells of a matrix body (every row as long as the first, every cell non-empty)."""
    rows: list[list[list[Token]]] = [[[]]]
    for t in inner:
        if t.kind == "SYM" and t.value == "&":
            rows[-1].append([])
        elif t.kind == "SEP" and t.value == "newline":
            rows.append([[]])
        elif t.kind in ("SEP", "ENV", "REL"):
            return None
        else:
            rows[-1][-1].append(t)
    while rows and rows[-1] == [[]]:
        rows.pop()
    if not rows or len(rows) > 6 or any(len(r) != len(rows[0]) or len(r) > 6 for r in rows):
        return None
    if any(not cell for r in rows for cell in r):
        return None
    return rows


def _matrix_tokens(head: str, t: Token, end: Token, rows: list[list[list[Token]]]) -> list[Token]:
    """``\\matrix_ [[a, b], [c, d]]`` (or ``\\det_``): the parser reads it as a matrix."""
    out = [Token("CMD", head, t.start, t.end), Token("SYM", "[", t.start, t.end)]
    for k, row in enumerate(rows):
        at = row[0][0].start
        if k:
            out.append(Token("SYM", ",", at, at))
        out.append(Token("SYM", "[", at, at))
        for j, cell in enumerate(row):
            if j:
                out.append(Token("SYM", ",", cell[0].start, cell[0].start))
            out.extend(cell)
        out.append(Token("SYM", "]", row[-1][-1].end, row[-1][-1].end))
    out.append(Token("SYM", "]", end.start, end.end))
    return out


def column_vectors(toks: list[Token]) -> list[Token]:
    """The tokens with every column vector rewritten as ``[a, b, ...]``, every other matrix as
    ``\\matrix_ [[a, b], [c, d]]`` and a ``vmatrix`` as ``\\det_ [[a, b], [c, d]]``."""
    if not any(t.kind == "ENV" and t.value in (*VECTOR_ENVS, "vmatrix") for t in toks):
        return toks
    out: list[Token] = []
    i, n = 0, len(toks)
    while i < n:
        t = toks[i]
        if t.kind == "ENV" and t.value in (*VECTOR_ENVS, "vmatrix"):
            j = i + 1
            while j < n and toks[j].kind != "ENV":
                j += 1
            if j < n and toks[j].value == t.value:
                rows = _column(toks[i + 1 : j]) if t.value != "vmatrix" else None
                grid = _grid(toks[i + 1 : j]) if rows is None else None
                if grid is not None:
                    out.extend(_matrix_tokens("det_" if t.value == "vmatrix" else "matrix_", t, toks[j], grid))
                    i = j + 1
                    continue
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
