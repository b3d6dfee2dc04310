"""The vocabulary of residual connections and LayerNorm: what a formula of an answer key *means*.

A term is first rewritten at the token level (no text is ever evaluated): derivative notation
``\\frac{\\partial A}{\\partial B}``, ``\\frac{dA}{dB}``, ``dA/dB`` and Jacobian entries
``(J_{\\text{LN}})_{ab}`` become placeholder names, ``\\mathbf{1}`` becomes the all-ones vector,
``\\top`` a transpose; then the ordinary parser of :mod:`lnsym.check.parse.grammar` builds the tree, and
:func:`translate` maps the tree onto the catalogue's SymPy objects:

=====================================  ==========================================================
key notation                           meaning (``lnsym.symbols``)
=====================================  ==========================================================
``z_a`` (z the input of LN)            ``x[a]``
``\\hat{z}_a``                          ``zhat(a)`` = (x_a - mu) / sqrt(sigma^2 + eps)
``\\mu``, ``\\sigma^2``, ``\\sigma``      ``mu``, ``var`` (population variance), ``sqrt(var)``
``\\epsilon``, ``\\varepsilon``, ``ϵ``    ``eps``
``\\gamma_a`` (``\\gamma`` alone: row a) ``gamma[a]``; ``\\beta_a``: ``beta[a]``
``\\delta_{ab}``, ``I``                 ``KroneckerDelta(a, b)``
``d``                                  the number of features (symbolic)
``\\mathbf{1}\\mathbf{1}^T``, ``\\hat z\\hat z^T``  outer products, read entry-wise at (a, b)
=====================================  ==========================================================

Anything outside the vocabulary raises :class:`Unknown`, and the step stays unchecked: the reader
never guesses what an unknown letter means.
"""

from __future__ import annotations

from dataclasses import dataclass

from lnsym.check.parse.grammar import ParseError, parse_term
from lnsym.check.parse.lexer import Token

__all__ = ["LN_NAMES", "Deriv", "JacEntry", "LNOut", "Prime", "Unknown", "canon_name", "prepare"]

LN_NAMES = {"ln", "layernorm", "layer norm", "layer-norm", "lnorm"}
RMS_NAMES = {"rmsnorm", "rms norm", "rms-norm"}


class Unknown(ValueError):
    """The term uses notation outside the vocabulary (the message says which)."""


def canon_name(text: str) -> str:
    """``LN``, ``\\text{LayerNorm}``, ``\\mathrm{LN}`` -> ``LN``; ``RMSNorm`` -> ``RMSNorm``; else as is."""
    t = " ".join(text.split()).strip().lower()
    if t in LN_NAMES:
        return "LN"
    if t in RMS_NAMES:
        return "RMSNorm"
    if t == "softmax":
        return "softmax"
    return " ".join(text.split()).strip()


@dataclass(frozen=True)
class Deriv:
    """``d num / d den`` (``partial`` or straight), both as token lists."""

    num: tuple
    den: tuple
    partial: bool


@dataclass(frozen=True)
class Prime:
    """``F'``: the derivative (Jacobian) of the function F at its argument."""

    name: str


@dataclass(frozen=True)
class LNOut:
    """``\\text{LN}(z)_a``: entry ``index`` of LN applied to the vector ``var``."""

    var: str
    index: str
    fn: str = "LN"  # LN, RMSNorm or softmax


@dataclass(frozen=True)
class JacEntry:
    """``(J_{LN})_{ab}``: entry (row, col) of LN's Jacobian (row/col None: the whole matrix)."""

    row: str | None
    col: str | None


def _group(toks: list[Token], i: int) -> tuple[list[Token], int] | None:
    """The tokens of the argument starting at ``i`` (a braced group or one token) and the index after it."""
    if i >= len(toks):
        return None
    if toks[i].kind == "SYM" and toks[i].value == "{":
        depth = 0
        for k in range(i, len(toks)):
            if toks[k].kind == "SYM" and toks[k].value == "{":
                depth += 1
            elif toks[k].kind == "SYM" and toks[k].value == "}":
                depth -= 1
                if depth == 0:
                    return toks[i + 1 : k], k + 1
        return None
    return [toks[i]], i + 1


def _strip_braces(toks: list[Token]) -> list[Token]:
    while (len(toks) >= 2 and toks[0].value == "{" and toks[-1].value == "}"
           and _group(toks, 0) == (toks[1:-1], len(toks))):
        toks = toks[1:-1]
    return toks


def _is_d(tok: Token) -> bool:
    return (tok.kind == "CMD" and tok.value == "partial") or (tok.kind == "LETTER" and tok.value == "d")


def _letters(toks: list[Token]) -> str | None:
    """``ab``, ``a,b``, ``{a b}`` -> "ab" (index letters only), else None."""
    out = ""
    for t in toks:
        if t.kind == "LETTER":
            out += t.value
        elif t.kind == "SYM" and t.value in ",{}":
            continue
        else:
            return None
    return out or None


def _is_ln_text(tok: Token) -> bool:
    return tok.kind == "TEXT" and canon_name(tok.value) == "LN"


def prepare(toks: list[Token]) -> tuple[list[Token], dict[str, object]]:
    """Tokens with derivatives, Jacobian entries and ``\\mathbf{1}`` replaced by placeholder names."""
    out: list[Token] = []
    holders: dict[str, object] = {}
    i, n = 0, len(toks)

    def hold(obj: object, start: int, end: int) -> None:
        name = f"PH{len(holders)}"
        holders[name] = obj
        out.append(Token("TEXT", name, start, end))

    while i < n:
        t = toks[i]
        # \frac{\partial A}{\partial B}, \frac{dA}{dB}
        if t.kind == "CMD" and t.value in ("frac", "dfrac", "tfrac"):
            g1 = _group(toks, i + 1)
            g2 = _group(toks, g1[1]) if g1 else None
            if g1 and g2:
                num, den = _strip_braces(g1[0]), _strip_braces(g2[0])
                if (num and den and _is_d(num[0]) and _is_d(den[0]) and num[0].value == den[0].value
                        and len(den) > 1 and len(num) > 1):
                    hold(Deriv(tuple(num[1:]), tuple(den[1:]), num[0].value == "partial"), t.start,
                         toks[g2[1] - 1].end)
                    i = g2[1]
                    continue
        # dy/dx, dF/dx
        if (t.kind == "LETTER" and t.value == "d" and i + 4 < n
                and toks[i + 1].kind == "LETTER" and toks[i + 2].kind == "SYM" and toks[i + 2].value == "/"
                and toks[i + 3].kind == "LETTER" and toks[i + 3].value == "d" and toks[i + 4].kind == "LETTER"
                and toks[i + 1].start == t.end and toks[i + 4].start == toks[i + 3].end):
            hold(Deriv((toks[i + 1],), (toks[i + 4],), False), t.start, toks[i + 4].end)
            i += 5
            continue
        # (J_{LN})_{ab}, J_{ab}, J_{LN}
        if (t.kind == "SYM" and t.value in "([" and i + 1 < n and toks[i + 1].kind == "LETTER"
                and toks[i + 1].value == "J"):
            k = i + 2
            if k < n and toks[k].value == "_":
                g = _group(toks, k + 1)
                if g and len(g[0]) == 1 and _is_ln_text(g[0][0]) and g[1] < n and toks[g[1]].value in ")]":
                    k = g[1] + 1
                    if k < n and toks[k].value == "_":
                        g2 = _group(toks, k + 1)
                        idx = _letters(g2[0]) if g2 else None
                        if idx and len(idx) == 2:
                            hold(JacEntry(idx[0], idx[1]), t.start, toks[g2[1] - 1].end)
                            i = g2[1]
                            continue
        if t.kind == "LETTER" and t.value == "J" and i + 1 < n and toks[i + 1].value == "_":
            g = _group(toks, i + 2)
            if g:
                inner = g[0]
                if len(inner) == 1 and _is_ln_text(inner[0]):
                    if g[1] < n and toks[g[1]].value in ("^", "_"):
                        raise Unknown("a J_LN with a further index or power")
                    hold(JacEntry(None, None), t.start, toks[g[1] - 1].end)
                    i = g[1]
                    continue
                if inner and _is_ln_text(inner[0]):
                    idx = _letters(inner[1:])
                    if idx and len(idx) == 2:
                        hold(JacEntry(idx[0], idx[1]), t.start, toks[g[1] - 1].end)
                        i = g[1]
                        continue
        # \text{LN}(z)_a, \text{LN}_a(z): an entry of LN's output; five tokens follow (len(w) == 5)
        if t.kind == "TEXT" and canon_name(t.value) in ("LN", "RMSNorm", "softmax"):
            fn = canon_name(t.value)
            w = [x.value for x in toks[i + 1 : i + 6]]
            kinds = [x.kind for x in toks[i + 1 : i + 6]]
            if (len(w) == 5 and w[0] == "(" and kinds[1] == "LETTER" and w[2] == ")" and w[3] == "_"
                    and kinds[4] == "LETTER"):
                hold(LNOut(w[1], w[4], fn), t.start, toks[i + 5].end)
                i += 6
                continue
            if (len(w) == 5 and w[0] == "_" and kinds[1] == "LETTER" and w[2] == "(" and kinds[3] == "LETTER"
                    and w[4] == ")"):
                hold(LNOut(w[3], w[1], fn), t.start, toks[i + 5].end)
                i += 6
                continue
        # \mathbf{1}, \mathbb{1}, \boldsymbol{1}, \vec{1}: the all-ones vector
        if t.kind == "CMD" and t.value in ("mathbf", "mathbb", "boldsymbol", "vec", "bm"):
            g = _group(toks, i + 1)
            if g and len(g[0]) == 1 and g[0][0].kind == "NUM" and g[0][0].value == "1":
                hold("ONES", t.start, toks[g[1] - 1].end)
                i = g[1]
                continue
        if t.kind == "CMD" and t.value in ("top", "intercal", "mathsf"):
            if t.value == "mathsf":
                g = _group(toks, i + 1)
                if g and len(g[0]) == 1 and g[0][0].value == "T":
                    out.append(Token("LETTER", "T", t.start, toks[g[1] - 1].end))
                    i = g[1]
                    continue
            else:
                out.append(Token("LETTER", "T", t.start, t.end))
                i += 1
                continue
        if (t.kind == "LETTER" and t.value in "FGH" and i + 1 < n and toks[i + 1].kind == "SYM"
                and toks[i + 1].value == "'"):
            hold(Prime(t.value), t.start, toks[i + 1].end)
            i += 2
            continue
        if t.kind == "CMD" and t.value == "partial":
            raise Unknown("a partial derivative in a form that is not read")
        out.append(t)
        i += 1
    return out, holders


def parse(toks: list[Token]) -> tuple[tuple, dict[str, object]]:
    """The tree of a term in the vocabulary's reading, and its placeholders; :class:`Unknown` if not read."""
    prepared, holders = prepare(list(toks))
    try:
        return parse_term(prepared), holders
    except ParseError as exc:
        raise Unknown(str(exc)) from None


def tree_nodes(tree: object):
    """Every node ``(kind, ...)`` of a parsed tree, depth first."""
    stack = [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, tuple) and t and isinstance(t[0], str):
            yield t
            stack.extend(x for x in t[1:] if isinstance(x, tuple))
        elif isinstance(t, tuple):
            stack.extend(x for x in t if isinstance(x, tuple))

