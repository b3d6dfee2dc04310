"""What a judge returns for a step, and the statement a judge is given (plain data, so that it can be
sent to the worker process)."""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

from lnsym.check.findings import Verdict
from lnsym.check.reasons import Reason

__all__ = ["FAULTS", "SKIP", "Judgement", "Outcome", "ParseFault", "Skip", "StatementJob", "crashed", "failure"]


class Skip(str, Enum):
    """A judge's answer for a step it does not judge (a side with no text): the step gets no finding at all, so
    this is no :class:`~lnsym.check.findings.Verdict` and never reaches a report. A ``str`` equal to ``"skip"``,
    as :class:`Verdict` is to its value."""

    SKIP = "skip"

    __hash__ = str.__hash__

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


SKIP = Skip.SKIP
Outcome = Verdict | Skip  # what a judge answers for a step
# A verdict still written as its bare string (by a judge not yet converted) becomes the enum member it names.
_BY_VALUE: dict[str, Outcome] = {**{v.value: v for v in Verdict}, SKIP.value: SKIP}


class ParseFault(str):
    """The parse error of a term (in :attr:`StatementJob.errors`) that is a fault of lnsym's parser, not of the
    key: the steps beside the term are the verdict ``error``. A ``str``, its message, as the other errors are."""


@dataclass
class StatementJob:
    """Plain data, so that it can be sent to the worker process."""

    trees: list[tuple | None]
    errors: list[str]
    sources: list[str]
    rels: list[str]
    env: dict[str, Any] = field(default_factory=dict)
    defined: str = ""  # the name the first term defines (its first step is not checked)
    poison: str = ""  # why no step is decided as written (a message), or ""
    start: int = 0  # first step to decide (after a restart)
    skip_terms: frozenset = frozenset()  # terms whose evaluation timed out
    name_chain: bool = False  # `NAME = a = b = ...`: every later link must be an identity
    assigned: bool = False  # `w \leftarrow a = b`: the value assigned, rewritten; every link must be an identity
    claims: frozenset = frozenset()  # steps claimed for every value of their variable (`\tanh'(x) = ...`)
    approx: dict[str, Any] = field(default_factory=dict)  # decimals written earlier as roundings
    previous: Any = None  # the paragraph's earlier equations and inequalities with unknowns (Context.facts)
    computed: frozenset = frozenset()  # names whose value the paragraph computed (conditions may use them)
    remainder: str = ""  # "= 4 remainder 133" with the remainder written after the math: the last step's
    approximate: bool = False  # the prose says the values are approximate ("approximately", "about")
    said_rounded: bool = False  # and says they are rounded ("(rounded)"): a decimal cut after its digits is no rounding
    derived_from: Any = None  # lhs - rhs of the equation this one is derived from ("Simplifying, we get")
    floor_brackets: bool = False  # the text writes the greatest integer in x as [x] ("[x] denotes ...")
    prose: bool = False  # arithmetic read from prose (plain text), not math between delimiters
    rounded: frozenset = frozenset()  # decimals the paragraph wrote earlier after '≈': roundings, not data
    constants: frozenset = frozenset()  # names read as constants, not a case's value (`e`: Conventions.euler)
    bounds: tuple = ()  # the paragraph's earlier chains `a <= ... <= b` as lemmas.Bound (monotonicity uses them)
    poison_code: Reason = Reason.OTHER  # what the poison says (Reason.MODULAR, Reason.OTHER_BASE ...)
    modulus: int | None = None  # a congruence's modulus (`\pmod{7}`, "(mod 7)"): its steps are decided modulo it
    # the hypothesis it is asserted under ("if $t \ge 1$, then"), one region.Region per variable it bounds
    regions: tuple = ()
    matrices: bool = False  # the text speaks of matrices ("matrix", "Jacobian", R^{m x n}): `I + J` is of matrices
    introduced: bool = False  # its sentence introduces a definition ("Let", "Define", "take"): a name given anew
    # the names the paragraph defined once, by a statement `NAME = ...` (``a = 2m + 1``): what proofs.definitions
    # may put in for them
    definitions: frozenset = frozenset()


@dataclass(frozen=True)
class Judgement:
    """A judge's answer for one step. ``left``/``right`` are the exact values of the two sides (the
    evidence of a ``wrong`` or ``imprecise`` step); the pipeline adds the substitutions it made."""

    verdict: Outcome  # correct / wrong / imprecise / unchecked / error, or SKIP
    expected: str = ""
    reason: str = ""
    left: str = ""
    right: str = ""
    # what decided it, where a later stage needs to know: "lemma" (a claim for all values), "reading" (another
    # reading of the notation, arithmetic.READING: its value is not the default one), "earlier value" (a value an
    # earlier paragraph computed for its name: an assertion, not an equation in that name)
    rule: str = ""
    # what the reason says, for the stages that act on it (lnsym.check.reasons); not compared: the message is
    code: Reason = field(default=Reason.OTHER, compare=False)
    # the readings of a convention a text keeps throughout under which the step holds, where not all of them:
    # (("angles", frozenset({"angles in degrees"})),) for `\\sin 90 = 1` (arithmetic.held_readings; roles/readings.py)
    held: tuple = field(default=(), compare=False)

    def __post_init__(self) -> None:
        if type(self.verdict) is str:  # an enum member is a str too, and needs no lookup
            object.__setattr__(self, "verdict", _BY_VALUE.get(self.verdict, self.verdict))


# Exceptions that mean lnsym itself is broken (a bug, a broken install), not that a step is undecidable:
# they become the verdict ``error``, never ``unchecked``.
FAULTS = (ImportError, NameError, AttributeError, AssertionError, SyntaxError, UnboundLocalError)


def failure(exc: BaseException, what: str) -> Judgement:
    """The result of a judge that raised: ``error`` for a fault of lnsym, ``unchecked`` for mathematics that
    SymPy could not handle (a ``PolynomialError``, a ``TypeError`` of a comparison ...)."""
    name = type(exc).__name__
    # Python refuses str() of an integer past 4,300 digits: lnsym printed a number it should have shortened
    if isinstance(exc, FAULTS) or (isinstance(exc, ValueError) and "integer string conversion" in str(exc)):
        detail = str(exc).splitlines()[0][:120] if str(exc) else ""
        tb = traceback.extract_tb(exc.__traceback__)[-1:] if exc.__traceback__ is not None else []
        where = f" at {Path(tb[0].filename).name}:{tb[0].lineno}" if tb else ""
        return Judgement(Verdict.ERROR, "", f"{what}: lnsym failed ({name}{': ' + detail if detail else ''}{where}); "
                                             "please report this")
    if isinstance(exc, RecursionError):
        return Judgement(Verdict.UNCHECKED, "", f"{what}: too deeply nested")
    if isinstance(exc, MemoryError):
        return Judgement(Verdict.UNCHECKED, "", f"{what}: ran out of memory")
    return Judgement(Verdict.UNCHECKED, "", f"{what} not decided ({name})")


def crashed(exc: BaseException, what: str) -> Judgement:
    """A step the pipeline itself failed on, outside the judges: too deep or out of memory is about the key
    (``unchecked``, as in :func:`failure`); any other exception is a fault of lnsym (``error``), since outside the
    judges no mathematics is attempted."""
    if isinstance(exc, (RecursionError, MemoryError)):
        return failure(exc, what)
    detail = f": {str(exc).splitlines()[0][:120]}" if str(exc) else ""
    return Judgement(Verdict.ERROR, "", f"{what}: lnsym failed ({type(exc).__name__}{detail}); please report this")
