"""The markers of a congruence in a span's tokens (``\\pmod{7}``, ``(\\mod 7)``): the modulus a span is decided
modulo (:mod:`lnsym.check.judges.modular`), read while its statements are split."""

from __future__ import annotations

from lnsym.check.parse.lexer import Token

__all__ = ["MAX_MODULUS", "MODULAR", "MODULO", "find_modulus"]

MODULAR = "modular arithmetic is not checked"
MODULO = "modular arithmetic modulo "  # and the modulus: the reason to decide modulo it
MAX_MODULUS = 10**12


def _is(t: Token | None, kind: str, *values: str) -> bool:
    return t is not None and t.kind == kind and (not values or t.value in values)


def _ends_statement(t: Token | None) -> bool:
    return t is None or t.kind == "SEP" or t.kind == "ENV" or (t.kind == "SYM" and t.value in ",;.&")


def find_modulus(toks: list[Token]) -> tuple[list[Token], str]:
    """``(tokens without the markers, reason)``: the reason is ``''`` (no marker), ``modular arithmetic
    modulo m`` (decide modulo m) or :data:`MODULAR` (leave the span unchecked)."""
    out: list[Token] = []
    moduli: set[int] = set()
    i, n = 0, len(toks)
    while i < n:
        t = toks[i]
        marker = (t.kind in ("CMD", "SEP") and t.value in ("pmod", "mod", "bmod")) or (
            t.kind == "TEXT" and "mod" in t.value)
        if not marker:
            out.append(t)
            i += 1
            continue
        if t.kind == "TEXT" or t.value == "bmod":
            return toks, MODULAR
        paren = bool(out) and _is(out[-1], "SYM", "(") and t.value == "mod"  # (\mod 7)
        j = i + 1
        if _is(toks[j] if j < n else None, "SYM", "{"):
            if not (j + 2 < n and toks[j + 1].kind == "NUM" and _is(toks[j + 2], "SYM", "}")):
                return toks, MODULAR
            num, j = toks[j + 1], j + 3
        elif j < n and toks[j].kind == "NUM":
            num, j = toks[j], j + 1
        else:
            return toks, MODULAR
        if paren:
            if not _is(toks[j] if j < n else None, "SYM", ")"):
                return toks, MODULAR
            out.pop()
            j += 1
        if not num.value.isdigit() or len(num.value) > 12 or not _ends_statement(toks[j] if j < n else None):
            return toks, MODULAR
        m = int(num.value)
        if not 2 <= m <= MAX_MODULUS:
            return toks, MODULAR
        moduli.add(m)
        out.append(Token("SEP", "pmod", t.start, toks[j - 1].end))
        i = j
    if not moduli:
        return toks, ""
    if len(moduli) > 1:
        return toks, MODULAR
    return out, f"{MODULO}{moduli.pop()}"
