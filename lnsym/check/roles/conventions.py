"""The conventions a whole solution sets for its notation, which hold in every one of its steps.

A dataset record is checked step by step, each step as its own text (names bound in one step do not
carry to the next). Notation is different: "[x] denotes the greatest integer", "define $a * b = 2a - b$",
"by quadratic reciprocity" in one step, or in the problem, say how the symbols of every other step are
meant. :class:`Conventions` gathers them from the problem and all the steps, once a record, and
:func:`~lnsym.check.pipeline.check_text` reads each step with them. For a single text they are read from
the text itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lnsym.check.parse.lexer import LexError, Token, tokenize
from lnsym.check.roles import word_screen
from lnsym.check.roles.cues import DEFINES_STAR, FLOOR_NAMED
from lnsym.check.roles.notation import defined_notation, may_define, may_define_here
from lnsym.check.spans.math_spans import find_spans
from lnsym.check.spans.plain_text import decimal_mark

__all__ = ["Conventions", "residue_symbol"]

# Legendre and Jacobi symbols: `\left(\frac{2}{11}\right) = -1` is not a fraction there
# ("Jacobian", which every text on derivatives says, is no Jacobi symbol)
_RESIDUES = re.compile(r"legendre|jacobi(?!ans?\b)|kronecker symbol|quadratic residue|quadratic non-?residue|"
                       r"reciprocity|euler'?s criterion", re.IGNORECASE)
_FRACS = frozenset({"frac", "dfrac", "tfrac"})
# `e` written as a letter of its own and not as the base of a power (`a + b + e = 8`, `16e`, `e_1`): the text
# uses e as a name, and `e^2 \le \frac{16}{5}` may be about it. ("e.g.", "i.e." are no letter e.)
_BARE_E = re.compile(r"(?<![A-Za-z\\.])e(?![A-Za-z.])(?!\s*\}?\s*\^)")


# the letter T standing alone (not in a word, not a command's), and T as a superscript (`x^T`, `x^{T}`,
# `x^{\mathsf T}`): a text whose every T is a superscript writes T for the transpose only
_LETTER_T = re.compile(r"(?<![A-Za-z\\])T(?![A-Za-z])")
_SUPERSCRIPT_T = re.compile(r"\^\s*(?:\{\s*)?(?:\\math(?:sf|rm|bf)\s*\{?\s*)?T(?![A-Za-z])")


# a superscript that is the upper limit of a sum or a product (`\sum_{t=1}^{T}`): T is a number there
_BIG_OPERATOR = re.compile(r"\\(?:sum|prod|int|oint|bigcup|bigcap|lim|max|min)\s*"
                           r"(?:_\s*(?:\{[^{}]*\}|\\?[A-Za-z0-9]+))?\s*$")


# `\delta = ...` or `\delta \in ...` (not `\delta_{ij}`, Kronecker's, nor `\delta x = ...`, a change of x)
_NAMES_DELTA = re.compile(r"\\delta\s*(?:=|\\in(?![A-Za-z]))")


def _transpose_letter(text: str) -> bool:
    """Does the text write the letter T only as a superscript (``x^T``)? Then ``^T`` is a transpose; a text
    that uses T otherwise (``T = 4``, "T steps", ``\\sum_{t=1}^T``) may mean a power, and ``x^T`` is not read."""
    letters = {m.start() for m in _LETTER_T.finditer(text)}
    superscripts = {m.end() - 1 for m in _SUPERSCRIPT_T.finditer(text)
                    if not _BIG_OPERATOR.search(text, max(0, m.start() - 80), m.start())}
    return bool(letters) and letters <= superscripts


# what a Greek letter applied to an argument stands for, when the text names the function in words
_FUNCTION_WORDS = (
    # (a binary classifier's σ(z) of its logit, as in logistic regression, is the sigmoid too)
    ("\\sigma", "sigmoid", re.compile(r"\bsigmoid|\blogistic (?:function|sigmoid|curve|regression)"
                                      r"|\bbinary (?:classifier|classification|cross[- ]entropy)", re.IGNORECASE),
     ("sigmoid", "logistic", "binary")),
    ("\\sigma", "divisor_sigma", re.compile(r"\bdivisors?\b", re.IGNORECASE), ("divisor",)),
    ("\\phi", "totient", re.compile(r"\btotient|euler'?s (?:phi|function)", re.IGNORECASE), ("totient", "euler")),
    ("\\phi", "phi", re.compile(r"(?:standard )?normal (?:density|pdf)|gaussian (?:density|pdf)", re.IGNORECASE),
     ("normal", "gaussian")),
)
# the words one of which every match of each case-insensitive pattern of Conventions.of contains (word_screen)
_FLOOR_WORDS = ("integer", "floor")
_STAR_WORDS = ("define", "let", "denote", "operation")
_RESIDUE_WORDS = ("legendre", "jacobi", "kronecker", "residue", "reciprocity", "criterion")


def _functions(text: str, low: str | None) -> dict[str, str]:
    """``{"\\sigma": "sigmoid"}`` when the text speaks of the sigmoid (and of no other function for σ); ``low``:
    the text lower-cased, for :func:`~lnsym.check.roles.word_screen.search`."""
    found: dict[str, set[str]] = {}
    for letter, name, pattern, words in _FUNCTION_WORDS:
        if word_screen.search(pattern, text, low, words):
            found.setdefault(letter, set()).add(name)
    out = {letter: names.pop() for letter, names in found.items() if len(names) == 1}
    if "\\phi" in out:
        out["\\varphi"] = out["\\phi"]
    return out


@dataclass(frozen=True)
class Conventions:
    """What a text says about its notation (see the module's docstring)."""

    floor_brackets: bool = False  # "[x]" may be the greatest integer (the text names it)
    star_defined: bool = False  # "define $a * b = ...$": `*` is that operation
    residue_symbols: bool = False  # the text speaks of Legendre or Jacobi symbols
    notation: dict = field(default_factory=dict)  # symbols the text defines on a letter (roles.notation)
    # the decimal mark of its prose ("comma": `2,5`, and a point groups thousands, `5.280 €`, in every step;
    # "point"; "unclear"), None: each text decides from its own prose (spans.plain_text.decimal_mark)
    decimal_mark: str | None = None
    # the text writes e only as the base of a power (`e^{-1}`): it is Euler's number, in comparisons too
    euler: bool = False
    # the function a Greek letter applied to an argument stands for, where the text names it in words
    # (`\\sigma(x)` is the sigmoid in a text that speaks of the sigmoid; see judges.notation.calculus)
    functions: dict = field(default_factory=dict)
    # the text writes the letter T only as a superscript: `x^T` is the transpose (see _transpose_letter)
    transpose_t: bool = False
    # the text names δ itself (`\delta = \partial L/\partial y`, `\delta \in \mathbb{R}^m`): `\delta x` is δ
    # times x, not the change of x
    names_delta: bool = False

    @classmethod
    def of(cls, text: str, notation: bool = True) -> Conventions:
        """The conventions ``text`` sets; without ``notation``, only those its words set (no math is read:
        the pipeline finds the definitions of a text it checks span by span, from its own tokens, and its
        prose's decimal mark)."""
        defined: dict = {}
        low = word_screen.lowered(text)  # most patterns' words are absent: their searches are skipped
        if notation and may_define(text, low):
            for span in find_spans(text):
                if not may_define_here(text, span):
                    continue
                try:
                    toks = tokenize(span.text)
                except LexError:
                    continue
                found = defined_notation(text, span, toks)
                if found is not None:
                    defined.setdefault(*found)
        return cls(word_screen.search(FLOOR_NAMED, text, low, _FLOOR_WORDS) is not None,
                   word_screen.search(DEFINES_STAR, text, low, _STAR_WORDS) is not None,
                   word_screen.search(_RESIDUES, text, low, _RESIDUE_WORDS) is not None, defined,
                   decimal_mark(text) if notation else None, _BARE_E.search(text) is None, _functions(text, low),
                   _transpose_letter(text), _NAMES_DELTA.search(text) is not None)


def residue_symbol(terms: list[list[Token]]) -> bool:
    """Does a statement write a fraction alone in round brackets (``\\left(\\frac{6}{11}\\right)``,
    ``(\\frac{a}{p})``), the way a Legendre or Jacobi symbol is written?"""
    for term in terms:
        for k, t in enumerate(term[:-1]):
            if t.kind == "SYM" and t.value == "(":
                nxt = term[k + 1]
                if nxt.kind == "CMD" and nxt.value in _FRACS:
                    return True
    return False
