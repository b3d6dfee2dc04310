"""The claim model: what a claim is, what checking it produced, and the ``@claim`` decorator.

A claim is a statement (LaTeX) with a derivation and numeric evidence. Its body is an ordinary
function that receives a :class:`~lnsym.derivation.Derivation` and records steps on it; every step
is checked as it is recorded. Results are frozen dataclasses so that the report, the CLI and the
JSON output all read the same immutable record.

>>> from lnsym.claims import Status
>>> Status("proved").rank < Status("failed").rank
True
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum

from lnsym.errors import ClaimLoadError
from lnsym.premises import Premise, as_premises, merge

__all__ = [
    "Claim",
    "ClaimResult",
    "NumericResult",
    "Plot",
    "Premise",
    "Series",
    "Status",
    "StepResult",
    "Truth",
    "claim",
]

_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class Truth(str, Enum):
    """Three-valued outcome of one check, as SymPy's ``is_eq``: true, false, or could not decide."""

    TRUE = "true"
    FALSE = "false"
    UNKNOWN = "unknown"


class Status(str, Enum):
    """Status of a whole claim.

    ``proved``: every derivation step is a symbolic identity for every size (symbolic d, n) or an
    application of a named lemma, and all evidence agrees. ``proved_from_premises``: the same, but the
    claim or one of its steps rests on premises (:class:`~lnsym.premises.Premise`) that SymPy did not
    decide, listed with it. ``checked``: everything agrees, but some
    step holds only for listed sizes, exact numbers or numerically. ``failed``: a step or a check
    disagrees or could not be decided. ``error``: the check itself crashed, ran out of time or ended its
    process.
    """

    PROVED = "proved"
    PROVED_FROM_PREMISES = "proved_from_premises"
    CHECKED = "checked"
    FAILED = "failed"
    ERROR = "error"

    @property
    def passed(self) -> bool:
        return self in (Status.PROVED, Status.PROVED_FROM_PREMISES, Status.CHECKED)

    @property
    def text(self) -> str:
        """The status in words, as tables and reports show it: "proved from premises"."""
        return self.value.replace("_", " ")

    @property
    def rank(self) -> int:
        return list(Status).index(self)


@dataclass(frozen=True)
class StepResult:
    """One checked step of a derivation: ``lhs relation rhs``, because ``justification``."""

    index: int
    lhs: str  # LaTeX
    relation: str  # LaTeX relation: "=", "\\le", "<", "\\approx", ...
    rhs: str  # LaTeX
    justification: str
    method: str  # "sympy", "lemma", "exact", "sizes"
    scope: str  # "all d", "all n", "all values", "d = 2..6", "exact", ...
    general: bool  # True when the step holds for every size and value (symbolic or by a named lemma)
    verdict: Truth
    detail: str = ""
    seconds: float = 0.0
    #: what the step takes as given besides what SymPy decided (``lhs relation rhs``)
    premises: tuple[Premise, ...] = ()
    #: how the claim reads the decided step (``shown=``), LaTeX (lhs, rhs): shown beside it, never instead
    reading: tuple[str, str] | None = None

    def __post_init__(self) -> None:
        if self.index < 1:
            raise ValueError(f"step index must be >= 1, got {self.index}")


@dataclass(frozen=True)
class NumericResult:
    """Numeric evidence: a comparison at seeded random points, with its worst errors."""

    label: str
    method: str  # "complex step", "richardson", "exact", "sampling", ...
    sizes: tuple[int, ...]
    points: int
    max_abs_error: float
    max_rel_error: float
    passed: bool
    detail: str = ""


@dataclass(frozen=True)
class Series:
    """One curve of a plot; ``style`` is "line" or "marks"."""

    label: str
    x: tuple[float, ...]
    y: tuple[float, ...]
    style: str = "line"

    def __post_init__(self) -> None:
        if len(self.x) != len(self.y):
            raise ValueError(f"series {self.label!r}: {len(self.x)} x values but {len(self.y)} y values")


@dataclass(frozen=True)
class Plot:
    """A plot drawn from numbers a claim computed (rendered with pgfplots in the appendix)."""

    name: str
    title: str
    xlabel: str
    ylabel: str
    series: tuple[Series, ...]
    xmode: str = "linear"  # or "log"
    ymode: str = "linear"


@dataclass(frozen=True)
class Claim:
    """A claim of the catalogue. Create it with :func:`claim`."""

    id: str
    title: str
    statement: str  # LaTeX, math mode
    depends_on: tuple[str, ...]
    body: Callable = field(repr=False, compare=False)
    source: str = ""  # "path/to/module.py:LINE"
    family: str = ""  # the module's short name
    doc: str = ""
    #: why this claim is known to fail (a documented disagreement, as pytest's strict xfail):
    #: its failure does not fail the run, an unexpected pass does
    expected_failure: str = ""
    #: assumptions the whole claim rests on (its setting), besides those of its steps
    premises: tuple[Premise, ...] = ()

    def __post_init__(self) -> None:
        if not _ID.match(self.id):
            raise ClaimLoadError(
                f"claim id {self.id!r} at {self.source or '?'}: expected lower-case words joined by '-',"
                " such as 'layernorm-jacobian'"
            )
        if not self.title.strip():
            raise ClaimLoadError(f"claim {self.id!r} at {self.source or '?'} has an empty title")


@dataclass(frozen=True)
class ClaimResult:
    """Everything that checking one claim produced."""

    claim: Claim
    status: Status
    scope: str
    steps: tuple[StepResult, ...]
    numeric: tuple[NumericResult, ...]
    plots: tuple[Plot, ...] = ()
    notes: tuple[str, ...] = ()
    message: str = ""
    seconds: float = 0.0

    @property
    def id(self) -> str:
        return self.claim.id

    @property
    def as_expected(self) -> bool:
        """Passed, or failed as its claim said it would (``expected_failure``)."""
        if self.claim.expected_failure:
            return self.status is Status.FAILED
        return self.status.passed

    @property
    def premises(self) -> tuple[Premise, ...]:
        """The claim's own premises, then those of its steps, each once."""
        own = self.claim.premises if self.claim is not None else ()
        return merge(own, *(s.premises for s in self.steps))

    @property
    def max_abs_error(self) -> float | None:
        errors = [n.max_abs_error for n in self.numeric]
        return max(errors) if errors else None

    @property
    def max_rel_error(self) -> float | None:
        errors = [n.max_rel_error for n in self.numeric]
        return max(errors) if errors else None

    def to_json(self) -> dict:
        """The stable JSON form documented in the README."""
        methods = sorted({n.method for n in self.numeric})
        return {
            "id": self.claim.id,
            "title": self.claim.title,
            "status": self.status.value,
            "expected_failure": self.claim.expected_failure or None,
            "depends_on": list(self.claim.depends_on),
            "message": self.message,
            "premises": [p.to_json() for p in self.premises],
            "symbolic": {
                "scope": self.scope,
                "steps": [
                    {
                        "index": s.index,
                        "lhs": s.lhs,
                        "relation": s.relation,
                        "rhs": s.rhs,
                        "justification": s.justification,
                        "method": s.method,
                        "scope": s.scope,
                        "verdict": s.verdict.value,
                        "detail": s.detail,
                        "read_as": None if s.reading is None else {"lhs": s.reading[0], "rhs": s.reading[1]},
                        "premises": [p.to_json() for p in s.premises],
                    }
                    for s in self.steps
                ],
            },
            "numeric": {
                "method": ", ".join(methods),
                "points": sum(n.points for n in self.numeric),
                "max_abs_error": self.max_abs_error,
                "max_rel_error": self.max_rel_error,
                "checks": [
                    {
                        "label": n.label,
                        "method": n.method,
                        "sizes": list(n.sizes),
                        "points": n.points,
                        "max_abs_error": n.max_abs_error,
                        "max_rel_error": n.max_rel_error,
                        "passed": n.passed,
                        "detail": n.detail,
                    }
                    for n in self.numeric
                ],
            },
            "notes": list(self.notes),
            "seconds": round(self.seconds, 4),
        }

    # Jupyter shows results as rendered math: Markdown with $...$ (notebooks, GitHub), and LaTeX
    # (math mode only, as MathJax renders it) for front ends that prefer text/latex.
    def _repr_markdown_(self) -> str:
        c = self.claim
        lines = [f"**`{c.id}`** — {_markdown_prose(c.title)}: **{self.status.text}** "
                 f"({_markdown_text(self.scope)}; {self.seconds:.2f} s)", "", f"$${c.statement}$$", ""]
        if self.message:
            lines += [f"> {_markdown_prose(self.message)}", ""]
        if self.premises:
            lines += ["**Premises** (assumed, not decided by SymPy)", ""]
            lines += [f"- {_markdown_prose(p.name)}: {_markdown_prose(p.statement)}"
                      + (f" ({_markdown_prose(p.source)})" if p.source else "") for p in self.premises]
            lines.append("")
        if self.steps:
            lines += ["**Derivation**", ""]
            for s in self.steps:
                lines.append(f"{s.index}. {_MARK[s.verdict.value]} ${s.lhs} {s.relation} {s.rhs}$ — "
                             f"{_markdown_prose(s.justification)} *({_markdown_text(s.scope)})*")
            lines.append("")
        if self.numeric:
            lines += ["**Numeric evidence**", "", "| check | method | points | max abs error | |",
                      "|---|---|--:|--:|---|"]
            for n in self.numeric:
                lines.append(f"| {_markdown_prose(n.label, table=True)} | {_markdown_text(n.method)} | {n.points} | "
                             f"{n.max_abs_error:.1e} | {'✓' if n.passed else '✗ ' + _markdown_text(n.detail)} |")
            lines.append("")
        if self.notes:
            lines += [f"- {_markdown_prose(note)}" for note in self.notes]
        return "\n".join(lines).rstrip() + "\n"

    def _repr_latex_(self) -> str:
        c = self.claim
        rows = [rf"\textbf{{{_latex_text(c.id)}}}\ \text{{— {_latex_text(c.title)}: {self.status.text} "
                rf"({_latex_text(self.scope)})}}", rf"\displaystyle {c.statement}"]
        mark = {"true": r"\checkmark", "false": r"\times", "unknown": "?"}
        rows += [rf"\text{{({s.index})}}\quad \displaystyle {s.lhs} {s.relation} {s.rhs} \qquad {mark[s.verdict.value]}"
                 for s in self.steps]
        rows += [rf"\text{{numeric: {_latex_text(n.label)}}}\quad {mark['true' if n.passed else 'false']}"
                 for n in self.numeric]
        return "$$\\begin{array}{l}" + r" \\[4pt] ".join(rows) + r"\end{array}$$"


_MARK = {"true": "✓", "false": "✗", "unknown": "?"}


def _markdown_text(text: str) -> str:
    """Plain text safe in Markdown (and in a table cell): no emphasis, no math, one line."""
    text = " ".join(str(text).split())
    return re.sub(r"([\\`*_{}\[\]<>#|$])", r"\\\1", text)


def _markdown_prose(text: str, *, table: bool = False) -> str:
    """Prose with inline math (:mod:`lnsym.prose`) as Markdown, as the report writes it."""
    from lnsym.report.latex import escape_markdown_with_math  # the report's Markdown, imported late

    return escape_markdown_with_math(text, table=table)


def _latex_text(text: str) -> str:
    """Plain text safe inside \\text{...} both for MathJax and for LaTeX (characters LaTeX treats
    specially are replaced, not escaped: MathJax would show the escapes)."""
    table = {"\\": "/", "{": "(", "}": ")", "$": "", "&": "and", "#": "no.", "^": "", "_": " ", "%": " percent",
             "~": "-"}
    return "".join(table.get(ch, ch) for ch in " ".join(str(text).split()))


def claim(
    id: str,
    *,
    title: str,
    statement: str,
    depends_on: tuple[str, ...] | list[str] = (),
    expected_failure: str = "",
    premises: Iterable[Premise] = (),
) -> Callable[[Callable], Claim]:
    """Declare a claim; the decorated function receives a :class:`~lnsym.derivation.Derivation`.

    ``expected_failure`` marks a statement that is known not to hold (e.g. a published result this
    setting does not reproduce) and says why: the claim still runs and is reported as failed, but
    its failure does not fail ``verify``; if it passes, that does. ``premises``: assumptions the
    whole claim rests on (:class:`~lnsym.premises.Premise`); a claim with any premise, its own or one
    of its steps', is at best ``proved_from_premises``.

    >>> import sympy as sp
    >>> @claim("square-of-sum", title="Square of a sum", statement=r"(a+b)^2 = a^2 + 2ab + b^2")
    ... def square_of_sum(c):
    ...     a, b = sp.symbols("a b")
    ...     c.equal((a + b) ** 2, a**2 + 2 * a * b + b**2, "binomial expansion")
    >>> square_of_sum.id
    'square-of-sum'
    """

    def decorate(body: Callable) -> Claim:
        try:
            path = inspect.getsourcefile(body) or "?"
        except TypeError:
            path = "?"
        # the line of the first decorator, as inspect.getsourcelines gives it, without tokenizing the
        # function's source (a third of the time it takes to load the catalogue)
        code = getattr(body, "__code__", None)
        line = code.co_firstlineno if code is not None and path != "?" else 0
        module = getattr(body, "__module__", "") or ""
        try:
            given = as_premises(premises, where=f"claim {id!r}")
        except TypeError as exc:  # a load error with the claim's file and line, as a bad id is
            raise ClaimLoadError(f"{exc} (at {path}:{line})") from None
        return Claim(
            id=id,
            title=title,
            statement=statement.strip(),
            depends_on=tuple(depends_on),
            body=body,
            source=f"{path}:{line}",
            family=module.rsplit(".", 1)[-1],
            doc=inspect.cleandoc(body.__doc__ or ""),
            expected_failure=expected_failure,
            premises=given,
        )

    return decorate
