"""The recorder a claim's body writes its derivation and evidence to.

Every ``Derivation`` method checks what it records at once, so a claim reads like a worked proof:

>>> import sympy as sp
>>> from lnsym.derivation import Derivation, size
>>> n = size("n")
>>> delta = sp.Symbol("delta", positive=True)
>>> i = sp.Symbol("i", integer=True, positive=True)
>>> c = Derivation(seed=0, claim_id="demo")
>>> c.equal(sp.Product(1 + delta, (i, 1, n)), (1 + delta) ** n, because="constant factor").verdict.value
'true'
>>> c.steps[-1].scope
'all n'

Symbolic steps are decided by :mod:`lnsym.decide` (three-valued). A step is *general* when it holds
for every size and value (its symbols are free, sizes made with :func:`size` are symbolic) or when it
applies a named lemma; a claim whose steps are all general and true is ``proved`` (``proved from
premises`` when it or a step declares premises: assumptions SymPy did not decide).

A step always shows what SymPy decided: ``shown=`` adds how the claim reads it, beside it, never
instead of it (see :meth:`Derivation.equal`).
"""

from __future__ import annotations

import time
import zlib
from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal, InvalidOperation

import numpy as np
import sympy as sp

from lnsym import decide
from lnsym.claims import NumericResult, Plot, Series, StepResult, Truth
from lnsym.numeric import numeric_jacobian
from lnsym.premises import Premise, as_premises

__all__ = ["Derivation", "size"]

_SIZES: set[str] = set()
_RELATION_TEX = {"=": "=", "<=": r"\le", "<": "<", ">=": r"\ge", ">": ">"}
_EPS = float(np.finfo(np.float64).eps)


def size(name: str) -> sp.Symbol:
    """A symbolic size (a positive integer such as d or n); steps that use it hold "for all d"."""
    _SIZES.add(name)
    return sp.Symbol(name, integer=True, positive=True)


def _reading(shown) -> tuple[str, str] | None:
    """``shown=`` as a pair of LaTeX strings, or a clear error: it is typeset, never decided."""
    if shown is None:
        return None
    if not (isinstance(shown, tuple) and len(shown) == 2 and all(isinstance(t, str) for t in shown)):
        raise TypeError(f"shown must be a pair of LaTeX strings (lhs, rhs), got {shown!r}")
    return shown


def _span(values: Sequence[int], name: str) -> str:
    values = sorted(set(values))
    if len(values) > 2 and values == list(range(values[0], values[-1] + 1)):
        return f"{name} = {values[0]}..{values[-1]}"
    return f"{name} in {{{', '.join(map(str, values))}}}"


class Derivation:
    """Collects the checked steps, numeric evidence, plots and notes of one claim."""

    def __init__(self, seed: int = 0, claim_id: str = "") -> None:
        self.seed = seed
        self.claim_id = claim_id
        # a claim's random points depend on the seed and its own id, not on which claims ran before
        self.rng = np.random.default_rng([seed, zlib.crc32(claim_id.encode())])
        self.steps: list[StepResult] = []
        self.evidence: list[NumericResult] = []
        self.plots: list[Plot] = []
        self.notes: list[str] = []
        self._abbreviations: list[tuple[sp.Expr, sp.Symbol]] = []
        self._patterns: list[tuple[sp.Expr, sp.Symbol]] | None = None  # see _replacements
        self._shown: dict = {}  # expression -> its LaTeX: a chain's right side is the next step's left

    def abbreviate(self, expr, name: str, meaning: str = "") -> sp.Symbol:
        """Show ``expr`` as the symbol ``name`` in the LaTeX of later steps (display only: steps are
        decided on the full expressions). Adds a note "where name = meaning"."""
        symbol = sp.Symbol(name)
        self._abbreviations.append((sp.sympify(expr), symbol))
        self._patterns = None
        self._shown.clear()
        self.notes.append(f"where ${sp.latex(symbol)} = {meaning or sp.latex(expr)}$")
        return symbol

    def _replacements(self) -> list[tuple[sp.Expr, sp.Symbol]]:
        """The abbreviations, smallest first, each written in the smaller ones. They nest (s = sqrt(var +
        eps) holds var, which holds mu): once mu is replaced, the next pattern to find is var written with
        mu (also cheaper for subs to look for than var written in full)."""
        if self._patterns is None:
            self._patterns = []
            for full, symbol in sorted(self._abbreviations, key=lambda pair: sp.count_ops(pair[0])):
                for smaller, name in self._patterns:
                    if smaller.free_symbols <= full.free_symbols:
                        full = full.subs(smaller, name)
                self._patterns.append((full, symbol))
        return self._patterns

    def _tex(self, expr) -> str:
        if isinstance(expr, str):
            return expr
        expr = sp.sympify(expr)
        key = expr if not isinstance(expr, sp.MatrixBase) else sp.ImmutableMatrix(expr)
        if key not in self._shown:
            self._shown[key] = self._latex(expr)
        return self._shown[key]

    def _latex(self, expr) -> str:
        for full, symbol in self._replacements():
            if not full.free_symbols <= expr.free_symbols:
                continue  # full cannot occur in expr without every one of its symbols
            sums = [f for f in sp.Mul.make_args(full) if isinstance(f, sp.Sum)]
            if len(sums) == 1:
                # full = c * Sum (mu = Sum x_j / d): the sum, matched whole, is written symbol / c. This finds
                # every multiple of it (d sigma^2 where the sum stands alone) at a fraction of the cost of
                # subs, which searches every product for the pattern
                expr = expr.xreplace({sums[0]: symbol * sums[0] / full})
                continue
            expr = expr.subs(full, symbol)
        # arithmetic on numbers is shown in the order it was written (2 - 4, not -4 + 2)
        return sp.latex(expr, order="none" if not expr.free_symbols else None)

    # ----------------------------------------------------------------------------- symbolic steps
    def _add_step(self, lhs, relation, rhs, because, method, scope, general, decision, started, *,
                  premises: Iterable[Premise] = (), reading: tuple[str, str] | None = None) -> StepResult:
        step = StepResult(
            index=len(self.steps) + 1,
            lhs=self._tex(lhs),
            relation=_RELATION_TEX.get(relation, relation),
            rhs=self._tex(rhs),
            justification=because,
            method=method,
            scope=scope,
            general=general,
            verdict=decision.verdict,
            detail=decision.detail,
            seconds=time.perf_counter() - started,
            premises=as_premises(premises, where=f"step {len(self.steps) + 1}"),
            reading=reading,
        )
        self.steps.append(step)
        return step

    @staticmethod
    def _scope(*exprs) -> tuple[str, bool]:
        symbols: set = set()
        for e in exprs:
            e = sp.sympify(e)
            labels = {i.base.label for i in e.atoms(sp.Indexed)}
            symbols |= e.free_symbols - labels
        sizes = sorted(s.name for s in symbols if s.name in _SIZES and s.is_integer)
        if sizes:
            return "all " + ", ".join(sizes), True
        if symbols:
            return "all values", True
        return "exact", False

    def equal(self, lhs, rhs, because: str, *, given: Iterable = (),
              shown: tuple[str, str] | None = None, premises: Iterable[Premise] = ()) -> StepResult:
        """A symbolic step ``lhs = rhs`` (scalars or matrices); ``given``: relations known true,
        such as ``b <= d`` for an index (see :func:`lnsym.decide.equal`). ``shown``: how the claim
        reads the two sides (LaTeX), e.g. a matrix product for its entry as a sum. The step's
        ``lhs`` and ``rhs`` are always what SymPy decided; ``shown`` is kept apart as its reading and
        every output shows it beside them, so it can typeset the decided statement differently but
        never put another one in its place. ``premises``: what the step assumes besides what SymPy
        decided (a reading that needs an assumption, such as one about expectations, declares it)."""
        started = time.perf_counter()
        given = tuple(given)
        reading = _reading(shown)
        decision = decide.equal(lhs, rhs, given)
        scope, general = self._scope(lhs, rhs, *given)  # "b <= d" makes a step on entry b one "for all d"
        return self._add_step(lhs, "=", rhs, because, "sympy", scope, general, decision, started,
                              premises=premises, reading=reading)

    def holds(self, lhs, relation: str, rhs, because: str, *, given: Iterable = (),
              premises: Iterable[Premise] = ()) -> StepResult:
        """A symbolic step ``lhs relation rhs`` with relation one of =, <=, <, >=, >."""
        started = time.perf_counter()
        decision = decide.holds(lhs, relation, rhs, tuple(given))
        scope, general = self._scope(lhs, rhs)
        return self._add_step(lhs, relation, rhs, because, "sympy", scope, general, decision, started,
                              premises=premises)

    def for_sizes(
        self,
        build: Callable[[int], tuple],
        sizes: Iterable[int],
        because: str,
        *,
        tex: tuple[str, str],
        name: str = "d",
    ) -> StepResult:
        """A step checked symbolically for each listed size: ``build(n)`` returns ``(lhs, rhs)``.
        ``tex`` is how the step reads for a general size."""
        started = time.perf_counter()
        sizes = tuple(sizes)
        decision = decide.Decision(Truth.TRUE)
        for n in sizes:
            lhs, rhs = build(n)
            got = decide.equal(lhs, rhs)
            if got.verdict is not Truth.TRUE:
                decision = decide.Decision(got.verdict, f"at {name} = {n}: {got.detail}")
                break
        return self._add_step(tex[0], "=", tex[1], because, "sizes", _span(sizes, name), False, decision, started)

    def crosscheck(self, build: Callable[[int], tuple], sizes: Iterable[int], label: str, *,
                   name: str = "d") -> NumericResult:
        """Evidence, not a derivation step: ``build(n)`` returns ``(lhs, rhs)`` for a concrete size
        and SymPy decides each exactly (e.g. explicit matrices beside a proof for symbolic d)."""
        sizes = tuple(sizes)
        failure = ""
        for n in sizes:
            got = decide.equal(*build(n))
            if got.verdict is not Truth.TRUE:
                what = "differs" if got.verdict is Truth.FALSE else "could not be decided"
                failure = f"at {name} = {n} it {what}: {got.detail}"
                break
        result = NumericResult(f"{label} ({_span(sizes, name)})", "sympy, exact", sizes, len(sizes),
                               0.0, 0.0, not failure, failure)
        self.evidence.append(result)
        return result

    def lemma(
        self,
        lhs: str,
        relation: str,
        rhs: str,
        because: str,
        *,
        instance: Callable[[np.random.Generator], tuple[float, float]],
        trials: int = 200,
        adversarial: Sequence[Callable[[], tuple[float, float]]] = (),
        premises: Iterable[Premise] = (),
    ) -> StepResult:
        """A step that applies a named lemma (``because``, e.g. "triangle inequality"). The lemma is
        cited, not re-proved; its application is checked on ``trials`` random instances and on each
        adversarial case (``instance(rng)`` returns the two sides as numbers)."""
        started = time.perf_counter()
        compare = {"<=": np.less_equal, "<": np.less, ">=": np.greater_equal, ">": np.greater, "=": np.isclose}
        if relation not in compare:
            raise ValueError(f"relation must be one of {', '.join(compare)}; got {relation!r}")
        op = compare[relation]
        cases = [("random instance", lambda k=k: instance(self.rng)) for k in range(trials)]
        cases += [("adversarial case", case) for case in adversarial]
        decision = decide.Decision(Truth.TRUE)
        for label, case in cases:
            left, right = case()
            slack = 64 * _EPS * max(abs(left), abs(right), 1.0)  # rounding of the two sides
            ok = op(left, right) or (relation != "=" and abs(left - right) <= slack)
            if not ok:
                decision = decide.Decision(Truth.FALSE, f"{label}: {left:.17g} {relation} {right:.17g} is false")
                break
        scope = f"lemma, {trials} random + {len(adversarial)} adversarial"
        return self._add_step(lhs, relation, rhs, because, "lemma", scope, True, decision, started,
                              premises=premises)

    def rounds_to(self, value, shown: str, because: str = "evaluate and round") -> StepResult:
        """``value ≈ shown``: the exact ``value`` rounded to the decimals ``shown`` has is ``shown``."""
        started = time.perf_counter()
        try:
            target = Decimal(shown)
        except InvalidOperation as exc:
            raise ValueError(f"shown must be a decimal such as '2.587', got {shown!r}") from exc
        places = -target.as_tuple().exponent
        exact = sp.sympify(value)
        digits = sp.N(exact, 40 + max(places, 0))
        got = Decimal(str(digits)).quantize(Decimal(1).scaleb(-places))
        if got == target:
            decision = decide.Decision(Truth.TRUE)
        else:
            decision = decide.Decision(Truth.FALSE, f"{sp.sstr(exact)} = {sp.N(exact, 12)}, which rounds to {got}")
        return self._add_step(exact, r"\approx", shown, because, "exact", "exact", False, decision, started)

    # ----------------------------------------------------------------------------- numeric evidence
    def numeric(
        self,
        label: str,
        compute: Callable[[np.random.Generator, int], tuple],
        *,
        sizes: Iterable[int],
        points: int = 3,
        method: str = "float64",
    ) -> NumericResult:
        """Compare numbers at seeded random points: ``compute(rng, size)`` returns
        ``(got, expected, tolerance)`` (arrays broadcastable to each other); passes when every
        ``|got - expected| <= tolerance``. The relative error recorded is norm-wise,
        ``max|got - expected| / max|expected|`` at each point (0 where the reference is all 0); a
        fourth returned value, the size of the terms behind ``expected``, replaces ``max|expected|``
        when it is larger (an exact 0 computed from terms of size 1 is known to ~1e-16, not 0)."""
        sizes = tuple(sizes)
        worst_abs = worst_rel = 0.0
        failure = ""
        for n in sizes:
            for k in range(points):
                got, expected, tol, *scale = (np.asarray(v, dtype=float) for v in compute(self.rng, n))
                err = np.abs(got - expected)
                if err.size and not np.all(np.isfinite(err)):
                    failure = failure or f"non-finite result at size {n}, point {k + 1}"
                    continue
                worst_abs = max(worst_abs, float(err.max(initial=0.0)))
                # norm-wise: entrywise ratios explode where the reference is 0 (e.g. J 1 = 0)
                reference = max([float(np.abs(expected).max(initial=0.0))] + [float(v.max()) for v in scale])
                worst_rel = max(worst_rel, float(err.max(initial=0.0)) / reference if reference > 0 else 0.0)
                bad = err > tol
                if np.any(bad) and not failure:
                    where = np.unravel_index(int(np.argmax(err - tol)), err.shape) if err.ndim else ()
                    failure = (
                        f"size {n}, point {k + 1}, entry {tuple(int(w) for w in where)}: expected "
                        f"{np.broadcast_to(expected, err.shape)[where]:.17g}, got "
                        f"{np.broadcast_to(got, err.shape)[where]:.17g} (tolerance "
                        f"{np.broadcast_to(tol, err.shape)[where]:.3g})"
                    )
        result = NumericResult(label, method, sizes, len(sizes) * points, worst_abs, worst_rel, not failure, failure)
        self.evidence.append(result)
        return result

    def jacobian(
        self,
        label: str,
        f: Callable,
        formula: Callable,
        sample: Callable[[np.random.Generator, int], np.ndarray],
        *,
        sizes: Iterable[int],
        points: int = 3,
        method: str = "auto",
        term_scale: Callable[[np.ndarray], float] | None = None,
    ) -> NumericResult:
        """Compare ``formula(x)`` with :func:`~lnsym.numeric.numeric_jacobian` of ``f`` at
        ``x = sample(rng, d)``; the tolerance is the estimate's own error plus the rounding of the
        formula: a few ulps of each row's largest entry, or of ``term_scale(x)`` (the size of the
        terms the formula adds up) when the formula cancels large terms."""
        used: set[str] = set()

        def compute(rng, d):
            x = sample(rng, d)
            est = numeric_jacobian(f, x, method=method)
            used.add(est.method)
            reference = np.asarray(formula(x), dtype=float)
            magnitude = np.abs(reference) if term_scale is None else np.maximum(np.abs(reference), term_scale(x))
            rounding = 16 * _EPS * np.maximum(np.abs(reference).max(axis=-1, keepdims=True), magnitude)
            return est.value, reference, 2 * est.error + rounding, magnitude

        result = self.numeric(label, compute, sizes=sizes, points=points)
        result = NumericResult(
            result.label, ", ".join(sorted(used)), result.sizes, result.points,
            result.max_abs_error, result.max_rel_error, result.passed, result.detail,
        )
        self.evidence[-1] = result
        return result

    def expect(self, label: str, condition, detail: str = "", *, method: str = "float64") -> NumericResult:
        """A numeric fact that must hold (``condition`` true), e.g. "eps = 0 gives NaN"."""
        ok = bool(np.all(condition))
        result = NumericResult(label, method, (), 1, 0.0, 0.0, ok, "" if ok else (detail or "condition is false"))
        self.evidence.append(result)
        return result

    # ----------------------------------------------------------------------------- for the report
    def plot(self, name: str, title: str, xlabel: str, ylabel: str, series: Iterable, **modes) -> Plot:
        """Attach a plot; ``series`` holds :class:`~lnsym.claims.Series` or ``(label, x, y[, style])``."""
        made = tuple(
            s if isinstance(s, Series) else Series(s[0], tuple(map(float, s[1])), tuple(map(float, s[2])), *s[3:])
            for s in series
        )
        plot = Plot(name, title, xlabel, ylabel, made, **modes)
        self.plots.append(plot)
        return plot

    def note(self, text: str) -> None:
        """A remark shown with the claim (an edge case, a caveat)."""
        self.notes.append(text)
