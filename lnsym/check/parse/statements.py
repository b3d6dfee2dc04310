"""Split the tokens of a span into statements, and a statement into terms at top-level relations.

``$a=101, b=1$`` is two statements; ``$\\mu=\\frac{16}{4}=4$`` is one statement of three terms and two
relations, i.e. two steps. A statement that starts with a relation (``$=\\frac{1}{3}$``, prose on
its left) has an empty first term, and that first step is skipped; so has one that starts with a binary
operator (``$+ 3 = 15$`` after "12 apples"). Rows of an ``align`` that start with ``&=`` continue the chain
of the row above.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lnsym.check.parse.intervals import as_bounds
from lnsym.check.parse.lexer import Token
from lnsym.check.parse.matrices import column_vectors
from lnsym.check.parse.modulus import find_modulus
from lnsym.check.reasons import Reason

__all__ = ["Statement", "split_statements", "unmarked"]

_CONNECTIVES = {
    "and", "or", "if", "so", "since", "then", "thus", "hence", "where", "when", "for", "with", "because",
    "which", "is", "are", "gives", "but", "otherwise", "yields", "means", "implies", "therefore", "as",
    "of", "that", "we", "get", "have", "by", "from", "to", "i.e.", "e.g.", "or,", "and,", "in", "on",
    "the", "a", "it", "be", "not", "all", "each", "every", "some", "any", "let", "such", "than", "this",
    "also", "only", "at", "else", "while", "until", "per", "into", "has", "was",
}
_POISON_ENVS = ("cases", "matrix", "pmatrix", "bmatrix", "vmatrix", "array", "tabular", "split", "Vmatrix")


@dataclass
class Statement:
    """``terms[0] rels[0] terms[1] ...``; a term is a list of tokens (possibly empty)."""

    terms: list[list[Token]]
    rels: list[Token]
    poison: str = ""  # a reason to leave every step of the statement unchecked
    poison_code: Reason = Reason.OTHER  # what it says: Reason.MODULAR for a congruence
    modulus: int | None = None  # a congruence's modulus (`\pmod{7}`): its steps are decided modulo it
    units: dict[int, str] = field(default_factory=dict)  # term -> the unit written after its number (`\text{ s}`)


def _is_connective(text: str) -> bool:
    """``\\text{ and }``, ``\\text{if }``, ``\\text{so that}`` separate statements; ``\\text{Number of dogs}``
    (a noun phrase that names a quantity) and ``\\text{ cm}`` (a unit) are part of a term. Prose starts
    with a connective; a name does not, and one capital letter is a name (``200\\mathrm{A}``: not the article)."""
    if len(text.strip()) == 1 and text.strip().isupper():
        return False
    words = text.replace(",", " ").lower().split()
    return bool(words) and words[0] in _CONNECTIVES


def _of_is_times(toks: list[Token]) -> list[Token]:
    """``\\text{ of }`` after a percent or a fraction (``25\\% \\text{ of } \\$2,000``, ``\\frac{1}{3}
    \\text{ of } 18``) is a product, not prose between two statements."""
    out = list(toks)
    for k in range(1, len(out) - 1):
        t = out[k]
        if t.kind == "TEXT" and t.value.strip().lower() == "of":
            prev = out[k - 1]
            if (prev.kind == "CMD" and prev.value == "percent") or (prev.kind == "SYM" and prev.value == "}"
                                                                     and _closes_fraction(out, k - 1)):
                out[k] = Token("CMD", "times", t.start, t.end)
    return out


def _group_start(toks: list[Token], k: int) -> int:
    """The index of the ``{`` that the ``}`` at ``k`` closes (-1 if none)."""
    depth = 0
    for j in range(k, -1, -1):
        t = toks[j]
        if t.kind == "SYM" and t.value in "{}":
            depth += 1 if t.value == "}" else -1
            if depth == 0:
                return j
    return -1


def _closes_fraction(toks: list[Token], k: int) -> bool:
    """Does the ``}`` at ``k`` close the second argument of a ``\\frac``?"""
    j = _group_start(toks, k)
    if j < 1 or not (toks[j - 1].kind == "SYM" and toks[j - 1].value == "}"):
        return False
    j = _group_start(toks, j - 1)
    return j >= 1 and toks[j - 1].kind == "CMD" and toks[j - 1].value in ("frac", "dfrac", "tfrac")


def _ellipsis_end(term: list[Token]) -> bool:
    """Does the term end with ``...`` after a number (``0.1666...``: the digits go on)?"""
    return len(term) >= 4 and all(t.kind == "SYM" and t.value == "." for t in term[-3:]) and term[-4].kind == "NUM"


# Wrappers that only mark what they hold (a boxed answer, a colour), with the number of groups before it:
# `\boxed{2 + 2 = 5}` states 2 + 2 = 5 (a value in a box, `= \boxed{5}`, is read by the grammar)
_MARKERS = {"boxed": 0, "fbox": 0, "framebox": 0, "color": 1, "textcolor": 1, "colorbox": 1}


def _group_end(toks: list[Token], k: int) -> int | None:
    """The index of the ``}`` that closes the ``{`` at ``k``, or None."""
    depth = 0
    for j in range(k, len(toks)):
        if toks[j].kind == "SYM" and toks[j].value == "{":
            depth += 1
        elif toks[j].kind == "SYM" and toks[j].value == "}":
            depth -= 1
            if depth == 0:
                return j
    return None


def _relation_at_top(toks: list[Token]) -> bool:
    depth = 0
    for t in toks:
        if t.kind == "SYM" and t.value in "{([":
            depth += 1
        elif t.kind == "SYM" and t.value in "})]":
            depth -= 1
        elif t.kind == "REL" and depth == 0:
            return True
    return False


def unmarked(toks: list[Token]) -> list[Token]:
    """The tokens with each marker (``\\boxed{...}``, ``\\fbox``, ``\\color{red}{...}``) around a relation taken
    away, so that the relation is a statement like any other: a wrong boxed answer is reported, not passed over."""
    out, k = list(toks), 0
    while k < len(out):
        t = out[k]
        before = _MARKERS.get(t.value) if t.kind == "CMD" else None
        groups, j = [], k + 1
        while before is not None and len(groups) <= before and j < len(out) \
                and out[j].kind == "SYM" and out[j].value == "{":
            end = _group_end(out, j)
            if end is None:
                break
            groups.append((j, end))
            j = end + 1
        if before is not None and len(groups) == before + 1 \
                and _relation_at_top(out[groups[-1][0] + 1 : groups[-1][1]]):
            start, end = groups[-1]
            out = out[:k] + out[start + 1 : end] + out[end + 1 :]
            k = 0  # (a marker around this one now holds a relation at its top: `\\boxed{\\boxed{1 = 1}}`)
            continue
        k += 1
    return out


def split_statements(toks: list[Token]) -> list[Statement]:
    """Statements of a span, in order."""
    toks = unmarked(toks)  # `\boxed{2 + 2 = 5}` is the statement 2 + 2 = 5
    toks = column_vectors(toks)  # `\begin{pmatrix} 2 \\ 3 \end{pmatrix}` is the vector [2, 3]
    toks = as_bounds(toks)  # `x \in (0, 1]` is 0 < x ≤ 1
    toks = _of_is_times(toks)  # `25\% \text{ of } 2000` is 25% times 2000
    toks, poison, modulus = find_modulus(toks)  # `\pmod{7}`: decided modulo 7, or the span is left unchecked
    marks = (poison, Reason.MODULAR if poison else Reason.OTHER, modulus)
    for t in toks:
        if t.kind == "ENV" and t.value.rstrip("*").startswith(_POISON_ENVS):
            marks = (f"the environment {t.value} is not checked", Reason.OTHER, None)
    statements: list[Statement] = []
    cur = Statement([[]], [], *marks)
    after_newline = False
    broken = False  # the last statement ended at a separator (`\\Rightarrow`, `,`) before the line break
    depth = 0

    def close() -> None:
        nonlocal cur
        if any(cur.terms) or cur.rels:
            statements.append(cur)
        cur = Statement([[]], [], *marks)

    for t in toks:
        if t.kind == "SYM" and t.value in "{([" and t.value != "":
            depth += 1
        elif t.kind == "SYM" and t.value in "})]" and t.value != "":
            depth = max(0, depth - 1)
        if t.kind == "ENV" or (t.kind == "SYM" and t.value == "&"):
            continue
        if after_newline and not broken and statements and not any(cur.terms) and not cur.rels and (
            (t.kind == "SYM" and t.value in "+-") or (t.kind == "CMD" and t.value in ("cdot", "times"))
            or (t.kind == "SEP" and t.value in ("quad", "qquad"))
        ):
            if t.kind == "SEP":
                continue  # `&\quad + ...` indents a continued term
            prev = statements.pop()  # a row starting with an operator continues the last term
            cur = Statement(prev.terms, prev.rels, *marks)
            after_newline = False
        if depth == 0:
            sep = t.kind == "SEP" or (t.kind == "SYM" and t.value in ",;") or (
                t.kind == "TEXT" and _is_connective(t.value)
            )
            if sep:
                close()
                after_newline = t.kind == "SEP" and t.value == "newline"
                if not after_newline and not (t.kind == "SEP" and t.value in ("quad", "qquad")):
                    broken = True  # `... \\Rightarrow \\ -4(5-a)^2 = ...`: the next row is a new statement
                continue
            if t.kind == "REL":
                if after_newline and not any(cur.terms) and not cur.rels and statements:
                    prev = statements.pop()  # `&= ...` continues the row above
                    cur = Statement(prev.terms, prev.rels, *marks)
                cur.rels.append(t)
                cur.terms.append([])
                after_newline = broken = False
                continue
        after_newline = broken = False
        cur.terms[-1].append(t)
    close()
    for st in statements:
        last = st.terms[-1]
        while last and last[-1].kind == "SYM" and last[-1].value in ".,;:" and not _ellipsis_end(last):
            last.pop()
        if _left_operand_elsewhere(st.terms[0]):
            st.terms[0] = []  # `12 apples $+ 3 = 15$`: the first term is the prose's, its step is skipped
    return [s for s in statements if s.rels]


def _left_operand_elsewhere(term: list[Token]) -> bool:
    """Does the term start with a binary operator (``+``, ``\\times``, ``\\cdot``, ``\\div``, ``*``, ``/``)?
    Its left operand is then outside the math (in the prose, or the span before), as with a leading
    relation. A leading ``-`` is a negative number, and stays."""
    if not term:
        return False
    first = term[0]
    return (first.kind == "SYM" and first.value in ("+", "*", "/")) or (
        first.kind == "CMD" and first.value in ("times", "cdot", "div"))
