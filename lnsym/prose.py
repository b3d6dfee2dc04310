r"""Prose with inline math: how the catalogue's text fields are written and read.

Titles, justifications, notes, numeric labels, docstrings and messages are text with LaTeX math
between single dollars: ``"linearity; $\partial x_a/\partial x_b = \delta_{ab}$"``. Every renderer
(LaTeX, Markdown, and any later one) reads such a field through :func:`split_prose`, which returns
text pieces and math pieces; a renderer escapes the text and sets the math. Math is checked first
(:func:`math_problem`): math that could do more than typeset a formula, or break the document, is
given back as text, dollars included, and so is shown escaped, never run.

>>> split_prose(r"cap $\gamma/\sqrt{\epsilon}$ (50%)")
(Piece(math=False, text='cap '), Piece(math=True, text='\\gamma/\\sqrt{\\epsilon}'), Piece(math=False, text=' (50%)'))
>>> split_prose(r"$\input{/etc/passwd}$")
(Piece(math=False, text='$\\input{/etc/passwd}$'),)
>>> math_problem("x^^5cinput")
"TeX's ^^ notation"
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Piece", "math_problem", "split_prose"]


@dataclass(frozen=True)
class Piece:
    """A run of prose: text, or LaTeX math (without its dollars) that passed :func:`math_problem`."""

    math: bool
    text: str


# Inline math: $...$ not preceded by a backslash, non-empty, on one line; `$$` is not inline math.
_INLINE_MATH = re.compile(r"(?<![\\$])\$(?!\$)([^$\n]+?)(?<!\\)\$(?!\$)")

def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Control sequences that read or write files, define or redefine anything, change category codes,
# build control sequences from text, loop, or leave math mode: none of them is needed to typeset a
# formula. Listed by name, so that spelling tricks must go through one of them (\csname, catcodes,
# ^^, \scantokens...), and those are listed too.
_FORBIDDEN = _words("""
    input include includeonly InputIfFileExists IfFileExists openin openout read readline write
    immediate closein closeout endinput message typeout errmessage errhelp special shipout
    catcode lccode uccode mathcode delcode sfcode def gdef edef xdef let futurelet global long outer
    protected csname endcsname expandafter noexpand unexpanded detokenize scantokens string meaning
    afterassignment aftergroup uppercase lowercase newcommand renewcommand providecommand
    DeclareRobustCommand DeclareMathOperator DeclareTextCommand newenvironment renewenvironment
    usepackage RequirePackage documentclass makeatletter makeatother loop repeat count countdef dimen
    dimendef skip skipdef toks toksdef chardef mathchardef newcount newdimen newskip newtoks newif
    everymath everypar everydisplay everyhbox everyvbox everyjob everycr everyeof output par
    directlua latelua luaexec pdfliteral pdfobj pdfximage pdfrefximage pdffiledump pdfshellescape
    pdfstrcmp pdfmdfivesum pdffilesize pdffilemoddate includegraphics url href hyperref verb
    lstinline batchmode nonstopmode scrollmode errorstopmode dump bye stop end begin show showbox
    showthe showlists showtokens showgroups tracingall tracingonline pagebreak newpage clearpage
    label ref pageref write18 vadjust insert mark
""")

# environments a formula may use (their & and \\ are theirs)
_ENVIRONMENTS = _words("""
    matrix pmatrix bmatrix Bmatrix vmatrix Vmatrix smallmatrix cases aligned gathered array split
""")

_TOKEN = re.compile(r"\\(?:([A-Za-z]+)|(.))|([{}%#&$`])|(\^\^)", re.DOTALL)
_ENV = re.compile(r"\{([A-Za-z*]+)\}")


def math_problem(tex: str) -> str:
    """Why ``tex`` (inline math, without dollars) may not be set as math; ``""`` when it may."""
    if not tex.strip():
        return "empty math"
    if re.search(r"[\x00-\x08\x0b-\x1f\x7f]", tex):
        return "a control character"
    if "^^" in tex:  # TeX reads ^^5c as a backslash: no ASCII spelling of a character at all
        return "TeX's ^^ notation"
    depth = 0
    environments: list[str] = []
    for m in _TOKEN.finditer(tex):
        word, symbol, special, _caret = m.groups()
        if word is not None:
            if word in ("begin", "end"):
                env = _ENV.match(tex, m.end())
                if env is None or env.group(1) not in _ENVIRONMENTS:
                    return f"\\{word} of an environment other than {', '.join(sorted(_ENVIRONMENTS))}"
                if word == "begin":
                    environments.append(env.group(1))
                elif not environments or environments.pop() != env.group(1):
                    return f"\\end{{{env.group(1)}}} without its \\begin"
            elif word in _FORBIDDEN or word.startswith(("pdf", "tracing", "every")):
                return f"the control sequence \\{word}"
        elif symbol is not None:
            if symbol in "()[]@":  # \( \) \[ \] switch modes; \@ is internal
                return f"the control symbol \\{symbol}"
        elif special == "{":
            depth += 1
        elif special == "}":
            depth -= 1
            if depth < 0:
                return "a closing brace without its opening one"
        elif special == "&":
            if not environments:
                return "& outside an environment"
        elif special is not None:
            return f"an unescaped {special}"
    if depth:
        return "unbalanced braces"
    if environments:
        return f"\\begin{{{environments[-1]}}} without its \\end"
    return ""


def split_prose(text) -> tuple[Piece, ...]:
    """``text`` as text and math pieces, in order; adjacent text pieces are joined, line breaks are
    spaces. Math that fails :func:`math_problem` stays text, with its dollars."""
    if text is None:
        return ()
    # a line break is a space in every rendering (docstrings wrap their math across lines)
    text = re.sub(r"[ \t]*\r?\n[ \t]*", " ", str(text))
    pieces: list[Piece] = []

    def add(math: bool, part: str) -> None:
        if not part:
            return
        if not math and pieces and not pieces[-1].math:
            pieces[-1] = Piece(False, pieces[-1].text + part)
        else:
            pieces.append(Piece(math, part))

    pos = 0
    for m in _INLINE_MATH.finditer(text):
        add(False, text[pos:m.start()])
        tex = m.group(1)
        if math_problem(tex):
            add(False, m.group(0))
        else:
            add(True, tex)
        pos = m.end()
    add(False, text[pos:])
    return tuple(pieces)
