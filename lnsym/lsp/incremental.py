"""Incremental checks: the next check of a document resumes from the state the last one reached before the
first span the edit can change, so an edit in the last paragraph re-checks that paragraph alone.

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
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["LOOKAHEAD", "MAX_POINTS", "Memo", "readings"]

LOOKAHEAD = 200  # characters past a span a check may read (lnsym.check.roles.cues reads up to 160)
MAX_POINTS = 48  # states kept per document: an edit re-checks at most 1/48 of the spans more than it must

# attributes of a check that are not readings of the whole text: its state, its inputs, its tools
_STATE = frozenset({"text", "lines", "para_of_line", "worker", "meaning", "contexts", "_sections", "findings",
                    "operations", "notation", "reader", "progress", "resume"})
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
        parts.append(f"{name}={value!r}")
    # the notation the conventions found (the check adds to it span by span), the names the key defines
    # anywhere (a formula step reads them), the budget of a step
    parts.append(f"notation={sorted(check.notation.items())!r}")
    parts.append(f"definitions={check.reader.definitions()!r}")
    parts.append(f"step_seconds={check.worker.step_seconds!r}")
    return "\n".join(parts)


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


@dataclass
class _Run:
    """What the check running has reached."""

    text: str
    readings: str | None
    spans: list
    points: list[_Point]
    every: int  # spans at least between two points kept
    furthest: int = 0  # the end of the furthest span before the last paragraph start seen


class Memo:
    """The states a check of one document reached, for the next check of it (used from one thread)."""

    def __init__(self) -> None:
        self.text: str | None = None  # the text of the last check committed
        self._readings: str | None = None
        self._spans: list = []
        self._points: list[_Point] = []
        self.ran: set[int] = set()  # the paragraphs the last check checked (the others' state was taken as it was)
        self._run: _Run | None = None

    # -- the hooks of the check (lnsym.check.pipeline._KeyCheck.first_span and before_span) ----------------
    def restore(self, check, spans: list) -> int:
        """Put into ``check`` the last state kept that holds for its text; the index of the span to go on from."""
        found = readings(check)
        self.ran = set()
        self._run = _Run(check.text, found, spans, [], max(1, len(spans) // MAX_POINTS))
        point = self._last_point(check.text, found, spans)
        if point is None:
            return 0
        check.findings = list(point.findings)
        check.contexts = dict(point.contexts)
        check.notation = dict(point.notation)
        check.operations = dict(point.operations)
        for name, saved in zip(_READER_STATE, point.reader, strict=True):
            setattr(check.reader, name, dict(saved))
        self._run.points = [p for p in self._points if p.k <= point.k]
        self._run.furthest = point.limit - LOOKAHEAD
        return point.k

    def keep(self, check, spans: list, k: int) -> None:
        """Before span ``k``: keep the state if a paragraph starts there (and not too many are kept)."""
        run = self._run
        self.ran.add(spans[k].paragraph)
        if run is None or run.readings is None or not k or spans[k - 1].paragraph == spans[k].paragraph:
            return
        last = run.points[-1].k if run.points else 0
        run.furthest = max([run.furthest, *(_end(s) for s in spans[last:k])])
        if run.points and k - last < run.every:
            return
        run.points.append(_Point(k, run.furthest + LOOKAHEAD, tuple(check.findings), dict(check.contexts),
                                 dict(check.notation), dict(check.operations),
                                 tuple(dict(getattr(check.reader, n)) for n in _READER_STATE)))

    # -- the checker's ------------------------------------------------------------------------------------
    def commit(self) -> None:
        """The check ran to its end: its states are those the next check may start from."""
        run, self._run = self._run, None
        if run is not None:
            self.text, self._readings, self._spans, self._points = run.text, run.readings, run.spans, run.points

    def drop(self) -> None:
        """The check did not run to its end (cancelled, out of time, a fault): keep nothing."""
        self.text, self._readings, self._spans, self._points, self._run = None, None, [], [], None

    def _last_point(self, text: str, found: str | None, spans: list) -> _Point | None:
        if self.text is None or found is None or found != self._readings:
            return None
        same = 0  # how many spans the two texts share from the start
        for a, b in zip(self._spans, spans, strict=False):
            if a != b:
                break
            same += 1
        for point in reversed(self._points):
            if point.k <= same and text[: point.limit] == self.text[: point.limit]:
                return point
        return None
