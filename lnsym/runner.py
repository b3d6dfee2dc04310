"""Running claims: each claim's body is called with a fresh :class:`~lnsym.derivation.Derivation`,
and what it recorded becomes a :class:`~lnsym.claims.ClaimResult`.

Claims run in dependency order. A claim can be ``proved`` only if every claim it uses is proved
too, and only if neither it nor any of its steps declares a premise: then it is ``proved from
premises`` (also when a claim it uses is). One that rests on a failed claim fails, naming it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import multiprocessing
import os
import pickle
import platform
import signal
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

from lnsym.catalogue import Catalogue, LoadError, load_catalogue
from lnsym.claim_workers import Workers
from lnsym.claims import Claim, ClaimResult, Status, Truth, _latex_text, _markdown_text
from lnsym.derivation import Derivation

__all__ = ["VerifyRun", "run_claim", "verify"]

DEFAULT_TIMEOUT = 120.0


class _Timeout(Exception):
    pass


@contextlib.contextmanager
def _time_limit(seconds: float | None) -> Iterator[None]:
    """Interrupt the claim after ``seconds`` (SIGALRM, main thread only; elsewhere no limit)."""
    usable = seconds and hasattr(signal, "SIGALRM") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    def expire(signum, frame):
        raise _Timeout

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _status(c: Derivation, premises: tuple = ()) -> tuple[Status, str, str]:
    """Status, scope and message from what the claim recorded; ``premises``: the claim's own."""
    if not c.steps and not c.evidence:
        return Status.ERROR, "none", "the claim recorded no step and no check"
    for s in c.steps:
        if s.verdict is not Truth.TRUE:
            what = "is false" if s.verdict is Truth.FALSE else "could not be decided"
            return (
                Status.FAILED,
                _scope(c),
                # prose with math (lnsym.prose), as every text field: the step's sides are LaTeX
                f"step {s.index} ({s.justification}) {what}: ${s.lhs} {s.relation} {s.rhs}$"
                + (f" — {s.detail}" if s.detail else ""),
            )
    for n in c.evidence:
        if not n.passed:
            return Status.FAILED, _scope(c), f"numeric check '{n.label}' failed: {n.detail}"
    if _is_proof(c):
        return _proof_status(premises or any(s.premises for s in c.steps)), _scope(c), ""
    return Status.CHECKED, _scope(c), ""


def _proof_status(assumed) -> Status:
    """A proof that rests on premises (assumptions SymPy did not decide) is never a bare proof."""
    return Status.PROVED_FROM_PREMISES if assumed else Status.PROVED


def _is_proof(c: Derivation) -> bool:
    """Some step holds for every size and value, and none is checked only for listed sizes; steps
    on exact numbers are instances of the general statement and do not weaken it."""
    return any(s.general for s in c.steps) and not any(s.method == "sizes" for s in c.steps)


def _scope(c: Derivation) -> str:
    general = [s.scope for s in c.steps if s.general and s.method != "lemma"]
    if _is_proof(c):
        sizes = sorted({name for s in general for name in s.removeprefix("all ").split(", ") if s != "all values"})
        return "all " + ", ".join(sizes) if sizes else "all values"
    parts = []
    for s in c.steps:
        if not s.general and s.scope not in parts:
            parts.append(s.scope)
    if c.evidence:
        parts.append("numeric")
    return "; ".join(parts)


def run_claim(claim: Claim, *, seed: int = 0, timeout: float | None = DEFAULT_TIMEOUT) -> ClaimResult:
    """Check one claim in isolation (dependencies are not consulted; see :func:`verify`)."""
    c = Derivation(seed=seed, claim_id=claim.id)
    started = time.perf_counter()
    try:
        with _time_limit(timeout):
            claim.body(c)
    except _Timeout:
        status, scope, message = Status.ERROR, _scope(c), f"ran out of time after {timeout:g} s"
    except SystemExit as exc:  # sys.exit ends a claim, never the run (nor passes the claim)
        status, scope = Status.ERROR, _scope(c)
        message = f"the claim's code exited the process (sys.exit({exc.code!r}))"
    except Exception as exc:  # the claim's own code crashed: shown, never hidden
        status, scope, message = Status.ERROR, _scope(c), f"the check crashed: {type(exc).__name__}: {exc}"
    else:
        status, scope, message = _status(c, claim.premises)
    return ClaimResult(
        claim=claim,
        status=status,
        scope=scope,
        steps=tuple(c.steps),
        numeric=tuple(c.evidence),
        plots=tuple(c.plots),
        notes=tuple(c.notes),
        message=message,
        seconds=time.perf_counter() - started,
    )


def _dependency_order(claims: tuple[Claim, ...]) -> list[Claim]:
    by_id = {c.id: c for c in claims}
    order: list[Claim] = []
    state: dict[str, int] = {}

    def visit(c: Claim) -> None:
        if state.get(c.id) == 2:
            return
        if state.get(c.id) == 1:
            return  # a cycle: keep catalogue order rather than loop
        state[c.id] = 1
        for dep in c.depends_on:
            if dep in by_id:
                visit(by_id[dep])
        state[c.id] = 2
        order.append(c)

    for c in claims:
        visit(c)
    return order


def _with_dependencies(result: ClaimResult, done: dict[str, ClaimResult]) -> ClaimResult:
    deps = [done[d] for d in result.claim.depends_on if d in done]
    broken = [d.id for d in deps if not d.status.passed]
    if broken and result.status.passed:
        return dataclasses.replace(result, status=Status.FAILED,
                                   message=f"rests on {', '.join(broken)}, which did not pass")
    proofs = (Status.PROVED, Status.PROVED_FROM_PREMISES)
    unproved = [d.id for d in deps if d.status not in proofs]
    if unproved and result.status in proofs:
        note = f"proved given {', '.join(unproved)}, which is checked rather than proved"
        return dataclasses.replace(result, status=Status.CHECKED, notes=(*result.notes, note))
    assumed = [d.id for d in deps if d.status is Status.PROVED_FROM_PREMISES]
    if assumed and result.status is Status.PROVED:
        note = f"proved given {', '.join(assumed)}, which is proved from premises (listed with it)"
        return dataclasses.replace(result, status=_proof_status(assumed), notes=(*result.notes, note))
    return result


@dataclass(frozen=True)
class VerifyRun:
    """The results of one ``verify`` run, in catalogue order."""

    results: tuple[ClaimResult, ...]
    seed: int
    seconds: float
    load_errors: tuple[LoadError, ...] = ()
    versions: dict = field(default_factory=dict)

    def __iter__(self):
        return iter(self.results)

    def __len__(self) -> int:
        return len(self.results)

    def __getitem__(self, claim_id: str) -> ClaimResult:
        for r in self.results:
            if r.id == claim_id:
                return r
        raise KeyError(claim_id)

    @property
    def passed(self) -> bool:
        """No load error, and every claim passed or failed as expected (see ``expected_failure``)."""
        return not self.load_errors and all(r.as_expected for r in self.results)

    def summary(self) -> dict:
        counts = {s.value: sum(r.status is s for r in self.results) for s in Status}
        return {
            "claims": len(self.results),
            **counts,
            "passed": counts["proved"] + counts["proved_from_premises"] + counts["checked"],
            "expected_failures": [r.id for r in self.results if r.claim.expected_failure and r.as_expected],
            "unexpected_passes": [r.id for r in self.results if r.claim.expected_failure and r.status.passed],
            "load_errors": [str(e) for e in self.load_errors],
            "seed": self.seed,
            "seconds": round(self.seconds, 3),
        }

    def to_json(self) -> dict:
        return {"claims": [r.to_json() for r in self.results], "summary": self.summary(), "versions": self.versions}

    def _repr_markdown_(self) -> str:
        rows = ["| id | status | scope | max abs error | time |", "|---|---|---|--:|--:|"]
        for r in self.results:
            error = "-" if r.max_abs_error is None else f"{r.max_abs_error:.1e}"
            rows.append(f"| `{r.id}` | **{r.status.text}** | {_markdown_text(r.scope)} | {error} "
                        f"| {r.seconds:.2f} s |")
        s = self.summary()
        failed = s["failed"] + s["error"]
        rows += ["", f"{s['passed']} passed, {failed} failed (seed {self.seed}, {self.seconds:.2f} s)"]
        rows += [f"- {_markdown_text(r.id)}: {_markdown_text(r.message)}" for r in self.results if r.message]
        rows += [f"- load error: {_markdown_text(str(e))}" for e in self.load_errors]
        return "\n".join(rows) + "\n"

    def _repr_latex_(self) -> str:
        body = [r"\text{claim} & \text{status} & \text{scope} \\ \hline"]
        body += [rf"\text{{{_latex_text(r.id)}}} & \text{{{r.status.text}}} & \text{{{_latex_text(r.scope)}}} \\"
                 for r in self.results]
        s = self.summary()
        failed = s["failed"] + s["error"]
        body.append(rf"\hline \text{{{s['passed']} passed, {failed} failed}} & &")  # MathJax has no \multicolumn
        return "$$\\begin{array}{lll}" + " ".join(body) + r"\end{array}$$"


def versions() -> dict:
    import numpy
    import sympy

    from lnsym import __version__

    return {"lnsym": __version__, "sympy": sympy.__version__, "numpy": numpy.__version__,
            "python": platform.python_version()}


_PENDING: list[Claim] = []  # the claims of a parallel run, inherited by the forked workers

# how long a worker may take beyond the claim's time limit (its alarm) before it is killed: the
# alarm stops Python code, not a claim that catches it or sits in one long C call
_GRACE = 5.0


def _error(message: str, seconds: float = 0.0) -> ClaimResult:
    """The result of a claim whose worker could not give one (the claim is set by the caller)."""
    return ClaimResult(claim=None, status=Status.ERROR, scope="", steps=(), numeric=(), message=message,
                       seconds=seconds)


def _run_in_worker(index: int, seed: int, timeout: float | None) -> ClaimResult:
    # a claim's body is not picklable (its module name points to the Claim, not the function):
    # the worker gets an index into the inherited list and returns the result without the claim
    try:
        result = dataclasses.replace(run_claim(_PENDING[index], seed=seed, timeout=timeout), claim=None)
    except BaseException as exc:  # KeyboardInterrupt: a worker ignores Ctrl-C, so the claim raised it
        return _error(f"the claim's code raised {type(exc).__name__}")
    try:
        pickle.dumps(result)
    except Exception as exc:  # checked here: a failed send would leave the parent waiting for nothing
        return _error(f"its result could not be sent back from the worker: {type(exc).__name__}: {exc}")
    return result


def _run_all(claims: list[Claim], seed: int, timeout: float | None, jobs: int | None) -> list[ClaimResult]:
    if not claims:
        return []
    if jobs == 1 or "fork" not in multiprocessing.get_all_start_methods():
        # in this process: a claim's sys.exit is an error, but one that ends the process ends verify
        return [run_claim(c, seed=seed, timeout=timeout) for c in claims]
    _PENDING[:] = claims
    try:
        # fork: the workers inherit the imported SymPy and the loaded claim modules (also a user's).
        # Even one claim runs in a worker, so that a claim that ends its process ends only its worker.
        workers = Workers(
            min(jobs or os.cpu_count() or 1, len(claims)),
            work=lambda index: _run_in_worker(index, seed, timeout),
            failed=lambda index, reason, seconds: _error(reason, seconds),
            limit=None if not timeout else timeout + _GRACE,
            late=f"ran out of time after {timeout:g} s, and its worker, still busy {_GRACE:g} s later, was killed",
        )
        results = workers.run(len(claims))
    finally:
        _PENDING.clear()
    return [dataclasses.replace(r, claim=c) for r, c in zip(results, claims, strict=True)]


def verify(ids=None, *, seed: int = 0, paths=(), timeout: float | None = DEFAULT_TIMEOUT,
           catalogue: Catalogue | None = None, jobs: int | None = None) -> VerifyRun:
    """Check the claims with these ids (all when None), built-in and from the folders ``paths``.

    ``jobs``: worker processes (default: one per CPU; 1 runs everything in this process).
    Returns a :class:`VerifyRun`; iterate it for :class:`~lnsym.claims.ClaimResult` objects.
    """
    started = time.perf_counter()
    catalogue = catalogue or load_catalogue(paths)
    chosen = catalogue.select(list(ids or ()))
    # dependencies run too (their status decides what a claim may be called), reported only if chosen
    by_id = {c.id: c for c in catalogue.claims}
    needed: dict[str, Claim] = {}

    def include(c: Claim) -> None:
        if c.id not in needed:
            needed[c.id] = c
            for dep in c.depends_on:
                if dep in by_id:
                    include(by_id[dep])

    for c in chosen:
        include(c)
    order = _dependency_order(tuple(needed.values()))
    # claims are independent computations (a dependency only bounds the status, applied below),
    # so they can run in parallel; each seeds its own generator, so the numbers do not change
    raw = dict(zip((c.id for c in order), _run_all(order, seed, timeout, jobs), strict=True))
    done: dict[str, ClaimResult] = {}
    for c in order:
        done[c.id] = _with_dependencies(raw[c.id], done)
    results = tuple(done[c.id] for c in chosen)
    return VerifyRun(results, seed, time.perf_counter() - started, catalogue.errors, versions())
