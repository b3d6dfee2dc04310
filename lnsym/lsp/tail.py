"""An edit as a map of positions, and the state of a check carried across it: what lets a check stop once its
state agrees with the state the last check had at the same place (:mod:`lnsym.lsp.incremental`).

An edit replaces ``old[start:old_end]`` by ``new[start:new_end]``: a position before it is where it was, one after
it moved by the edit's length change (its line by the lines the edit added or removed, its column only on the
line the edit ends on), and one inside it has no image. The state of a check holds positions (the offset of
each binding, the line of each bound a paragraph stated) and its findings hold lines and columns, and the lines
of bindings in their reasons (``(line 3)``); :func:`shifted_context` and :func:`shifted_finding` carry them over,
or give None when one of them was inside the edit (then the check goes on: nothing is reused that could have
changed). :func:`same` compares two states structurally, types included (``2`` is not ``2.0``).
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any

import sympy as sp

from lnsym.check.findings import Evidence, Finding
from lnsym.check.judges.proofs.lemmas import Bound
from lnsym.check.spans.math_spans import LineIndex

__all__ = ["VISIBLE", "Edit", "same", "shifted_context", "shifted_finding", "shifted_span", "visible"]

_LINE_MENTION = re.compile(r"\blines?\s+(\d+)")  # "(line 3)": where a name was bound (Substitution, lemmas)


def _common_prefix(a: str, b: str) -> int:
    """The length of the longest common prefix, compared in slices (in C) rather than character by character."""
    low, high = 0, min(len(a), len(b))
    while low < high:  # a[:low] == b[:low]; find the largest such low
        mid = (low + high + 1) // 2
        if a[low:mid] == b[low:mid]:
            low = mid
        else:
            high = mid - 1
    return low


@dataclass(frozen=True)
class Edit:
    """The difference of two texts as one replaced stretch, with their line indexes."""

    start: int
    old_end: int
    new_end: int
    old_lines: LineIndex
    new_lines: LineIndex

    @classmethod
    def between(cls, old: str, new: str, old_lines: LineIndex, new_lines: LineIndex) -> Edit:
        start = _common_prefix(old, new)
        room = min(len(old), len(new)) - start  # (the common suffix does not overlap the common prefix)
        suffix = _common_prefix(old[::-1][:room], new[::-1][:room])
        return cls(start, len(old) - suffix, len(new) - suffix, old_lines, new_lines)

    @property
    def delta(self) -> int:
        return self.new_end - self.old_end

    def offset(self, old: int) -> int | None:
        """Where the character at ``old`` of the old text is in the new one; None if the edit replaced it."""
        if old < self.start:
            return old
        if old >= self.old_end:
            return old + self.delta
        return None

    def line(self, old: int) -> int | None:
        """The number of the old text's line ``old`` in the new text (0: no line, as in a
        :class:`~lnsym.check.findings.Substitution`); None for a line the edit split, joined or replaced."""
        first = self.old_lines.line_of(self.start)
        last = self.old_lines.line_of(self.old_end)
        moved = self.new_lines.line_of(self.new_end) - last
        if old <= 0 or old < first or (old == first and (old < last or not moved)):
            return old
        if old > last or (old == last and old > first):
            return old + moved
        return None

    def position(self, line: int, column: int) -> tuple[int, int] | None:
        """An old 1-based (line, column) in the new text."""
        starts = self.old_lines.starts
        if not 1 <= line <= len(starts):
            return None
        new = self.offset(starts[line - 1] + column - 1)
        return None if new is None else self.new_lines.position(new)


def shifted_span(span, edit: Edit):
    return replace(span, start=span.start + edit.delta, outer=(span.outer[0] + edit.delta, span.outer[1] + edit.delta))


def _mentions(text: str, edit: Edit) -> str | None:
    """``text`` with each line it names moved as the edit moved it; None if one was in the edit."""
    out, at = [], 0
    for m in _LINE_MENTION.finditer(text):
        moved = edit.line(int(m.group(1)))
        written = text[m.start() - 1 : m.start()] == "(" and text[m.end(1) : m.end(1) + 1] == ")"
        if moved is None or (not written and moved != int(m.group(1))):  # (only lnsym's own "(line N)" is moved)
            return None
        out += [text[at : m.start(1)], str(moved)]
        at = m.end(1)
    return "".join(out) + text[at:]


def _end(f: Finding, edit: Edit) -> tuple[int, int] | None:
    """A finding's end, one column past its last character (on that character's line, even a line end's)."""
    if f.end_column <= 1:
        return edit.position(f.end_line, f.end_column)
    last = edit.position(f.end_line, f.end_column - 1)
    return None if last is None else (last[0], last[1] + 1)


def shifted_finding(f: Finding, edit: Edit) -> Finding | None:
    """A finding of the old text where it is in the new one, with the lines it names; None if any was edited."""
    start, end = edit.position(f.line, f.column), _end(f, edit)
    reason, expected = _mentions(f.reason, edit), _mentions(f.expected, edit)
    subs = tuple(replace(s, line=edit.line(s.line)) for s in f.evidence.substitutions)
    if None in (start, end, reason, expected) or any(s.line is None for s in subs):
        return None
    return replace(f, line=start[0], column=start[1], end_line=end[0], end_column=end[1], reason=reason,
                   expected=expected, evidence=Evidence(f.evidence.left, f.evidence.right, subs))


def _moved(pair: tuple | None, edit: Edit) -> tuple | bool | None:
    """(value, offset) with the offset moved; False if it was in the edit."""
    if pair is None:
        return None
    at = edit.offset(pair[1])
    return False if at is None else (pair[0], at)


# what the check of a paragraph reads of the contexts of the paragraphs before it (lnsym.check.paragraphs, the
# values earlier paragraphs bound; lnsym.check.roles.rules.holds_at_earlier_values): the rest of a context
# (the last statement, the last result, its equations) is the working state of its own paragraph
VISIBLE = ("env", "kind", "origin", "defines", "carried", "claimed", "inexact", "supposed")


def visible(ctx, edit: Edit | None = None) -> dict | None:
    """What a later paragraph can read of ``ctx``, with the offsets moved by ``edit`` (None if one was in it)."""
    out = {name: getattr(ctx, name) for name in VISIBLE}
    if edit is None:
        return out
    out["origin"] = {name: edit.offset(at) for name, at in ctx.origin.items()}
    out["defines"] = {name: [edit.offset(at) for at in ats] for name, ats in ctx.defines.items()}
    out["carried"] = {name: _moved(pair, edit) for name, pair in ctx.carried.items()}
    if (None in out["origin"].values() or any(None in ats for ats in out["defines"].values())
            or False in out["carried"].values()):
        return None
    return out


def shifted_context(ctx, edit: Edit):
    """A copy of a paragraph's :class:`~lnsym.check.roles.context.Context` with the positions it holds moved as
    the edit moved them, or None if one of them was in the edit. Its other attributes are shared (a context is
    changed only while its own paragraph is checked)."""
    seen = visible(ctx, edit)
    last_span = tuple(edit.offset(at) for at in ctx.last_span)
    last_result = _moved(ctx.last_result, edit)
    bounds = [replace(b, line=edit.line(b.line)) if isinstance(b, Bound) else b for b in ctx.bounds]
    if seen is None or None in last_span or last_result is False or any(
            isinstance(b, Bound) and b.line is None for b in bounds):
        return None
    out = copy.copy(ctx)
    out.origin, out.defines, out.carried = seen["origin"], seen["defines"], seen["carried"]
    out.last_span, out.last_result, out.bounds = last_span, last_result, bounds
    return out


def same(a: Any, b: Any, pairs: dict | None = None) -> bool:
    """Are ``a`` and ``b`` the same value, of the same types all the way down? An object without an equality
    of its own is compared by its attributes; a comparison that fails is a difference. SymPy's dummies (the
    index of a sum) are made afresh by each check: two are the same when they pair up one to one throughout the
    values compared with the same ``pairs``."""
    pairs = {} if pairs is None else pairs
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(v, b[k], pairs) for k, v in a.items())
    if isinstance(a, (list, tuple)) and not is_dataclass(a):
        return len(a) == len(b) and all(same(x, y, pairs) for x, y in zip(a, b, strict=True))
    if is_dataclass(a):
        return all(same(getattr(a, f.name), getattr(b, f.name), pairs) for f in fields(a))
    if isinstance(a, sp.Basic):
        return _same_expr(a, b, pairs)
    slots = [s for k in type(a).__mro__ for s in getattr(k, "__slots__", ())]
    if slots or type(a).__eq__ is object.__eq__:  # (a Vec's own equality would take 2 for Integer(2))
        return same(getattr(a, "__dict__", None), getattr(b, "__dict__", None), pairs) and all(
            same(getattr(a, s, None), getattr(b, s, None), pairs) for s in slots)
    try:
        return bool(a == b)
    except Exception:  # (a comparison that cannot be made: not known to be the same)
        return False


def _same_expr(a: sp.Basic, b: sp.Basic, pairs: dict) -> bool:
    """SymPy's equality (structural: Float(2) != Integer(2)), dummies paired one to one."""
    if isinstance(a, sp.Dummy):
        if a.name != b.name or a.assumptions0 != b.assumptions0:
            return False
        return pairs.setdefault(("old", a), b) == b and pairs.setdefault(("new", b), a) == a
    try:
        if a == b and not a.has(sp.Dummy):
            return True
    except Exception:
        return False
    if not a.args or len(a.args) != len(b.args):
        return False
    return all(type(x) is type(y) and (_same_expr(x, y, pairs) if isinstance(x, sp.Basic) else same(x, y, pairs))
               for x, y in zip(a.args, b.args, strict=True))
