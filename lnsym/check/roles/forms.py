"""The forms of a statement the roles look at: its unknowns, the names it binds or leaves free, an operation it
defines (``a \\star b = 2a + b``), the equation a chain states. Plain functions of parse trees and values."""

from __future__ import annotations

from typing import Any

import sympy as sp

from lnsym.check.judges.notation import calculus
from lnsym.check.judges.numbers.evaluate import (
    IDENTITY,
    Vec,
    function_key,
    name_of,
    partial_variables,
    several_variables,
    speaks_of_matrices,
    tree_names,
    written_as,
)
from lnsym.check.judges.numbers.exact import free_of
from lnsym.check.judges.numbers.values import juxtaposed_matrices
from lnsym.check.parse.nodes import (
    Deriv,
    Entry,
    Gradient,
    Group,
    Matrix,
    Norm,
    Num,
    Op,
    PartialDeriv,
    Prime,
    Product,
    Sum,
    Sym,
    Transpose,
    UFunc,
    Vector,
)

__all__ = ["base_names", "dependence_definition", "derivative_claims", "equation", "free_names", "function_definition",
           "function_equation", "function_named_last", "has_unknowns", "left_side", "numerals", "operation_definition",
           "unbound", "written_names"]


def _core(tree: Any) -> Any:
    """The term inside any brackets around it."""
    while isinstance(tree, Group):
        tree = tree.inner
    return tree


def base_names(names) -> set[str]:
    """Context keys as the names a tree mentions (``x_{1}`` is mentioned as ``x`` with a subscript)."""
    return {n for n in names if "_" not in n and "^" not in n}


def equation(rels: list[str], values: dict) -> object:
    """``first - last`` of an all-``=`` chain with unknowns, else None."""
    first, last = values.get(0), values.get(len(rels))
    if not rels or any(r != "=" for r in rels) or first is None or last is None:
        return None
    if isinstance(first, Vec) or isinstance(last, Vec):
        return None
    if isinstance(first, sp.Basic) and isinstance(last, sp.Basic) and not (first.free_symbols or last.free_symbols):
        return None  # numbers: their difference has no unknowns either, and a big one costs ms to form
    diff = first - last
    if not isinstance(diff, sp.Expr) or not 1 <= len(diff.free_symbols) <= 6:
        return None
    if diff.atoms(sp.core.function.AppliedUndef):
        return None
    return diff


def has_unknowns(value: Any) -> bool:
    try:
        return value is not None and not isinstance(value, dict) and bool(free_of(value))
    except Exception:
        return False


# operations with a meaning of their own (evaluate: ⊙ is the entrywise product), defined only by a body in their
# operands (`x \odot y = (x_1 y_1, x_2 y_2)`)
STANDARD_OPS = frozenset({"odot"})


def operation_definition(trees: list, rels: list[str]) -> tuple[str, tuple] | None:
    """``a \\star b = 2a + b``: (``star``, ((``a``, ``b``), the tree of ``2a + b``)), or None."""
    left = _core(trees[0])
    if not isinstance(left, Op) or not rels or rels[0] != "=" or trees[1] is None:
        return None
    match left:
        case Op(name, Sym(x, None), Sym(y, None)) if x != y:  # two plain letters
            if name in STANDARD_OPS and not {x, y} & tree_names(trees[1]):
                return None  # `u \odot v = (3, 8)`: the standard operation of two vectors, computed
            return name, ((x, y), trees[1])
    return None


def function_definition(trees: list, rels: list[str]) -> tuple[str, tuple] | None:
    """``f(x) = x^2 + 3x``: (``f``, ((``x``,), the tree of ``x^2 + 3x``)), or None. The body must use the
    parameter: ``f(x) = 0`` is an equation to solve, not a definition. A function of several variables,
    ``g(x, y) = x^2 y^3``, has them all as parameters (distinct plain letters; the body uses at least one, and
    holds no sum, entry, vector or derivative)."""
    if len(trees) < 2 or not rels or rels[0] != "=":
        return None
    # (of several variables, a scalar body only: `\mathrm{KL}(y \| p) = \sum_k y_k \log\frac{y_k}{p_k}` is a
    # function of two vectors, read in index notation)
    return _function_rule(_core(trees[0]), trees[1],
                          several=trees[1] is not None and not _holds(trees[1], _NOT_ONE_VARIABLE))


def entry_function_definition(trees: list, rels: list[str]) -> tuple[str, tuple] | None:
    """``\\operatorname{sm}(z)_i = \\frac{e^{z_i}}{\\sum_j e^{z_j}}``: a function of a vector defined entry by entry,
    (``sm``, ((``z``,), ``i``, the body's tree)), or None. The body must use the index, and only as the index of
    an entry (``z_i``, ``g_i``): then its value at a vector does not depend on whether the text counts entries from
    0 or 1 (``z_{i+1}`` or ``\\sin(i)`` would)."""
    if len(trees) != 2 or rels != ["="] or trees[1] is None:
        return None
    left = _core(trees[0])
    if not isinstance(left, Entry) or not isinstance(_core(left.operand), UFunc):
        return None
    fn, index = _core(left.operand), _core(left.sub[1])
    if len(fn.args) != 1 or not isinstance(index, Sym) or index.sub is not None or len(index.name) != 1:
        return None
    param = _core(fn.args[0])
    if not isinstance(param, Sym) or param.sub is not None or param.name == index.name:
        return None
    entries, bare = _index_uses(trees[1], index.name)
    if not entries or bare or _applies(trees[1], fn.name):
        return None
    return fn.name, ((param.name,), index.name, trees[1])


def _index_uses(tree: Any, index: str) -> tuple[int, int]:
    """How often ``index`` stands as a whole subscript of a name (``z_i``), and how often anywhere else."""
    entries = bare = 0
    stack = [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, Sym):
            if t.name == index:
                bare += t.sub is None
            elif t.sub is not None:
                sub = _core(t.sub[1])
                if sub == Sym(index, None):
                    entries += 1
                elif index in tree_names(sub):
                    bare += 1
            continue
        if isinstance(t, tuple):
            stack.extend(x for x in t if isinstance(x, tuple))
    return entries, bare


def function_named_last(trees: list, rels: list[str]) -> tuple[str, tuple] | None:
    """``\\frac{e^x}{1 + e^x} = \\frac{1}{1 + e^{-x}} = \\sigma(x)``: a chain that ends by naming what it computed
    as a function of its variable, (``\\sigma``, ((``x``,), the tree of the term before)), or None: the mirror of
    :func:`function_definition`. Whether the name is free to be defined (no function the text or lnsym already
    knows by it) is the caller's to say."""
    if len(trees) < 2 or not rels or rels[-1] != "=":
        return None
    return _function_rule(_core(trees[-1]), trees[-2])


def _function_rule(application: Any, body: Any, several: bool = False) -> tuple[str, tuple] | None:
    """(f, ((x,), body)) when ``application`` is ``f(x)`` of a plain letter x that ``body`` uses, and ``body`` does
    not apply f itself (``f(x) = f(-x)``, ``f(x) = 2f(x - 1)``: an equation the function satisfies, not its
    definition); else None. ``several``: ``f(x, y)`` of distinct plain letters, at least one of them used, too."""
    if body is None or not isinstance(application, UFunc) or not 1 <= len(application.args) <= (4 if several else 1):
        return None
    params = application.args
    if not all(isinstance(p, Sym) and p.sub is None for p in params):
        return None
    names = tuple(p.name for p in params)
    if len(set(names)) < len(names) or not set(names) & tree_names(body):
        return None
    if _applies(body, application.name):
        return None
    return application.name, (names, body)


# what a body written in one variable must not hold: entries, vectors and matrices (the variable may be a vector
# then), derivatives (a relation between rates, not a formula)
_NOT_ONE_VARIABLE = (Sum, Product, Norm, Vector, Matrix, Transpose, Deriv, PartialDeriv, Gradient, Prime)


def dependence_definition(trees: list, rels: list[str]) -> tuple[str, tuple] | None:
    """``y = x^3``, ``L = -\\log \\sigma(z)``: a plain name written as an expression of one other plain name, (``y``,
    ((``x``,), the tree of ``x^3``)), or None. A derivative of the name by that variable (``\\frac{dy}{dx}``) is the
    derivative of the expression; a body with a second name (``L = (wx - y)^2``: is y a constant, or a function of
    w?), an entry (``x_1``) or a sum is no such expression."""
    if len(trees) < 2 or not rels or rels[0] != "=" or trees[1] is None:
        return None
    left = _core(trees[0])
    if not isinstance(left, Sym) or left.sub is not None or left.name in ("e", "\\pi", "i"):
        return None
    names = tree_names(trees[1]) - {"e", "\\pi"}
    if len(names) != 1 or left.name in names or _holds(trees[1], _NOT_ONE_VARIABLE):
        return None
    return left.name, ((names.pop(),), trees[1])


def _holds(tree: Any, kinds: tuple) -> bool:
    """Does ``tree`` hold a node of one of ``kinds``, or a subscripted name?"""
    stack = [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, kinds) or (isinstance(t, Sym) and t.sub is not None):
            return True
        if isinstance(t, tuple):
            stack.extend(x for x in t if isinstance(x, tuple))
    return False


def function_equation(trees: list, rels: list[str]) -> str | None:
    """``f(n) = \\frac1n \\sum_{k<n} f(k) + 2``, ``f(x) = f(-x)``: the name of a function an equation relates to
    itself (a recursion, a functional equation), or None. A formula for it later is a claim to check, not its
    definition."""
    left = _core(trees[0]) if trees else None
    if not isinstance(left, UFunc) or not rels or rels[0] != "=" or trees[1] is None:
        return None
    return left.name if _applies(trees[1], left.name) else None


def _applies(tree: tuple, name: str) -> bool:
    """Does ``tree`` apply the function ``name`` (``f(..)``, ``f'(..)``)?"""
    stack = [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, tuple) and t:
            if isinstance(t, UFunc | Prime) and t.name == name:
                return True
            stack.extend(x for x in t if isinstance(x, tuple))
    return False


def left_side(source: str, rel: str) -> str:
    """The left term of a step's source, spaces removed (``\\neq`` and ``≠`` alike)."""
    for spelling in ((rel,) if rel != "≠" else ("\\neq", "\\ne", "≠")):
        if spelling in source:
            return "".join(source.split(spelling, 1)[0].split())
    return ""


def unbound(trees: tuple, env: dict) -> set[str]:
    """Names a step mentions that the paragraph has not bound: unknowns, even when they cancel (``8y - 8 - 8y``
    is an equation in y)."""
    bound = set(env) | {k.split("_", 1)[0] for k in env}
    names = {n for t in trees if t is not None for n in free_names(t)} - bound - {"e", "i"}
    if names & IDENTITY and any(t is not None and speaks_of_matrices(t, env) for t in trees):
        names -= IDENTITY  # `A - 2I`: the identity matrix, no unknown
    return {n for n in names if juxtaposed_matrices(n, env) is None}  # `AB` of two given matrices: their product


def free_names(tree: tuple) -> set[str]:
    """Names of a tree, but not the index of a sum or a product (``k`` in ``\\sum_{k=1}^{44}``)."""
    match tree:
        case Sum(var, lo, hi, body) | Product(var, lo, hi, body):
            index = var if len(var) == 1 else "\\" + var
            return free_names(lo) | free_names(hi) | (free_names(body) - {index})
        case Sym():
            return tree_names(tree)
    out: set[str] = set()
    for x in tree if isinstance(tree, tuple) else ():
        if isinstance(x, tuple):
            out |= free_names(x)
    return out


def derivative_claims(trees: list, rels: list[str], env: dict) -> frozenset[int]:
    """The steps of ``f'(x) = ...`` (a derivative of a standard function or of one the text defines, at a free
    variable x) or ``\\frac{d}{dx} f(x) = ...`` (of a term in x) that are claims for every x: a derivation's
    rewritings of the derivative as a function (``\\tanh'(x) = 1 - \\tanh^2 x``), whose two sides mention x and
    no other unknown. A step with a side free of x
    (``f'(x) = 0``, ``= c``) is an equation to solve; so is one the text says it solves (the caller's business).
    Only the equations of the chain (``f''(x) = \\sigma'(x) = \\sigma(x)(1 - \\sigma(x)) > 0``: not the last link,
    whose relation is another) and from its first link on, which the derivative starts."""
    first = _core(trees[0]) if trees else None
    if first is None or not rels or rels[0] != "=":
        return frozenset()
    constants: set[str] = set()
    match first:
        case Deriv() if (variables := partial_variables(first, env)) is not None:
            # a partial derivative, a function of all its variables: each side mentions one of them (`= 0` is an
            # equation to solve, a critical point), and no other unknown than they and the function's constants
            several = several_variables(first, env)
            if several is not None:  # `\frac{\partial g}{\partial x}` of `g(x, y) = ...`: of its body
                constants = _constants(first.body, env)
                trees = [Deriv(first.order, first.var, several[1][1], True), *trees[1:]]
            return frozenset(i for i in range(len(rels)) if rels[i] == "=" and trees[i] is not None
                             and trees[i + 1] is not None
                             and all(set(variables) & free_names(t) for t in trees[i : i + 2])
                             and (names := unbound((trees[i], trees[i + 1]), env))
                             and names <= set(variables) | constants)
        case Deriv():
            x = _leibniz_variable(first, env)
            written = _written_in(first, env)
            if written is not None:  # `\frac{dy}{dx}` after `y = x^3`: as `\frac{d}{dx} x^3`
                x, trees = first.var, [Deriv(first.order, first.var, written, first.partial), *trees[1:]]
                constants = _constants(first.body, env)
        case Prime(args=args) if len(args) == 1:
            x = _prime_variable(first, env)
            constants = _constants(Sym(first.name, None), env)
        case _:
            return frozenset()
    if x is None:
        return frozenset()
    return frozenset(i for i in range(len(rels)) if rels[i] == "=" and trees[i] is not None and trees[i + 1] is not None
                     and all(x in free_names(t) for t in trees[i : i + 2])
                     and x in (names := unbound((trees[i], trees[i + 1]), env)) and names <= {x} | constants)


def _constants(name: Any, env: dict) -> set[str]:
    """The other names in the body of the function ``name`` the text defines (``y`` of ``L(z) = -y \\log \\sigma(z) -
    \\ldots``): its constants, which a rewriting of its derivative may carry (refuted only where each is 0 or 1,
    :func:`~lnsym.check.judges.arithmetic.decide_pair`)."""
    name = _core(name)
    rule = env.get(function_key(name.name)) if isinstance(name, Sym) and name.sub is None else None
    if not isinstance(rule, tuple):
        return set()
    return {n for n in tree_names(rule[1]) if n not in rule[0] and n not in ("e", "i")}


def _written_in(first: Deriv, env: dict) -> Any:
    """The body of ``L`` in ``\\frac{dL}{dw}``, where the text defines the function ``L(w)`` or writes ``L`` as an
    expression of w alone (``L = w^2 - 6w``), w a letter it does not bind; else None."""
    x = first.var
    if not isinstance(x, str) or x in env or x in ("e", "i"):
        return None
    return written_as(first.body, x, env)


def _prime_variable(first: Prime, env: dict) -> str | None:
    """The x of ``f'(x)`` for a function f lnsym knows (standard, or one the text defines), or None."""
    arg = _core(first.args[0])
    name = first.name
    known = env.get(function_key(name)) is not None or calculus.standard_name(name) is not None \
        or name in calculus.STANDARD
    if not known or not isinstance(arg, Sym) or arg.sub is not None or arg.name in env or arg.name in ("e", "i"):
        return None
    return arg.name


def _leibniz_variable(first: Deriv, env: dict) -> str | None:
    """The x of ``\\frac{d}{dx} f(x)``, ``\\frac{d}{dx}\\log \\sigma(x)``: a derivative of a term written in x
    itself (not of a name, ``\\frac{dL}{dx}``, whose dependence on x is elsewhere), x a letter the text does not
    bind; None otherwise."""
    x, body = first.var, first.body
    if not isinstance(x, str) or x in env or x in ("e", "i") or isinstance(body, Sym) or x not in free_names(body):
        return None
    return x


def numerals(tree: tuple) -> set[str]:
    """The numbers written in ``tree``, as written (``{"2", "3.5"}`` in ``\\pi \\cdot 2^2 + 3.5``)."""
    out: set[str] = set()
    stack = [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, tuple) and t:
            if isinstance(t, Num):
                out.add(t.digits)
                continue
            stack.extend(x for x in t if isinstance(x, tuple))
    return out


def written_names(tree: tuple) -> set[str]:
    """:func:`free_names`, and each subscripted name as the context keeps it (``d_{k}``, ``\\hat{v}_{2}``)."""
    out = free_names(tree)
    stack = [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, tuple) and t:
            if isinstance(t, Sym) and t.sub is not None:
                name = name_of(t)
                if name is not None:
                    out.add(name)
                continue
            stack.extend(x for x in t if isinstance(x, tuple))
    return out
