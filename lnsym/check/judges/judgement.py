"""What a judge returns for a step, and the statement a judge is given (plain data, so that it can be
sent to the worker process)."""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["FAULTS", "StatementJob", "StepResult", "failure"]


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
    previous: Any = None  # the paragraph's earlier equations and inequalities with unknowns (Context.facts)
    computed: frozenset = frozenset()  # names whose value the paragraph computed (conditions may use them)
    remainder: str = ""  # "= 4 remainder 133" with the remainder written after the math: the last step's
    approximate: bool = False  # the prose says the values are approximate ("approximately", "about")
    derived_from: Any = None  # lhs - rhs of the equation this one is derived from ("Simplifying, we get")
    floor_brackets: bool = False  # the text writes the greatest integer in x as [x] ("[x] denotes ...")
    prose: bool = False  # arithmetic read from prose (plain text), not math between delimiters
    rounded: frozenset = frozenset()  # decimals the paragraph wrote earlier after '≈': roundings, not data
    constants: frozenset = frozenset()  # names read as constants, not a case's value (`e`: Conventions.euler)
    bounds: tuple = ()  # the paragraph's earlier chains `a <= ... <= b` as lemmas.Bound (monotonicity uses them)


@dataclass(frozen=True)
class StepResult:
    """A judge's answer for one step. ``left``/``right`` are the exact values of the two sides (the
    evidence of a ``wrong`` or ``imprecise`` step); the pipeline adds the substitutions it made."""

    verdict: str  # correct / wrong / imprecise / unchecked / error / skip
    expected: str = ""
    reason: str = ""
    left: str = ""
    right: str = ""
    rule: str = ""  # what decided it, where a later stage needs to know: "lemma" (a claim for all values)


# Exceptions that mean lnsym itself is broken (a bug, a broken install), not that a step is undecidable:
# they become the verdict ``error``, never ``unchecked``.
FAULTS = (ImportError, NameError, AttributeError, AssertionError, SyntaxError, UnboundLocalError)


def failure(exc: BaseException, what: str) -> StepResult:
    """The result of a judge that raised: ``error`` for a fault of lnsym, ``unchecked`` for mathematics that
    SymPy could not handle (a ``PolynomialError``, a ``TypeError`` of a comparison ...)."""
    name = type(exc).__name__
    # Python refuses str() of an integer past 4,300 digits: lnsym printed a number it should have shortened
    if isinstance(exc, FAULTS) or (isinstance(exc, ValueError) and "integer string conversion" in str(exc)):
        detail = str(exc).splitlines()[0][:120] if str(exc) else ""
        tb = traceback.extract_tb(exc.__traceback__)[-1:] if exc.__traceback__ is not None else []
        where = f" at {Path(tb[0].filename).name}:{tb[0].lineno}" if tb else ""
        return StepResult("error", "", f"{what}: lnsym failed ({name}{': ' + detail if detail else ''}{where}); "
                                       "please report this")
    if isinstance(exc, RecursionError):
        return StepResult("unchecked", "", f"{what}: too deeply nested")
    if isinstance(exc, MemoryError):
        return StepResult("unchecked", "", f"{what}: ran out of memory")
    return StepResult("unchecked", "", f"{what} not decided ({name})")
