"""Reason codes: what a reason says, for the stages that act on it, beside the message a reader is shown.

A judge's :class:`~lnsym.check.judges.judgement.Judgement` (and the
:class:`~lnsym.check.findings.Finding` made of it) carries its message in ``reason`` and, where a later stage
branches on it, a :class:`Reason` in ``code``: a rule asks ``res.code is Reason.FREE_SYMBOLS``, never whether the
message starts with "free symbol", so rewording a message changes no verdict. A judge that gives a message only
keeps working: its code is :attr:`Reason.OTHER`. A stage that wraps a reason in a new message ("an equation with
unknowns is not wrong on its own (...)") gives the new one its own code; one that adds a note to it ("...; with
x = 2") keeps the code. The codes are never written out: the outputs hold the messages only.
"""

from __future__ import annotations

from enum import Enum

__all__ = ["NOT_AN_IDENTITY", "NOT_CHECKED", "Reason"]


class Reason(Enum):
    OTHER = "other"  # a reason no later stage acts on (a judge that gives a message only)
    FREE_SYMBOLS = "free symbols"  # unchecked: a side has names the other lacks ("free symbol(s) x")
    NOT_AN_IDENTITY = "not an identity"  # a rewriting with unknowns that is not an identity (wrong or unchecked)
    NO_COMMON_SOLUTION = "no common solution"  # not an identity, nor solved by the rest of its chain: wrong
    NOT_FOLLOWING = "not following"  # wrong: loses every solution of the equation it is derived from
    CONDITION = "condition"  # unchecked: an inequality with a variable
    NOT_DECIMALS = "not decimals"  # unchecked: '≈' between values not written as decimals
    TRUNCATED = "truncated"  # imprecise: a decimal cut after its last digit, not rounded
    ROUNDING_EQUALS = "rounding equals"  # imprecise: '=' joins a value and its rounding ('≈' is meant)
    ROUNDED_TWICE = "rounded twice"  # imprecise: the rounding of an earlier rounding, not of the value it rounds
    MISROUNDED = "misrounded"  # wrong: a decimal that is not the rounding of the value ("which rounds to")
    NOT_AS_SAID = "not as said"  # wrong: not the rounding its sentence names ("to the nearest ten")
    FORMULA_NOT_READ = "formula not read"  # the formula reader found no claim of its vocabulary
    MODULAR = "modular"  # modular arithmetic: decided modulo the statement's modulus, or left unchecked
    OTHER_BASE = "other base"  # the paragraph speaks of bases: numerals may be in another base
    BUDGET = "budget"  # not checked: the run's or the file's time budget ran out
    DOCUMENT_BUDGET = "document budget"  # not checked (editor): the document's time budget ran out
    SUPERSEDED = "superseded"  # not checked (editor): a newer version of the document superseded the check
    ANOTHER_VALUE = "another value"  # unchecked: false with a value bound earlier, which it may not be about
    FOLLOWS = "follows"  # correct: follows from the paragraph's earlier equations or inequalities
    EARLIER_VALUES = "earlier values"  # correct: proved with the values an earlier paragraph of its section bound
    CONTEXT_CHANGED = "context changed"  # unchecked: proved by a context the words since it may have changed
    SYMBOLIC_FORM = "symbolic form"  # unchecked: a symbolic step of a form no judge reads (vectors, inequalities)
    INDEX_NOT_READ = "index notation not read"  # the index-notation reader has no reading: the next judge decides
    REGION_FALSE = "region false"  # false at every point of the hypothesis on one variable it is asserted under
    REGION_POINT = "region point"  # wrong: a bound asserted under a hypothesis on one variable, false at a point of it
    MATRIX_ORDER = "matrix order"  # wrong: an identity as numbers, not as matrices (a product's order changed)
    DEFINES = "defines"  # the statement gives a name its meaning: `defined` where its role is a definition
    HYPOTHESIS = "hypothesis"  # unchecked: a hypothesis later steps may use (`\sum_k y_k = 1`); its role says so
    FORMULA_VALUE = "formula value"  # wrong: `NAME = value` against the paragraph's formula for NAME; binds nothing
    DEFINITIONS = "definitions"  # wrong: false for every value once the paragraph's definitions are put in
    OTHER_READING = "other reading"  # unchecked: holds only under a reading the text's other statements exclude


# A rewriting refuted or left open as an identity: a chain without a common solution is one too
NOT_AN_IDENTITY = frozenset({Reason.NOT_AN_IDENTITY, Reason.NO_COMMON_SOLUTION})
# Not checked at all, for lack of time or because the check was superseded
NOT_CHECKED = frozenset({Reason.BUDGET, Reason.DOCUMENT_BUDGET, Reason.SUPERSEDED})
