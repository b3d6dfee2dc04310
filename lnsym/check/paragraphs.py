"""The paragraphs a key's check has gone through: which bound a name, and the section each is in (a heading,
"Problem", "Exercise" or "Solution" starts a new one), for the values an earlier paragraph bound."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from lnsym.check.judges.exact import free_of
from lnsym.check.roles.context import Context
from lnsym.check.spans.key_spans import section_starts
from lnsym.check.spans.math_spans import LineIndex

__all__ = ["EarlierParagraphs"]


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

    def earlier_values(self, paragraph: int, names: set[str]) -> dict[str, tuple[Any, int]]:
        """The values earlier paragraphs of the same section bound ``names`` to (the most recent first), with the
        offset of each binding; a heading, "Problem", "Exercise" or "Solution" starts a new section. Looked up by
        name (:meth:`binders`), not by walking every earlier paragraph: that was quadratic in a long key."""
        out: dict[str, tuple[Any, int]] = {}
        section = self.section_of(paragraph)
        for name in names:
            for p in reversed(self.binders().get(name, ())):
                if p >= paragraph:
                    continue
                if self.section_of(p) != section:
                    break
                ctx = self.contexts[p]
                value = ctx.env.get(name)
                if value is not None and not free_of(value):
                    out[name] = (value, ctx.origin.get(name, 0))
                    break
        return out

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

    def section_of(self, paragraph: int) -> int:
        if self._sections is None:
            first_line: dict[int, int] = {}
            for line, para in enumerate(self.para_of_line, start=1):
                first_line.setdefault(para, line)
            heads = [self.lines.line_of(start) for start in section_starts(self.text)]
            self._sections = {para: sum(h <= line for h in heads) for para, line in first_line.items()}
        return self._sections.get(paragraph, 0)
