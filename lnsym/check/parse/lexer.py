"""Tokenize the inside of one math span, keeping offsets and tidying what converters leave.

The tokenizer is a single left-to-right loop (no recursion), so any input, however nested, is
tokenized in linear time. It normalises on the way:

- unicode (``ϵ`` ``≈`` ``−`` ``×`` ``·`` ``≤`` ...) to the LaTeX it stands for;
- spacing (``\\!`` ``\\,`` ``\\;`` ``\\ ``), ``\\displaystyle``, ``\\left``/``\\right`` and the
  ``\\big`` family are dropped (the delimiter after ``\\left`` stays);
- brace debris: a group holding one delimiter or one big operator, ``{)}`` or ``{\\sum }``, is
  unwrapped; ``{,}`` becomes a comma, or a decimal comma between digits unless three follow a number
  that does not start with 0 (``2{,}5`` and ``0{,}792`` are decimals, ``10{,}000`` is ten thousand);
- in a text that writes decimal commas (``comma``: :func:`~lnsym.check.spans.plain_text.decimal_mark`),
  ``2,5`` and ``2{,}500`` are decimals and points or thin spaces group thousands (``12.500``, ``12\\,500``,
  ``14.060,8``); a number that reads two ways there (``1.5``, ``1,000,000``) becomes ``⁇``, which no term
  parses;
- ``\\text{...}`` and friends become one ``TEXT`` token holding their content;
- ``1,000,000`` (outside brackets) is one number; elsewhere outside brackets and braces, digits on both
  sides of a comma (``= 0,15``) read two ways, a decimal comma or a list (``x = 1,2``): ``⁇``.
"""

from __future__ import annotations

import re
from typing import NamedTuple

__all__ = ["RELATIONS", "SEPARATORS", "LexError", "Token", "tokenize"]


class LexError(ValueError):
    """The span cannot be tokenized (it becomes an unchecked step, never an exception)."""


class Token(NamedTuple):
    kind: str  # NUM LETTER CMD SYM REL SEP TEXT
    value: str
    start: int
    end: int


# normalised relation -> the way it is printed
RELATIONS = {"=": "=", "≈": "≈", "<": "<", ">": ">", "≤": "≤", "≥": "≥", "≠": "≠", "≡": "≡"}
_REL_CMDS = {
    "approx": "≈", "simeq": "≈", "le": "≤", "leq": "≤", "leqslant": "≤", "ge": "≥", "geq": "≥",
    "geqslant": "≥", "neq": "≠", "ne": "≠", "lt": "<", "gt": ">", "equiv": "≡", "cong": "≡",
    "leqq": "≤", "geqq": "≥", "lneq": "<", "lneqq": "<", "gneq": ">", "gneqq": ">",
    # a negated order of numbers is the strict other one (not a ≤ b: a > b; they are totally ordered)
    "nleq": ">", "nleqq": ">", "nleqslant": ">", "ngeq": "<", "ngeqq": "<", "ngeqslant": "<", "nless": "≥",
    "ngtr": "≤",
}
# relations read as '≈' ("approximately equal" in every use), and as '=' that defines the name on its left (the
# statement is then a definition: roles.cues.introduces_definition)
_REL_CMDS.update({"approxeq": "≈", "thickapprox": "≈", "eqsim": "≈", "fallingdotseq": "≈", "risingdotseq": "≈",
                  "backsimeq": "≈", "coloneqq": "=", "triangleq": "=", "eqqcolon": "="})
# `\overset{(a)}{=}`, `\stackrel{\text{AM-GM}}{\ge}`: a relation with its justification written over it
_STACKED = ("overset", "stackrel", "underset")
# `\not` before a relation: the relation it negates -> the one that means (`\not= ` is `\neq`)
_NOT = {"=": "≠", "<": "≥", ">": "≤", "\\le": ">", "\\leq": ">", "\\ge": "<", "\\geq": "<"}
_NOT_AFTER = re.compile(r"\s*(=|<|>|\\leq?(?![A-Za-z])|\\geq?(?![A-Za-z]))")
# these end one statement and start another
SEPARATORS = {
    "to", "rightarrow", "Rightarrow", "implies", "iff", "Leftrightarrow", "longrightarrow",
    "Longrightarrow", "quad", "qquad", "mapsto", "therefore", "because", "text_sep", "impliedby",
    "Leftarrow", "leftarrow", "gets", "longleftrightarrow", "hspace", "mid", "pmod", "bmod", "mod", "sim",
    "propto", "in", "notin", "subset", "subseteq", "perp", "parallel", "ll", "gg", "colon",
}
_DROP = {
    "!", ",", ";", ":", " ", "displaystyle", "textstyle", "scriptstyle", "left", "right", "big", "Big",
    "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr", "biggl", "biggr", "Biggl", "Biggr", "limits",
    "nolimits", "middle", "nonumber", "notag", "label_", "phantom_",
}
_TEXT_CMDS = {"text", "textrm", "textit", "textbf", "mbox", "mathrm", "operatorname", "textnormal",
              "mathit", "textsf", "texttt", "hbox"}
_ARG_CMDS = {"frac", "dfrac", "tfrac", "cfrac", "sqrt", "binom", "dbinom", "tbinom", "hat", "bar", "tilde", "vec",
             "mathbf", "underbrace", "overbrace", "underset", "overset", "stackrel", "boldsymbol"}
_BIG_OPS = {"sum", "prod", "int", "lim", "max", "min", "bigcup", "bigcap"}
_UNICODE = {
    "≈": ("REL", "≈"), "≅": ("REL", "≈"), "≤": ("REL", "≤"), "≥": ("REL", "≥"), "≠": ("REL", "≠"),
    "≡": ("REL", "≡"), "−": ("SYM", "-"), "–": ("SYM", "-"), "×": ("CMD", "times"), "·": ("CMD", "cdot"),
    "⋅": ("CMD", "cdot"), "∙": ("CMD", "cdot"), "÷": ("CMD", "div"), "√": ("CMD", "sqrt"),
    "∞": ("CMD", "infty"), "→": ("SEP", "to"), "⇒": ("SEP", "Rightarrow"), "⟹": ("SEP", "Rightarrow"),
    "…": ("CMD", "dots"), "⋯": ("CMD", "cdots"), "∑": ("CMD", "sum"), "∏": ("CMD", "prod"),
    "±": ("CMD", "pm"), "∂": ("CMD", "partial"), "°": ("CMD", "circ"), "′": ("SYM", "'"),
    "ϵ": ("CMD", "epsilon"), "ε": ("CMD", "epsilon"), "α": ("CMD", "alpha"), "β": ("CMD", "beta"),
    "γ": ("CMD", "gamma"), "δ": ("CMD", "delta"), "Δ": ("CMD", "Delta"), "θ": ("CMD", "theta"),
    "λ": ("CMD", "lambda"), "μ": ("CMD", "mu"), "π": ("CMD", "pi"), "σ": ("CMD", "sigma"),
    "Σ": ("CMD", "Sigma"), "τ": ("CMD", "tau"), "φ": ("CMD", "phi"), "ϕ": ("CMD", "phi"),
    "ω": ("CMD", "omega"), "η": ("CMD", "eta"), "ρ": ("CMD", "rho"), "ξ": ("CMD", "xi"),
    "ζ": ("CMD", "zeta"), "κ": ("CMD", "kappa"), "ν": ("CMD", "nu"), "χ": ("CMD", "chi"),
    "ψ": ("CMD", "psi"), "Ω": ("CMD", "Omega"), "Π": ("CMD", "Pi"), "Γ": ("CMD", "Gamma"),
    "~": None, "\u00a0": None, "\u2009": None, "\u200b": None, "\u202f": None,
}
_DIGITS = frozenset("0123456789")
_SINGLE = set("+-*/^_()[]{},|!'.:;&@?~\"#%$")
# 4,002,001 and 2{,}500.50: groups of exactly three digits, the whole run or nothing (a run that stops
# before ",0" is not a number of this form); a '.' after it is a decimal point only before a digit.
_THOUSANDS = re.compile(r"[1-9][0-9]{0,2}(?:(?:,|,\\!|\{,\}|\\,)[0-9]{3})+(?:\.[0-9]+)?(?![0-9]|\.[0-9]|,[0-9]|\{,\})")
_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?|\.[0-9]+")
_DIGITS_COMMA = re.compile(r"[0-9]+,[0-9]+(?![0-9]|,[0-9])")
# with decimal commas: points group thousands, and a comma (braced or not) before digits is the decimal mark
_COMMA_NUMBER = re.compile(r"(?:[1-9][0-9]{0,2}(?:(?:\.|\\,)[0-9]{3})+|[0-9]+)(?:(?:,|\{,\})[0-9]+)?"
                           r"(?![0-9]|[.,][0-9]|\{,\})")
_DIGITS_AND_MARKS = re.compile(r"[0-9.,]*[0-9]")
_COMMAND = re.compile(r"\\([A-Za-z]+\*?|.)", re.S)


def _labelled_relation(text: str, j: int) -> tuple[str, int] | None:
    """After ``\\overset`` (at ``j``): its label group, then a base that is one relation (``{=}``, ``{\\le}``,
    ``=``); the relation and where the construct ends, or None (``\\overset{\\frown}{AB}`` is no relation)."""
    n = len(text)
    k = j
    while k < n and text[k] == " ":
        k += 1
    if k >= n or text[k] != "{":
        return None
    k = _read_group(text, k)
    while k < n and text[k] == " ":
        k += 1
    if k < n and text[k] == "{":
        end = _read_group(text, k)
        base = text[k + 1 : end - 1].strip()
    else:
        word = re.match(r"\\[A-Za-z]+|[=<>≈≤≥≠≡]", text[k:])
        if word is None:
            return None
        base, end = word.group(0), k + word.end()
    if base in RELATIONS:
        return RELATIONS[base], end
    if base in ("<", ">"):
        return base, end
    if base.startswith("\\") and base[1:] in _REL_CMDS:
        return _REL_CMDS[base[1:]], end
    return None


def _read_group(text: str, i: int) -> int:
    """``text[i] == '{'``: index after the matching ``}`` (or len(text))."""
    depth = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return n


def tokenize(text: str, comma: bool = False) -> list[Token]:
    """Tokens of one span, ``start``/``end`` being offsets in ``text``; ``comma``: the text writes decimal
    commas (see the module's docstring).

    >>> [t.value for t in tokenize(r"(1+0.02{)}^{48}")]
    ['(', '1', '+', '0.02', ')', '^', '{', '48', '}']
    """
    lexer = _Lexer(text, comma)
    toks = lexer.toks
    append, number, command, symbol = toks.append, lexer.number, lexer.command, lexer.symbol  # a hot loop
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
        elif comma and c in _DIGITS:
            i = lexer.comma_number(i)
        elif c in _DIGITS or (c == "." and i + 1 < n and text[i + 1] in _DIGITS):
            i = number(i)
        elif c.isalpha() and c.isascii():
            append(Token("LETTER", c, i, i + 1))
            i += 1
        elif c == "\\":
            i = command(i)
        elif c in "=<>":
            append(Token("REL", c, i, i + 1))
            i += 1
        else:
            i = symbol(i, c)
    return _unwrap_debris(toks)


# commands dropped with the braced argument after them
_DROPPED_WITH_ARGUMENT = ("label", "tag", "hspace", "vspace", "phantom")


class _Lexer:
    """The state of :func:`tokenize`'s left-to-right loop; each step reads one token from offset ``i`` and
    returns the offset after it."""

    __slots__ = ("bracket", "comma", "n", "nest", "pending", "text", "toks")

    def __init__(self, text: str, comma: bool) -> None:
        self.text, self.n, self.comma = text, len(text), comma
        self.toks: list[Token] = []
        self.pending = -1  # start of a dropped \left, given to the delimiter after it
        self.bracket = 0  # () and [] depth, for telling 1,000 from a list
        self.nest = 0  # {} and \{\} depth: `x_{1,2}` and `\{0,1\}` hold lists, not decimals

    def comma_number(self, i: int) -> int:
        """A number in a text that writes decimal commas."""
        m = _COMMA_NUMBER.match(self.text, i)
        if m:
            digits = m.group().replace(".", "").replace("\\,", "").replace("{,}", ".").replace(",", ".")
            self.toks.append(Token("NUM", digits, i, m.end()))
        else:  # 1.5 or 1,000,000 beside decimal commas: a point or a comma read two ways
            m = _DIGITS_AND_MARKS.match(self.text, i)
            self.toks.append(Token("SYM", "⁇", i, m.end()))
        return m.end()

    def number(self, i: int) -> int:
        text = self.text
        m = _THOUSANDS.match(text, i)
        if m and self.bracket and "," in m.group() and not any(x in m.group() for x in ("{,}", ",\\!", "\\,")) \
                and len(re.findall(r",[0-9]{3}", m.group())) < 2:
            m = None  # `[1,000]`, `(2,500)` in brackets is a list or a point; `(4,000,000)` is a number
        if m:
            self.toks.append(Token("NUM", re.sub(r"[^0-9.]", "", m.group()), i, m.end()))
            return m.end()
        m = _DIGITS_COMMA.match(text, i)
        if m and not self.bracket and not self.nest and not (i >= 2 and text[i - 1] == "," and text[i - 2] in _DIGITS):
            # `= 0,15`, `\approx 3,50` outside brackets: a decimal comma, or a list (`x = 1,2`)
            self.toks.append(Token("SYM", "⁇", i, m.end()))
            return m.end()
        m = _NUMBER.match(text, i)
        assert m is not None
        self.toks.append(Token("NUM", m.group(), i, m.end()))
        return m.end()

    def command(self, i: int) -> int:
        """A backslash and the command after it."""
        m = _COMMAND.match(self.text, i)
        if m is None:  # a lone backslash at the end
            return i + 1
        toks = self.toks
        name = m.group(1)
        j = m.end()
        if name in ("{", "}"):  # \{ \} set braces: treat as parentheses-like symbols
            toks.append(Token("SYM", "\\" + name, i, j))
            self.nest = self.nest + 1 if name == "{" else max(0, self.nest - 1)
        elif name == "$":
            toks.append(Token("CMD", "dollar", i, j))
        elif name == "%":
            toks.append(Token("CMD", "percent", i, j))
        elif name == "\\":
            toks.append(Token("SEP", "newline", i, j))
        elif name in _DROP or name.rstrip("*") in _DROPPED_WITH_ARGUMENT:
            j = self.dropped(name, i, j)
        elif name in _REL_CMDS:
            toks.append(Token("REL", _REL_CMDS[name], i, j))
        elif name in _STACKED and (labelled := _labelled_relation(self.text, j)) is not None:
            toks.append(Token("REL", labelled[0], i, labelled[1]))  # the label is a justification, not mathematics
            j = labelled[1]
        elif name == "not" and (negated := _NOT_AFTER.match(self.text, j)) is not None:
            toks.append(Token("REL", _NOT[negated.group(1)], i, negated.end()))
            j = negated.end()
        elif name in SEPARATORS:
            toks.append(Token("SEP", name, i, j))
        elif name.rstrip("*") in _TEXT_CMDS:
            j = self.text_command(i, j)
        elif name in ("begin", "end"):
            j = self.environment(name, i, j)
        else:
            toks.append(Token("CMD", name, i, j))
        return j

    def dropped(self, name: str, i: int, j: int) -> int:
        """Spacing, ``\\left``/``\\right`` and the like leave no token (``\\label{...}`` not its argument either)."""
        text, n = self.text, self.n
        if name.rstrip("*") in _DROPPED_WITH_ARGUMENT and j < n:
            k = j
            while k < n and text[k] == " ":
                k += 1
            if k < n and text[k] == "{":
                j = _read_group(text, k)
        if name in ("left", "right") and j < n and text[j] == ".":
            j += 1
        elif name == "left":
            self.pending = i
        return j

    def text_command(self, i: int, j: int) -> int:
        """``\\text{...}`` and friends: one TEXT token holding the content."""
        text, n = self.text, self.n
        k = j
        while k < n and text[k] == " ":
            k += 1
        if k < n and text[k] == "{":
            end = _read_group(text, k)
            self.toks.append(Token("TEXT", text[k + 1 : end - 1], i, end))
            return end
        self.toks.append(Token("TEXT", "", i, j))
        return j

    def environment(self, name: str, i: int, j: int) -> int:
        """``\\begin{...}``/``\\end{...}``: an ENV token (an array's column specification dropped)."""
        text, n = self.text, self.n
        k = j
        if k < n and text[k] == "{":
            end = _read_group(text, k)
            self.toks.append(Token("ENV", text[k + 1 : end - 1], i, end))
            j = end
            if name == "begin" and text[k + 1 : end - 1].startswith("array") and j < n and text[j] == "{":
                j = _read_group(text, j)
        return j

    def symbol(self, i: int, c: str) -> int:
        """Any other character: a unicode sign, a delimiter (its depth counted), or a symbol the parser will
        refuse."""
        toks = self.toks
        u = _UNICODE.get(c, ())
        if u is None:
            return i + 1
        if u:
            toks.append(Token(u[0], u[1], i, i + 1))
            return i + 1
        if c in _SINGLE:
            if self.pending >= 0:
                toks.append(Token("SYM", c, self.pending, i + 1))
                self.pending = -1
                if c in "([":
                    self.bracket += 1
                return i + 1
            if c in "([":
                self.bracket += 1
            elif c in ")]":
                self.bracket = max(0, self.bracket - 1)
            elif c == "{":
                self.nest += 1
            elif c == "}":
                self.nest = max(0, self.nest - 1)
            toks.append(Token("SYM", c, i, i + 1))
            return i + 1
        toks.append(Token("SYM", c, i, i + 1))  # anything else: the parser will refuse it
        return i + 1


def _unwrap_debris(toks: list[Token]) -> list[Token]:
    """``{)}`` -> ``)``, ``{\\sum }`` -> ``\\sum``, ``{,}`` -> ``,``, ``{}`` -> nothing."""
    out: list[Token] = []
    i, n = 0, len(toks)
    while i < n:
        t = toks[i]
        if t.kind == "SYM" and t.value == "{":
            if i + 1 < n and toks[i + 1].kind == "SYM" and toks[i + 1].value == "}":
                if out and out[-1].kind == "SYM" and out[-1].value in "^_":
                    out.append(t)  # x^{} keeps its (empty) argument
                else:
                    i += 2
                    continue
            if i + 2 < n and toks[i + 2].kind == "SYM" and toks[i + 2].value == "}":
                mid = toks[i + 1]
                prev = out[-1] if out else None
                is_arg = prev is not None and (
                    (prev.kind == "CMD" and prev.value in _ARG_CMDS) or (prev.kind == "SYM" and prev.value in "^_")
                )
                debris = (mid.kind == "SYM" and mid.value in "()[]|,") or (
                    mid.kind == "CMD" and mid.value in (*_BIG_OPS, "pm", "mp")
                )
                nxt = toks[i + 3] if i + 3 < n else None
                if (mid.value == "," and prev is not None and prev.kind == "NUM" and "." not in prev.value
                        and not prev.value.startswith("0")
                        and nxt is not None and nxt.kind == "NUM" and len(nxt.value) == 3 and nxt.value.isdigit()):
                    out[-1] = Token("NUM", prev.value + nxt.value, prev.start, nxt.end)  # 1{,}000
                    i += 4
                    continue
                if (mid.value == "," and prev is not None and prev.kind == "NUM" and "." not in prev.value
                        and prev.end == t.start and nxt is not None and nxt.kind == "NUM"
                        and nxt.start == toks[i + 2].end and nxt.value.isdigit()
                        and (len(nxt.value) != 3 or prev.value.startswith("0"))):
                    # 2{,}5: the decimal comma (braced so that TeX puts no space after it), never a list
                    out[-1] = Token("NUM", f"{prev.value}.{nxt.value}", prev.start, nxt.end)
                    i += 4
                    continue
                if debris and not is_arg:
                    out.append(Token(mid.kind, mid.value, t.start, toks[i + 2].end))
                    i += 3
                    continue
        out.append(t)
        i += 1
    return out
