"""The annotated key (``--report OUT.md|OUT.tex|OUT.pdf``): the key in order, every step marked.

The key's prose is escaped by :mod:`lnsym.report.latex` (one pass), and its math is re-typeset from
the tokens the checker read, through a whitelist of math commands: a command that is not on the list
(``\\input``, ``\\write18``, ``\\openin``, ``\\def``, ``\\catcode`` ...) makes the span fall back to
escaped typewriter text, so nothing in a key can read a file or run a program. The re-typeset math is
checked once more after TeX's ``^^`` notation is decoded (:mod:`lnsym.check.emit.tex_guard`): ``^^5c`` is
a backslash to TeX, and ``$^^5cgdef...$`` once put green ticks on wrong steps. In the Markdown report,
``<`` and ``>`` of math are written ``\\lt``/``\\gt``, so that no viewer reads a tag or a comment
from the key. Templates are ``reports/check.tex.j2`` and ``reports/check.md.j2``.

A notebook is rendered by Markdown cell (:meth:`FileReport.parts`), as the HTML report does: its findings'
lines and columns count in their cell, so marks laid on the notebook's JSON land on the wrong formula.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from lnsym.check.emit.tex_guard import markdown_safe_math, tex_refusal
from lnsym.check.emit.text import position
from lnsym.check.file_names import shown
from lnsym.check.findings import Finding, KeyReport
from lnsym.check.parse.grammar import GREEK
from lnsym.check.parse.lexer import LexError, tokenize
from lnsym.check.spans.math_spans import LineIndex, find_spans
from lnsym.errors import BuildError

__all__ = ["located", "render_report", "typeset_math"]

_SAFE = GREEK | {
    "frac", "dfrac", "tfrac", "cfrac", "sqrt", "times", "cdot", "div", "pm", "mp", "sum", "prod", "int", "infty",
    "pi", "partial", "nabla", "sin", "cos", "tan", "sec", "csc", "cot", "log", "ln", "exp", "hat", "bar",
    "tilde", "vec", "mathbf", "boldsymbol", "underbrace", "overbrace", "underset", "overset", "Vert", "lVert",
    "rVert", "lfloor", "rfloor", "lceil", "rceil", "binom", "dbinom", "tbinom", "dots", "ldots", "cdots",
    "circ", "prime", "quad", "qquad", "boxed", "overline", "angle", "max", "min", "gcd", "lim", "ast",
    "to", "Rightarrow", "implies", "iff", "Leftrightarrow", "rightarrow", "mapsto", "in", "notin", "sim",
    "mid", "varepsilon", "varphi", "vartheta", "ell", "cup", "cap", "subset", "subseteq", "forall", "exists",
    "langle", "rangle", "equiv", "propto", "ll", "gg", "perp", "parallel", "cdotp", "dotsb", "dotsm",
    "cancel", "mathcal", "mathbb", "widehat", "widetilde", "dot", "ddot", "neg", "wedge", "vee", "choose",
    "percent", "dollar", "pmod", "bmod", "mod", "therefore", "because", "colon", "lt", "gt", "|",
}
MAX_TYPESET = 2_000  # longer spans are shown as (shortened) text
MAX_GROUPS = 40  # TeX allows 255 nested groups; leave room
MAX_RAW = 300


def _shorten(text: str, limit: int = MAX_RAW) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else f"{text[: limit - 40]}... ({len(text)} characters)"


_RELS = {"=": "=", "<": "<", ">": ">", "≈": r"\approx", "≤": r"\le", "≥": r"\ge", "≠": r"\neq", "≡": r"\equiv"}
_SYMS = set("+-*/^_()[]{},|!'.:;")
# every control sequence typeset_math writes outside \text{...} (whose content escape_latex wrote)
_ALLOWED = _SAFE | {"text", "%", "$", "{", "}", "quad", "approx", "le", "ge", "neq", "equiv"}


def typeset_math(span: str) -> str | None:
    """The span re-written from its tokens with whitelisted commands only; None when it cannot be."""
    from lnsym.report.latex import escape_latex

    if len(span) > MAX_TYPESET:
        return None
    try:
        toks = tokenize(span)
    except LexError:
        return None
    out: list[str] = []
    texts: set[int] = set()  # pieces that are \text{...}
    depth = 0
    for t in toks:
        if t.kind in ("NUM", "LETTER"):
            out.append(t.value)
        elif t.kind == "CMD":
            if t.value == "percent":
                out.append(r"\%")
            elif t.value == "dollar":
                out.append(r"\$")
            elif t.value in _SAFE:
                out.append("\\" + t.value + " ")
            else:
                return None
        elif t.kind == "SYM":
            if t.value in ("\\{", "\\}"):
                out.append(t.value)
            elif t.value == "&":
                continue
            elif t.value in _SYMS:
                depth += {"{": 1, "}": -1}.get(t.value, 0)
                if not 0 <= depth <= MAX_GROUPS:
                    return None
                out.append(t.value)
            else:
                return None
        elif t.kind == "REL":
            out.append(_RELS[t.value])
        elif t.kind == "SEP":
            out.append("\\" + t.value + " " if t.value in _SAFE else r"\quad ")
        elif t.kind == "TEXT":
            texts.add(len(out))
            out.append(r"\text{" + escape_latex(t.value) + "}")
    tex = "".join(out).strip()
    if depth != 0 or not tex or tex[-1] in "^_\\" or "^}" in tex or "_}" in tex:
        return None
    # `^` `^` `5` `c` are harmless tokens, and TeX reads them as a backslash: validate what TeX will read
    math = "".join(piece for k, piece in enumerate(out) if k not in texts)
    if "^^" in tex or tex_refusal(math, _ALLOWED) is not None:
        return None
    return tex


@dataclass(frozen=True)
class Piece:
    kind: str  # text / math / display / raw / mark / par
    text: str = ""
    verdict: str = ""
    expected: str = ""
    where: str = ""


def _offset(lines: LineIndex, text: str, line: int, column: int) -> int:
    # a line past the end (never expected) puts its mark at the end rather than failing the report
    if line > len(lines.starts):
        return len(text)
    return lines.starts[max(line, 1) - 1] + max(column, 1) - 1


def located(text: str, findings) -> list[tuple[int, Finding]]:
    """Each finding with its offset in ``text``, in order of offset. ``text`` must be the text the
    findings' lines count in: a notebook's cell, never the notebook's JSON (see :meth:`FileReport.parts`)."""
    lines = LineIndex(text)
    return sorted(((_offset(lines, text, f.line, f.column), f) for f in findings), key=lambda x: x[0])


def _pieces(text: str, findings: tuple[Finding, ...], plain: bool) -> list[Piece]:
    lines = LineIndex(text)
    by_offset = located(text, findings)
    pieces: list[Piece] = []
    pos = 0
    k = 0

    def prose(chunk: str) -> None:
        for j, part in enumerate(chunk.replace("\r", "").split("\n\n")):
            if j:
                pieces.append(Piece("par"))
            for m, line in enumerate(part.split("\n")):
                if (m and line.lstrip()[:1] in ("•", "-", "*")) or (m and line.lstrip()[:2].rstrip(".").isdigit()):
                    pieces.append(Piece("par"))
                if m:
                    pieces.append(Piece("text", " "))
                if line:
                    pieces.append(Piece("text", line))

    def prose_and_steps(start: int, end: int) -> None:
        """Prose, each step written in it (outside math: a plain-text step) marked where it ends."""
        nonlocal k
        at = start
        while k < len(by_offset) and by_offset[k][0] < end:
            f = by_offset[k][1]
            stop = min(max(_offset(lines, text, f.end_line, f.end_column), at), end)
            prose(text[at:stop])
            pieces.append(_mark(f))
            at = stop
            k += 1
        prose(text[at:end])

    for span in find_spans(text):
        o_start, o_end = span.outer
        prose_and_steps(pos, o_start)
        tex = None if plain else typeset_math(span.text)
        if tex is None:
            pieces.append(Piece("raw", _shorten(span.text)))
        else:
            pieces.append(Piece("display" if span.display else "math", tex))
        while k < len(by_offset) and by_offset[k][0] < o_end:
            f: Finding = by_offset[k][1]
            pieces.append(_mark(f))
            k += 1
        pos = o_end
    prose_and_steps(pos, len(text) + 1)
    return pieces


def _mark(f: Finding) -> Piece:
    return Piece("mark", "", f.verdict.value, f.expected, position(f))


def _for_markdown(pieces: list[Piece]) -> list[Piece]:
    return [replace(p, text=markdown_safe_math(p.text)) if p.kind in ("math", "display") else p for p in pieces]


def _part(cell: int | None, text: str, findings: tuple[Finding, ...], plain: bool, fmt: str) -> dict:
    """One text of a key with its marks: the whole key, or one Markdown cell of a notebook (code cells are
    not key text and are left out, as in the HTML report)."""
    pieces = _pieces(text, findings, plain)
    return {"cell": cell, "pieces": _for_markdown(pieces) if fmt == "md" else pieces}


def _step(f: Finding) -> dict:
    return {"verdict": f.verdict, "where": position(f), "source": _shorten(f.source, 200), "expected": f.expected,
            "reason": f.reason}


def _context(report: KeyReport, plain: bool, fmt: str = "tex") -> dict:
    files = [{
        "path": shown(r.path),  # one line of valid Unicode, whatever the file system allowed
        "summary": r.summary,
        "notebook": bool(r.cells),
        "parts": [_part(cell, text, found, plain, fmt) for cell, text, found in r.parts()],
        "findings": [_step(f) for f in r.findings],
    } for r in report.files]
    return {"files": files, "summary": report.summary}


def render_report(report: KeyReport, fmt: str, plain: bool = False) -> str:
    """The annotated key as ``"tex"`` or ``"md"`` source."""
    from lnsym.report.environment import environment

    template = environment().get_template(f"check.{fmt}.j2")
    out = template.render(**_context(report, plain, fmt))
    if fmt == "tex" and "^^" in out:  # never: math is validated and text escaped; but never let it through
        if plain:
            raise BuildError("the LaTeX report would hold TeX's ^^ notation; please report this")
        return render_report(report, fmt, plain=True)
    return out
