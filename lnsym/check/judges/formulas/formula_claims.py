"""Formula steps as claims: the key's LN Jacobian, zhat, mu, sigma^2, LN/RMSNorm/softmax entries and their
derivatives, proved or refuted with the catalogue's machinery (:mod:`lnsym.decide`,
:mod:`lnsym.symbols`, its ``LN_JACOBIAN``); residual and
Pre-LN/Post-LN derivatives are in :mod:`lnsym.check.judges.formulas.derivatives`.

A step is decided in the check worker (so the engine's time limit applies): symbolically for symbolic
d where :func:`lnsym.decide.equal` can (``proved for all d``), else for the explicit sizes d = 2..6
(``checked for d = 2..6``), else numerically at seeded random points (``numerically at 20 points``).
A refuted formula is ``wrong``; ``expected`` holds the correct form in the key's notation and the
reason a concrete counterexample (``d = 3, z = [1, 2, 4], γ = 1, ε = 0.1, entry (1, 2): the key gives ...``).
Undecided stays ``unchecked``: a false alarm is worse than a missed check.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lnsym.check.findings import Verdict
from lnsym.check.judges.formulas.derivatives import entries_key
from lnsym.check.judges.formulas.vocabulary import Deriv, JacEntry, LNOut, Unknown, canon_name, parse
from lnsym.check.judges.judgement import Judgement, StatementJob, failure
from lnsym.check.parse.lexer import LexError, Token, tokenize
from lnsym.check.parse.nodes import (
    Add,
    Div,
    Frac,
    Func,
    Group,
    Mul,
    Neg,
    Num,
    Pow,
    Product,
    Sqrt,
    Sum,
    Sym,
    UFunc,
    tree_nodes,
)
from lnsym.check.reasons import Reason

__all__ = ["FormulaJob", "decide_formula", "mentions_vocabulary"]

_VOCAB_CMDS = {"partial", "hat", "widehat", "delta", "gamma", "epsilon", "varepsilon", "sigma", "mu", "sum"}
_SIZES = range(2, 7)
_POINTS = 20
_EPS = None  # the declared epsilon of the job being decided (the worker decides one job at a time)
_ABBREVIATIONS: dict = {}  # one-letter names the key defines once (s = sqrt(sigma^2 + eps)) -> [(source, line)]


def mentions_vocabulary(toks: list[Token]) -> bool:
    """Cheap filter in the main process: could this term be a formula of the vocabulary?"""
    for t in toks:
        if t.kind == "CMD" and t.value in _VOCAB_CMDS:
            return True
        if t.kind == "TEXT" and canon_name(t.value) in ("LN", "RMSNorm", "softmax"):
            return True
        if t.kind == "LETTER" and t.value in ("J", "F", "I"):
            return True
    return False


@dataclass
class FormulaJob(StatementJob):
    """One formula step for the worker: ``left = right`` with what the reader knows around it."""

    left: str = ""
    right: str = ""
    input_name: str | None = None  # declared input of LN
    definitions: dict = field(default_factory=dict)  # key of a name -> (right side source, line)
    size_name: str | None = None  # declared letter for the number of features (d by default)
    eps: Any = None  # declared epsilon (a Fraction): used for the counterexample
    line: int = 0  # the line of the step (the nearest definition before it is the one meant)

    def run(self, emit) -> None:
        global _EPS, _ABBREVIATIONS
        _EPS = self.eps
        _ABBREVIATIONS = {k: v for k, v in self.definitions.items() if len(k) == 1 and len(v) == 1}
        try:
            res = decide_formula(self.left, self.right, self.input_name, self.definitions, self.size_name,
                                 self.line)
        except Exception as exc:
            res = failure(exc, "formula")
        emit(0, res or Judgement("unchecked", "", "formula not read", code=Reason.FORMULA_NOT_READ))
        emit(-1, {})


def make_job(left: str, right: str, input_name: str | None, definitions: dict) -> FormulaJob:
    return FormulaJob([None, None], ["", ""], [left, right], ["="], left=left, right=right,
                      input_name=input_name, definitions=definitions)


# -- reading a term --------------------------------------------------------------------------------

def _core(tree):
    while isinstance(tree, Group):
        tree = tree.inner
    return tree


class _Term:
    """A parsed term: its tree and placeholders, or its derivative / Jacobian meaning."""

    def __init__(self, src: str, toks: list | None = None) -> None:
        if toks is None:
            try:
                toks = tokenize(src)
            except LexError:
                raise Unknown("not tokenized") from None
        self.toks = toks
        self.tree, self.holders = parse(toks)
        t = _core(self.tree)
        self.core = t
        self.single = self.holders.get(t.name) if isinstance(t, Sym) and t.sub is None else None


def _ln_of(num: tuple) -> tuple[str, str | None, str] | None:
    """``\\text{LN}(z)_a`` / ``\\text{LN}_a(z)`` / ``\\text{LN}(z)`` -> (z, a or None, "LN"); RMSNorm, softmax."""
    toks = [t for t in num if not (t.kind == "SYM" and t.value in "{}")]
    if not toks or toks[0].kind != "TEXT" or canon_name(toks[0].value) not in ("LN", "RMSNorm", "softmax"):
        return None
    fn = canon_name(toks[0].value)
    rest = toks[1:]
    idx = None
    if len(rest) >= 2 and rest[0].value == "_" and rest[1].kind == "LETTER":
        idx, rest = rest[1].value, rest[2:]
    if len(rest) >= 3 and rest[0].value == "(" and rest[1].kind == "LETTER" and rest[2].value == ")":
        var, rest = rest[1].value, rest[3:]
    else:
        return None
    if len(rest) == 2 and rest[0].value == "_" and rest[1].kind == "LETTER" and idx is None:
        idx, rest = rest[1].value, []
    return (var, idx, fn) if not rest else None


def _var_index(den: tuple) -> tuple[str, str | None] | None:
    toks = [t for t in den if not (t.kind == "SYM" and t.value in "{}")]
    if len(toks) == 1 and toks[0].kind == "LETTER":
        return toks[0].value, None
    if len(toks) == 3 and toks[0].kind == "LETTER" and toks[1].value == "_" and toks[2].kind == "LETTER":
        return toks[0].value, toks[2].value
    return None


def _jacobian_meaning(term: _Term, definitions: dict | None = None) -> tuple | None:
    """(input, row, col, function) when the term is the Jacobian of LN (RMSNorm, softmax): an entry, or the
    matrix with row = col = None. ``\\frac{\\partial y_i}{\\partial x_j}`` counts when the key defines y once,
    as ``y = \\text{LN}(x)``."""
    h = term.single
    if isinstance(h, JacEntry):
        return None, h.row, h.col, "LN"
    if isinstance(h, Deriv):
        ln = _ln_of(h.num)
        den = _var_index(h.den)
        if ln is None and definitions:
            out = _var_index(h.num)
            defs = definitions.get(out[0], []) if out else []
            # (not where the text also writes the entries of the name, `p_i = z_i^2`: which does it mean? Index
            # notation reads both)
            if len(defs) == 1 and not definitions.get(entries_key(out[0])):
                try:
                    ln = _ln_of(tuple(tokenize(defs[0][0])))
                except LexError:
                    ln = None
                ln = (ln[0], out[1], ln[2]) if ln is not None and ln[1] is None else None
        if ln and den and ln[0] == den[0] and (ln[1] is None) == (den[1] is None):
            return ln[0], ln[1], den[1], ln[2]
    return None


def _rms():
    import sympy as sp

    from lnsym import symbols as S

    return sp.sqrt(sp.Sum(S.x[S.j] ** 2, (S.j, 1, S.d)) / S.d + S.eps)


def _output(fn: str, k, outside: bool = False):
    """Entry k of LN / RMSNorm / softmax of the catalogue's x (``outside``: RMSNorm's eps outside the root)."""
    import sympy as sp

    from lnsym import symbols as S

    if fn == "LN":
        return S.layer_norm(k)
    if fn == "RMSNorm":
        return S.gamma[k] * S.x[k] / (_rms_outside() if outside else _rms())
    return sp.exp(S.x[k]) / sp.Sum(sp.exp(S.x[S.j]), (S.j, 1, S.d))


# -- translation onto the catalogue ----------------------------------------------------------------

class _Translator:
    """Tree -> (SymPy expression, shape) with shape s (scalar), c (column entry a), r (row entry b), m."""

    def __init__(self, input_name: str, index: dict[str, Any], holders: dict | None = None,
                 size_name: str | None = None) -> None:
        import sympy as sp

        from lnsym import symbols as S

        self.sp, self.S = sp, S
        self.v = input_name
        self.index = dict(index)
        self.bound: dict[str, Any] = {}
        self.holders = holders or {}
        self.size = size_name or "d"
        self.wrote_eps = False
        self.stray = False
        self.expanding: set[str] = set()
        self.wrote_gamma = False
        self.wrote_beta = False

    def idx(self, sub: tuple | None) -> Any:
        if sub is None:
            raise Unknown("an index is missing")
        src = sub[0].replace("{", "").replace("}", "").strip()
        if src in self.bound:
            return self.bound[src]
        if src in self.index:
            return self.index[src]
        if len(src) == 1 and src.isalpha() and src != self.size and self.index:
            # a stray index (z_b in a definition of zhat_a): a free index of its own, so that an entry
            # that depends on it is refuted, not guessed
            S = self.S
            free = S.b if S.b not in self.index.values() else self.sp.Symbol("c", integer=True, positive=True)
            self.index[src] = free
            self.stray = True
            return free
        raise Unknown(f"the index {src!r} is not known")

    def sym(self, t: Sym) -> tuple[Any, str]:
        sp, S = self.sp, self.S
        base, sub = t.name, t.sub
        if base in ("\\gamma", "\\beta"):
            arr = S.gamma if base == "\\gamma" else S.beta
            if base == "\\gamma":
                self.wrote_gamma = True
            else:
                self.wrote_beta = True
            if sub is None:
                return arr[S.a], "s"
            return arr[self.idx(sub)], "s"
        if base == "\\mu" and sub is None:
            return S.mu, "s"
        if base == "\\sigma" and sub is None:
            return sp.sqrt(S.var), "s"
        if base == "\\epsilon" and sub is None:
            self.wrote_eps = True
            return S.eps, "s"
        if base == self.size and sub is None:
            return S.d, "s"
        if base == "\\delta" and sub is not None:
            letters = sub[0].replace("{", "").replace("}", "").replace(",", "").replace(" ", "")
            if len(letters) == 2:
                return sp.KroneckerDelta(self.idx((letters[0], None)), self.idx((letters[1], None))), "s"
        if base in (f"\\hat{{{self.v}}}", f"\\widehat{{{self.v}}}"):
            if sub is None:
                return S.zhat(S.a), "c"
            return S.zhat(self.idx(sub)), "s"
        if base == self.v:
            if sub is None:
                return S.x[S.a], "c"
            return S.x[self.idx(sub)], "s"
        if base == "I" and sub is None:
            return sp.KroneckerDelta(S.a, S.b), "m"
        if self.holders.get(base) == "ONES" and sub is None:
            return sp.Integer(1), "c"
        h = self.holders.get(base)
        if h is not None and type(h).__name__ == "LNOut" and sub is None and h.var == self.v:
            if h.fn == "LN":
                self.wrote_gamma = self.wrote_beta = True  # LN(z)_a itself carries its gamma and beta
            return _output(h.fn, self.idx((h.index, None))), "s"
        if base == "e" and sub is None and self.v != "e":
            return sp.E, "s"
        if sub is None and base in _ABBREVIATIONS and base not in self.expanding and len(self.expanding) < 4:
            src = _ABBREVIATIONS[base][0][0]
            try:
                tree, holders = parse(tokenize(src))
            except (Unknown, LexError):
                raise Unknown(f"{base} is not in the vocabulary here") from None
            self.expanding.add(base)
            saved, self.holders = self.holders, holders
            try:
                return self.ev(tree)
            finally:
                self.holders = saved
                self.expanding.discard(base)
        raise Unknown(f"{base} is not in the vocabulary here")

    def ev(self, t: tuple) -> tuple[Any, str]:
        sp = self.sp
        match t:
            case Num(digits):
                from fractions import Fraction

                f = Fraction(digits)
                return sp.Rational(f.numerator, f.denominator), "s"
            case Group(inner):
                return self.ev(inner)
            case Sym():
                return self.sym(t)
            case Add(terms):
                parts = [self.ev(x) for x in terms]
                shapes = {p[1] for p in parts}
                if len(shapes) != 1:
                    raise Unknown("a sum of a matrix and a scalar")
                return sp.Add(*[p[0] for p in parts]), shapes.pop()
            case Neg(operand):
                e, s = self.ev(operand)
                return -e, s
            case Mul(left, right):
                (e1, s1), (e2, s2) = self.ev(left), self.ev(right)
                if s1 == "s" or s2 == "s":
                    return e1 * e2, s1 if s2 == "s" else s2
                if s1 == "c" and s2 == "r":
                    return e1 * e2, "m"
                raise Unknown("a matrix product that is not an outer product")
            case Frac(num, den) | Div(num, den):
                (e1, s1), (e2, s2) = self.ev(num), self.ev(den)
                if s2 != "s":
                    raise Unknown("a division by a vector")
                return e1 / e2, s1
            case Pow(base, exp):
                return self.power(base, exp)
            case Sqrt(radicand, index):
                if index is not None:
                    raise Unknown("a root other than the square root")
                e, s = self.ev(radicand)
                if s != "s":
                    raise Unknown("a root of a vector")
                return sp.sqrt(e), "s"
            case Sum(var, lo_t, hi_t, body_t):
                return self.big_sum(var, lo_t, hi_t, body_t)
            case Func("exp", (arg,)):
                e, s = self.ev(arg)
                if s != "s":
                    raise Unknown("exp of a vector")
                return sp.exp(e), "s"
            case UFunc(name, (arg,)) if name.lower() == "rms" and arg == Sym(self.v, None):
                return _rms_outside() - self.S.eps, "s"  # the root mean square itself, no epsilon
            case UFunc(name, (arg,)) if name == self.size or name in self.holders:
                # `d(...)`, `\mathrm{softmax}(z)_i(...)`: a product, not an application
                e1, s1 = self.ev(Sym(name, None))
                e2, s2 = self.ev(Group(arg))
                if s1 != "s" or s2 != "s":
                    raise Unknown("a product of vectors")
                return e1 * e2, "s"
            case UFunc("diag", (Sym("\\gamma"),)):
                self.wrote_gamma = True
                return self.S.gamma[self.S.a], "s"
        # (t[0], the node's kind: what is no node, the missing limits of `\sum_i`, fails here as it always did)
        raise Unknown(f"{t[0]} is not read as a formula")

    def power(self, base, exp) -> tuple[Any, str]:
        ex = _core(exp)
        if isinstance(base, UFunc) and len(base.args) == 1 and (base.name == self.size or base.name in self.holders):
            # `d(\sigma^2+\epsilon)^{3/2}` is d times the power, not (d(...))^{3/2}
            return self.ev(UFunc(base.name, (Pow(Group(base.args[0]), exp),)))
        e1, s1 = self.ev(base)
        if isinstance(ex, Sym) and ex.name == "T" and ex.sub is None:
            if s1 == "c":
                return e1.xreplace({self.S.a: self.S.b}), "r"
            raise Unknown("a transpose of a matrix")
        e2, s2 = self.ev(exp)
        if s1 != "s" or s2 != "s":
            raise Unknown("a power of a vector")
        return e1**e2, "s"

    def big_sum(self, var: str, lo_t, hi_t, body_t) -> tuple[Any, str]:
        sp = self.sp
        name = var if len(var) == 1 else "\\" + var
        if lo_t is None:  # `\\sum_i z_i`: over every entry, the d features
            lo, hi = 1, self.S.d
        else:
            lo, _ = self.ev(lo_t)
            hi, _ = self.ev(hi_t)
        sym = sp.Symbol(f"{name}_sum", integer=True, positive=True)
        saved = self.bound.get(name)
        self.bound[name] = sym  # 0..d-1 is a relabelling of 1..d
        try:
            body, s = self.ev(body_t)
        finally:
            if saved is None:
                self.bound.pop(name, None)
            else:
                self.bound[name] = saved
        if s != "s":
            raise Unknown("a sum of vectors")
        if (lo, hi) not in ((1, self.S.d), (0, self.S.d - 1)):
            raise Unknown("a sum whose limits are not 1..d")
        return sp.Sum(body, (sym, 1, self.S.d)), "s"


def _latex_jacobian(v: str, r: str, c: str) -> str:
    return (f"\\frac{{\\gamma_{r}}}{{\\sqrt{{\\sigma^2+\\epsilon}}}}\\left(\\delta_{{{r}{c}}}-\\frac{{1}}{{d}}"
            f"-\\frac{{1}}{{d}}\\hat{{{v}}}_{r}\\hat{{{v}}}_{c}\\right)")


_DEFINITIONS = {
    "zhat": ("\\frac{{{v}_{idx}-\\mu}}{{\\sqrt{{\\sigma^2+\\epsilon}}}}", "the normalized entry"),
    "mu": ("\\frac{{1}}{{d}}\\sum_{{i=1}}^{{d}} {v}_i", "the mean over the d features"),
    "var": ("\\frac{{1}}{{d}}\\sum_{{i=1}}^{{d}} ({v}_i-\\mu)^2", "the population variance over the d features"),
    "sigma": ("\\sqrt{{\\frac{{1}}{{d}}\\sum_{{i=1}}^{{d}} ({v}_i-\\mu)^2}}", "the population standard deviation"),
    "ln": ("\\gamma_{{{idx}}}\\frac{{{v}_{{{idx}}}-\\mu}}{{\\sqrt{{\\sigma^2+\\epsilon}}}}+\\beta_{{{idx}}}",
           "LN's output entry"),
    "rms": ("\\gamma_{{{idx}}}\\frac{{{v}_{{{idx}}}}}"
            "{{\\sqrt{{\\frac{{1}}{{d}}\\sum_{{j=1}}^{{d}} {v}_j^2+\\epsilon}}}}", "RMSNorm's output entry"),
    "softmax": ("\\frac{{e^{{{v}_{{{idx}}}}}}}{{\\sum_{{j=1}}^{{d}} e^{{{v}_j}}}}", "the softmax entry"),
}


def _point_value(expr, n: int, z, g, e, a_val: int, b_val: int):
    import sympy as sp

    from lnsym import symbols as S

    v = expr.xreplace({S.d: sp.Integer(n), S.a: sp.Integer(a_val), S.b: sp.Integer(b_val), S.eps: e})
    v = v.doit()
    sub = {S.x[k + 1]: z[k] for k in range(n)}
    sub.update({S.gamma[k + 1]: g[k] for k in range(n)})
    sub.update({S.beta[k + 1]: 0 for k in range(n)})
    # sympify: a side that is one entry alone (x_j, gamma_a) is replaced whole by the plain number of the point
    v = sp.sympify(v.xreplace(sub))
    return sp.nsimplify(v) if v.is_number else v


def _counterexample(key, true, has_indices: bool, v: str, eps_text: str = "") -> str:
    """A concrete point where the key's value and the true one differ (d = 3 first); ``eps_text`` names an ε the
    caller substituted (``", ε = 0"``)."""
    import random

    import sympy as sp

    e0 = sp.Rational(_EPS.numerator, _EPS.denominator) if _EPS is not None else sp.Rational(1, 10)
    points = [(3, [1, 2, 4], [1, 1, 1], e0)]
    rng = random.Random(7)
    for _ in range(6):
        n = rng.randint(2, 5)
        points.append((n, [rng.randint(-5, 5) for _ in range(n)], [rng.randint(1, 3) for _ in range(n)],
                       sp.Rational(rng.randint(1, 9), 10)))
    for n, z, g, e in points:
        pairs = [(p, q) for p in range(1, n + 1) for q in range(1, n + 1)] if has_indices else [(1, 1)]
        for p, q in pairs:
            try:
                kv = _point_value(key, n, z, g, e, p, q)
                tv = _point_value(true, n, z, g, e, p, q)
                if not (kv.is_number and tv.is_number):
                    continue
                if abs(complex(sp.N(kv - tv, 30))) > 1e-12:
                    where = f", entry ({p}, {q})" if has_indices else ""
                    from lnsym import symbols as S

                    uses = key.has(S.gamma) or true.has(S.gamma)
                    gtxt = (f", γ = {g}" if any(gg != 1 for gg in g) else ", γ = 1") if uses else ""
                    etxt = eps_text or (f", ε = {float(e):g}" if (key.has(S.eps) or true.has(S.eps)) else "")
                    return (f"d = {n}, {v} = {z}{gtxt}{etxt}{where}: the key gives {_fmt(kv)}, "
                            f"the true value is {_fmt(tv)}")
            except Exception:
                continue
    return ""


def _fmt(x) -> str:
    import sympy as sp

    try:
        return f"{float(sp.N(x, 20)):.6g}"
    except (TypeError, ValueError):
        return sp.sstr(x)


def _affine_defaults(true, tr: _Translator) -> tuple[Any, str]:
    """Without a written gamma (beta) the key means gamma = 1 (beta = 0): the normalization alone."""
    from lnsym import symbols as S

    notes = []
    if not tr.wrote_gamma and true.has(S.gamma):
        true = true.replace(lambda e: getattr(e, "is_Indexed", False) and e.base == S.gamma, lambda e: 1)
        notes.append("γ = 1")
    if not tr.wrote_beta and true.has(S.beta):
        true = true.replace(lambda e: getattr(e, "is_Indexed", False) and e.base == S.beta, lambda e: 0)
        notes.append("β = 0")
    return true, (" (with " + ", ".join(notes) + ": none written)") if notes else ""


def _decide(key, true, has_indices: bool, v: str, expected: str, what: str, wrote_eps: bool = True) -> Judgement:
    """key == true: proved for all d, or for d = 2..6, or numerically; else wrong with a counterexample."""
    import sympy as sp

    from lnsym import symbols as S
    from lnsym.claims import Truth
    from lnsym.decide import equal

    dec = equal(key, true, given=S.INDEX_RANGE)
    if dec.verdict is Truth.TRUE:
        return Judgement("correct", "", f"{what}: proved for all d")
    # a form that holds only without epsilon (sigma for sqrt(sigma^2+eps)) is a convention, not an error
    if not wrote_eps:
        at0 = equal(key.xreplace({S.eps: 0}), true.xreplace({S.eps: 0}), given=S.INDEX_RANGE)
        if at0.verdict is Truth.TRUE:
            return Judgement("unchecked", "", f"{what}: holds only for ε = 0 (the key writes no ε)")
    # a key that writes no ε is shown its own reading, at ε = 0, where a point refutes there
    witness = "" if wrote_eps else _counterexample(key.xreplace({S.eps: 0}), true.xreplace({S.eps: 0}), has_indices,
                                                   v, ", ε = 0" if key.has(S.eps) or true.has(S.eps) else "")
    witness = witness or _counterexample(key, true, has_indices, v)
    if witness:
        return Judgement("wrong", expected, f"{what} should be {expected}; {witness}")
    if dec.verdict is Truth.UNKNOWN:
        ok = True
        for n in _SIZES:
            pairs = [(p, q) for p in range(1, n + 1) for q in range(1, n + 1)] if has_indices else [(1, 1)]
            for p, q in pairs:
                sub = {S.d: sp.Integer(n), S.a: sp.Integer(p), S.b: sp.Integer(q)}
                k2, t2 = key.xreplace(sub).doit(), true.xreplace(sub).doit()
                if equal(k2, t2).verdict is not Truth.TRUE:
                    ok = False
                    break
            if not ok:
                break
        if ok:
            return Judgement("correct", "", f"{what}: checked for d = 2..6")
        if _numerically_equal(key, true, has_indices):
            return Judgement("correct", "", f"{what}: numerically at {_POINTS} points (not proved)")
    return Judgement("unchecked", "", f"{what}: not decided")


def _numerically_equal(key, true, has_indices: bool) -> bool:
    """Agreement to 1e-12 (relative) at seeded random points: d in 2..6, z, gamma, eps and the entry."""
    import random

    import sympy as sp

    rng = random.Random(20)
    for _ in range(_POINTS):
        n = rng.randint(2, 6)
        z = [sp.Rational(rng.randint(-400, 400), 97) for _ in range(n)]
        g = [sp.Rational(rng.randint(50, 200), 97) for _ in range(n)]
        e = sp.Rational(rng.randint(1, 100), 997)
        p, q = (rng.randint(1, n), rng.randint(1, n)) if has_indices else (1, 1)
        try:
            kv = complex(sp.N(_point_value(key, n, z, g, e, p, q), 30))
            tv = complex(sp.N(_point_value(true, n, z, g, e, p, q), 30))
        except (TypeError, ValueError, ZeroDivisionError):
            return False
        if not abs(kv - tv) <= 1e-12 * (1 + abs(tv)):
            return False
    return True


def _input_candidates(tree: tuple) -> set[str]:
    """Letters the term uses as a vector: hatted, or with a subscript."""
    out: set[str] = set()
    for t in tree_nodes(tree):
        if isinstance(t, Sym):
            base = t.name
            if base.startswith(("\\hat{", "\\widehat{")) and base.endswith("}"):
                out.add(base[base.index("{") + 1 : -1])
            elif len(base) == 1 and base.isalpha() and t.sub is not None and base not in "dIJ":
                out.add(base)
    return out


def _defined_name(term: _Term) -> tuple[str, str | None] | None:
    """``\\hat{z}_a`` -> ('zhat', a); ``\\mu`` -> ('mu', None); ``\\sigma^2`` -> ('var', None); ``\\sigma``."""
    t = term.core
    if isinstance(term.single, LNOut):
        return {"LN": "ln", "RMSNorm": "rms", "softmax": "softmax"}[term.single.fn], term.single.index
    match t:
        case Sym("\\mu", None):
            return "mu", None
        case Sym("\\sigma", None):
            return "sigma", None
        case Sym(name, sub) if name.startswith(("\\hat{", "\\widehat{")) and sub is not None:
            letter = sub[0].replace("{", "").replace("}", "").strip()
            if len(letter) == 1 and letter.isalpha():
                return "zhat", letter
        case UFunc(name, (Sym(),)) if name.lower() in ("var", "variance"):
            return "var", None  # \mathrm{Var}(x)
        case Pow(base, ex) if _core(base) == Sym("\\sigma", None) and _core(ex) == Num("2"):
            return "var", None
    return None


def _numeric_only(tree: tuple) -> bool:
    stack = [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, Sym | UFunc | Sum | Product):
            return False
        if isinstance(t, tuple):
            stack.extend(x for x in t if isinstance(x, tuple))
    return True


def decide_formula(left: str, right: str, input_name: str | None, definitions: dict,
                   size_name: str | None = None, line: int = 0) -> Judgement | None:
    """The decision of ``left = right`` under the vocabulary, or None when the step is not a formula it reads."""
    try:
        L, R = _Term(left), _Term(right)
    except Unknown:
        L = R = None
    if L is not None:
        jl, jr = _jacobian_meaning(L, definitions), _jacobian_meaning(R, definitions)
        if jl and jr:
            same_input = jl[0] is None or jr[0] is None or jl[0] == jr[0]
            if same_input and jl[1:] == jr[1:]:
                return Judgement("correct", "", f"both sides are {jl[3]}'s Jacobian (entry by definition)")
            if not same_input:
                return Judgement("unchecked", "", f"the Jacobians at two vectors, {jl[0]} and {jr[0]}")
            return Judgement("unchecked", "", "two notations of the Jacobian with different indices")
        if jl or jr:
            return _jacobian_claim(jl or jr, R if jl else L, input_name, size_name)
        named = _defined_name(L)
        if named is not None and not _numeric_only(R.tree):
            return _definition_claim(named, L, R, input_name, size_name)
        if isinstance(L.single, Deriv):
            res = _quantity_derivative(L.single, R, input_name, size_name)
            if res is not None:
                return res
            from lnsym.check.judges.formulas.derivatives import derivative_claim

            return derivative_claim(L.single, R, definitions, line)
    # `dy/dx = 1 + dF/dx` where the parser could not read the whole term
    return None


def _jacobian_claim(j: tuple, other: _Term, input_name: str | None, size_name: str | None = None) -> Judgement:
    from lnsym import symbols as S
    from lnsym.symbols import LN_JACOBIAN as FORMULA

    v, row, col, fn = j
    if fn != "LN":
        return _other_jacobian(fn, v, row, col, other, input_name, size_name)
    cands = _input_candidates(other.tree)
    v = v or input_name or (next(iter(cands)) if len(cands) == 1 else None)
    if v is None:
        return Judgement("unchecked", "", "which vector is LN's input is not clear; declare it "
                          "(<!-- lnsym: z is the input of LN -->)")
    if cands - {v}:
        return Judgement("unchecked", "", f"the formula mentions {', '.join(sorted(cands - {v}))}, not only {v}")
    matrix = row is None
    index = {} if matrix else {row: S.a, col: S.b}
    tr = _Translator(v, index, other.holders, size_name)
    try:
        expr, shape = tr.ev(other.tree)
    except Unknown as exc:
        return Judgement("unchecked", "", f"not read as a formula: {exc}")
    if tr.stray:
        return Judgement("unchecked", "", "an index other than the entry's (a slip of notation?)")
    if matrix and shape != "m":
        return Judgement("unchecked", "", "the other side is not read as a matrix")
    if not matrix and shape != "s":
        return Judgement("unchecked", "", "the other side is not read as an entry")
    r, c = (row, col) if not matrix else ("a", "b")
    expected = _latex_jacobian(v, r, c)
    if matrix:
        expected = (f"\\frac{{\\mathrm{{diag}}(\\gamma)}}{{\\sqrt{{\\sigma^2+\\epsilon}}}}\\left(I-\\frac{{1}}{{d}}"
                    f"\\mathbf{{1}}\\mathbf{{1}}^\\top-\\frac{{1}}{{d}}\\hat{{{v}}}\\hat{{{v}}}^\\top\\right)")
    true, note = _affine_defaults(FORMULA, tr)
    if note:
        expected = expected.replace("\\gamma_" + r, "1").replace("\\mathrm{diag}(\\gamma)", "1")
    return _decide(expr, true, True, v, expected, "the LN Jacobian" + (" entry" if not matrix else "") + note,
                   tr.wrote_eps)


def _rms_outside():
    """RMS with epsilon outside the root (some code adds eps to the RMS itself)."""
    import sympy as sp

    from lnsym import symbols as S

    return sp.sqrt(sp.Sum(S.x[S.j] ** 2, (S.j, 1, S.d)) / S.d) + S.eps


_OTHER = {
    "RMSNorm": ("\\frac{{\\gamma_{r}}}{{\\mathrm{{RMS}}}}\\left(\\delta_{{{r}{c}}}-\\frac{{{v}_{r}{v}_{c}}}"
                "{{d\\,\\mathrm{{RMS}}^2}}\\right),\\ "
                "\\mathrm{{RMS}}=\\sqrt{{\\tfrac{{1}}{{d}}\\sum_j {v}_j^2+\\epsilon}}", "the RMSNorm Jacobian entry"),
    "softmax": ("\\mathrm{{softmax}}({v})_{r}\\left(\\delta_{{{r}{c}}}-\\mathrm{{softmax}}({v})_{c}\\right)",
                "the softmax Jacobian entry"),
}


def _decide_any(expr, trues: list, has_indices: bool, v: str, expected: str, what: str, wrote_eps: bool):
    """Correct when the key equals one of the accepted forms; wrong only when it differs from all."""
    results = [_decide(expr, t, has_indices, v, expected, what, wrote_eps) for t in trues]
    for res in results:
        if res.verdict is Verdict.CORRECT:
            return res
    if all(r.verdict is Verdict.WRONG for r in results):
        return results[0]
    return next(r for r in results if r.verdict is Verdict.UNCHECKED)


def _other_jacobian(fn: str, v: str, row, col, other: _Term, input_name, size_name) -> Judgement:
    """An entry of the RMSNorm or softmax Jacobian, against the derivative of the catalogue-style output."""
    import sympy as sp

    from lnsym import symbols as S

    if row is None:
        return Judgement("unchecked", "", f"the {fn} Jacobian in matrix form is not read")
    if input_name and input_name != v:
        return Judgement("unchecked", "", f"{v} is not the declared input {input_name}")
    cands = _input_candidates(other.tree)
    if cands - {v}:
        return Judgement("unchecked", "", f"the formula mentions {', '.join(sorted(cands - {v}))}, not only {v}")
    tr = _Translator(v, {row: S.a, col: S.b}, other.holders, size_name)
    try:
        expr, shape = tr.ev(other.tree)
    except Unknown as exc:
        return Judgement("unchecked", "", f"not read as a formula: {exc}")
    if shape != "s" or tr.stray:
        return Judgement("unchecked", "", "the other side is not read as an entry of indices " + row + col)
    latex, what = _OTHER[fn]
    expected = latex.format(v=v, r=row, c=col)
    trues = [sp.Derivative(_output(fn, S.a), S.x[S.b])]
    if fn == "RMSNorm":
        trues.append(sp.Derivative(_output(fn, S.a, outside=True), S.x[S.b]))
    note = ""
    if fn == "RMSNorm":
        fixed = [_affine_defaults(t, tr) for t in trues]
        trues, note = [f[0] for f in fixed], fixed[0][1]
    return _decide_any(expr, trues, True, v, expected, what + note, tr.wrote_eps or fn == "softmax")


def _definition_claim(named: tuple[str, str | None], L: _Term, R: _Term, input_name: str | None,
                      size_name: str | None = None) -> Judgement | None:
    import sympy as sp

    from lnsym import symbols as S

    kind, idx = named
    cands = _input_candidates(R.tree)
    if kind == "zhat":
        base = L.core.name
        cands.add(base[base.index("{") + 1 : -1])
    if kind in ("ln", "rms", "softmax"):
        cands.add(L.single.var)
    v = input_name if input_name and (not cands or cands == {input_name}) else (
        next(iter(cands)) if len(cands) == 1 else None)
    if v is None:
        return None if not cands else Judgement("unchecked", "", "which vector is meant is not clear")
    tr = _Translator(v, {idx: S.a} if idx else {}, R.holders, size_name)
    try:
        expr, shape = tr.ev(R.tree)
    except Unknown:
        return None
    if shape != "s":
        return None
    true = {"zhat": S.zhat(S.a), "mu": S.mu, "var": S.var, "sigma": S.var ** sp.Rational(1, 2),
            "ln": S.layer_norm(S.a), "rms": _output("RMSNorm", S.a), "softmax": _output("softmax", S.a)}[kind]
    latex, what = _DEFINITIONS[kind]
    expected = latex.format(v=v, idx=idx or "i")
    note = ""
    trues = [true]
    if kind == "rms":
        trues.append(_output("RMSNorm", S.a, outside=True))
    if kind in ("ln", "rms"):
        fixed = [_affine_defaults(t, tr) for t in trues]
        trues, note = [f[0] for f in fixed], fixed[0][1]
        if "γ = 1" in note:
            expected = expected.replace(f"\\gamma_{{{idx}}}", "")
        if "β = 0" in note:
            expected = expected.replace(f"+\\beta_{{{idx}}}", "")
    return _decide_any(expr, trues, tr.stray, v, expected, what + note,
                       tr.wrote_eps or kind not in ("zhat", "ln", "rms"))


_DERIVATIVES = {
    "zhat": ("\\frac{{1}}{{\\sqrt{{\\sigma^2+\\epsilon}}}}\\left(\\delta_{{{i}{j}}}-\\frac{{1}}{{d}}"
             "-\\frac{{1}}{{d}}\\hat{{{v}}}_{i}\\hat{{{v}}}_{j}\\right)", "the derivative of the normalized entry"),
    "mu": ("\\frac{{1}}{{d}}", "the derivative of the mean"),
    "var": ("\\frac{{2}}{{d}}({v}_{j}-\\mu)", "the derivative of the variance"),
    "sigma": ("\\frac{{{v}_{j}-\\mu}}{{d\\sigma}}", "the derivative of sigma"),
}


def _quantity_derivative(h: Deriv, R: _Term, input_name: str | None, size_name: str | None) -> Judgement | None:
    """``\\frac{\\partial \\hat{z}_a}{\\partial z_b}``, ``\\frac{\\partial\\mu}{\\partial x_j}``,
    ``\\frac{\\partial \\sigma^2}{\\partial x_j}``: the catalogue's derivative of the quantity."""
    import sympy as sp

    from lnsym import symbols as S

    den = _var_index(h.den)
    if den is None or den[1] is None:
        return None
    try:
        num = _Term("", list(h.num))
    except Unknown:
        return None
    named = _defined_name(num)
    if named is None or named[0] == "ln":
        return None
    kind, i = named
    v, j = den
    if kind == "zhat":
        base = num.core.name
        if base[base.index("{") + 1 : -1] != v:
            return None
    if input_name and v != input_name:
        return None
    cands = _input_candidates(R.tree)
    if cands - {v}:
        return Judgement("unchecked", "", f"the formula mentions {', '.join(sorted(cands - {v}))}, not only {v}")
    index = {j: S.b}
    if i is not None:
        if i == j:
            return None
        index[i] = S.a
    tr = _Translator(v, index, R.holders, size_name)
    try:
        expr, shape = tr.ev(R.tree)
    except Unknown as exc:
        return Judgement("unchecked", "", f"not read as a formula: {exc}")
    if shape != "s" or tr.stray:
        return None
    q = {"zhat": S.zhat(S.a), "mu": S.mu, "var": S.var, "sigma": sp.sqrt(S.var)}[kind]
    latex, what = _DERIVATIVES[kind]
    expected = latex.format(v=v, i=i or "", j=j)
    return _decide(expr, sp.Derivative(q, S.x[S.b]), True, v, expected, what, tr.wrote_eps)
