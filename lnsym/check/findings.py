"""Results of checking an answer key: frozen dataclasses and a three-valued verdict."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

__all__ = ["FileReport", "Finding", "KeyReport", "Verdict"]


class Verdict(Enum):
    """A step is proved (``CORRECT``), refuted (``WRONG``) or undecided (``UNCHECKED``); never a bare bool."""

    CORRECT = "correct"
    WRONG = "wrong"
    UNCHECKED = "unchecked"

    @property
    def mark(self) -> str:
        return {"correct": "✓", "wrong": "✗", "unchecked": "?"}[self.value]


@dataclass(frozen=True)
class Finding:
    """One step ``left REL right`` of a chain. Positions are 1-based; ``end_column`` is exclusive."""

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

    def __post_init__(self) -> None:
        if self.line < 1 or self.column < 1:
            raise ValueError(f"positions are 1-based, got {self.line}:{self.column}")
        if (self.end_line, self.end_column) < (self.line, self.column):
            raise ValueError("a finding must not end before it starts")

    def to_json(self) -> dict:
        return {
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "source": self.source,
            "relation": self.relation,
            "verdict": self.verdict.value,
            "expected": self.expected,
            "reason": self.reason,
        }


def _summary(findings: tuple[Finding, ...]) -> dict[str, int]:
    counts = {v.value: 0 for v in Verdict}
    for f in findings:
        counts[f.verdict.value] += 1
    return counts


@dataclass(frozen=True)
class FileReport:
    """The findings of one key, sorted by position."""

    path: str
    findings: tuple[Finding, ...] = field(default_factory=tuple)
    text: str = field(default="", repr=False, compare=False)

    @property
    def summary(self) -> dict[str, int]:
        return _summary(self.findings)

    @property
    def ok(self) -> bool:
        return self.summary["wrong"] == 0

    def to_json(self) -> dict:
        return {
            "path": self.path,
            "summary": self.summary,
            "findings": [f.to_json() for f in self.findings],
        }


@dataclass(frozen=True)
class KeyReport:
    """Several files checked in one call."""

    files: tuple[FileReport, ...]

    @property
    def summary(self) -> dict[str, int]:
        return _summary(tuple(f for r in self.files for f in r.findings))

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.files)

    def to_json(self) -> dict:
        return {"summary": self.summary, "files": [r.to_json() for r in self.files]}
