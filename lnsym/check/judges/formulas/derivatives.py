"""Derivatives of residual layers with F arbitrary: ``dy/dx = 1 + dF/dx``, and the Pre-LN layer Jacobian
``\\partial x_{i+1}/\\partial x_i = I + \\partial F/\\partial(\\text{LN}) \\cdot \\partial \\text{LN}/\\partial x_i``.

The differentiated name must be defined in the key (``y = x + F(x)``, ``x_{i+1} = x_i + F(\\text{LN}(x_i))``,
anywhere in the file; a declaration or the vocabulary never invents one). The chain rule is applied to
that definition with every function's Jacobian a non-commuting symbol ``J_G`` (so the order of a matrix
product matters), and the key's right side is read in the same algebra; equal polynomials are "proved
for any F". A difference is confirmed numerically (d = 3, F(u) = W u for a random W, the LN Jacobian
at a point) before the step is called wrong.
"""

from __future__ import annotations

from lnsym.check.judges.formulas.vocabulary import Deriv, JacEntry, Prime, Unknown, canon_name, parse
from lnsym.check.judges.judgement import Judgement
from lnsym.check.parse.lexer import Token, tokenize
from lnsym.check.parse.nodes import Add, Group, Mul, Neg, Num, Sym, UFunc

__all__ = ["derivative_claim", "entries_key", "name_key"]


def entries_key(name: str) -> str:
    """The key of the definitions of the entries of ``name`` (``p_i = z_i^2``) among a key's definitions."""
    return f"entries:{name}"


def name_key(toks) -> str:
    """``x_{i+1}`` -> ``x_i+1``; ``{y}`` -> ``y``; ``(\\text{LN})`` -> ``LN`` (a comparable key)."""
    out = []
    for t in toks:
        if t.kind == "SYM" and t.value in "{}()":
            continue
        if t.kind == "TEXT":
            out.append(canon_name(t.value))
        elif t.kind == "CMD":
            out.append("\\" + t.value)
        else:
            out.append(t.value)
    return "".join(out)


class _Algebra:
    def __init__(self) -> None:
        import sympy as sp

        self.sp = sp
        self.jac: dict[str, object] = {}

    def J(self, g: str):
        if g not in self.jac:
            self.jac[g] = self.sp.Symbol(f"J_{g}", commutative=False)
        return self.jac[g]


def _fname(t: UFunc) -> str:
    return canon_name(t.name)


def _core(tree):
    while isinstance(tree, Group):
        tree = tree.inner
    return tree


def _src_key(tree: tuple) -> str:
    """A key for a tree: names and function applications, as name_key would write them."""
    match _core(tree):
        case Sym(written, sub):
            name = canon_name(written) if not written.startswith("\\") else written
            return name if sub is None else f"{name}_{sub[0].replace('{', '').replace('}', '')}"
        case UFunc(_, args) as t:
            return _fname(t) + "".join(_src_key(a) for a in args)
    raise Unknown("not a name")


def _differentiate(alg: _Algebra, tree: tuple, wrt: str, apps: dict):
    """d tree / d wrt; records every application G(arg) in ``apps`` (G -> arg tree)."""
    sp = alg.sp
    match tree:
        case Group(inner):
            return _differentiate(alg, inner, wrt, apps)
        case Num():
            return sp.Integer(0)
        case Sym():
            return sp.Integer(1) if _src_key(tree) == wrt else sp.Integer(0)
        case Add(terms):
            return sp.Add(*[_differentiate(alg, x, wrt, apps) for x in terms])
        case Neg(operand):
            return -_differentiate(alg, operand, wrt, apps)
        case UFunc(_, (arg,)):
            g = _fname(tree)
            apps[g] = arg
            inner = _differentiate(alg, arg, wrt, apps)
            return alg.J(g) * inner if inner != 0 else sp.Integer(0)
    # (tree[0], the node's kind: what is no node fails here, as it always did)
    raise Unknown(f"{tree[0]} in a residual definition")


def _read_deriv(alg: _Algebra, h: Deriv, wrt: str, apps: dict, mode: str):
    """The key's ``dN/dD`` in the algebra: a function's Jacobian (by its argument, or by the variable).

    ``dG/dx`` where G is applied to an expression of x is ambiguous: G's Jacobian (``mode`` "jac") or
    the total derivative of G(...) by x (``mode`` "total"); the caller tries both."""
    num = name_key(h.num)
    den = name_key(h.den)
    if num not in apps:
        raise Unknown(f"d{num}: {num} is not a function of the definition")
    arg = apps[num]
    try:
        arg_key = _src_key(arg)
    except Unknown:
        arg_key = None
    inner = arg.inner if isinstance(arg, Group) else arg
    if den == arg_key or (isinstance(inner, UFunc) and den == _fname(inner)):
        return alg.J(num)
    if den == wrt:
        if mode == "jac":
            return alg.J(num)
        return alg.J(num) * _differentiate(alg, arg, wrt, dict(apps))
    raise Unknown(f"d{num}/d{den} does not match the definition")


def _read_rhs(alg: _Algebra, tree: tuple, holders: dict, wrt: str, apps: dict, mode: str = "total"):
    sp = alg.sp

    def rec(t):
        return _read_rhs(alg, t, holders, wrt, apps, mode)

    match tree:
        case Group(inner):
            return rec(inner)
        case UFunc(name, (arg,)) if isinstance(holders.get(name), Deriv):
            return _read_deriv(alg, holders[name], wrt, apps, mode) * rec(arg)
        case UFunc(name, (arg,)) if isinstance(holders.get(name), JacEntry):
            return _jacobian_of(alg, "LN", apps) * rec(arg)
        case UFunc(name, (arg,)) if isinstance(holders.get(name), Prime):
            return _jacobian_of(alg, holders[name].name, apps, arg)
        case Mul(left, Group() as right) if _j_name(left) is not None:
            g = _j_name(left)  # J_F(x): F's Jacobian at x
            return _jacobian_of(alg, g, apps, right)
        case Num("0" | "1" as digits):
            return sp.Integer(int(digits))
        case Sym(name, None):
            h = holders.get(name)
            if isinstance(h, Deriv):
                return _read_deriv(alg, h, wrt, apps, mode)
            if name == "I":
                return sp.Integer(1)
            if isinstance(h, JacEntry) and h.row is None:
                return _jacobian_of(alg, "LN", apps)
            if isinstance(h, Prime):
                return _jacobian_of(alg, h.name, apps)
        case Sym() if _j_name(tree) is not None:
            return _jacobian_of(alg, _j_name(tree), apps)
        case Add(terms):
            return sp.Add(*[rec(x) for x in terms])
        case Neg(operand):
            return -rec(operand)
        case Mul(left, right):
            return rec(left) * rec(right)
    raise Unknown(f"{tree[0]} on the right of a derivative")  # (tree[0]: as in _differentiate)


def _j_name(tree: tuple) -> str | None:
    """``J_F``, ``J_{\\mathrm{LN}}`` -> the function's name."""
    if isinstance(tree, Sym) and tree.name == "J" and tree.sub is not None:
        sub = _core(tree.sub[1])
        if isinstance(sub, Sym) and sub.sub is None:
            return canon_name(sub.name)
    return None


def _jacobian_of(alg: _Algebra, g: str, apps: dict, at: tuple | None = None):
    """The Jacobian of the function g of the definition (at its argument there; ``at`` must be it)."""
    if g not in apps:
        raise Unknown(f"J_{g}: {g} is not a function of the definition")
    if at is not None:
        try:
            same = _src_key(at) == _src_key(apps[g])
        except Unknown:
            raise Unknown(f"J_{g} at a point that is not read") from None
        if not same:  # outside the try: this reason is not the one of a point not read
            raise Unknown(f"J_{g} at another point")
    return alg.J(g)


def _functions(tree: tuple, holders: dict) -> set[str]:
    out: set[str] = set()
    stack = [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, Sym | UFunc):
            h = holders.get(t.name)
            if isinstance(h, Deriv):
                out.add(name_key(h.num))
            elif isinstance(t, UFunc) and t.name not in holders:
                out.add(_fname(t))
            if isinstance(h, JacEntry):
                out.add("LN")
            if isinstance(h, Prime):
                out.add(h.name)
            if isinstance(t, Sym) and _j_name(t) is not None:
                out.add(_j_name(t))
        if isinstance(t, tuple):
            stack.extend(x for x in t if isinstance(x, tuple))
    return out


def _latex(expr, scalar: bool) -> str:
    import sympy as sp

    parts = []
    for term in sp.Add.make_args(sp.expand(expr)):
        coeff, factors = term.args_cnc()
        c = sp.Mul(*coeff)
        if not factors and (scalar or c == 0):
            parts.append(sp.latex(c))
            continue
        # a multiple of the identity is cI (-I, not "-", in -I - J_F)
        body = "\\cdot ".join(f"J_{{{str(f)[2:]}}}" for f in factors) if factors else "I"
        parts.append(("-" if c == -1 else "" if c == 1 else sp.latex(c)) + body)
    return "+".join(parts).replace("+-", "-")  # make_args(0) is (0,): never empty


def _numeric_differs(lhs, rhs, alg: _Algebra) -> str:
    """Substitute matrices (random W for an arbitrary function, LN's Jacobian for LN) and compare."""
    import numpy as np

    from lnsym.ln_numpy import layer_norm_jacobian

    rng = np.random.default_rng(11)
    dim = 3
    point = np.array([1.0, 2.0, 4.0])
    mats = {}
    for g, sym in alg.jac.items():
        mats[sym] = layer_norm_jacobian(point, np.ones(dim), eps=0.1) if g == "LN" else rng.integers(-3, 4, (dim, dim))

    def ev(e):
        sp = alg.sp
        if e.is_Add:
            return sum(ev(t) for t in e.args)
        if e.is_Mul:
            out = np.eye(dim)
            scal = 1.0
            for f in e.args:
                if f.is_commutative:
                    scal *= float(f)
                else:
                    out = out @ ev(f)
            return scal * out
        if e in mats:
            return np.asarray(mats[e], dtype=float)
        if e.is_number:
            return float(e) * np.eye(dim)
        raise sp.SympifyError(e)

    a, b = ev(lhs), ev(rhs)
    if np.abs(a - b).max() > 1e-9 * (1 + np.abs(a).max()):
        names = ", ".join(f"J_{g} = {np.asarray(mats[s]).round(4).tolist()}" for g, s in alg.jac.items())
        return f"d = 3, {names}: they differ by {np.abs(a - b).max():.4g} in an entry"
    return ""


def derivative_claim(h: Deriv, R, definitions: dict, line: int = 0) -> Judgement | None:
    """Decide ``dN/dD = R`` from the key's definition of N (``definitions``: key -> [(source, line)])."""
    num, wrt = name_key(h.num), name_key(h.den)
    uses = _functions(R.tree, R.holders)
    if not uses:
        return None
    cands = []
    for src, def_line in definitions.get(num, ()):
        try:
            tree, _ = parse(tokenize(src))
        except Exception:
            continue
        if uses <= _functions(tree, {}):
            cands.append((tree, src, def_line))
    if not cands:
        return Judgement("unchecked", "", f"{num} is not defined in the key in terms of {', '.join(sorted(uses))}")
    # the nearest definition before the step (or on its line) first; a step is correct when it follows from
    # one of the definitions and wrong only when it follows from none of them
    cands.sort(key=lambda c: (c[2] > line, abs(line - c[2])))
    alg = _Algebra()
    results = []
    why = ""
    for tree, src, def_line in cands:
        apps: dict = {}
        try:
            lhs = _differentiate(alg, tree, wrt, apps)
        except Unknown as exc:
            why = str(exc)
            continue
        rhs = set()
        for mode in ("total", "jac"):
            try:
                rhs.add(_read_rhs(alg, R.tree, R.holders, wrt, dict(apps), mode))
            except Unknown as exc:
                why = str(exc)
        if rhs:
            results.append((lhs, rhs, f"with {' '.join(src.split())} (line {def_line})"))
    if not results:
        return Judgement("unchecked", "", f"not read: {why}")
    # the identity is written I in a Jacobian (a partial derivative, or the key writes I), 1 for d/dx
    scalar = not h.partial and not any(t.value == "I" for t in _letters(R))
    for lhs, readings, where in results:
        if any(alg.sp.expand(lhs - rhs) == 0 for rhs in readings):
            return Judgement("correct", "", f"chain rule {where}: proved for any F")
    if len(results) != len(cands):
        return Judgement("unchecked", "", f"{num} has definitions that are not read")
    lhs, readings, where = results[0]
    witnesses = [_numeric_differs(r_lhs, rhs, alg) for r_lhs, r_readings, _ in results for rhs in r_readings]
    if all(witnesses):
        shown = _latex(lhs, scalar)
        more = "" if len(results) == 1 else f" (nor does it follow from the other {len(results) - 1} definitions)"
        return Judgement("wrong", shown, f"chain rule {where} gives {shown}{more}; {witnesses[0]}")
    return Judgement("unchecked", "", f"chain rule {where}: not decided")


def _letters(term) -> list[Token]:
    return [t for t in term.toks if t.kind == "LETTER"]
