"""Membership in an interval, ``x \\in (0, 1]``, read as the chain of bounds it means, ``0 < x \\le 1``.

A proof states the range of a case as often this way as with inequalities ("For $x \\in (0, 1)$, $x^2 < x$"), and the
stages after the parser know a range only as a chain of bounds (a hypothesis, a region, a fact). So the tokens of a
name followed by ``\\in`` and an interval written with brackets, ``(a, b)``, ``[a, b]``, ``[a, b)``, ``(a, b]``,
become those of ``a < x < b`` (each bound with its own relation), and an end at ``\\infty`` drops its bound:
``x \\in (0, \\infty)`` is ``0 < x``. Only numbers end such an interval (``\\pi`` and fractions too): ``t \\in [0, x]``
is the range of a variable inside an argument ("$f'(t) \\ge 0$ for $t \\in [0, x]$"), not a case. Each token keeps its
place in the text, so a finding still points at what is written. Anything else after ``\\in`` (a set,
``\\mathbb{R}``, ``\\{1, 2\\}``, a vector space) stays a separator: no statement.
"""

from __future__ import annotations

from lnsym.check.parse.lexer import Token

__all__ = ["as_bounds"]

_OPEN = {"(": "<", "[": "≤"}
_CLOSE = {")": "<", "]": "≤"}


def _name(tok: Token) -> bool:
    """A variable's name of one token: a letter, or a Greek letter (``\\theta``)."""
    return tok.kind == "LETTER" or (tok.kind == "CMD" and tok.value in _GREEK)


_GREEK = frozenset({"alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "eta", "theta", "vartheta", "kappa",
                    "lambda", "mu", "nu", "xi", "rho", "sigma", "tau", "phi", "varphi", "chi", "psi", "omega"})


def _end(tok_list: list[Token]) -> bool:
    """``\\infty`` or ``-\\infty`` (an end without a bound)."""
    values = [(t.kind, t.value) for t in tok_list]
    return values in ([("CMD", "infty")], [("SYM", "-"), ("CMD", "infty")], [("SYM", "+"), ("CMD", "infty")])


def _interval(toks: list[Token], k: int) -> tuple[list[Token], list[Token], str, str, int] | None:
    """The interval whose opening bracket is at ``k``: its two ends' tokens, the relation each end stands for, and the
    index after the closing bracket; None unless it is one comma between brackets at depth 0 and the bracket after
    it ends the span or a clause."""
    if k >= len(toks) or toks[k].kind != "SYM" or toks[k].value not in _OPEN:
        return None
    depth, comma, j = 0, None, k + 1
    while j < len(toks):
        t = toks[j]
        if t.kind == "SYM" and t.value in "({[":
            depth += 1
        elif t.kind == "SYM" and t.value in ")}]":
            if depth == 0:
                break
            depth -= 1
        elif t.kind == "SYM" and t.value == "," and depth == 0:
            if comma is not None:
                return None  # three entries: a vector, not an interval
            comma = j
        elif t.kind in ("REL", "SEP"):
            return None
        j += 1
    if comma is None or j >= len(toks) or toks[j].value not in _CLOSE:
        return None
    low, high = toks[k + 1 : comma], toks[comma + 1 : j]
    if not low or not high or any(t.kind == "LETTER" for t in (*low, *high)):
        return None  # (`t \in [0, x]`: a variable's range inside an argument, not a case of the text)
    after = toks[j + 1] if j + 1 < len(toks) else None
    if after is not None and not (after.kind == "SEP" or (after.kind == "SYM" and after.value in ",;.")
                                  or after.kind == "TEXT"):
        return None  # `x \in (0, 1) \times (0, 1)`, `(a, b)^T`: not an interval of x alone
    return low, high, _OPEN[toks[k].value], _CLOSE[toks[j].value], j + 1


def as_bounds(toks: list[Token]) -> list[Token]:
    """The tokens with each ``NAME \\in INTERVAL`` written as its chain of bounds (see the module's docstring)."""
    out, k = [], 0
    while k < len(toks):
        t = toks[k]
        if t.kind == "SEP" and t.value == "in" and out and _name(out[-1]) \
                and (len(out) == 1 or out[-2].kind in ("SEP", "TEXT") or out[-2].value in (",", ";")):
            found = _interval(toks, k + 1)
            if found is not None:
                low, high, left, right, after = found
                name = out.pop()
                # (each bound's relation spans `\in (0, 1)`: a step's text, from the first of its tokens to the last,
                # is then all of `x \in (0, 1)`)
                stop = toks[after - 1].end
                chain: list[Token] = []
                if not _end(low):
                    chain += [*low, Token("REL", left, t.start, stop)]
                chain.append(name)
                if not _end(high):
                    chain += [Token("REL", right, t.start, stop), *high]
                if len(chain) > 1:
                    out += chain
                    k = after
                    continue
                out.append(name)
        out.append(t)
        k += 1
    return out
