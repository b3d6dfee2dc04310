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


# A recogniser reads the notation that starts at toks[i]: None, or (what replaces it, the index after it), where
# what replaces it is a Token, or an object to hold under a placeholder name (a derivative, a Jacobian entry, ...).
_Read = tuple[object, int] | None


def _leibniz(toks: list[Token], i: int) -> _Read:
    """``\\frac{\\partial A}{\\partial B}``, ``\\frac{dA}{dB}``."""
    t = toks[i]
    if not (t.kind == "CMD" and t.value in ("frac", "dfrac", "tfrac")):
        return None
    g1 = _group(toks, i + 1)
    g2 = _group(toks, g1[1]) if g1 else None
    if not (g1 and g2):
        return None
    num, den = _strip_braces(g1[0]), _strip_braces(g2[0])
    if (num and den and _is_d(num[0]) and _is_d(den[0]) and num[0].value == den[0].value
            and len(den) > 1 and len(num) > 1):
        return Deriv(tuple(num[1:]), tuple(den[1:]), num[0].value == "partial"), g2[1]
    return None


def _slash_derivative(toks: list[Token], i: int) -> _Read:
    """``dy/dx``, ``dF/dx``, written without spaces."""
    t, n = toks[i], len(toks)
    if (t.kind == "LETTER" and t.value == "d" and i + 4 < n
            and toks[i + 1].kind == "LETTER" and toks[i + 2].kind == "SYM" and toks[i + 2].value == "/"
            and toks[i + 3].kind == "LETTER" and toks[i + 3].value == "d" and toks[i + 4].kind == "LETTER"
            and toks[i + 1].start == t.end and toks[i + 4].start == toks[i + 3].end):
        return Deriv((toks[i + 1],), (toks[i + 4],), False), i + 5
    return None


def _bracketed_jacobian_entry(toks: list[Token], i: int) -> _Read:
    """``(J_{LN})_{ab}``, ``[J_{\\text{LN}}]_{ab}``."""
    t, n = toks[i], len(toks)
    if not (t.kind == "SYM" and t.value in "([" and i + 1 < n and toks[i + 1].kind == "LETTER"
            and toks[i + 1].value == "J"):
        return None
    k = i + 2
    if not (k < n and toks[k].value == "_"):
        return None
    g = _group(toks, k + 1)
    if not (g and len(g[0]) == 1 and _is_ln_text(g[0][0]) and g[1] < n and toks[g[1]].value in ")]"):
        return None
    k = g[1] + 1
    if k < n and toks[k].value == "_":
        g2 = _group(toks, k + 1)
        idx = _letters(g2[0]) if g2 else None
        if idx and len(idx) == 2:
            return JacEntry(idx[0], idx[1]), g2[1]
    return None


def _jacobian(toks: list[Token], i: int) -> _Read:
    """``J_{LN}`` (the matrix) and ``J_{LN, ab}`` (an entry)."""
    t, n = toks[i], len(toks)
    if not (t.kind == "LETTER" and t.value == "J" and i + 1 < n and toks[i + 1].value == "_"):
        return None
    g = _group(toks, i + 2)
    if not g:
        return None
    inner = g[0]
    if len(inner) == 1 and _is_ln_text(inner[0]):
        if g[1] < n and toks[g[1]].value in ("^", "_"):
            raise Unknown("a J_LN with a further index or power")
        return JacEntry(None, None), g[1]
    if inner and _is_ln_text(inner[0]):
        idx = _letters(inner[1:])
        if idx and len(idx) == 2:
            return JacEntry(idx[0], idx[1]), g[1]
    return None


def _normalised_entry(toks: list[Token], i: int) -> _Read:
    """``\\text{LN}(z)_a``, ``\\text{LN}_a(z)``: an entry of LN's (RMSNorm's, softmax's) output."""
    t = toks[i]
    if not (t.kind == "TEXT" and canon_name(t.value) in ("LN", "RMSNorm", "softmax")):
        return None
    fn = canon_name(t.value)
    w = [x.value for x in toks[i + 1 : i + 6]]
    kinds = [x.kind for x in toks[i + 1 : i + 6]]
    if len(w) != 5:
        return None
    if w[0] == "(" and kinds[1] == "LETTER" and w[2] == ")" and w[3] == "_" and kinds[4] == "LETTER":
        return LNOut(w[1], w[4], fn), i + 6
    if w[0] == "_" and kinds[1] == "LETTER" and w[2] == "(" and kinds[3] == "LETTER" and w[4] == ")":
        return LNOut(w[3], w[1], fn), i + 6
    return None


def _ones(toks: list[Token], i: int) -> _Read:
    """``\\mathbf{1}``, ``\\mathbb{1}``, ``\\boldsymbol{1}``, ``\\vec{1}``: the all-ones vector."""
    t = toks[i]
    if not (t.kind == "CMD" and t.value in ("mathbf", "mathbb", "boldsymbol", "vec", "bm")):
        return None
    g = _group(toks, i + 1)
    if g and len(g[0]) == 1 and g[0][0].kind == "NUM" and g[0][0].value == "1":
        return "ONES", g[1]
    return None


def _transpose(toks: list[Token], i: int) -> _Read:
    """``\\top``, ``\\intercal``, ``\\mathsf{T}``: the letter T of a transpose."""
    t = toks[i]
    if t.kind == "CMD" and t.value in ("top", "intercal"):
        return Token("LETTER", "T", t.start, t.end), i + 1
    if t.kind == "CMD" and t.value == "mathsf":
        g = _group(toks, i + 1)
        if g and len(g[0]) == 1 and g[0][0].value == "T":
            return Token("LETTER", "T", t.start, toks[g[1] - 1].end), g[1]
    return None


def _function_prime(toks: list[Token], i: int) -> _Read:
    """``F'``, ``G'``, ``H'``: the derivative of a function the key names."""
    t, n = toks[i], len(toks)
    if (t.kind == "LETTER" and t.value in "FGH" and i + 1 < n and toks[i + 1].kind == "SYM"
            and toks[i + 1].value == "'"):
        return Prime(t.value), i + 2
    return None


_RECOGNISERS = (_leibniz, _slash_derivative, _bracketed_jacobian_entry, _jacobian, _normalised_entry, _ones,
                _transpose, _function_prime)


def prepare(toks: list[Token]) -> tuple[list[Token], dict[str, object]]:
    """Tokens with derivatives, Jacobian entries and ``\\mathbf{1}`` replaced by placeholder names (each read by
    the first of :data:`_RECOGNISERS` that reads it), ``\\top`` by the letter T."""
    out: list[Token] = []
    holders: dict[str, object] = {}
    i, n = 0, len(toks)
    while i < n:
        t = toks[i]
        read = next((r for r in (recognise(toks, i) for recognise in _RECOGNISERS) if r is not None), None)
        if read is not None:
            what, after = read
            if isinstance(what, Token):
                out.append(what)
            else:
                name = f"PH{len(holders)}"
                holders[name] = what
                out.append(Token("TEXT", name, t.start, toks[after - 1].end))
            i = after
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


