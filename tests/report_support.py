"""Synthetic claim results for the report tests (no catalogue, no SymPy run), and TeX helpers.

The report tests (tests/report/) import this module; tests/report/test_report_support.py checks that the
factories build what they say.
"""

from __future__ import annotations

import dataclasses
import shutil
import subprocess

from missing import skip_or_fail

from lnsym.catalogue import LoadError
from lnsym.claims import Claim, ClaimResult, NumericResult, Plot, Series, Status, StepResult, Truth
from lnsym.premises import Premise
from lnsym.runner import VerifyRun

# Hostile plain text: TeX commands, unbalanced braces, every special character, Markdown and HTML.
HOSTILE = r"\input{/etc/passwd} \write18{touch /tmp/lnsym-pwned} }{ unbalanced { % & _ # ~ ^ $ -- << >>"
HOSTILE_MD = "| pipe | *star* _under_ <script>alert(1)</script> `tick` $x$ [link](http://x) ![i](y) &amp;"
HOSTILE_UNICODE = "μ σ ε ≈ ≤ ≥ − × · é ß ž 中文 😀 \u200b\x07 end"
VERSIONS = {"lnsym": "0.1.0", "sympy": "1.14.0", "numpy": "2.0.0", "python": "3.11.7"}


def _body(c):  # pragma: no cover - never run: results are built directly
    pass


def make_claim(cid: str, title: str = "A claim", *, statement: str = r"a + b = b + a", depends_on=(),
               doc: str = "") -> Claim:
    return Claim(id=cid, title=title, statement=statement, depends_on=tuple(depends_on), body=_body,
                 source=f"/home/someone/derivations/{cid}.py:12", family="synthetic", doc=doc)


def step(index: int, *, verdict: Truth = Truth.TRUE, justification: str = "algebra", lhs: str = r"\frac{a}{b}",
         rhs: str = r"\frac{a}{b}", relation: str = "=", detail: str = "", seconds: float = 0.123456) -> StepResult:
    return StepResult(index=index, lhs=lhs, relation=relation, rhs=rhs, justification=justification, method="sympy",
                      scope="all d", general=True, verdict=verdict, detail=detail, seconds=seconds)


def numeric(label: str = "closed form vs complex step", *, passed: bool = True, detail: str = "",
            abs_error: float = 3.5e-15, rel_error: float = 1.25e-13) -> NumericResult:
    return NumericResult(label=label, method="complex step", sizes=(2, 3, 4, 8, 64), points=15,
                         max_abs_error=abs_error, max_rel_error=rel_error, passed=passed, detail=detail)


def plot(name: str = "demo-plot") -> Plot:
    xs = tuple(float(n) for n in range(1, 49))
    return Plot(
        name=name,
        title=r"Bound $(1+\delta)^n$ against products (50% & more)",
        xlabel="$n$",
        ylabel=r"operator norm $\|P\|_2$",
        series=(
            Series(r"$(1+\delta)^n$", xs, tuple(1.02**n for n in xs)),
            Series("largest of 20 random products", xs, tuple(1.0 + 0.003 * n for n in xs), style="marks"),
            Series("with gaps", (1.0, 2.0, 3.0), (float("nan"), float("inf"), 1.5)),
        ),
        xmode="linear",
        ymode="log",
    )


def result(claim: Claim, status: Status = Status.PROVED, *, steps=None, numerics=None, plots=(), notes=(),
           message: str = "", scope: str = "all d", seconds: float = 1.234567) -> ClaimResult:
    return ClaimResult(claim=claim, status=status, scope=scope,
                       steps=tuple(steps if steps is not None else (step(1), step(2, justification="expand"))),
                       numeric=tuple(numerics if numerics is not None else (numeric(),)), plots=tuple(plots),
                       notes=tuple(notes), message=message, seconds=seconds)


def synthetic_run(*, seed: int = 7) -> VerifyRun:
    """Six claims: proved (with a plot), checked, failed (hostile message), error (no steps, no
    evidence), one whose every text field is hostile, and one proved from a (hostile) premise.
    Timings are odd numbers that must not appear in any rendering."""
    base = make_claim("base-identity", "The base identity")
    plotted = make_claim("plotted-bound", "A bound with a plot", depends_on=("base-identity",),
                         statement=r"\Big\|\prod_{i=1}^{n}(I+B_i)\Big\| \le (1+\delta)^n,\qquad 1.02^{48}\approx 2.587")
    checked = make_claim("checked-sizes", "Checked for listed sizes", depends_on=("base-identity",))
    failed = make_claim("failing-claim", "A claim that fails", depends_on=("checked-sizes", "plotted-bound"))
    crashed = make_claim("crashing-claim", "A claim whose check crashed")
    hostile = make_claim("hostile-text", HOSTILE, doc=HOSTILE_MD, depends_on=("base-identity", "not-in-run"))
    results = (
        result(base, notes=(r"where $s = \sqrt{\sigma^2+\epsilon}$ (50% of {cases})",), seconds=98.7654321),
        result(plotted, plots=(plot(),)),
        result(checked, Status.CHECKED, scope="d = 2..6; numeric",
               steps=(step(1), StepResult(2, "x", "=", "x", "exact", "sizes", "d = 2..6", False, Truth.TRUE))),
        result(failed, Status.FAILED, message="step 2 (expand) is false: " + HOSTILE,
               steps=(step(1), step(2, verdict=Truth.FALSE, detail="differs by 1 at d = 3"),
                      step(3, verdict=Truth.UNKNOWN)),
               numerics=(numeric(passed=False, detail="worst at d = 64", abs_error=0.5, rel_error=float("inf")),)),
        result(crashed, Status.ERROR, scope="none", steps=(), numerics=(),
               message="the check crashed: ZeroDivisionError: division by zero"),
        result(hostile, Status.CHECKED, notes=(HOSTILE_UNICODE, "50% $x_1$ & #2"), scope=HOSTILE,
               steps=(step(1, justification=HOSTILE, detail=HOSTILE_MD), step(2, justification=HOSTILE_UNICODE)),
               numerics=(numeric(HOSTILE, detail=HOSTILE_MD), numeric(HOSTILE_UNICODE, abs_error=float("nan")))),
    )
    # proved from premises: a hostile premise, and a step read differently from what SymPy decided
    assumed = dataclasses.replace(make_claim("assumed-setting", "Proved from a premise"),
                                  premises=(Premise(HOSTILE, HOSTILE_UNICODE, "50% & #2"),))
    results += (result(assumed, Status.PROVED_FROM_PREMISES, steps=(
        dataclasses.replace(step(1), reading=(r"\mathbb{E}[X^2]", "1"), premises=(Premise("$X$ is Gaussian"),)),)),)
    errors = (LoadError("/tmp/claims/broken_{1}.py", 3, "SyntaxError: " + HOSTILE),)
    return VerifyRun(results=results, seed=seed, seconds=76.54321, load_errors=errors, versions=dict(VERSIONS))


# ----------------------------------------------------------------------------------------- TeX
def tex_or_skip() -> None:
    """Skip when TeX is absent, except in CI (CI installs it: there a missing TeX is a failure)."""
    missing = [p for p in ("latexmk", "pdflatex", "pdftotext") if shutil.which(p) is None]
    if missing:
        skip_or_fail(f"{', '.join(missing)} not installed", "the README's ci:apt block lists the Debian packages")


def pdf_text(path, *, layout: bool = False) -> str:
    args = ["pdftotext", "-enc", "UTF-8", *(["-layout"] if layout else []), str(path), "-"]
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def pdf_pages(path) -> int:
    out = subprocess.run(["pdfinfo", str(path)], check=True, capture_output=True, text=True).stdout
    return int(next(line.split()[-1] for line in out.splitlines() if line.startswith("Pages:")))


def squash(text: str) -> str:
    """PDF text with line breaks and hyphenation at line ends undone, spaces collapsed."""
    return " ".join(text.replace("-\n", "-").split())


def _page(body: str) -> str:
    from html_whitelist import CSP
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" '
            f'content="{CSP}"><title>t</title></head><body>{body}</body></html>')


HOSTILE_MATH = [
    r"\input{/etc/passwd}", r"\write18{touch /tmp/x}", r"\openout3=x", r"\immediate\write3{x}",
    r"\catcode`\^=7", r"\def\x{y}\x", r"\gdef\x{}", r"\edef\x{}", r"\let\x\relax", r"\csname input\endcsname",
    "^^5cinput{/etc/passwd}", "x^^M", r"\end{document}", r"\begin{document}", r"\begin{cases} a \end{array}",
    "a % comment", "a # b", "x}", "{x", r"\(x\)", r"\[x\]", r"\makeatletter", r"\@gobble", "a & b",
    r"\scantokens{x}", r"\expandafter\x", r"\loop\repeat", r"\pdfliteral{x}", r"\everymath{x}", r"\par",
    r"\newcommand{\x}{y}", r"\uppercase{x}", r"\string\x", r"\tracingall", "x`y",
]
