"""Metamorphic bench: false alarms of `lnsym check` caused by notation alone.

    python bench/metamorphic.py --list                              # the rewrites, by group
    python bench/metamorphic.py --rewrites lines                    # one group (each group: under 6 minutes)
    python bench/metamorphic.py --rewrites frac-to-dfrac,cdot-to-times --limit 200
    python bench/metamorphic.py --rewrites numbers --json /tmp/meta.json   # also every changed finding
    python bench/metamorphic.py --show-edits gsm8k-248 --rewrites prose-reflow     # what a rewrite does

Exit code 1 when some finding turned `wrong` or `error`, else 0. ``--rewrites all`` runs every rewrite in one
invocation (about 25 minutes with 2 processes); the groups split that into runs of 1 to 5 minutes each, plus
about a minute for the baseline when lnsym's source changed since the last run.

Solutions that lnsym checks with no `wrong` and no `error` finding (the 500 MATH dev solutions, and the
ProcessBench dev solutions labelled -1, from ../shared/external) are rewritten by one meaning-preserving
change of notation at a time (``\\frac`` -> ``\\dfrac``, ``\\cdot`` -> ``\\times``, ``1000`` -> ``1{,}000``,
``\\[...\\]`` -> ``$$...$$``, ...) and checked again by ``lnsym.check.check_record`` in ``--jobs``
processes. The mathematics did not change, so every finding that becomes `wrong` or `error` is a false alarm
(or a bug) caused by notation. Each is printed with its record, step, the rewritten text of the finding,
lnsym's reason and evidence, and the text of the original solution it came from (a rewrite is a list of
edits, so every position of the rewritten text maps back to the original). Other changes of verdict are
counted (``correct -> unchecked`` is allowed: lnsym may read less of an unusual notation).

Each rewrite works on the solution's own text: math spans (``$..$``, ``$$..$$``, ``\\(..\\)``, ``\\[..\\]``,
``equation``/``align``-type environments) are found by a scanner of this file, not by lnsym, so a span lnsym
misreads still gets rewritten; ``\\text{}``-like arguments, ``[asy]`` figures and code are never touched, and
a text whose delimiters do not close is left alone. In ProcessBench steps ``$`` may be money, so rewrites that
touch ``$`` or prose skip a step whose ``$`` could be either.

The baseline (the original records' results) is kept in ``--cache`` (keyed by the record's text and a hash
of lnsym's source), so a second run only checks the rewritten records.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise
from multiprocessing import Pool
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXTERNAL = HERE.parents[1] / "shared" / "external"
LNSYM = HERE.parent / "lnsym"

# --------------------------------------------------------------------------------------------------
# Scanning a text: math spans, protected regions, prose
# --------------------------------------------------------------------------------------------------

MATH_ENV = re.compile(r"\\begin\{((?:equation|align|alignat|gather|multline|eqnarray|flalign)\*?)\}")
# Commands whose brace argument is text, a label, a dimension or a column spec: never rewritten.
PROTECTED_CMD = re.compile(
    r"\\(?:text[a-z]*|mbox|mathrm|operatorname\*?|hspace\*?|vspace\*?|label|tag\*?|mathit|mathsf|mathtt|"
    r"textnormal|overline|color|cline|intertext|phantom|hphantom|vphantom|unit|si|SI|num)\s*(?=\{)"
)
BEGIN_ARGS = re.compile(r"\\(?:begin|end)\s*\{[^{}]*\}(?:\s*\{[^{}]*\})?")


@dataclass
class Span:
    open_start: int  # the opening delimiter
    start: int  # the content
    end: int
    close_end: int  # just after the closing delimiter
    kind: str  # '$', '$$', '\\(', '\\[', or the environment's name


@dataclass
class Scan:
    text: str
    clean: bool  # every delimiter closed
    spans: list[Span]
    skip: list[tuple[int, int]]  # [asy] figures, code: neither math nor prose
    protected: list[tuple[int, int]]  # inside math: \text{...} and the like
    dollars: bool  # `$` delimits math in this text

    def math_segments(self) -> list[tuple[int, int]]:
        """The stretches of math content outside protected regions."""
        out = []
        for sp in self.spans:
            out.extend(_minus(sp.start, sp.end, self.protected))
        return out

    def prose_segments(self) -> list[tuple[int, int]]:
        taken = sorted([(s.open_start, s.close_end) for s in self.spans] + self.skip)
        return _minus(0, len(self.text), taken)

    def in_protected(self, pos: int) -> bool:
        return any(a <= pos < b for a, b in self.protected)


def _minus(start: int, end: int, holes: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out, pos = [], start
    for a, b in sorted(holes):
        if b <= pos or a >= end:
            continue
        if a > pos:
            out.append((pos, a))
        pos = max(pos, b)
    if pos < end:
        out.append((pos, end))
    return out


def _brace_end(text: str, i: int) -> int:
    """``text[i] == '{'``: the index just after its matching ``}`` (escaped braces skipped), or -1."""
    depth = 0
    k = i
    while k < len(text):
        c = text[k]
        if c == "\\":
            k += 2
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return k + 1
        k += 1
    return -1


def _find_close(text: str, j: int, closer: str) -> int:
    """The index of ``closer`` from ``j`` on, stepping over ``\\x`` pairs; -1 when it never comes."""
    k = j
    while k < len(text):
        c = text[k]
        if c == "\\":
            if closer.startswith("\\") and text.startswith(closer, k):
                return k
            k += 2
            continue
        if c == "$" and closer[0] == "$":
            if closer == "$$":
                if text.startswith("$$", k):
                    return k
            else:
                return k
        k += 1
    return -1


def scan(text: str, dollars: bool) -> Scan:
    spans: list[Span] = []
    skip: list[tuple[int, int]] = []
    clean = True
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("[asy]", i):
            j = text.find("[/asy]", i)
            j = n if j < 0 else j + 6
            skip.append((i, j))
            i = j
            continue
        if c == "`":
            m = re.match(r"`+", text[i:])
            ticks = m.group(0)
            j = text.find(ticks, i + len(ticks))
            j = n if j < 0 else j + len(ticks)
            skip.append((i, j))
            i = j
            continue
        if c == "<" and text.startswith("<<", i):  # GSM8K calculator annotations
            j = text.find(">>", i)
            if j >= 0:
                skip.append((i, j + 2))
                i = j + 2
                continue
        opener = closer = kind = None
        if c == "\\":
            if text.startswith("\\(", i):
                opener, closer, kind = "\\(", "\\)", "\\("
            elif text.startswith("\\[", i):
                opener, closer, kind = "\\[", "\\]", "\\["
            else:
                m = MATH_ENV.match(text, i)
                if m:
                    opener, closer, kind = m.group(0), f"\\end{{{m.group(1)}}}", m.group(1)
                else:
                    i += 2
                    continue
        elif c == "$" and dollars:
            if text.startswith("$$", i):
                opener, closer, kind = "$$", "$$", "$$"
            else:
                opener, closer, kind = "$", "$", "$"
        if opener is None:
            i += 1
            continue
        j = _find_close(text, i + len(opener), closer)
        if j < 0 or (kind == "$" and "\n\n" in text[i:j]):
            clean = False
            i += len(opener)
            continue
        spans.append(Span(i, i + len(opener), j, j + len(closer), kind))
        i = j + len(closer)
    protected: list[tuple[int, int]] = []
    for sp in spans:
        body = text[sp.start:sp.end]
        for m in PROTECTED_CMD.finditer(body):
            b = _brace_end(body, m.end())
            if b < 0:
                clean = False
                continue
            protected.append((sp.start + m.start(), sp.start + b))
        for m in BEGIN_ARGS.finditer(body):
            protected.append((sp.start + m.start(), sp.start + m.end()))
        for m in re.finditer(r"\\\\\s*\[[^\]]*\]", body):  # \\[2pt]
            protected.append((sp.start + m.start(), sp.start + m.end()))
    return Scan(text, clean, spans, skip, sorted(protected), dollars)


# --------------------------------------------------------------------------------------------------
# Edits and the map back to the original
# --------------------------------------------------------------------------------------------------

Edit = tuple[int, int, str]  # replace text[start:end] by the string


@dataclass
class Rewritten:
    text: str
    edits: list[Edit]
    # each edit as (new start, new end, old start, old end), for mapping a new offset back (to_old)
    _edits_new: list[tuple[int, int, int, int]] = field(default_factory=list)

    def to_old(self, pos: int, is_end: bool) -> int:
        shift = 0
        for ns, ne, os_, oe in self._edits_new:
            if pos < ns:
                break
            if pos < ne:  # inside a replacement: its start, or its end for an end strictly inside
                return oe if is_end and pos > ns else os_
            shift = oe - ne
        return pos + shift


def apply_edits(text: str, edits: list[Edit]) -> Rewritten | None:
    if not edits:
        return None
    edits = sorted(set(edits))
    out, pos, table, delta = [], 0, [], 0
    for s, e, r in edits:
        if s < pos:  # overlapping edits: a rewrite bug; refuse rather than guess
            raise ValueError(f"overlapping edits at {s}")
        out.append(text[pos:s])
        ns = s + delta
        out.append(r)
        table.append((ns, ns + len(r), s, e))
        delta += len(r) - (e - s)
        pos = e
    out.append(text[pos:])
    new = "".join(out)
    if new == text:
        return None
    rw = Rewritten(new, edits)
    rw._edits_new = table
    return rw


def sub_edits(text: str, segments: list[tuple[int, int]], pattern: re.Pattern,
              repl: Callable[[re.Match], str | None]) -> list[Edit]:
    """Edits replacing each match of ``pattern`` inside the segments (``repl`` may refuse with None)."""
    edits = []
    for a, b in segments:
        for m in pattern.finditer(text, a, b):
            r = repl(m)
            if r is not None and r != m.group(0):
                edits.append((m.start(), m.end(), r))
    return edits


# --------------------------------------------------------------------------------------------------
# Rewrites
# --------------------------------------------------------------------------------------------------

VECTORISH = re.compile(r"\\mathbf|\\vec\b|\\overrightarrow|\\bold|matrix|\\mathbb|\\hat\b|\\mathcal|"
                       r"dot product|cross product|vector", re.I)


def _prev_char(text: str, i: int, lo: int) -> str:
    k = i - 1
    while k >= lo and text[k] in " \t\n":
        k -= 1
    return text[k] if k >= lo else ""


def _next_char(text: str, i: int, hi: int) -> str:
    k = i
    while k < hi and text[k] in " \t\n":
        k += 1
    return text[k] if k < hi else ""


def _span_of(sc: Scan, pos: int) -> Span | None:
    for sp in sc.spans:
        if sp.start <= pos < sp.end:
            return sp
    return None


def _between_operands(sc: Scan, m: re.Match) -> bool:
    sp = _span_of(sc, m.start())
    if sp is None:
        return False
    p = _prev_char(sc.text, m.start(), sp.start)
    q = _next_char(sc.text, m.end(), sp.end)
    return bool(p) and bool(q) and (p.isalnum() or p in ")}]!") and (q.isalnum() or q in "(\\{[")


def _op_swap(src: str, dst: str) -> Callable[[Scan], list[Edit]]:
    pat = re.compile(re.escape(src) + r"(?![A-Za-z])")

    def rewrite(sc: Scan) -> list[Edit]:
        if VECTORISH.search(sc.text):
            return []
        # a control word followed by a letter needs a space after the new one
        def repl(m: re.Match) -> str | None:
            if not _between_operands(sc, m):
                return None
            nxt = sc.text[m.end():m.end() + 1]
            return dst + (" " if dst[-1].isalpha() and nxt.isalpha() else "")
        return sub_edits(sc.text, sc.math_segments(), pat, repl)
    return rewrite


def rw_frac_to_dfrac(sc: Scan) -> list[Edit]:
    return sub_edits(sc.text, sc.math_segments(), re.compile(r"\\frac(?![A-Za-z])"), lambda m: r"\dfrac")


def rw_dfrac_to_frac(sc: Scan) -> list[Edit]:
    return sub_edits(sc.text, sc.math_segments(), re.compile(r"\\[dt]frac(?![A-Za-z])"), lambda m: r"\frac")


def rw_frac_braces(sc: Scan) -> list[Edit]:
    """``\\frac12`` -> ``\\frac{1}{2}`` (TeX's reading of one-token arguments)."""
    pat = re.compile(r"\\([dt]?frac)(?![A-Za-z])\s*([0-9A-Za-z])\s*([0-9A-Za-z])")
    return sub_edits(sc.text, sc.math_segments(), pat, lambda m: f"\\{m.group(1)}{{{m.group(2)}}}{{{m.group(3)}}}")


def rw_frac_unbrace(sc: Scan) -> list[Edit]:
    """``\\frac{3}{4}`` -> ``\\frac34`` (one digit each, no digit after)."""
    pat = re.compile(r"\\([dt]?frac)\s*\{\s*(\d)\s*\}\s*\{\s*(\d)\s*\}(?![0-9])")

    def repl(m: re.Match) -> str:
        nxt = sc.text[m.end():m.end() + 1]
        return f"\\{m.group(1)}{m.group(2)}{m.group(3)}" + (" " if nxt.isalpha() else "")
    return sub_edits(sc.text, sc.math_segments(), pat, repl)


def rw_sqrt_unbrace(sc: Scan) -> list[Edit]:
    """``\\sqrt{5}`` -> ``\\sqrt5`` (one digit, no digit after)."""
    pat = re.compile(r"\\sqrt\s*\{\s*(\d)\s*\}(?![0-9])")

    def repl(m: re.Match) -> str:
        nxt = sc.text[m.end():m.end() + 1]
        return f"\\sqrt{m.group(1)}" + (" " if nxt.isalpha() else "")
    return sub_edits(sc.text, sc.math_segments(), pat, repl)


def rw_pow_braces(sc: Scan) -> list[Edit]:
    """``x^2`` -> ``x^{2}`` (a one-character exponent with no digit after it)."""
    pat = re.compile(r"\^\s*([0-9A-Za-z])(?![0-9A-Za-z])")
    return sub_edits(sc.text, sc.math_segments(), pat, lambda m: f"^{{{m.group(1)}}}")


def rw_pow_unbrace(sc: Scan) -> list[Edit]:
    """``x^{2}`` -> ``x^2`` (one character; a space after it when a letter or digit follows)."""
    pat = re.compile(r"\^\s*\{\s*([0-9A-Za-z])\s*\}")

    def repl(m: re.Match) -> str | None:
        nxt = sc.text[m.end():m.end() + 1]
        if nxt.isdigit():  # x^{2}3 -> x^23 would read as x^{23} to a person
            return None
        return f"^{m.group(1)}" + (" " if nxt.isalpha() else "")
    return sub_edits(sc.text, sc.math_segments(), pat, repl)


UNICODE_OPS = {r"\times": "×", r"\cdot": "·", r"\le": "≤", r"\leq": "≤", r"\ge": "≥", r"\geq": "≥",
               r"\approx": "≈", r"\neq": "≠", r"\ne": "≠"}


def rw_unicode_ops(sc: Scan) -> list[Edit]:
    pat = re.compile(r"\\(?:times|cdot|leq?|geq?|approx|neq?)(?![A-Za-z])\s?")
    vectorish = bool(VECTORISH.search(sc.text))

    def repl(m: re.Match) -> str | None:
        cmd = m.group(0).rstrip()
        if cmd in (r"\times", r"\cdot") and (vectorish or not _between_operands(sc, m)):
            return None
        return UNICODE_OPS[cmd] + m.group(0)[len(cmd):]
    return sub_edits(sc.text, sc.math_segments(), pat, repl)


def rw_unicode_minus(sc: Scan) -> list[Edit]:
    pat = re.compile(r"(?<![\\\-])-(?!-)")
    return sub_edits(sc.text, sc.math_segments(), pat, lambda m: "−")


def rw_relation_aliases(sc: Scan) -> list[Edit]:
    swap = {r"\le": r"\leq", r"\leq": r"\le", r"\ge": r"\geq", r"\geq": r"\ge", r"\ne": r"\neq", r"\neq": r"\ne"}
    pat = re.compile(r"\\(?:leq?|geq?|neq?)(?![A-Za-z])")
    return sub_edits(sc.text, sc.math_segments(), pat, lambda m: swap[m.group(0)])


def _dollar_safe(sc: Scan) -> bool:
    """No `$` outside the spans (money), so new `$` delimiters cannot pair with one."""
    taken = [(s.open_start, s.close_end) for s in sc.spans if s.kind in ("$", "$$")]
    return all(c != "$" or any(a <= i < b for a, b in taken) for i, c in enumerate(sc.text))


def rw_brackets_to_dollars(sc: Scan) -> list[Edit]:
    """``\\[..\\]`` -> ``$$..$$``; ``\\(..\\)`` -> ``$..$`` (Pandoc's rules: no space inside the `$`, no digit
    after)."""
    if not _dollar_safe(sc):
        return []
    edits = []
    for sp in sc.spans:
        body = sc.text[sp.start:sp.end]
        if "$" in body:
            continue
        if sp.kind == "\\[":
            edits += [(sp.open_start, sp.start, "$$"), (sp.end, sp.close_end, "$$")]
        elif sp.kind == "\\(":
            inner = body.strip()
            if not inner or inner.endswith("\\") or sc.text[sp.close_end:sp.close_end + 1].isdigit():
                continue
            lead = len(body) - len(body.lstrip())
            trail = len(body) - len(body.rstrip())
            edits += [(sp.open_start, sp.start + lead, "$"), (sp.end - trail, sp.close_end, "$")]
    return edits


def rw_dollars_to_brackets(sc: Scan) -> list[Edit]:
    edits = []
    for sp in sc.spans:
        if sp.kind == "$$":
            edits += [(sp.open_start, sp.start, "\\["), (sp.end, sp.close_end, "\\]")]
        elif sp.kind == "$":
            edits += [(sp.open_start, sp.start, "\\("), (sp.end, sp.close_end, "\\)")]
    return edits


def rw_display_newlines(sc: Scan) -> list[Edit]:
    """``\\[ x \\]`` -> ``\\[\\n x\\n\\]`` (also ``$$``): the display's content on its own line."""
    edits = []
    for sp in sc.spans:
        if sp.kind in ("\\[", "$$") and sc.text[sp.start:sp.end].strip():
            body = sc.text[sp.start:sp.end]
            lead = len(body) - len(body.lstrip())
            trail = len(body) - len(body.rstrip())
            if body.rstrip().endswith("\\"):
                continue
            edits += [(sp.start, sp.start + lead, "\n"), (sp.end - trail, sp.end, "\n")]
    return edits


def rw_displaystyle(sc: Scan) -> list[Edit]:
    return [(sp.start, sp.start, "\\displaystyle ") for sp in sc.spans
            if sp.kind in ("$", "$$", "\\(", "\\[") and sc.text[sp.start:sp.end].strip()]


BIG = re.compile(r"\\(?:left|right|middle|big|Big|bigg|Bigg|bigl|bigr|Bigl|Bigr|biggl|biggr|Biggl|Biggr|sqrt)\s*$")


def rw_left_right_add(sc: Scan) -> list[Edit]:
    """``(..)`` -> ``\\left(..\\right)`` and ``[..]`` likewise, for brackets matched in one brace group and one
    cell of an alignment; a span whose brackets do not match (``[0, 1)``) is left alone."""
    text, edits = sc.text, []
    for sp in sc.spans:
        stack: list[list] = []  # [char, pos, brace depth, usable]
        pairs, depth, ok, k = [], 0, True, sp.start
        while k < sp.end and ok:
            c = text[k]
            if sc.in_protected(k):
                k += 1
                continue
            if c == "\\":
                if text.startswith("\\\\", k):
                    for e in stack:
                        e[3] = False
                k += 2
                continue
            if c == "&":
                for e in stack:
                    e[3] = False
            elif c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if stack and stack[-1][2] > depth:
                    ok = False
            elif c in "([)]":
                before = text[sp.start:k]
                special = bool(BIG.search(before)) or _prev_char(text, k, sp.start) in ("^", "_")
                if c in "([":
                    stack.append([c, k, depth, not special])
                else:
                    if not stack or stack[-1][0] != {")": "(", "]": "["}[c] or stack[-1][2] != depth:
                        ok = False
                        break
                    o = stack.pop()
                    if o[3] and not special:
                        pairs.append((o[1], k))
            k += 1
        if ok and not stack:
            for a, b in pairs:
                edits += [(a, a, "\\left"), (b, b, "\\right")]
    return edits


def rw_left_right_remove(sc: Scan) -> list[Edit]:
    """``\\left(..\\right)`` -> ``(..)`` (and ``[ ]``), for pairs whose two delimiters are brackets."""
    text, edits = sc.text, []
    pat = re.compile(r"\\(left|right)(?![A-Za-z])\s*(\\[A-Za-z]+|\\.|.)")
    for sp in sc.spans:
        stack = []
        for m in pat.finditer(text, sp.start, sp.end):
            if sc.in_protected(m.start()):
                continue
            if m.group(1) == "left":
                stack.append(m)
            elif stack:
                o = stack.pop()
                if o.group(2) in ("(", "[") and m.group(2) in (")", "]"):
                    for x in (o, m):
                        edits.append((x.start(), x.start(2), ""))
    return edits


OPS = re.compile(r"(?<![\\^_\-])(?<!\d[eE])([+=\-])(?![\-])")


def _op_space_edits(sc: Scan, space: str) -> list[Edit]:
    """Put ``space`` on each side of ``+ - =`` inside math (not after ``^``/``_``/``\\``, not at a span's
    edge)."""
    text, edits = sc.text, []
    for a, b in sc.math_segments():
        sp = _span_of(sc, a)
        for m in OPS.finditer(text, a, b):
            p = _prev_char(text, m.start(), sp.start)
            q = _next_char(text, m.end(), sp.end)
            if not p or not q or p in "^_\\" or q in "^_":
                continue
            edits.append((m.start(), m.start(), space))
            edits.append((m.end(), m.end(), space))
    return edits


def rw_thin_space(sc: Scan) -> list[Edit]:
    return _op_space_edits(sc, "\\,")


def rw_neg_space(sc: Scan) -> list[Edit]:
    return _op_space_edits(sc, "\\!")


def rw_tie_space(sc: Scan) -> list[Edit]:
    return _op_space_edits(sc, "~")


def rw_space_ops_add(sc: Scan) -> list[Edit]:
    """A space on each side of ``+ - =`` inside math where there is none."""
    return [(s, e, r) for s, e, r in _op_space_edits(sc, " ")
            if not (sc.text[s - 1:s].isspace() or sc.text[s:s + 1].isspace())]


def rw_space_ops_remove(sc: Scan) -> list[Edit]:
    """Remove the spaces (not newlines) on both sides of ``+ - = < >`` inside math (never a control space)."""
    text, edits = sc.text, []
    pat = re.compile(r"[ \t]+(?=[+=\-<>])|(?<=[+=\-<>])[ \t]+")
    for a, b in sc.math_segments():
        for m in pat.finditer(text, a, b):
            if text[m.start() - 1] == "\\" and not text[:m.start()].endswith("\\\\"):
                continue  # `\ ` is a control space
            if text[m.start() - 1] == "\\":
                continue
            edits.append((m.start(), m.end(), ""))
    return edits


THOUSANDS_MATH = re.compile(r"(?<![\d.,}\\])([1-9]\d{3,})(?!\d)")


def rw_thousands_braces(sc: Scan) -> list[Edit]:
    """``12345`` -> ``12{,}345`` inside math (not after a decimal point, not a base-b numeral ``1011_2``,
    no leading zero)."""
    def repl(m: re.Match) -> str | None:
        if sc.text[m.end():m.end() + 1] in ("_", ","):
            return None
        d = m.group(1)
        groups = []
        while len(d) > 3:
            groups.insert(0, d[-3:])
            d = d[:-3]
        return "{,}".join([d, *groups])
    return sub_edits(sc.text, sc.math_segments(), THOUSANDS_MATH, repl)


GROUPED = re.compile(r"(?<![\d.])\d{1,3}(?:(?:\{,\}|,\\!)\d{3})+(?!\d)")


def rw_thousands_unbrace(sc: Scan) -> list[Edit]:
    """``1{,}000`` and ``1,\\!000`` -> ``1000`` inside math."""
    return sub_edits(sc.text, sc.math_segments(), GROUPED,
                     lambda m: m.group(0).replace("{,}", "").replace(",\\!", ""))


def rw_thousands_style(sc: Scan) -> list[Edit]:
    """``1,\\!000`` <-> ``1{,}000`` inside math."""
    def repl(m: re.Match) -> str:
        s = m.group(0)
        return s.replace(",\\!", "{,}") if ",\\!" in s else s.replace("{,}", ",\\!")
    return sub_edits(sc.text, sc.math_segments(), GROUPED, repl)


def _prose_ok(sc: Scan) -> bool:
    """Prose rewrites need to know where math is: a text where `$` could be math but is not scanned as such is
    left alone (each `$` must be money: after a space or bracket, before a digit), and so is one with a URL."""
    if "http" in sc.text or "www." in sc.text:
        return False
    return sc.dollars or all(re.match(r"(?:^|[\s(])\$\d", sc.text[max(0, i - 1):i + 2]) for i, c in
                             enumerate(sc.text) if c == "$")


PROSE_NUMBER = re.compile(r"(?<![\w.,/:\-^_{\\])([1-9]\d{3,})(?![\w/:\-]|[.,]\d)")


def rw_prose_thousands_add(sc: Scan) -> list[Edit]:
    """``1200`` -> ``1,200`` in prose (not years 1900-2099, not next to ``- / :`` or letters)."""
    if not _prose_ok(sc):
        return []

    def repl(m: re.Match) -> str | None:
        d = m.group(1)
        if len(d) == 4 and 1900 <= int(d) <= 2099:
            return None
        groups = []
        while len(d) > 3:
            groups.insert(0, d[-3:])
            d = d[:-3]
        return ",".join([d, *groups])
    return sub_edits(sc.text, sc.prose_segments(), PROSE_NUMBER, repl)


PROSE_GROUPED = re.compile(r"(?<![\w.,/:\-^_{\\])\d{1,3}(?:,\d{3})+(?![\w/:\-]|,\S|\.\d+,)")


def rw_prose_thousands_remove(sc: Scan) -> list[Edit]:
    if not _prose_ok(sc):
        return []
    return sub_edits(sc.text, sc.prose_segments(), PROSE_GROUPED, lambda m: m.group(0).replace(",", ""))


PROSE_STAR = re.compile(r"(?<=[\d)])([ \t]*)(?<!\*)\*(?!\*)([ \t]*)(?=[\d(])")


def rw_prose_star_times(sc: Scan) -> list[Edit]:
    """``3 * 4`` -> ``3 × 4`` in prose (between a number or bracket and a number or bracket; not ``**``)."""
    if not _prose_ok(sc):
        return []
    return sub_edits(sc.text, sc.prose_segments(), PROSE_STAR,
                     lambda m: None if sc.text[m.start() - 1:m.start()] == "*" else f"{m.group(1)}×{m.group(2)}")


PROSE_OP = re.compile(r"(?<=\d)([ \t]*)([*×+=])([ \t]*)(?=\d)")


def rw_prose_op_spaces(sc: Scan) -> list[Edit]:
    """``3*4=12`` <-> ``3 * 4 = 12`` in prose (digits on both sides): spaced when not, unspaced when."""
    if not _prose_ok(sc):
        return []

    def repl(m: re.Match) -> str | None:
        if m.group(2) == "*" and (sc.text[m.start(2) - 1] == "*" or sc.text[m.end(2):m.end(2) + 1] == "*"):
            return None
        spaced = bool(m.group(1) or m.group(3))
        return m.group(2) if spaced else f" {m.group(2)} "
    return sub_edits(sc.text, sc.prose_segments(), PROSE_OP, repl)


def rw_boxed_remove(sc: Scan) -> list[Edit]:
    edits = []
    for a, b in sc.math_segments():
        for m in re.finditer(r"\\boxed\s*\{", sc.text[a:b]):
            s = a + m.start()
            brace = a + m.end() - 1
            e = _brace_end(sc.text, brace)
            if e < 0 or e > b:
                continue
            edits += [(s, brace + 1, ""), (e - 1, e, "")]
    return edits


BOX_TAIL = re.compile(r"([^=]*)=\s*(-?\d+(?:\.\d+)?)(\s*(?:\\%)?\s*[.,]?\s*)$")


def rw_boxed_add(sc: Scan) -> list[Edit]:
    """A span ending ``<a side with a digit> = <number>`` (or ``= <number>\\%``) with no box gets the number
    boxed (not ``x = 1``): ``= \\boxed{42}``, ``= \\boxed{50}\\%``."""
    edits = []
    for sp in sc.spans:
        body = sc.text[sp.start:sp.end]
        if "\\boxed" in body or sc.in_protected(sp.end - 1):
            continue
        m = BOX_TAIL.search(body)
        if m and re.search(r"\d", m.group(1)):
            s, e = sp.start + m.start(2), sp.start + m.end(2)
            edits.append((s, e, f"\\boxed{{{sc.text[s:e]}}}"))
    return edits


def rw_boxed_percent_split(sc: Scan) -> list[Edit]:
    """``\\boxed{50\\%}`` -> ``\\boxed{50}\\%`` (MATH writes both)."""
    pat = re.compile(r"\\boxed\s*\{\s*(-?\d+(?:\.\d+)?)\s*\\%\s*\}")
    return sub_edits(sc.text, sc.math_segments(), pat, lambda m: f"\\boxed{{{m.group(1)}}}\\%")


def rw_degree_unicode(sc: Scan) -> list[Edit]:
    pat = re.compile(r"\^\s*(?:\\circ(?![A-Za-z])|\{\s*\\circ\s*\})")

    return sub_edits(sc.text, sc.math_segments(), pat, lambda m: "°")


def rw_degree_latex(sc: Scan) -> list[Edit]:
    return sub_edits(sc.text, sc.math_segments(), re.compile("°"), lambda m: "^\\circ")


CHAIN_BAD = re.compile(r"&|\\\\|\\begin|\\text|\\quad|\\qquad|;|<|>|\\[lg]eq?(?![A-Za-z])|\\approx|\\neq?(?![A-Za-z])|"
                       r"\\Rightarrow|\\implies|\\to(?![A-Za-z])|\\equiv|\\sim|\\pmod|\\mod|\\boxed|\\pm|\\mp|"
                       r"\\iff|\\Longrightarrow|\\rightarrow|\\Leftrightarrow|\\cong|\\quad|\\tag|≈|≤|≥|≠")


def rw_align_chain(sc: Scan) -> list[Edit]:
    """A displayed chain ``a = b = c`` (only ``=`` as top-level relations, no separators) ->
    ``\\begin{align*} a &= b \\\\ &= c \\end{align*}``."""
    edits = []
    for sp in sc.spans:
        if sp.kind not in ("\\[", "$$"):
            continue
        body = sc.text[sp.start:sp.end]
        if CHAIN_BAD.search(body) or sc.in_protected(sp.start):
            continue
        cuts, depth, k, bad = [], 0, 0, False
        while k < len(body):
            c = body[k]
            if c == "\\":
                k += 2
                continue
            if c in "{([":
                depth += 1
            elif c in "})]":
                depth -= 1
            elif depth == 0 and c == ",":
                bad = True
            elif depth == 0 and c == "=":
                cuts.append(k)
            k += 1
        if bad or depth != 0 or len(cuts) < 2:
            continue
        bounds = [-1, *cuts, len(body)]
        if not all(body[x + 1:y].strip() for x, y in pairwise(bounds)):
            continue
        # small edits (not one replacement of the span), so that each finding maps back to its own text
        edits.append((sp.open_start, sp.start, "\\begin{align*}\n"))
        edits.append((sp.start + cuts[0], sp.start + cuts[0] + 1, "&="))
        edits += [(sp.start + c, sp.start + c + 1, "\\\\\n&=") for c in cuts[1:]]
        edits.append((sp.end, sp.close_end, "\n\\end{align*}"))
    return edits


# --- layout: where lines break, where punctuation sits, display or inline ----------------------------

def _block_line(text: str, pos: int) -> bool:
    """The Markdown line holding ``pos`` is a heading, a table row or indented code: never re-wrapped."""
    ls = text.rfind("\n", 0, pos) + 1
    le = text.find("\n", pos)
    line = text[ls:len(text) if le < 0 else le]
    return line.lstrip().startswith("#") or "|" in line or line.startswith(("    ", "\t"))


def _break_edits(sc: Scan, segments: list[tuple[int, int]], pat: re.Pattern) -> list[Edit]:
    """Each match of ``pat`` (one space) becomes a line break (a soft break: the same paragraph)."""
    return [(m.start(), m.end(), "\n") for a, b in segments for m in pat.finditer(sc.text, a, b)
            if not _block_line(sc.text, m.start())]


BREAK_AFTER_NUMBER = re.compile(r"(?<=\d)%? (?=[A-Za-z])")
BREAK_BEFORE_NUMBER = re.compile(r"(?<=[A-Za-z,:;]) (?=\d+(?:[.,]\d+)*(?![.)](?:\s|$)))")


def rw_prose_break_after_number(sc: Scan) -> list[Edit]:
    """``= 12 apples`` -> ``= 12\\napples`` in prose: a soft line break (Markdown reads it as a space)."""
    if not _prose_ok(sc):
        return []
    return [(e - 1, e, "\n") for s, e, _ in _break_edits(sc, sc.prose_segments(), BREAK_AFTER_NUMBER)]


def rw_prose_break_before_number(sc: Scan) -> list[Edit]:
    """``half of 10 = 5`` -> ``half of\\n10 = 5`` in prose (not before ``10.``/``10)``, a list marker)."""
    if not _prose_ok(sc):
        return []
    return _break_edits(sc, sc.prose_segments(), BREAK_BEFORE_NUMBER)


def rw_prose_reflow(sc: Scan) -> list[Edit]:
    """Prose re-wrapped at 40 columns: a space becomes a line break where the line has 40 characters and the
    next word does not start a Markdown block (``-``, ``+``, ``*``, ``#``, ``>``, ``|``, ``=``, ``1.``)."""
    if not _prose_ok(sc):
        return []
    text, edits = sc.text, []
    prose = sc.prose_segments()
    col = 0
    for i, c in enumerate(text):
        if c == "\n":
            col = 0
            continue
        col += 1
        if c != " " or col < 40 or not any(a <= i < b for a, b in prose):
            continue
        nxt = text[i + 1:i + 12]
        if (not nxt or nxt[0] in " -+*#>|=~`\n" or re.match(r"\d+[.)](?:\s|$)", nxt)
                or _block_line(text, i) or text[i - 1] == " "):
            continue
        edits.append((i, i + 1, "\n"))
        col = 0
    return edits


def rw_prose_unwrap(sc: Scan) -> list[Edit]:
    """A line break inside a prose paragraph -> a space, where the next line starts with a lowercase letter and
    neither line is a heading, table row or code, nor ends a line with a hard break."""
    if not _prose_ok(sc):
        return []
    pat = re.compile(r"(?<=[^\s\\])\n(?=[a-z])")
    return [(m.start(), m.end(), " ") for a, b in sc.prose_segments() for m in pat.finditer(sc.text, a, b)
            if not _block_line(sc.text, m.start() - 1) and not _block_line(sc.text, m.end())]


def rw_math_break_after_number(sc: Scan) -> list[Edit]:
    """Inside math, a space after a number -> a line break (TeX reads it as a space)."""
    return _break_edits(sc, sc.math_segments(), re.compile(r"(?<=\d) (?=[\\A-Za-z(=+\-])"))


def rw_punct_out_of_math(sc: Scan) -> list[Edit]:
    """``$x = 5.$`` -> ``$x = 5$.`` (a final full stop or comma of an inline span moves out)."""
    edits = []
    for sp in sc.spans:
        if sp.kind not in ("$", "\\("):
            continue
        body = sc.text[sp.start:sp.end]
        m = re.search(r"(?<![.\\])([.,])(\s*)$", body)
        if m and not sc.in_protected(sp.start + m.start(1)):
            edits += [(sp.start + m.start(1), sp.start + m.end(1), ""), (sp.close_end, sp.close_end, m.group(1))]
    return edits


def rw_punct_into_math(sc: Scan) -> list[Edit]:
    """``$x = 5$.`` -> ``$x = 5.$`` (a full stop or comma right after an inline span moves in)."""
    edits = []
    for sp in sc.spans:
        if sp.kind not in ("$", "\\("):
            continue
        m = re.match(r"[.,](?=\s|$)", sc.text[sp.close_end:])
        body = sc.text[sp.start:sp.end]
        if m and body.strip() and not body.rstrip().endswith(("\\", ".", ",")):
            trail = len(body) - len(body.rstrip())
            edits += [(sp.end - trail, sp.end - trail, m.group(0)), (sp.close_end, sp.close_end + 1, "")]
    return edits


def rw_display_to_inline(sc: Scan) -> list[Edit]:
    """``\\[..\\]`` -> ``\\(..\\)`` and ``$$..$$`` -> ``$..$`` (one paragraph, one statement either way)."""
    edits = []
    for sp in sc.spans:
        body = sc.text[sp.start:sp.end]
        if "\n\n" in body or not body.strip():
            continue
        if sp.kind == "\\[":
            edits += [(sp.open_start, sp.start, "\\("), (sp.end, sp.close_end, "\\)")]
        elif sp.kind == "$$" and body.strip() == body and not sc.text[sp.close_end:sp.close_end + 1].isdigit():
            edits += [(sp.open_start, sp.start, "$"), (sp.end, sp.close_end, "$")]
    return edits


def rw_inline_to_display(sc: Scan) -> list[Edit]:
    """``\\(..\\)`` -> ``\\[..\\]`` and ``$..$`` -> ``$$..$$``."""
    edits = []
    for sp in sc.spans:
        if sp.kind == "\\(":
            edits += [(sp.open_start, sp.start, "\\["), (sp.end, sp.close_end, "\\]")]
        elif sp.kind == "$":
            edits += [(sp.open_start, sp.start, "$$"), (sp.end, sp.close_end, "$$")]
    return edits


# --- more notation ------------------------------------------------------------------------------------

NUM = r"\d+(?:\.\d+)?"
JUXT = re.compile(rf"(?<![\w.^_/{{}}\\])({NUM})\s*\\(?:times|cdot)(?![A-Za-z])\s*({NUM})"
                  rf"(?![\d.^_!%]|\s*[\^!]|\{{,\}}|\s*\\(?:[dt]?frac|%))")


def rw_mult_to_juxtapose(sc: Scan) -> list[Edit]:
    """``3 \\times 4`` -> ``3(4)`` between two plain numbers (not after ``/``, ``\\div``, ``^``, ``}``; not before
    a power, factorial, percent or fraction; no vectors)."""
    if VECTORISH.search(sc.text):
        return []

    def repl(m: re.Match) -> str | None:
        before = sc.text[:m.start()].rstrip()
        if before.endswith(("/", "\\div", "÷", "^", "_", "}", "\\frac")):
            return None
        return f"{m.group(1)}({m.group(2)})"
    return sub_edits(sc.text, sc.math_segments(), JUXT, repl)


FRAC_INT = re.compile(r"\\[dt]?frac\s*\{\s*(\d+)\s*\}\s*\{\s*(\d+)\s*\}")


def rw_frac_to_slash(sc: Scan) -> list[Edit]:
    """``\\frac{16}{4}`` -> ``16/4`` where the fraction stands alone between ``= + - ( ,`` or a span's edges and
    ``= + - ) , .`` (so no precedence changes: not after a digit, ``/``, ``\\div``, a product, nor before a power)."""
    def repl(m: re.Match) -> str | None:
        sp = _span_of(sc, m.start())
        before = sc.text[sp.start:m.start()].rstrip()
        after = sc.text[m.end():sp.end].lstrip()
        ok_before = before == "" or re.search(r"(?:[=+(,<>&]|\\approx|\\le|\\ge|\\leq|\\geq|\\left\(|"
                                              r"(?<![\w)}])-)$", before)
        ok_after = after == "" or re.match(r"(?:[=+\-),.<>&]|\\\\|\\\]|\\(?:approx|le|ge|leq|geq|right\)|quad|text)"
                                           r"(?![A-Za-z]))", after)
        if not (ok_before and ok_after) or after.startswith(("^", "!")):
            return None
        return f"{m.group(1)}/{m.group(2)}"
    return sub_edits(sc.text, sc.math_segments(), FRAC_INT, repl)


def rw_brace_numbers(sc: Scan) -> list[Edit]:
    """``12`` -> ``{12}`` inside math (a TeX group changes nothing; not after a bare ``^``/``_``, not in a digit
    group ``1{,}000``)."""
    pat = re.compile(r"(?<![\d.{,!])\d+(?:\.\d+)?(?![\d.]|\{,\}|,\\!|,\d|})")

    def repl(m: re.Match) -> str | None:
        p = sc.text[m.start() - 1:m.start()]
        if p in ("^", "_", "\\", "}") or re.search(r"\\[A-Za-z]+\s*$", sc.text[max(0, m.start() - 20):m.start()]):
            return None  # a one-token argument (\frac12, \binom{12}4) would take only the first digit
        if re.search(r"[\^_]\s*$", sc.text[max(0, m.start() - 3):m.start()]):
            return None
        return "{" + m.group(0) + "}"
    return sub_edits(sc.text, sc.math_segments(), pat, repl)


def rw_strip_spacing(sc: Scan) -> list[Edit]:
    """``\\,`` ``\\;`` ``\\:`` ``\\!`` -> a space inside math (not ``,\\!`` in a digit group)."""
    pat = re.compile(r"\\[,;:!]")

    def repl(m: re.Match) -> str | None:
        if sc.text[m.start() - 2:m.start()].endswith(",") and m.group(0) == "\\!":
            return None
        return " "
    return sub_edits(sc.text, sc.math_segments(), pat, repl)


def rw_dots_aliases(sc: Scan) -> list[Edit]:
    """``\\cdots`` <-> ``\\ldots``, ``\\dots`` -> ``\\ldots`` (not after a decimal: ``0.333\\ldots`` stays)."""
    swap = {"\\cdots": "\\ldots", "\\ldots": "\\cdots", "\\dots": "\\ldots"}
    pat = re.compile(r"\\(?:cdots|ldots|dots)(?![A-Za-z])")

    def repl(m: re.Match) -> str | None:
        if re.search(r"\d\.\d*\s*$", sc.text[max(0, m.start() - 20):m.start()]):
            return None
        return swap[m.group(0)]
    return sub_edits(sc.text, sc.math_segments(), pat, repl)


def rw_binom_dbinom(sc: Scan) -> list[Edit]:
    pat = re.compile(r"\\(d|t)?binom(?![A-Za-z])")
    return sub_edits(sc.text, sc.math_segments(), pat, lambda m: "\\binom" if m.group(1) else "\\dbinom")


def rw_degree_macro(sc: Scan) -> list[Edit]:
    """``^\\circ`` -> ``\\degree``."""
    pat = re.compile(r"\^\s*(?:\\circ(?![A-Za-z])|\{\s*\\circ\s*\})")

    def repl(m: re.Match) -> str:
        nxt = sc.text[m.end():m.end() + 1]
        return "\\degree" + (" " if nxt.isalpha() else "")
    return sub_edits(sc.text, sc.math_segments(), pat, repl)


def rw_paren_negatives(sc: Scan) -> list[Edit]:
    """``= -3`` -> ``= (-3)`` where the negative number ends the side (before a relation, ``,``, the end)."""
    pat = re.compile(r"(=\s*)(-\s*\d+(?:\.\d+)?)(?=\s*(?:$|=|,|\.\s*$|\\quad|<|>|\\le|\\ge|\\approx|\\\\|&))")
    return sub_edits(sc.text, sc.math_segments(), pat, lambda m: f"{m.group(1)}({m.group(2)})")


def rw_prose_pow_caret(sc: Scan) -> list[Edit]:
    """``2**3`` -> ``2^3`` in prose."""
    if not _prose_ok(sc):
        return []
    pat = re.compile(r"(?<=[\d)])\*\*(?=[\d(])")
    return sub_edits(sc.text, sc.prose_segments(), pat, lambda m: "^")


def rw_prose_unicode_ops(sc: Scan) -> list[Edit]:
    """`` - `` -> `` − `` and `` / `` -> `` ÷ `` between numbers in prose (spaced: not a range or date)."""
    if not _prose_ok(sc):
        return []
    pat = re.compile(r"(?<=\d) ([-/]) (?=\d)")
    return sub_edits(sc.text, sc.prose_segments(), pat, lambda m: " − " if m.group(1) == "-" else " ÷ ")


@dataclass(frozen=True)
class Rewrite:
    name: str
    fn: Callable[[Scan], list[Edit]]
    doc: str


REWRITES = [
    Rewrite("frac-to-dfrac", rw_frac_to_dfrac, r"\frac -> \dfrac in math"),
    Rewrite("dfrac-to-frac", rw_dfrac_to_frac, r"\dfrac, \tfrac -> \frac in math"),
    Rewrite("frac-braces", rw_frac_braces, r"\frac12 -> \frac{1}{2}"),
    Rewrite("frac-unbrace", rw_frac_unbrace, r"\frac{3}{4} -> \frac34 (one digit each)"),
    Rewrite("sqrt-unbrace", rw_sqrt_unbrace, r"\sqrt{5} -> \sqrt5 (one digit)"),
    Rewrite("pow-braces", rw_pow_braces, r"x^2 -> x^{2}"),
    Rewrite("pow-unbrace", rw_pow_unbrace, r"x^{2} -> x^2"),
    Rewrite("cdot-to-times", _op_swap(r"\cdot", r"\times"), r"\cdot -> \times between operands (no vectors/sets)"),
    Rewrite("times-to-cdot", _op_swap(r"\times", r"\cdot"), r"\times -> \cdot between operands (no vectors/sets)"),
    Rewrite("unicode-ops", rw_unicode_ops, r"\times \cdot \le \ge \approx \neq -> × · ≤ ≥ ≈ ≠ in math"),
    Rewrite("unicode-minus", rw_unicode_minus, "- -> − in math"),
    Rewrite("relation-aliases", rw_relation_aliases, r"\le <-> \leq, \ge <-> \geq, \ne <-> \neq"),
    Rewrite("brackets-to-dollars", rw_brackets_to_dollars, r"\[..\] -> $$..$$, \(..\) -> $..$"),
    Rewrite("dollars-to-brackets", rw_dollars_to_brackets, r"$$..$$ -> \[..\], $..$ -> \(..\)"),
    Rewrite("display-newlines", rw_display_newlines, r"\[ x \] -> \[\n x \n\]"),
    Rewrite("displaystyle", rw_displaystyle, r"\displaystyle at the start of each math span"),
    Rewrite("left-right-add", rw_left_right_add, r"( ) [ ] -> \left( \right) ... (matched pairs)"),
    Rewrite("left-right-remove", rw_left_right_remove, r"\left( \right) -> ( ) (bracket pairs)"),
    Rewrite("thin-space", rw_thin_space, r"\, on both sides of + - = in math"),
    Rewrite("neg-space", rw_neg_space, r"\! on both sides of + - = in math"),
    Rewrite("tie-space", rw_tie_space, r"~ on both sides of + - = in math"),
    Rewrite("space-ops-add", rw_space_ops_add, "a space on both sides of + - = in math"),
    Rewrite("space-ops-remove", rw_space_ops_remove, "no spaces around + - = < > in math"),
    Rewrite("thousands-braces", rw_thousands_braces, "12345 -> 12{,}345 in math"),
    Rewrite("thousands-unbrace", rw_thousands_unbrace, r"1{,}000, 1,\!000 -> 1000 in math"),
    Rewrite("thousands-style", rw_thousands_style, r"1,\!000 <-> 1{,}000 in math"),
    Rewrite("prose-thousands-add", rw_prose_thousands_add, "1200 -> 1,200 in prose (not years)"),
    Rewrite("prose-thousands-remove", rw_prose_thousands_remove, "1,200 -> 1200 in prose"),
    Rewrite("prose-star-times", rw_prose_star_times, "3 * 4 -> 3 × 4 in prose"),
    Rewrite("prose-op-spaces", rw_prose_op_spaces, "3*4=12 <-> 3 * 4 = 12 in prose (digits both sides)"),
    Rewrite("boxed-remove", rw_boxed_remove, r"\boxed{X} -> X"),
    Rewrite("boxed-add", rw_boxed_add, r"a span ending = 42 (or = 50\%) -> = \boxed{42} (= \boxed{50}\%)"),
    Rewrite("boxed-percent-split", rw_boxed_percent_split, r"\boxed{50\%} -> \boxed{50}\%"),
    Rewrite("degree-unicode", rw_degree_unicode, r"^\circ, ^{\circ} -> ° in math"),
    Rewrite("degree-latex", rw_degree_latex, r"° -> ^\circ in math"),
    Rewrite("align-chain", rw_align_chain, r"\[a = b = c\] -> \begin{align*} a &= b \\ &= c \end{align*}"),
    Rewrite("prose-break-after-number", rw_prose_break_after_number, r"= 12 apples -> = 12\napples in prose"),
    Rewrite("prose-break-before-number", rw_prose_break_before_number, r"half of 10 = 5 -> half of\n10 = 5 in prose"),
    Rewrite("prose-reflow", rw_prose_reflow, "prose re-wrapped at 40 columns"),
    Rewrite("prose-unwrap", rw_prose_unwrap, "a line break inside a prose paragraph -> a space"),
    Rewrite("math-break-after-number", rw_math_break_after_number, r"inside math, '12 x' -> '12\nx'"),
    Rewrite("punct-out-of-math", rw_punct_out_of_math, r"$x = 5.$ -> $x = 5$."),
    Rewrite("punct-into-math", rw_punct_into_math, r"$x = 5$. -> $x = 5.$"),
    Rewrite("display-to-inline", rw_display_to_inline, r"\[..\] -> \(..\), $$..$$ -> $..$"),
    Rewrite("inline-to-display", rw_inline_to_display, r"\(..\) -> \[..\], $..$ -> $$..$$"),
    Rewrite("mult-to-juxtapose", rw_mult_to_juxtapose, r"3 \times 4 -> 3(4) (two plain numbers)"),
    Rewrite("frac-to-slash", rw_frac_to_slash, r"\frac{16}{4} -> 16/4 (a fraction standing alone)"),
    Rewrite("brace-numbers", rw_brace_numbers, "12 -> {12} in math"),
    Rewrite("strip-spacing", rw_strip_spacing, r"\, \; \: \! -> a space in math"),
    Rewrite("dots-aliases", rw_dots_aliases, r"\cdots <-> \ldots, \dots -> \ldots"),
    Rewrite("binom-dbinom", rw_binom_dbinom, r"\binom <-> \dbinom"),
    Rewrite("degree-macro", rw_degree_macro, r"^\circ -> \degree"),
    Rewrite("paren-negatives", rw_paren_negatives, "= -3 -> = (-3) at the end of a side"),
    Rewrite("prose-pow-caret", rw_prose_pow_caret, "2**3 -> 2^3 in prose"),
    Rewrite("prose-unicode-ops", rw_prose_unicode_ops, "3 - 2 -> 3 − 2, 6 / 2 -> 6 ÷ 2 in prose (spaced)"),
]
BY_NAME = {r.name: r for r in REWRITES}
# Groups that each run in about 6 minutes on both corpora with 2 processes (the baseline cached).
GROUPS = {
    "fractions": ["frac-to-dfrac", "dfrac-to-frac", "frac-braces", "frac-unbrace", "sqrt-unbrace", "pow-braces",
                  "pow-unbrace", "frac-to-slash", "binom-dbinom"],
    "operators": ["cdot-to-times", "times-to-cdot", "unicode-ops", "unicode-minus", "relation-aliases",
                  "mult-to-juxtapose", "dots-aliases"],
    "delimiters": ["brackets-to-dollars", "dollars-to-brackets", "display-newlines", "displaystyle"],
    "structure": ["left-right-add", "left-right-remove", "align-chain", "boxed-remove", "boxed-add",
                  "boxed-percent-split"],
    "spacing": ["thin-space", "neg-space", "tie-space"],
    "spaces": ["space-ops-add", "space-ops-remove", "strip-spacing", "prose-op-spaces", "paren-negatives"],
    "numbers": ["thousands-braces", "thousands-unbrace", "thousands-style", "prose-thousands-add",
                "prose-thousands-remove", "prose-star-times", "prose-pow-caret", "prose-unicode-ops",
                "degree-unicode", "degree-latex", "degree-macro", "brace-numbers"],
    "lines": ["prose-break-after-number", "prose-break-before-number", "prose-reflow", "prose-unwrap",
              "math-break-after-number"],
    "layout": ["punct-out-of-math", "punct-into-math", "display-to-inline", "inline-to-display"],
}
assert sorted(n for g in GROUPS.values() for n in g) == sorted(BY_NAME)


def rewrite_steps(steps: list[str], rw: Rewrite, dollars: bool) -> tuple[list[str], list[Rewritten | None]] | None:
    """The steps rewritten (None when the rewrite changes none of them)."""
    out, maps, changed = [], [], False
    for s in steps:
        sc = scan(s, dollars)
        r = apply_edits(s, rw.fn(sc)) if sc.clean else None
        out.append(r.text if r else s)
        maps.append(r)
        changed |= r is not None
    return (out, maps) if changed else None


# --------------------------------------------------------------------------------------------------
# Checking and comparing
# --------------------------------------------------------------------------------------------------

def _check(record: dict) -> dict:
    from lnsym.check import check_record

    return check_record({"id": record["id"], "steps": record["steps"]})


def _line_starts(text: str) -> list[int]:
    return [0] + [m.end() for m in re.finditer("\n", text)]


def _offsets(text: str, f: dict) -> tuple[int, int]:
    ls = _line_starts(text)
    return ls[f["line"] - 1] + f["column"] - 1, ls[f["end_line"] - 1] + f["end_column"] - 1


@dataclass
class Record:
    corpus: str
    id: str
    steps: list[str]

    @property
    def dollars(self) -> bool:
        return self.corpus == "math"  # MATH is LaTeX source: `$` is math, money is `\$`


def load(corpora: list[str], limit: int | None) -> list[Record]:
    recs = []
    if "math" in corpora:
        rows = [json.loads(x) for x in (EXTERNAL / "math-solutions-dev.jsonl").read_text().splitlines() if x.strip()]
        recs += [Record("math", f"mathdev-{k}", [r["solution"]]) for k, r in enumerate(rows)][:limit]
    if "processbench" in corpora:
        rows = [json.loads(x) for x in (EXTERNAL / "processbench-dev.jsonl").read_text().splitlines() if x.strip()]
        recs += [Record("processbench", r["id"], r["steps"]) for r in rows if r["label"] == -1][:limit]
    return recs


def lnsym_hash() -> str:
    h = hashlib.sha256()
    for p in sorted(LNSYM.rglob("*.py")):
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


def _key(rec: Record) -> str:
    return hashlib.sha256(json.dumps([rec.id, rec.steps]).encode()).hexdigest()[:24]


def baseline(recs: list[Record], jobs: int, cache: str) -> dict[str, dict]:
    stamp = lnsym_hash()
    stored: dict = {}
    if cache and os.path.exists(cache):
        with open(cache, encoding="utf-8") as f:
            data = json.load(f)
        if data.get("lnsym") == stamp:
            stored = data["results"]
    todo = [r for r in recs if _key(r) not in stored]
    if todo:
        with Pool(jobs) as pool:
            for r, res in zip(todo, pool.map(_check, [{"id": r.id, "steps": r.steps} for r in todo], chunksize=4),
                              strict=True):
                stored[_key(r)] = res
        if cache:
            with open(cache, "w", encoding="utf-8") as f:
                json.dump({"lnsym": stamp, "results": stored}, f)
    return {r.id: stored[_key(r)] for r in recs}


def compare(rec: Record, maps: list[Rewritten | None], new_steps: list[str], base: dict, new: dict) -> dict:
    """Verdict transitions (each new finding against the original finding its span overlaps most), the new
    `wrong`/`error` findings with the original text they came from."""
    by_step: dict[int, list[tuple[int, int, dict]]] = defaultdict(list)
    for f in base["findings"]:
        s, e = _offsets(rec.steps[f["step"]], f)
        by_step[f["step"]].append((s, e, f))
    trans: Counter = Counter()
    flagged = []
    matched = set()
    changed = []
    for f in new.get("findings", []):
        step = f["step"]
        s, e = _offsets(new_steps[step], f)
        m = maps[step]
        os_, oe = (m.to_old(s, False), m.to_old(e, True)) if m else (s, e)
        best, best_overlap = None, 0
        for bs, be, bf in by_step[step]:
            ov = min(oe, be) - max(os_, bs)
            if ov > best_overlap:
                best, best_overlap = bf, ov
        old_v = best["verdict"] if best else "(none)"
        if best is not None:
            matched.add(id(best))
        trans[(old_v, f["verdict"])] += 1
        if old_v != f["verdict"]:
            changed.append({"id": rec.id, "step": step, "from": old_v, "to": f["verdict"], "source": f["source"],
                            "reason": f["reason"], "original": best["source"] if best else None})
        if f["verdict"] in ("wrong", "error"):
            flagged.append({"id": rec.id, "step": step, "line": f["line"], "column": f["column"],
                            "source": f["source"], "verdict": f["verdict"], "expected": f["expected"],
                            "reason": f["reason"], "role": f["role"], "evidence": f["evidence"],
                            "rewritten_text": new_steps[step][s:e],
                            "original_text": rec.steps[step][os_:oe],
                            "original_context": rec.steps[step][max(0, os_ - 60):oe + 30],
                            "rewritten_context": new_steps[step][max(0, s - 60):e + 30],
                            "original_finding": ({"source": best["source"], "verdict": best["verdict"],
                                                  "reason": best["reason"]} if best else None)})
    for f in base["findings"]:
        if id(f) not in matched:
            trans[(f["verdict"], "(gone)")] += 1
    return {"transitions": trans, "flagged": flagged, "changed": changed}


def _rewrite_job(args: tuple[str, Record]) -> tuple[str, str, dict | None, list[str] | None]:
    """In a worker: rewrite one record and check it (the edit maps are rebuilt in the parent)."""
    name, rec = args
    got = rewrite_steps(rec.steps, BY_NAME[name], rec.dollars)
    if got is None:
        return name, rec.id, None, None
    steps, _ = got
    return name, rec.id, _check({"id": rec.id, "steps": steps}), steps


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rewrites", default="all", help="comma-separated names or groups (see --list), or 'all'")
    ap.add_argument("--data", choices=("math", "processbench", "both"), default="both")
    ap.add_argument("--limit", type=int, default=None, help="the first N records of each corpus")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--cache", default="/tmp/lnsym-metamorphic-baseline.json",
                    help="baseline results, reused while lnsym's source is unchanged ('' for none)")
    ap.add_argument("--json", default="", help="write the per-rewrite counts and every flagged finding here")
    ap.add_argument("--list", action="store_true", help="list the rewrites and exit")
    ap.add_argument("--show-edits", metavar="ID", default="", help="print each rewrite's text of record ID and exit")
    args = ap.parse_args(argv)
    if args.list:
        for g, members in GROUPS.items():
            print(f"{g}:")
            for n in members:
                print(f"  {n:24} {BY_NAME[n].doc}")
        return 0
    names = []
    for part in args.rewrites.split(","):
        got = [r.name for r in REWRITES] if part == "all" else GROUPS.get(part, [part])
        names += [n for n in got if n not in names]
    unknown = [n for n in names if n not in BY_NAME]
    if unknown:
        print(f"unknown rewrite(s): {', '.join(unknown)}; see --list", file=sys.stderr)
        return 2
    if not EXTERNAL.is_dir():
        print(f"{EXTERNAL} not found", file=sys.stderr)
        return 2
    corpora = ["math", "processbench"] if args.data == "both" else [args.data]
    recs = load(corpora, args.limit)
    if args.show_edits:
        rec = next(r for r in recs if r.id == args.show_edits)
        for n in names:
            got = rewrite_steps(rec.steps, BY_NAME[n], rec.dollars)
            if got:
                print(f"=== {n}")
                for old, new in zip(rec.steps, got[0], strict=True):
                    if old != new:
                        print(new)
        return 0

    import lnsym.check  # noqa: F401  (loaded before the pools fork: the baseline and the rewrites see one lnsym)

    stamp = lnsym_hash()
    t0 = time.perf_counter()
    base = baseline(recs, args.jobs, args.cache)
    t_base = time.perf_counter() - t0
    eligible = [r for r in recs if "error" not in base[r.id] and base[r.id]["summary"]["wrong"] == 0
                and base[r.id]["summary"]["error"] == 0]
    by_id = {r.id: r for r in eligible}
    jobs = [(n, r) for n in names for r in eligible if rewrite_steps(r.steps, BY_NAME[n], r.dollars) is not None]
    t1 = time.perf_counter()
    with Pool(args.jobs) as pool:
        results = pool.map(_rewrite_job, jobs, chunksize=2)
    t_rw = time.perf_counter() - t1

    per: dict[str, dict] = {n: {"rewritten": 0, "transitions": Counter(), "flagged": [], "changed": [],
                                "by_corpus": Counter()} for n in names}
    for name, rid, res, steps in results:
        if res is None:
            continue
        rec = by_id[rid]
        _, maps = rewrite_steps(rec.steps, BY_NAME[name], rec.dollars)
        row = per[name]
        row["rewritten"] += 1
        row["by_corpus"][rec.corpus] += 1
        if "error" in res:
            row["flagged"].append({"id": rid, "step": None, "verdict": "error", "reason": res["error"]})
            continue
        cmp = compare(rec, maps, steps, base[rid], res)
        row["transitions"].update(cmp["transitions"])
        row["flagged"].extend(cmp["flagged"])
        row["changed"].extend(cmp["changed"])

    head = subprocess.run(["git", "-C", str(HERE.parent), "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True, check=False).stdout.strip()
    dirty = subprocess.run(["git", "-C", str(HERE.parent), "status", "--porcelain", "--", "lnsym"],
                           capture_output=True, text=True, check=False).stdout.strip()
    print(f"lnsym at {head or '?'}{' (lnsym/ modified)' if dirty else ''}, source hash {stamp}")
    if lnsym_hash() != stamp:
        print("WARNING: lnsym's source changed during the run; rerun for figures of one version")
    print(f"{len(recs)} records ({', '.join(corpora)}), {len(eligible)} with no `wrong`/`error`; baseline "
          f"{t_base:.0f} s, {len(jobs)} rewritten records checked in {t_rw:.0f} s ({args.jobs} processes)")
    print(f"{'rewrite':25} {'rewritten':>9} {'->wrong':>7} {'->error':>7} {'->impr':>6} {'corr->unch':>10} "
          f"{'unch->corr':>10} {'other':>6}")
    for n in names:
        row = per[n]
        tr = row["transitions"]
        wrong = sum(1 for f in row["flagged"] if f["verdict"] == "wrong")
        error = sum(1 for f in row["flagged"] if f["verdict"] == "error")
        impr = sum(v for (a, b), v in tr.items() if b == "imprecise" and a != b)
        other = sum(v for (a, b), v in tr.items() if a != b and b not in ("wrong", "error", "imprecise")
                    and (a, b) not in (("correct", "unchecked"), ("unchecked", "correct")))
        print(f"{n:25} {row['rewritten']:>9} {wrong:>7} {error:>7} {impr:>6} {tr[('correct', 'unchecked')]:>10} "
              f"{tr[('unchecked', 'correct')]:>10} {other:>6}")
    for n in names:
        for f in per[n]["flagged"]:
            print(f"\n[{n}] {f['verdict']} {f['id']} step {f['step']}"
                  + (f" {f['line']}:{f['column']}" if f.get("line") else ""))
            if f.get("source") is None:
                print(f"    {f['reason']}")
                continue
            print(f"    rewritten: ...{f['rewritten_context']!r}...")
            was = f["original_finding"]
            print(f"    original:  ...{f['original_context']!r}...")
            print(f"    finding {f['source']!r}; the original's finding there: "
                  + (f"{was['verdict']} {was['source']!r}" if was else "none"))
            print(f"    expected {f['expected']!r}; reason: {f['reason']}")
            if f["evidence"]:
                print(f"    evidence: {json.dumps(f['evidence'], ensure_ascii=False)}")
    if args.json:
        out = {n: {"rewritten": per[n]["rewritten"], "by_corpus": dict(per[n]["by_corpus"]),
                   "transitions": {f"{a} -> {b}": v for (a, b), v in sorted(per[n]["transitions"].items())},
                   "flagged": per[n]["flagged"], "changed": per[n]["changed"]} for n in names}
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f, ensure_ascii=False, indent=1)
    flagged = sum(len(per[n]["flagged"]) for n in names)
    print(f"\n{flagged} finding(s) turned `wrong` or `error` under a rewrite")
    return 1 if flagged else 0


if __name__ == "__main__":
    sys.exit(main())
