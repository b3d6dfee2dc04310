"""What a judge returns for a step, and the statement a judge is given (plain data, so that it can be
sent to the worker process)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["StatementJob", "StepResult"]


@dataclass
class StatementJob:
    """Plain data, so that it can be sent to the worker process."""

    trees: list[tuple | None]
    errors: list[str]
    sources: list[str]
    rels: list[str]
    env: dict[str, Any] = field(default_factory=dict)
    defined: str = ""  # the name the first term defines (its first step is not checked)
    poison: str = ""
    start: int = 0  # first step to decide (after a restart)
    skip_terms: frozenset = frozenset()  # terms whose evaluation timed out
    name_chain: bool = False  # `NAME = a = b = ...`: every later link must be an identity
    approx: dict[str, Any] = field(default_factory=dict)  # decimals written earlier as roundings
    previous: Any = None  # `lhs - rhs` of the paragraph's previous equation, if it has one unknown
    computed: frozenset = frozenset()  # names whose value the paragraph computed (conditions may use them)


@dataclass(frozen=True)
class StepResult:
    verdict: str  # correct / wrong / unchecked / skip
    expected: str = ""
    reason: str = ""
