"""The annotated key as one self-contained HTML page (``--report OUT.html``).

The key in order, its math as native MathML, and after each math span a visible note for each of its
steps: the verdict as a mark and a word, the correct value and the reason (never only a colour, never
only on hover). A table of the steps follows each file. The key's prose is escaped; its math is first
re-typeset from the checker's tokens through the same whitelist as the LaTeX report
(:func:`lnsym.check.emit.annotated.typeset_math`), then converted by
:func:`lnsym.report.mathml.latex_to_mathml`, whose output is rewritten from a MathML whitelist; a
span that fails either is shown as escaped code. Template: ``reports/check.html.j2``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lnsym import __version__
from lnsym.check.emit.annotated import located, typeset_math
from lnsym.check.emit.text import position
from lnsym.check.file_names import shown
from lnsym.check.findings import SEVERITY_ORDER, FileReport, Finding, KeyReport, Verdict
from lnsym.check.spans.math_spans import find_spans
from lnsym.report.html_page import Markup, render_page
from lnsym.report.mathml import latex_to_mathml

__all__ = ["render_html"]

_WORST = ("error", "wrong", "imprecise", "unchecked", "defined", "correct")  # the colour of a span: its worst step
_HEADING = re.compile(r"[ \t]{0,3}(#{1,6})[ \t]+")
_ITEM = re.compile(r"\s*(?:[-*+•]|\d{1,3}[.)])\s")
MAX_CODE = 600


@dataclass
class Block:
    kind: str  # "p", or "h3".."h6"
    items: list = field(default_factory=list)


def _math(tex_source: str, display: bool) -> tuple[Markup | None, str]:
    tex = typeset_math(tex_source)
    mathml = latex_to_mathml(tex, display) if tex else None
    code = " ".join(tex_source.split())
    return (Markup(mathml) if mathml else None), (code if len(code) <= MAX_CODE else code[:MAX_CODE] + "…")


def _where(f: Finding) -> str:
    return (f"cell {f.cell}, " if f.cell is not None else "") + f"line {f.line}, column {f.column}"


def _note(f: Finding, anchor: str) -> dict:
    expected_math = _math(f.expected, False)[0] if f.expected else None
    return {
        "id": anchor, "verdict": f.verdict.value, "mark": f.verdict.mark, "where": _where(f),
        "position": position(f),
        "source": f.source if len(f.source) <= MAX_CODE else f.source[:MAX_CODE] + "…",
        "expected": f.expected, "expected_math": expected_math, "reason": f.reason,
        "with": ", ".join(map(str, f.evidence.substitutions)),
    }


def _blocks(text: str, findings: tuple[Finding, ...], prefix: str) -> tuple[list[Block], list[dict]]:
    """The key as blocks of items (text, math with its notes, loose notes), and every note in order."""
    found = located(text, findings)
    notes: list[dict] = []
    blocks = [Block("p")]
    k = 0

    def new_block(kind: str = "p") -> None:
        if blocks[-1].items or blocks[-1].kind != "p":
            blocks.append(Block(kind))
        else:
            blocks[-1].kind = kind

    def take_until(offset: int) -> list[dict]:
        nonlocal k
        taken = []
        while k < len(found) and found[k][0] < offset:
            taken.append(_note(found[k][1], f"{prefix}-{len(notes) + len(taken) + 1}"))
            k += 1
        notes.extend(taken)
        return taken

    def prose(start: int, end: int) -> None:
        pos = start
        for line in text[start:end].splitlines(keepends=True) or [""]:
            at_start = pos == 0 or text[pos - 1] == "\n"
            body = line.rstrip("\r\n")
            if at_start and not body.strip() and line.endswith("\n"):
                new_block()
            elif at_start and (m := _HEADING.match(body)):
                new_block(f"h{min(2 + len(m.group(1)), 6)}")
                blocks[-1].items.append({"kind": "text", "text": body[m.end():].rstrip("# ")})
                if line.endswith("\n"):
                    new_block()
            else:
                if at_start and _ITEM.match(body) and blocks[-1].kind == "p" and blocks[-1].items:
                    new_block()
                loose = take_until(pos + len(line))  # findings outside math (declarations)
                blocks[-1].items.append({"kind": "text", "text": line.replace("\r", "")})
                for note in loose:
                    blocks[-1].items.append({"kind": "note", "note": note})
            pos += len(line)

    pos = 0
    for span in find_spans(text):
        o_start, o_end = span.outer
        prose(pos, o_start)
        mathml, code = _math(span.text, span.display)
        own = take_until(o_end)
        worst = next((v for v in _WORST if any(n["verdict"] == v for n in own)), "")
        blocks[-1].items.append({"kind": "math", "mathml": mathml, "code": code, "display": span.display,
                                 "verdict": worst, "notes": own})
        pos = o_end
    prose(pos, len(text))
    for note in take_until(len(text) + 1):
        blocks[-1].items.append({"kind": "note", "note": note})
    return [b for b in blocks if b.items], notes


def _file(report: FileReport, index: int) -> dict:
    parts = []
    all_notes = []
    for cell, text, findings in report.parts():
        prefix = f"f{index}" + (f"-c{cell}" if cell is not None else "")
        blocks, notes = _blocks(text, findings, prefix)
        parts.append({"cell": cell, "blocks": blocks})
        all_notes.extend(notes)
    return {"id": f"f{index}", "path": shown(report.path), "summary": report.summary, "parts": parts,
            "notes": all_notes, "notebook": bool(report.cells)}


def render_html(report: KeyReport) -> str:
    """The page; the same report gives the same bytes."""
    marks = [(v, Verdict(v).mark) for v in SEVERITY_ORDER]
    unreadable = [(shown(path), shown(reason)) for path, reason in report.unreadable]
    return render_page("check.html.j2", files=[_file(r, i + 1) for i, r in enumerate(report.files)],
                       summary=report.summary, order=SEVERITY_ORDER, marks=marks, unreadable=unreadable,
                       version=__version__)
