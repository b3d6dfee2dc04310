"""The paragraphs a key's check has gone through: which bound a name, and the section each is in (a heading,
"Problem", "Exercise" or "Solution" starts a new one), for the values an earlier paragraph bound."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from lnsym.check.judges.numbers.exact import free_of
from lnsym.check.judges.numbers.values import Mat, Vec
from lnsym.check.roles.context import Context
from lnsym.check.roles.defined_values import in_subscript, indexed_vectors, names_at, value_at, vector_of
from lnsym.check.roles.forms import written_names
from lnsym.check.roles.index_scope import scope_key
from lnsym.check.spans.key_spans import section_starts
from lnsym.check.spans.math_spans import LineIndex

__all__ = ["EarlierParagraphs"]

MAX_DEPTH = 6  # how many entries of a sequence defined by recurrence are worked out for one step (`\\theta_{6}`)
_ENTRY = re.compile(r"(.+)_\{([0-9]{1,2})\}")  # `p_{2}`, `J_{13}`: an entry named by its place


class EarlierParagraphs:
    """A part of ``lnsym.check.pipeline._KeyCheck``: it reads the check's text, lines, paragraphs and contexts, and
    keeps its indexes (``_sections`` and ``_binders``, made on first use) on the check itself, where a resumed
    check (:mod:`lnsym.lsp.incremental`) finds them."""

    text: str
    lines: LineIndex
    para_of_line: list[int]
    contexts: dict[int, Context]
    _sections: dict[int, int] | None
    _binders: dict[str, list[int]] | None
    _changers: tuple[int, list[int]] | None

    def earlier_values(self, paragraph: int, names: set[str]) -> dict[str, tuple[Any, int]]:
        """The values earlier paragraphs of the same section bound ``names`` to (the most recent first), with the
        offset of each binding; a heading, "Problem", "Exercise" or "Solution" starts a new section. Looked up by
        name (:meth:`binders`), not by walking every earlier paragraph: that was quadratic in a long key."""
        out: dict[str, tuple[Any, int]] = {}
        section = self.section_of(paragraph)
        for name in self._unchanged(paragraph, names):
            for p in reversed(self.binders().get(name, ())):
                if p >= paragraph:
                    continue
                ctx = self.contexts[p]
                if self.section_of(p) != section or self.section_at(ctx.origin.get(name, 0)) != section:
                    break  # (bound before the heading of this section, in a paragraph that straddles it)
                value = ctx.env.get(name)
                if value is not None and not free_of(value):
                    if not self._redefined(name, p, ctx.origin.get(name, 0), paragraph) \
                            and not self._changed_between(name, p, paragraph):
                        out[name] = (value, ctx.origin.get(name, 0))
                    break
        return out

    def earlier_kind(self, paragraph: int, name: str) -> str | None:
        """How the binding :meth:`earlier_values` finds for ``name`` was made: ``"let"`` (a value written out,
        ``x = 4``), ``"derived"`` (computed, ``\\mu = \\frac{2+4}{2} = 3``), ``"candidates"`` (two values in a
        row, ``x = (1, 2)`` or ``x = (2, 1)``: either may be meant), or None when there is none."""
        section = self.section_of(paragraph)
        for p in reversed(self.binders().get(name, ())):
            if p < paragraph:
                ctx = self.contexts[p]
                if self.section_of(p) != section:
                    return None
                return "candidates" if name in ctx.candidates else ctx.kind.get(name)
        return None

    def inexact(self, paragraph: int, name: str) -> bool:
        """Is the value of ``name`` up to ``paragraph`` a rounding or one resting on a rounding
        (``Context.inexact``)?"""
        return any(name in ctx.inexact for p, ctx in self.contexts.items() if p <= paragraph)

    def claimed(self, paragraph: int, name: str) -> bool:
        """Is the value carried for ``name`` up to ``paragraph`` what a later term of its chain claims, not what its
        definition gives (``Context.claimed``)?"""
        return any(name in ctx.claimed for p, ctx in self.contexts.items() if p <= paragraph)

    def rebound_between(self, paragraph: int, origin: int, here: int) -> str | None:
        """A parameter of the section given another value between offsets ``origin`` and ``here`` (``T = 2`` after
        ``T = 1``), which a value computed before it may rest on; or None. A parameter is a name some paragraph
        binds to a value written out; it was given another value when it is defined again there and the paragraphs
        hold two values for it, or one paragraph defines it twice. A name worked out again (``a = W_1 x``, then ``a =
        (1 - 2,\\ 0.5 + 2)^\\top``) is not a parameter."""
        section = self.section_of(paragraph)
        contexts = [self.contexts[p] for p in sorted(self.contexts) if p <= paragraph and self.section_of(p) == section]
        offsets: dict[str, list[int]] = {}
        for ctx in contexts:
            for name, ats in ctx.defines.items():
                offsets.setdefault(name, []).extend(ats)
        for name, ats in sorted(offsets.items()):
            if not any(origin < at < here for at in ats) or min(ats) >= max(at for at in ats if at < here):
                continue
            if not any(ctx.kind.get(name) == "let" for ctx in contexts):
                continue
            values = {str(ctx.env[name]) for ctx in contexts if name in ctx.env}
            if len(values) > 1 or any(len(ctx.defines.get(name, ())) > 1 for ctx in contexts):
                return name
        return None

    def _unchanged(self, paragraph: int, names: set[str]) -> set[str]:
        """``names`` but those the prose of ``paragraph`` gave another value ("if $t$ doubles") and the names
        computed from them (:attr:`Context.changed`): no earlier value of theirs holds there."""
        ctx = self.contexts.get(paragraph)
        if ctx is None or not ctx.changed:
            return names
        return {n for n in names if not any(self.rests_on(paragraph, n, c) for c in ctx.changed)}

    def _changed_between(self, name: str, p: int, paragraph: int) -> bool:
        """Did the prose or an update of a paragraph after ``p`` and before ``paragraph`` give ``name``, or a name its
        value was computed from, another value ("Step 1: $w \\leftarrow w - 0.2 = 0.8$" between the paragraph that
        bound ``w = 1`` and one that computes ``2w``)? Then the value bound in ``p`` no longer holds. (Changes in
        ``paragraph`` itself are :meth:`_unchanged`'s.)"""
        return any(self.rests_on(q, name, c) for q in self._changers_before(paragraph) if p < q
                   for c in self.contexts[q].changed)

    def _changers_before(self, paragraph: int) -> list[int]:
        """The paragraphs before ``paragraph`` whose context changed a name (:attr:`Context.changed`), found once:
        the earlier paragraphs are done with when a later one asks, and a long key has few such paragraphs."""
        scanned, found = self._changers if self._changers is not None else (-1, [])
        for q in range(scanned + 1, paragraph):
            ctx = self.contexts.get(q)
            if ctx is not None and ctx.changed:
                found.append(q)
        self._changers = (max(scanned, paragraph - 1), found)
        return [q for q in found if q < paragraph]

    def rests_on(self, paragraph: int, name: str, other: str) -> bool:
        """Was the value of ``name``, up to ``paragraph``, computed from ``other`` (``A = \\pi r^2``: from r), or from
        a name computed from it (``Context.depends``, through every paragraph up to there)? ``name`` itself counts."""
        seen, frontier = {name}, [name]
        while frontier:
            n = frontier.pop()
            if n == other:
                return True
            for p, ctx in self.contexts.items():
                if p <= paragraph:
                    for d in ctx.depends.get(n, ()):
                        if d not in seen:
                            seen.add(d)
                            frontier.append(d)
        return False

    def _redefined(self, name: str, p: int, origin: int, paragraph: int) -> bool:
        """Did a statement define ``name`` again, after the binding at ``origin`` of paragraph ``p`` and up to
        ``paragraph``, by what has no value (``p_i = 2 z_i`` with z unknown)? Then which one a step means is not
        known."""
        return any(at > origin for q in self.contexts if p <= q <= paragraph
                   for at in self.contexts[q].defines.get(name, ()))

    def carried_values(self, paragraph: int, names: set[str], depth: int = 0) -> dict[str, tuple[Any, int]]:
        """The values the section, up to and including ``paragraph``, carries for ``names`` (prove-only,
        :mod:`~lnsym.check.roles.defined_values`): a name defined by a formula once in the section, and an entry
        (``p_{2}``, ``J_{13}``, counted from 1) of a vector or matrix the section defines once and whose entry it
        defines nowhere."""
        out: dict[str, tuple[Any, int]] = {}
        if not names:  # (most statements ask for none: the paragraphs are not sorted for nothing)
            return out
        section = self.section_of(paragraph)
        mine = [p for p in sorted(self.contexts, reverse=True) if p <= paragraph and self.section_of(p) == section]
        for name in sorted(self._unchanged(paragraph, names)):
            found = self._carried(mine, name, paragraph)
            if found is None and depth < MAX_DEPTH and self._defines(mine, name) == 1:
                found = self._vector(paragraph, name, depth)
            if found is None:
                m = _ENTRY.fullmatch(name)
                found = self._entry(mine, paragraph, m.group(1), m.group(2)) \
                    if m is not None and self._defines(mine, name) == 0 else None
                if found is None and m is not None and self._defines(mine, name) == 0 and depth < MAX_DEPTH:
                    found = self._sequence(paragraph, m.group(1), int(m.group(2)), depth)
            if found is not None:
                out[name] = found
        return out

    def _defines(self, paragraphs: list[int], name: str) -> int:
        # (a definition under a hypothesis counts twice: the name may or may not be that)
        return sum(len(self.contexts[p].defines.get(name, ())) + 2 * (name in self.contexts[p].supposed)
                   for p in paragraphs)

    def _carried(self, paragraphs: list[int], name: str, paragraph: int) -> tuple[Any, int] | None:
        """The value carried for ``name``, when the paragraphs define it once (by that formula) and no paragraph
        since and before ``paragraph`` changed what it rests on."""
        if self._defines(paragraphs, name) != 1:
            return None
        p = next((p for p in paragraphs if name in self.contexts[p].carried), None)
        if p is None or self._changed_between(name, p, paragraph):
            return None
        return self.contexts[p].carried[name]

    def _entry(self, paragraphs: list[int], paragraph: int, base: str, k: str) -> tuple[Any, int] | None:
        """Entry ``k`` (``2``; ``13``: row 1, column 3 of a matrix) of the vector or matrix ``base`` the paragraphs
        define once."""
        if self._defines(paragraphs, base) != 1:
            return None
        found = self._carried(paragraphs, base, paragraph)
        if found is None:
            ctx = self.contexts.get(paragraph)
            found = (ctx.env[base], ctx.origin.get(base, 0)) if ctx is not None and base in ctx.env else \
                self.earlier_values(paragraph, {base}).get(base)
        if found is None or not isinstance(found[0], Vec):
            return None
        value = found[0]
        if isinstance(value, Mat) and not value.is_vector:
            rows, cols = value.shape
            if len(k) != 2 or rows > 9 or cols > 9 or not (1 <= int(k[0]) <= rows and 1 <= int(k[1]) <= cols):
                return None
            return value.items[(int(k[0]) - 1) * cols + int(k[1]) - 1], found[1]
        return (value.items[int(k) - 1], found[1]) if 1 <= int(k) <= len(value) else None

    def _rule(self, paragraph: int, base: str) -> tuple | None:
        """The index definition (``("entry", letter, body)``) the section of ``paragraph`` gives ``base`` once."""
        scopes, operations = getattr(self, "index_scopes", None), getattr(self, "operations", None)
        line = next((n for n, p in enumerate(self.para_of_line, start=1) if p == paragraph), None)
        if scopes is None or operations is None or line is None:
            return None
        scope = operations.get(scope_key(scopes.section_at(self.lines.starts[line - 1])))
        rule = scope.definitions.get(base) if scope is not None else None
        return rule if rule is not None and rule[0] == "entry" and in_subscript(rule[2], rule[1]) else None

    def _known_here(self, paragraph: int, names: set[str], depth: int) -> dict[str, Any]:
        """The values ``names`` have at ``paragraph``: its own, an earlier paragraph's, carried ones."""
        ctx = self.contexts.get(paragraph)
        env = {n: ctx.env[n] for n in names if ctx is not None and n in ctx.env}
        env.update({n: v for n, (v, _) in self.earlier_values(paragraph, names - set(env)).items()})
        env.update({n: v for n, (v, _) in self.carried_values(paragraph, names - set(env), depth + 1).items()})
        return env

    def _origin(self, paragraph: int, base: str) -> int:
        mine = [p for p in self.contexts if p <= paragraph and self.section_of(p) == self.section_of(paragraph)]
        return next((self.contexts[p].defines[base][0] for p in mine if base in self.contexts[p].defines), 0)

    def _vector(self, paragraph: int, base: str, depth: int) -> tuple[Any, int] | None:
        """``\\tilde h`` from ``\\tilde h_i = \\frac{m_i h_i}{1 - p}`` stated before ``h`` and ``m`` were given: the
        rule applied entry by entry to the vectors its body indexes, with the values they have at ``paragraph``."""
        rule = self._rule(paragraph, base)
        if rule is None:
            return None
        _, letter, body = rule
        vectors = indexed_vectors(body, letter)
        if not vectors:
            return None
        env = self._known_here(paragraph, written_names(body) - {base}, depth)
        value = vector_of(self.worker, body, letter, env)
        return None if value is None else (value, self._origin(paragraph, base))

    def _sequence(self, paragraph: int, base: str, k: int, depth: int) -> tuple[Any, int] | None:
        """``\\theta_{1}`` from the index definition the section gives once (``\\theta_t = \\theta_{t-1} - \\alpha
        \\hat m_t / \\sqrt{\\hat v_t}``), at t = 1, with the values its body's names have here (an entry the body
        uses that only the definition gives is worked out the same way, a few levels deep)."""
        rule = self._rule(paragraph, base)
        if rule is None:
            return None
        _, letter, body = rule
        env = self._known_here(paragraph, names_at(body, letter, k), depth)
        value = value_at(self.worker, body, letter, k, env)
        return None if value is None else (value, self._origin(paragraph, base))

    def binders(self) -> dict[str, list[int]]:
        """Name -> the paragraphs whose context bound it, in order: made from the contexts when first asked (or
        after a check resumed with the contexts of an earlier one), then kept up as statements bind."""
        if self._binders is None:
            self._binders = {}
            for p in sorted(self.contexts):
                for name in self.contexts[p].env:
                    self._binders.setdefault(name, []).append(p)
        return self._binders

    def note_binders(self, names: Iterable[str], paragraph: int) -> None:
        """``names``, bound by a statement of ``paragraph``, in the index of :meth:`binders` once it is made."""
        if self._binders is None:
            return
        for name in names:
            found = self._binders.setdefault(name, [])
            if not found or found[-1] != paragraph:
                found.append(paragraph)

    def earlier_assumptions(self, paragraph: int) -> list:
        """The standing assumptions (:attr:`Context.assumptions`, "Let $x > 0$.") of the earlier paragraphs of the
        section of ``paragraph``, in the text's order: a paragraph of its own that assumes a bound holds for the
        cases of the paragraphs after it ("Let $x > 0$." then, a blank line on, "If $x < 1$, then $x^2 < x$")."""
        section = self.section_of(paragraph)
        return [q for p in sorted(self.contexts) if p < paragraph and self.section_of(p) == section
                for q in self.contexts[p].assumptions]

    def section_of(self, paragraph: int) -> int:
        """The section of ``paragraph``: that of its last line (a LaTeX paragraph may begin before the
        ``\\section*{..}`` line its values follow)."""
        if self._sections is None:
            last_line: dict[int, int] = {}
            for line, para in enumerate(self.para_of_line, start=1):
                last_line[para] = line
            heads = self._heads()
            self._sections = {para: sum(h <= line for h in heads) for para, line in last_line.items()}
        return self._sections.get(paragraph, 0)

    def _heads(self) -> list[int]:
        return [self.lines.line_of(start) for start in section_starts(self.text)]

    def section_at(self, offset: int) -> int:
        """The section of the text at ``offset`` (the number of section starts on or before its line)."""
        line = self.lines.line_of(offset)
        return sum(h <= line for h in self._heads())
