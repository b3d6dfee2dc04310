"""Words that say what a value is: "Deviations: $[-2,0,0,2]$", "Squares: $[4,0,0,4]$", "Mean: $4$",
"Variance: $2$", "Normalize: $\\frac{[-0.25,0.25]}{0.25}=[-1,1]$".

The word names a function of *the vector the paragraph works on* (the last vector bound in it, e.g.
``z=[1,3]+[0.5,-1]=[1.5,2]``, or the entries of a mean written out, ``\\mu=\\frac{2+4+4+6}{4}``):

===========================================  =========================================
word                                         value
===========================================  =========================================
Deviations, Centered                         x - mu
Squares, Squared deviations                  (x - mu)^2
Mean, Average                                mu
Variance                                     sigma^2 (population: divided by d)
Normalize, Normalized, Standardized          (x - mu) / sigma (or sqrt(sigma^2 + eps))
===========================================  =========================================

mu and sigma^2 are computed from the vector (a wrong mean written earlier is reported there, and
values that follow it are compared with the truth). A decimal entry is right when it is the true
value rounded as written.
Without a vector in the paragraph the words are not checked.
"""

from __future__ import annotations

import re
from typing import Any

import sympy as sp

from lnsym.check.findings import Verdict
from lnsym.check.judges.arithmetic import decide_pair
from lnsym.check.judges.judgement import Judgement
from lnsym.check.judges.numbers.evaluate import Vec
from lnsym.check.judges.numbers.rounding import format_value
from lnsym.check.parse.nodes import Sym

__all__ = ["WORD", "check_word", "word_before"]

WORD = re.compile(
    r"(?:^|[.;:!?()\[\]*_—–\n-])\s*(?P<w>deviations?|centered|centred|squared\s+deviations|squares|mean|average|"
    r"variance|normali[sz]ed?|standardi[sz]ed)\s*(?:\([^()]{0,20}\))?\s*:\s*$",
    re.IGNORECASE,
)
_KIND = {"deviation": "dev", "deviations": "dev", "centered": "dev", "centred": "dev", "squares": "sq",
         "mean": "mean", "average": "mean", "variance": "var", "normalize": "norm", "normalise": "norm",
         "normalized": "norm", "normalised": "norm", "standardized": "norm", "standardised": "norm"}
_DESCRIBE = {"dev": "x - μ", "sq": "(x - μ)²", "mean": "μ", "var": "σ²", "norm": "(x - μ)/σ"}


def word_before(prose: str) -> str | None:
    """The kind named by the word that ends ``prose`` ("Deviations:" -> "dev"), or None. The word must
    start a clause (after a full stop, a colon, a dash, a bracket, a new line): "Sample variance:" and
    "Batch mean:" name other quantities."""
    window = prose[-40:]
    m = WORD.search(window)
    if m is None or (len(prose) > 40 and not window[: m.start("w")].strip()):
        return None  # the word starts the window: what came before it ("Sample variance:") is not seen
    w = m.group("w").lower()  # single words, but "squared deviations" (read by its start)
    return "sq" if w.startswith("squared") else _KIND.get(w)


def stats(vec: Vec) -> tuple[Any, Any]:
    """mu and sigma^2 (population) of the vector."""
    n = len(vec)
    mu = sp.Add(*vec.items) / n
    var = sp.Add(*[(v - mu) ** 2 for v in vec.items]) / n
    return mu, var


def truth(kind: str, vec: Vec, env: dict[str, Any], eps: Any = None) -> list[Any]:
    """Candidate true values (the first is shown when the key is wrong)."""
    mu, var = stats(vec)
    if kind == "dev":
        return [Vec(v - mu for v in vec.items)]
    if kind == "sq":
        return [Vec((v - mu) ** 2 for v in vec.items)]
    if kind == "mean":
        return [mu]
    if kind == "var":
        return [var]
    if kind == "norm":
        out = []
        if var != 0:
            out.append(Vec((v - mu) / sp.sqrt(var) for v in vec.items))
        for e in (eps, sp.Rational(1, 10**5)):
            if e is not None and var + e != 0:
                out.append(Vec((v - mu) / sp.sqrt(var + e) for v in vec.items))
        return out
    return []


MAX_ENTRIES = 64  # the words are checked in the main process: small vectors of simple numbers only
_TRUTH_TREE = Sym("truth", None)  # the true side has no written digits


def check_word(kind: str, value: Any, tree: tuple | None, vec: Vec, env: dict[str, Any], vec_name: str,
               eps: Any = None) -> Judgement:
    """Is ``value`` (the key's, parsed as ``tree``) what the word says, for the paragraph's vector?

    Each candidate truth is compared with the engine's own step decision (exact values, a decimal right
    when it is the truth rounded as written, vectors entry by entry); correct when one candidate holds,
    wrong only when every candidate is refuted."""
    items = list(vec.items) + list(value.items if isinstance(value, Vec) else [value])
    if len(items) > 2 * MAX_ENTRIES or any(sp.count_ops(x) > 60 for x in items):
        return Judgement("unchecked", "", "too large to compare here")  # this runs outside the worker
    cands = truth(kind, vec, env, eps)
    if not cands:
        return Judgement("unchecked", "", "nothing to compare with")
    link = "of" if kind in ("mean", "var") else "with"
    where = f"{_DESCRIBE[kind].replace('x', vec_name)} {link} {vec_name} = {format_value(vec)}"
    if any(isinstance(true, Vec) != isinstance(value, Vec) for true in cands):
        shape = "vector" if isinstance(cands[0], Vec) else "number"
        return Judgement("unchecked", "", f"the word means {_DESCRIBE[kind]}, a {shape}")
    results = [decide_pair(true, value, "=", (_TRUTH_TREE, tree), None, (_DESCRIBE[kind], ""), False)
               for true in cands]
    if any(r.verdict is Verdict.CORRECT for r in results):
        return Judgement("correct", "", where)
    if all(r.verdict is Verdict.WRONG for r in results):
        first = results[0]
        detail = first.reason if isinstance(value, Vec) else f"it is {format_value(cands[0])}"
        return Judgement("wrong", format_value(cands[0]), f"{where}: {detail}")
    return Judgement("unchecked", "", f"{_DESCRIBE[kind]} could not be decided")
