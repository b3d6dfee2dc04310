"""Results of checking an answer key: frozen dataclasses and a verdict with six values.

A step is ``correct`` only when proved and ``wrong`` only when refuted, with evidence a reader can
check in seconds: the exact value of each side and every substitution used. ``imprecise`` is a right
value written with wrong digits (a truncated last digit, digits past the precision of the source,
``=`` for a rounding); ``unchecked`` says why lnsym could not tell; ``defined`` is a statement that gives a
new name its meaning (``x = (1, 3)``, ``p_i = e^{z_i}/S``): nothing to check; ``error`` is a fault of lnsym itself
(a crash in a judge, a broken install), never disguised as ``unchecked``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from enum import Enum

from lnsym.check.reasons import Reason

__all__ = ["SEVERITY_ORDER", "Evidence", "FileReport", "Finding", "KeyReport", "Substitution", "Verdict", "report_once",
           "summary_of"]


class Verdict(str, Enum):
    """What lnsym says of a step; never a bare bool.

    A ``str`` whose text is its value (``f"{v}"``, ``str(v)``, JSON and hashing all give ``"correct"``), so that
    outputs stay byte-identical and code still comparing with the bare strings keeps working while it is converted.
    """

    CORRECT = "correct"
    WRONG = "wrong"
    IMPRECISE = "imprecise"
    UNCHECKED = "unchecked"
    DEFINED = "defined"
    ERROR = "error"

    # equal to its value as a str, so hashed as one (a set or dict may mix both while code is converted)
    __hash__ = str.__hash__

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)

    @property
    def mark(self) -> str:
        return _MARKS[self.value]


_MARKS = {"correct": "✓", "wrong": "✗", "imprecise": "~", "unchecked": "?", "defined": "≔", "error": "!"}
# The order of the counts in summaries and of the words in the closing line.
SEVERITY_ORDER = ("correct", "wrong", "imprecise", "unchecked", "defined", "error")


@dataclass(frozen=True)
class Substitution:
    """A value a judge used for a name: ``x = 3`` bound at line 4 of the key."""

    name: str
    value: str
    line: int = 0  # 0: not from the key's text (a declaration default)

    def __str__(self) -> str:
        return f"{self.name} = {self.value}" + (f" (line {self.line})" if self.line else "")

    def to_json(self) -> dict:
        return {"name": self.name, "value": self.value, "line": self.line or None}


@dataclass(frozen=True)
class Evidence:
    """What a reader needs to check a verdict: each side's exact value and the substitutions made."""

    left: str = ""
    right: str = ""
    substitutions: tuple[Substitution, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.left or self.right or self.substitutions)

    def to_json(self) -> dict:
        return {"left": self.left, "right": self.right,
                "substitutions": [s.to_json() for s in self.substitutions]}


@dataclass(frozen=True)
class Finding:
    """One step ``left REL right`` of a chain. Positions are 1-based; ``end_column`` is exclusive.

    ``role`` is what the statement claims (``assertion``, ``identity``, ``equation``, ``definition``,
    ``hypothesis``, ``rejected``, ``restated``; empty when not classified). ``step`` is the index of the solution
    step the finding is in, for solutions given as a list of steps; ``cell`` the notebook cell (both
    None otherwise).
    """

    line: int
    column: int
    end_line: int
    end_column: int
    source: str
    relation: str
    verdict: Verdict
    expected: str = ""
    reason: str = ""
    paragraph: int = 0
    role: str = ""
    evidence: Evidence = field(default_factory=Evidence)
    step: int | None = None
    cell: int | None = None
    code: Reason = field(default=Reason.OTHER, compare=False)  # what the reason says (never written out)
    # the readings of a convention the step holds under, where not all (Judgement.held; never written out)
    held: tuple = field(default=(), compare=False)

    def __post_init__(self) -> None:
        if self.line < 1 or self.column < 1:
            raise ValueError(f"positions are 1-based, got {self.line}:{self.column}")
        if (self.end_line, self.end_column) < (self.line, self.column):
            raise ValueError("a finding must not end before it starts")
        if not isinstance(self.verdict, Verdict):
            raise TypeError(f"verdict must be a Verdict, got {self.verdict!r}")

    def to_json(self) -> dict:
        out = {
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "source": self.source,
            "relation": self.relation,
            "verdict": self.verdict.value,
            "expected": self.expected,
            "reason": self.reason,
            "role": self.role,
            "evidence": self.evidence.to_json() if self.evidence else None,
        }
        if self.step is not None:
            out["step"] = self.step
        if self.cell is not None:
            out["cell"] = self.cell
        return out


def report_once(findings) -> tuple[Finding, ...]:
    """Each wrong equation reported once, where it is first written. A later ``wrong`` with the same relation, the
    same right side as written and the same values of both sides (the same substitutions, too) restates it:
    ``90(1) + 100(2) + ... = 2920``, then "Simplifying:" ``90 + 200 + ... = 2920`` carries one error, not two,
    so the second is ``unchecked`` with the role ``restated`` and a pointer to the first. Two computations that
    share no number are two slips, whatever their values (``2 \\cdot 2 = 5`` and ``10 - 6 = 5``): a rewriting keeps
    some of the numbers it rewrites, or is a number alone. ``findings`` are in the order they were written (by step,
    then position); so are the findings returned."""
    first: dict[tuple, Finding] = {}
    out: list[Finding] = []
    for f in findings:
        if f.verdict is Verdict.WRONG and f.evidence.left and f.evidence.right and f.relation in f.source:
            right = "".join(f.source.rsplit(f.relation, 1)[1].split())
            key = (f.relation, right, f.evidence.left, f.evidence.right, f.evidence.substitutions)
            earlier = first.setdefault(key, f)
            if earlier is not f and not _rewrites(earlier, f):
                first[key] = f  # (another slip: a third with these values restates the nearer one)
            elif earlier is not f:
                where = f"step {earlier.step}, " if earlier.step is not None and earlier.step != f.step else ""
                f = replace(f, verdict=Verdict.UNCHECKED, role="restated", evidence=Evidence(), code=Reason.OTHER,
                            reason=f"restates {earlier.source} ({where}line {earlier.line}), wrong there with the same "
                                   f"values, {f.evidence.left} and {f.evidence.right}: reported once")
        out.append(f)
    return tuple(out)


_NUMBER = re.compile(r"\d+(?:\.\d+)?")


_PRODUCT = re.compile(r"\\cdot|\\times|\*|×|·")
_NOT_OPERATOR = re.compile(r"\d+(?:\.\d+)?|\s+|\\left|\\right")


def _rewrites(earlier: Finding, later: Finding) -> bool:
    """May ``later``'s left side be ``earlier``'s rewritten? One of them a number alone (or a name); the later one
    simpler, with fewer numbers, some of them kept (``90(1) + 100(2)`` then ``90 + 200``); or the same numbers with
    the same operations, reordered (``4 \\cdot 3`` for ``3 \\cdot 4``). Not two computations of the same size with
    other numbers or operations (``\\frac{6}{2}`` and ``6 - 3``, ``2 \\cdot 2`` and ``2 + 2``): two slips."""
    left = [f.source.rsplit(f.relation, 1)[0] for f in (earlier, later)]
    numbers = [_NUMBER.findall(side) for side in left]
    if len(numbers[0]) <= 1 or len(numbers[1]) <= 1:
        return True
    if len(numbers[1]) < len(numbers[0]):
        return bool(set(numbers[0]) & set(numbers[1]))
    operations = [sorted(_NOT_OPERATOR.sub("", _PRODUCT.sub("*", side))) for side in left]
    return sorted(numbers[0]) == sorted(numbers[1]) and operations[0] == operations[1]


def summary_of(findings) -> dict[str, int]:
    """How many findings have each verdict, in :data:`SEVERITY_ORDER`, zeros included."""
    counts = dict.fromkeys(SEVERITY_ORDER, 0)
    for f in findings:
        counts[f.verdict.value] += 1
    return counts


@dataclass(frozen=True)
class FileReport:
    """The findings of one key, sorted by position.

    For a notebook, ``cells`` holds its Markdown cells as ``(number, text)`` and each finding's
    ``cell`` says which one its line and column are in; ``text`` is then the notebook's JSON.
    """

    path: str
    findings: tuple[Finding, ...] = field(default_factory=tuple)
    text: str = field(default="", repr=False, compare=False)
    cells: tuple[tuple[int, str], ...] = field(default=(), repr=False, compare=False)

    def parts(self) -> list[tuple[int | None, str, tuple[Finding, ...]]]:
        """``(cell, text, findings)`` for each text of the key: one per Markdown cell of a notebook, else
        one with cell None."""
        if not self.cells:
            return [(None, self.text, self.findings)]
        return [(n, t, tuple(f for f in self.findings if f.cell == n)) for n, t in self.cells]

    @property
    def summary(self) -> dict[str, int]:
        return summary_of(self.findings)

    @property
    def ok(self) -> bool:
        """No step is wrong (``imprecise`` and ``unchecked`` are not failures; ``error`` is counted apart)."""
        return self.summary["wrong"] == 0

    def to_json(self) -> dict:
        return {
            "path": self.path,
            "summary": self.summary,
            "findings": [f.to_json() for f in self.findings],
        }


@dataclass(frozen=True)
class KeyReport:
    """Several files checked in one call; ``unreadable`` lists ``(path, reason)`` of inputs that could not be
    read (missing, not UTF-8, not a notebook ...) when the others were checked all the same."""

    files: tuple[FileReport, ...]
    unreadable: tuple[tuple[str, str], ...] = ()

    @property
    def summary(self) -> dict[str, int]:
        return summary_of(f for r in self.files for f in r.findings)

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.files)

    def exit_code(self, strict: bool = False) -> int:
        """0 nothing wrong; 1 a step is wrong (or, with ``strict``, imprecise); 2 an input could not be read;
        4 lnsym failed on a step.

        A fault of lnsym wins over an unreadable input, which wins over a wrong step: the results are
        incomplete, and a script must not take a broken install for a careful checker."""
        counts = self.summary
        if counts["error"]:
            return 4
        if self.unreadable:
            return 2
        if counts["wrong"] or (strict and counts["imprecise"]):
            return 1
        return 0

    def to_json(self) -> dict:
        out = {"summary": self.summary, "files": [r.to_json() for r in self.files]}
        if self.unreadable:
            out["unreadable"] = [{"path": p, "reason": why} for p, why in self.unreadable]
        return out
