"""Incremental checks: the next check of a document resumes from the state the last one reached before the
first span the edit can change, and stops as soon as its state is again the one the last check had at the same
place, so an edit that binds nothing new re-checks its own paragraph (and the few around it that may read it).

A check reads a key span by span, in order; what a span finds depends on the spans before it (names bound,
notation defined, the values of earlier paragraphs of its section), on the text a little past it (a retraction
at the start of the next sentence, "Wait, no", up to 160 characters after the span: :data:`LOOKAHEAD` keeps
more), and on what the check reads of the whole text before the first span (its conventions, decimal mark,
the definitions of names anywhere in it, its paragraphs in another base). So the state a check had before span
``k`` is the state a check of another text has there too when

- the two texts are the same up to what spans ``0..k-1`` read (the end of the furthest, plus the lookahead),
- their spans ``0..k-1`` are the same (same text, offsets and paragraphs), and
- what is read of the whole text is the same (:func:`readings`; any difference: a full check).

:class:`Memo` keeps, for one open document, the state at paragraph starts (at most :data:`MAX_POINTS` of
them, evenly spread), and gives a check the last one that holds for its text. The state of a paragraph is
changed only while its own spans are checked, so a point shares the objects of the paragraphs before it and
copies only the mappings that hold them. Only a check that ran to its end without running out of time and
without a fault of lnsym leaves its points for the next one (:meth:`Memo.commit`).

Where it stops (:meth:`Memo._take_rest`): at the start of a paragraph whose spans, and all the spans after them,
are the last check's moved by the edit (:mod:`lnsym.lsp.tail`), which no span from there on can read the edit
from (:data:`LOOKBEHIND`), and before which the state is the last check's at the same place, its positions moved:
the same section for every paragraph, the same notation, operations and formula reader's state, and for each
paragraph before, what a later paragraph reads of its context (the names bound, their values, where they were
bound and defined). Whole-text readings must be the same too, the lines of the definitions moved by the edit.
Then the findings from there on are the last check's, each moved by the edit (its lines, its column on the line
the edit ends on, the lines its reason names); any position that was inside the edit and nothing is reused. A
name bound again (``d = 4`` made ``d = 5``) changes the state of every paragraph after it: the check goes on
to the end.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from lnsym.check.spans.math_spans import LineIndex
from lnsym.lsp.tail import Edit, same, shifted_context, shifted_finding, shifted_span, visible

__all__ = ["LOOKAHEAD", "LOOKBEHIND", "MAX_POINTS", "Memo", "definitions", "readings"]

LOOKAHEAD = 200  # characters past a span a check may read (lnsym.check.roles.cues reads up to 160)
# characters before a span a check may read: the sentence before it (lnsym.check.roles.cues, 200), the prose
# before it (lnsym.check.roles.around, 80; the pipeline, 40; the formula reader, 160); and what the paragraph
# supposed or said of a value before it (cues.reductio, cues.meets_worded_conditions): back to the last blank
# line, or 2,000 characters when there is none
LOOKBEHIND = 200
LOOKBEHIND_PARAGRAPH = 2000
_BLANK_LINE = re.compile(r"\n[ \t]*\n")
MAX_POINTS = 48  # states kept per document: an edit re-checks at most 1/48 of the spans more than it must

# attributes of a check that are not readings of the whole text: its state, its inputs, its tools
_STATE = frozenset({"text", "lines", "para_of_line", "worker", "meaning", "contexts", "_sections", "findings",
                    "operations", "notation", "reader", "progress", "resume", "copies", "maths"})
_READER_STATE = ("_seen", "_order", "_inferred", "_written")  # the formula reader's, per paragraph


def readings(check) -> str | None:
    """What ``check`` (a ``lnsym.check.pipeline._KeyCheck`` that has read its text) read of its whole text, as
    a string to compare; None when it cannot be compared (``lnsym:`` declarations, read from the whole text)."""
    if check.reader is None or check.reader.decls is not None:
        return None
    parts = []
    for name, value in sorted(vars(check).items()):
        if name in _STATE:
            continue
        if isinstance(value, (set, frozenset)):
            value = sorted(value, key=repr)
        elif name == "index_scopes" and value is not None:
            # all it read (its repr leaves out the matrices, `X \in \mathbb{R}^{N \times p}`) but where its
            # sections start, offsets that an edit moves: the sections are compared paragraph by paragraph
            value = sorted((k, v) for k, v in vars(value).items() if k != "heads")
        parts.append(f"{name}={value!r}")
    # the notation the conventions found (the check adds to it span by span), the budget of a step
    parts.append(f"notation={sorted(check.notation.items())!r}")
    parts.append(f"step_seconds={check.worker.step_seconds!r}")
    # whether the text speaks of a mean or a variance anywhere (a vocabulary statistic's definition is judged then)
    parts.append(f"statistics_named={check.reader.statistics_named!r}")
    return "\n".join(parts)


def definitions(check) -> dict:
    """The names the key defines anywhere (a formula step reads them), with their lines: read of the whole text
    too, but compared apart, their lines moved by an edit (:meth:`Memo._take_rest`)."""
    return check.reader.definitions()


def _moved_definitions(found: dict, edit: Edit) -> dict | None:
    out = {}
    for name, entries in found.items():
        out[name] = [(src, edit.line(line)) for src, line in entries]
        if any(line is None for _, line in out[name]):
            return None
    return out


def _end(span) -> int:
    return max(span.outer[1], span.start + len(span.text))


@dataclass(frozen=True)
class _Point:
    """The state of a check before span ``k``: what ``text[:limit]`` gave."""

    k: int
    limit: int
    findings: tuple
    contexts: dict
    notation: dict
    operations: dict
    reader: tuple[dict, ...]
    copies: dict = field(default_factory=dict)  # the end of the last copy of each step (roles.context_words)


@dataclass
class _Run:
    """What the check running has reached."""

    text: str
    readings: str | None
    definitions: dict | None
    spans: list
    points: list[_Point]
    every: int  # spans at least between two points kept
    furthest: int = 0  # the end of the furthest span before the last paragraph start seen
    edit: Edit | None = None  # the edit from the text of the last check, when the two read the whole text alike
    agree_from: int = 0  # the first span from which the spans of the two texts are the same, moved by the edit
    findings: list | None = None  # all its findings, as the check found them (before lnsym.check.roles.rules)
    sections: dict | None = None  # the section of each paragraph
    lines: LineIndex | None = None


class Memo:
    """The states a check of one document reached, for the next check of it (used from one thread)."""

    def __init__(self) -> None:
        self.text: str | None = None  # the text of the last check committed
        self._readings: str | None = None
        self._definitions: dict | None = None
        self._spans: list = []
        self._points: list[_Point] = []
        self._findings: list = []  # all the findings of the last check committed, as it found them
        self._sections: dict = {}
        self._lines: LineIndex | None = None
        self.ran: set[int] = set()  # the paragraphs the last check checked (the others' state was taken as it was)
        self.stopped: int | None = None  # the paragraph where the last check took the rest from the one before
        self._run: _Run | None = None

    # -- the hooks of the check (lnsym.check.pipeline._KeyCheck.first_span, before_span, last_span) --------
    def restore(self, check, spans: list) -> int:
        """Put into ``check`` the last state kept that holds for its text; the index of the span to go on from."""
        found = readings(check)
        defined = definitions(check) if found is not None else None
        self.ran, self.stopped = set(), None
        self._run = _Run(check.text, found, defined, spans, [], max(1, len(spans) // MAX_POINTS))
        if self.text is None or found is None or found != self._readings:
            return 0
        edit = Edit.between(self.text, check.text, self._lines, check.lines)
        if _moved_definitions(self._definitions, edit) != defined:
            return 0
        self._run.edit = edit
        self._run.agree_from = _agreeing_tail(self._spans, spans, edit)
        point = self._last_point(check.text, spans)
        # (the findings before the edit are where they were; a line they name, of a definition, may have moved)
        found_before = [shifted_finding(f, edit) for f in point.findings] if point is not None else [None]
        if None in found_before:
            return 0
        check.findings = found_before
        check.contexts = dict(point.contexts)
        check.notation = dict(point.notation)
        check.operations = dict(point.operations)
        check.copies = dict(point.copies)
        for name, saved in zip(_READER_STATE, point.reader, strict=True):
            setattr(check.reader, name, dict(saved))
        self._run.points = [replace(p, findings=tuple(found_before[: len(p.findings)]))
                            for p in self._points if p.k <= point.k]
        self._run.furthest = point.limit - LOOKAHEAD
        return point.k

    def keep(self, check, spans: list, k: int) -> bool:
        """Before span ``k``: keep the state if a paragraph starts there (and not too many are kept); True when
        the state is the one the last check had there, so that the rest of its findings are those of the last
        check, moved by the edit, and are now ``check.findings`` (the check stops)."""
        run = self._run
        if run is None or run.readings is None or not k or spans[k - 1].paragraph == spans[k].paragraph:
            self.ran.add(spans[k].paragraph)
            return False
        if self._take_rest(check, spans, k):
            self.stopped = spans[k].paragraph
            return True
        self.ran.add(spans[k].paragraph)
        last = run.points[-1].k if run.points else 0
        run.furthest = max([run.furthest, *(_end(s) for s in spans[last:k])])
        if run.points and k - last < run.every:
            return False
        run.points.append(_Point(k, run.furthest + LOOKAHEAD, tuple(check.findings), dict(check.contexts),
                                 dict(check.notation), dict(check.operations),
                                 tuple(dict(getattr(check.reader, n)) for n in _READER_STATE), dict(check.copies)))
        return False

    def finish(self, check) -> None:
        """Every span was checked: what the check found, for the next one."""
        run = self._run
        if run is not None:
            run.findings, run.sections, run.lines = list(check.findings), _sections(check), check.lines

    # -- the checker's ------------------------------------------------------------------------------------
    def commit(self) -> None:
        """The check ran to its end: its states are those the next check may start from."""
        run, self._run = self._run, None
        if run is None or run.findings is None:
            self.drop()
            return
        self.text, self._readings, self._spans, self._points = run.text, run.readings, run.spans, run.points
        self._definitions = run.definitions
        self._findings, self._sections, self._lines = run.findings, run.sections, run.lines

    def drop(self) -> None:
        """The check did not run to its end (cancelled, out of time, a fault): keep nothing."""
        self.text, self._readings, self._spans, self._points, self._run = None, None, [], [], None
        self._definitions = None
        self._findings, self._sections, self._lines = [], {}, None

    def _last_point(self, text: str, spans: list) -> _Point | None:
        same_spans = 0  # how many spans the two texts share from the start
        for a, b in zip(self._spans, spans, strict=False):
            if a != b:
                break
            same_spans += 1
        for point in reversed(self._points):
            if point.k <= same_spans and text[: point.limit] == self.text[: point.limit]:
                return point
        return None

    def _take_rest(self, check, spans: list, k: int) -> bool:
        """At the start of the paragraph of span ``k``: if the last check had the same state at the same place
        of its text, make the findings of the rest of the text its findings, moved by the edit, and keep its
        later states, moved too. False (check on) whenever that cannot be told."""
        run, edit = self._run, self._run.edit
        if edit is None or k < run.agree_from or not _unread(check.text, edit.new_end, _begin(spans[k])):
            return False
        old_k = k + len(self._spans) - len(spans)
        old = next((p for p in self._points if p.k == old_k), None)
        if old is None:
            return False
        if run.sections is None:
            run.sections = _sections(check)
        if run.sections != self._sections or not self._same_state(check, old, edit):
            return False
        rest = [shifted_finding(f, edit) for f in self._findings[len(old.findings):]]
        if None in rest:
            return False
        check.findings = list(check.findings) + rest
        run.findings, run.lines = list(check.findings), check.lines
        run.points.extend(self._moved_points(check, old, spans[k].paragraph, k - old_k))
        return True

    def _same_state(self, check, old: _Point, edit: Edit) -> bool:
        pairs: dict = {}  # (the dummies of the two checks paired up: one pairing for the whole state)
        if not (same(check.notation, old.notation, pairs) and same(check.operations, old.operations, pairs)
                and same([getattr(check.reader, n) for n in _READER_STATE], list(old.reader), pairs)):
            return False
        if check.copies != _moved_copies(old.copies, edit) or check.contexts.keys() != old.contexts.keys():
            return False
        for p, ctx in check.contexts.items():
            was = old.contexts[p]
            if ctx is not was:  # (the same object: a paragraph before the check resumed)
                moved = visible(was, edit)
                if moved is None or not same(visible(ctx), moved, pairs):
                    return False
        return True

    def _moved_points(self, check, stop: _Point, paragraph: int, dk: int) -> list[_Point]:
        """The last check's states from ``stop`` on, moved by the edit (those of the paragraphs before
        ``paragraph`` are this check's); they end at the first one that cannot be moved."""
        edit, mine, moved_ctx, out = self._run.edit, check.contexts, {}, []
        head = tuple(check.findings[: len(check.findings) - (len(self._findings) - len(stop.findings))])
        for point in self._points:
            if point.k < stop.k:
                continue
            contexts = {}
            for p, ctx in point.contexts.items():
                if p < paragraph:
                    contexts[p] = mine[p]
                    continue
                if id(ctx) not in moved_ctx:
                    moved_ctx[id(ctx)] = shifted_context(ctx, edit)
                contexts[p] = moved_ctx[id(ctx)]
            findings = [shifted_finding(f, edit) for f in point.findings[len(stop.findings):]]
            copies = _moved_copies(point.copies, edit)
            if None in contexts.values() or None in findings or copies is None:
                break
            out.append(_Point(point.k + dk, point.limit + edit.delta, head + tuple(findings), contexts,
                              point.notation, point.operations, point.reader, copies))
        return out


def _moved_copies(copies: dict, edit: Edit) -> dict | None:
    """The ends of the copies of steps (``_KeyCheck.copies``) where they are in the new text; None if the edit
    replaced one."""
    moved = {key: edit.offset(end - 1) for key, end in copies.items()}
    return None if None in moved.values() else {key: at + 1 for key, at in moved.items()}


def _begin(span) -> int:
    """Where a span's text begins, its opening delimiter included."""
    return min(span.start, span.outer[0]) if span.outer[1] else span.start


def _unread(text: str, end: int, begin: int) -> bool:
    """Is ``text[:end]`` (where the edit ends) out of reach of a span beginning at ``begin`` and of those after it?"""
    if begin - LOOKBEHIND < end:
        return False
    return begin - LOOKBEHIND_PARAGRAPH >= end or _BLANK_LINE.search(text, end, begin) is not None


def _agreeing_tail(old: list, new: list, edit: Edit) -> int:
    """The first index of ``new`` from which its spans are those of ``old``, moved by the edit."""
    i, j = len(new), len(old)
    while i and j and new[i - 1] == shifted_span(old[j - 1], edit):
        i, j = i - 1, j - 1
    return i


def _sections(check) -> dict:
    check.section_of(0)  # (made on first use)
    return dict(check._sections)
