r"""Vector and matrix notation of symbolic size read entry by entry, into the index form of
:mod:`~lnsym.check.judges.notation.index_notation`: a vector ``v`` stands for its entry ``v_i``, ``u^\top v`` for
``\sum_k u_k v_k``, ``A v`` for ``\sum_k A_{ik} v_k``, ``u v^\top`` for ``u_i v_j``, ``\operatorname{diag}(p)`` for
``p_i \delta_{ij}``, ``I`` for ``\delta_{ij}``, ``\mathbf 1`` for 1, ``\odot`` entry by entry, ``\operatorname{tr}``
for the sum of the diagonal; ``\frac{\partial p}{\partial z}`` is the Jacobian (entry (i, j) is
``\partial p_i / \partial z_j``), ``\nabla_W f`` the matrix of ``\partial f / \partial W_{ij}``. Products keep their
order: ``A B`` contracts A's columns with B's rows, so ``J_2 J_1`` is not ``J_1 J_2``.

Strict about shapes: a name is a vector or a matrix only where the section declares it (``z \in \mathbb{R}^K``,
``W \in \mathbb{R}^{m \times n}``) or defines it (by an index expression, or by vectors and matrices so
established); any other name where a vector or a matrix may stand raises :class:`Untranslatable` (its shape is not
known, so nothing is decided). Sizes that do not conform (a matrix minus a number) are kept as a mismatch: the step
is then wrong, once every name in it is established.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import sympy as sp

from lnsym.check.judges.notation.index_notation import (
    Translator,
    Untranslatable,
    loss_of,
    size_symbol,
    sub_letters,
    upstream,
)
from lnsym.check.parse.nodes import (
    Add,
    Deriv,
    Div,
    Frac,
    Gradient,
    Group,
    Mul,
    Neg,
    Ones,
    Op,
    PartialDeriv,
    Sym,
    Transpose,
    UFunc,
)
from lnsym.decide import normal_sums

__all__ = ["FREE", "MatrixReader", "Shaped", "defined_matrix", "defined_vector", "describe", "entry_of_expression",
           "uses_matrix_notation"]

class _Free:
    def __repr__(self) -> str:
        return "FREE"


FREE = _Free()  # a size that `I` or `\mathbf 1` takes from what it is added to or multiplied with
_ONE = sp.Integer(1)
_MATRIX_FUNCS = ("diag", "tr")


@dataclass(frozen=True)
class Shaped:
    """A vector or matrix expression: its rows and columns (1, a size symbol, or FREE) and its entry (i, j)."""

    rows: object
    cols: object
    at: Callable[[sp.Expr, sp.Expr], sp.Expr]
    square: bool = False  # `I`, `c I`: rows and columns are one size, whichever it is
    eye: bool = False  # `I` itself: a product with it is the other factor
    either: bool = False  # `\\frac{\\partial L}{\\partial z}`: a column, or a row where the other side is one
    through: bool = False  # L through the vector the text differentiates it by (the chain rule)

    @property
    def scalar(self) -> bool:
        return self.rows == _ONE and self.cols == _ONE


def describe(rows, cols) -> str:
    if rows == _ONE and cols == _ONE:
        return "a number"
    if cols == _ONE:
        return f"a vector of {rows} entries"
    if rows == _ONE:
        return f"a row of {cols} entries"
    return f"a matrix of {rows}×{cols}"


def _scalar(value: sp.Expr) -> Shaped:
    return Shaped(_ONE, _ONE, lambda i, j, v=value: v)


def _core(tree):
    while isinstance(tree, Group):
        tree = tree.inner
    return tree


def uses_matrix_notation(tree, scope) -> bool:
    """Does the tree write a transpose, ``\\mathbf 1``, ``\\odot``, diag, tr, a Jacobian, a gradient, or a bare name
    the section declares a vector or a matrix or defines entry by entry?"""
    stack = [tree]
    while stack:
        t = stack.pop()
        match t:
            case Transpose() | Ones() | Op("odot") | Deriv() | Gradient():
                return True
            case UFunc(name) if name in _MATRIX_FUNCS:
                return True
            case Sym(name, None) if (name in scope.shapes or name in scope.matrices
                                     or _vector_rule(scope.definitions.get(name)) or _juxtaposed(name, scope)):
                return True
        if isinstance(t, tuple):
            stack.extend(x for x in t if isinstance(x, tuple))
    return False


def _juxtaposed(name: str, scope) -> list[str] | None:
    """``AW`` (which the parser reads as one name, a segment of a figure) where the section declares A and W as
    matrices or vectors and gives ``AW`` no meaning of its own: the product of its letters, in order."""
    if len(name) < 2 or not name.isalpha() or name in scope.definitions or name in scope.matrices \
            or name in scope.shapes:
        return None
    letters = list(name)
    return letters if all(x in scope.matrices or x in scope.shapes for x in letters) else None


def _vector_rule(rule) -> bool:
    return rule is not None and (rule[0] == "softmax" or (rule[0] == "entry"))


class MatrixReader:
    """One step's reading in matrix notation, on top of a :class:`Translator` (which keeps the free indices, the
    sizes used and the unknowns); ``mismatches`` are the sizes that did not conform, in the order met."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr
        self.scope = tr.scope
        self.mismatches: list[str] = []

    # -- shapes --------------------------------------------------------------------------------------------------
    def unify(self, a, b, what: str):
        if a == FREE:
            return b
        if b == FREE or a == b:
            return a
        raise _Mismatch(what)

    def size(self, letter: str) -> sp.Symbol:
        s = size_symbol(letter)
        self.tr.sizes_used.add(s)
        return s

    # -- nodes ---------------------------------------------------------------------------------------------------
    def __call__(self, tree) -> Shaped:
        t = _core(tree)
        match t:
            case Sym(name, None):
                return self.name(name)
            case Sym("e", (_, sub_t)) if self.tr.basis_vector(sub_t):
                # `e_c`, the one-hot vector of class c: entry i is \\delta_{ic}, of the section's one size (else of the
                # size of what it meets, as `\\mathbf 1`)
                c = self.tr.index(sub_t)
                rows = self.size(self.scope.size) if self.scope.size else FREE
                return Shaped(rows, _ONE, lambda i, j, c=c: sp.KroneckerDelta(i, c))
            case Ones():
                return Shaped(FREE, _ONE, lambda i, j: _ONE)
            case Transpose(operand):
                a = self(operand)
                return Shaped(a.cols, a.rows, lambda i, j, a=a: a.at(j, i), a.square, a.eye)
            case Neg(operand):
                a = self(operand)
                return Shaped(a.rows, a.cols, lambda i, j, a=a: -a.at(i, j), a.square)
            case Add(terms):
                return self.add([self(x) for x in terms])
            case Mul(left, right):
                if isinstance(left, Op) or isinstance(right, Op):  # `x \\odot A x`: (x ⊙ A) x or x ⊙ (A x)
                    raise Untranslatable("\\odot next to a product without parentheses: how it groups is not read")
                return self.product(self(left), self(right))
            case Div(num, den) | Frac(num, den):
                return self.quotient(num, den)
            case Op("odot", left, right):
                if isinstance(left, Mul) or isinstance(right, Mul):
                    raise Untranslatable("\\odot next to a product without parentheses: how it groups is not read")
                return self.hadamard(self(left), self(right))
            case UFunc(name, (arg,)) if name in _MATRIX_FUNCS:
                return (self.diag if name == "diag" else self.trace)(self(arg))
            case UFunc("softmax", (arg,)) if "softmax()" not in self.scope.definitions:
                return self.softmax(self(arg))
            case Deriv():
                return self.jacobian(t)
            case Gradient(var, body):
                return self.gradient(var, body)
            case PartialDeriv(body, entry) if _has_matrix_part(body):
                return _scalar(self.partial(body, entry))
            case UFunc(name) if f"{name}()" in self.scope.definitions:
                # `\\operatorname{LSE}(z)` after `\\operatorname{LSE}(z) = \\log \\sum_i e^{z_i}`: its value, a number
                return _scalar(self.leaf(t))
            case Op(name) | UFunc(name):
                raise Untranslatable(f"{name} is not read in matrix notation")
        if _has_matrix_part(t):
            raise Untranslatable(f"{t.kind} is not read in matrix notation")
        return _scalar(self.leaf(t))

    def leaf(self, t) -> sp.Expr:
        """A number, an entry, a sum, a name the text defines as a number: its value, in index notation. A name it
        does not define makes the step's shapes unknown (a matrix may stand there)."""
        before = self.tr.unknowns | self.tr.constants
        value = self.tr.ev(t)
        # (a constant of a definition too: `b` in `y = Wx + b` may be a vector the text never declares)
        new = (self.tr.unknowns | self.tr.constants) - before
        if new:
            raise Untranslatable(f"{', '.join(sorted(new))}: a name whose shape (a number, a vector, a matrix) the "
                                 "text does not give")
        return value

    def name(self, name: str) -> Shaped:
        sc, tr = self.scope, self.tr
        # a definition first: `y \\in \\mathbb{R}^m` and `y = Wx + b` make y that vector of W, x and b, whose entries
        # are not free (and a name defined by what this reading does not read is not read at all)
        if name in sc.definitions:
            _, rule = tr.definition(name)
            if rule[0] in ("entry", "softmax"):
                return self.defined_vector(name, rule)
            upstream = self.upstream_of(name, rule)
            if upstream is not None:
                return upstream
            return self.defined(name, rule)
        if name in sc.shapes:
            n = self.size(sc.shapes[name])
            return Shaped(n, _ONE, lambda i, j: tr.entry_at(name, i))
        if name in sc.matrices:
            m, n = (self.size(x) for x in sc.matrices[name])
            return Shaped(m, n, lambda i, j: self.matrix_entry(name, i, j))
        if name == "I":
            return Shaped(FREE, FREE, lambda i, j: sp.KroneckerDelta(i, j), square=True, eye=True)
        letters = _juxtaposed(name, sc)
        if letters is not None:  # `\operatorname{tr}(AW)`: A times W
            shaped = self.name(letters[0])
            for x in letters[1:]:
                shaped = self.product(shaped, self.name(x))
            return shaped
        if name in sc.vectors:
            raise Untranslatable(f"the vector {name}, whose size the text does not give")
        return _scalar(self.leaf(Sym(name, None)))

    def matrix_entry(self, name: str, i: sp.Expr, j: sp.Expr) -> sp.Expr:
        self.tr.bases.add(name)
        return sp.IndexedBase(name, real=True)[i, j]

    def upstream_of(self, name: str, rule) -> Shaped | None:
        """``g = \\partial L/\\partial p`` with L a name the text does not define: the gradient of a function of p
        that nothing more is said of, a vector of p's size whose entries may be anything."""
        loss = loss_of(rule, self.scope)
        if loss is None:
            return None
        var = self(Sym(_core(rule[2]).var, None))
        if var.cols != _ONE or var.rows in (_ONE, FREE):
            raise Untranslatable(f"{name}, the derivative of {loss} by what is not a vector")
        self.tr.bases.add(name)
        self.tr.opaque.add(name)
        return Shaped(var.rows, _ONE, lambda i, j: sp.IndexedBase(name, real=True)[i])

    def through(self, body_t) -> Shaped | None:
        """``L`` in ``\\nabla_W L`` where the text defines ``\\delta = \\partial L/\\partial y`` and y by W: for a
        first derivative, L is ``\\sum_k \\delta_k y_k`` (the chain rule), y's entries as the text defines them."""
        bare = _core(body_t)
        found = upstream(bare.name, self.scope) if isinstance(bare, Sym) and bare.sub is None else None
        if found is None:
            return None
        g, y = found
        if y not in self.scope.definitions:
            raise Untranslatable(f"a derivative of {bare.name} through {y}, whose dependence the text does not give")
        gradient, inner = self.name(g), self.name(y)
        if inner.cols != _ONE or inner.rows != gradient.rows:
            raise Untranslatable(f"a derivative of {bare.name} through {y}, which is not a vector")

        def at(i, j):
            k = self.bound_index(inner.rows)
            return sp.Sum(gradient.at(k, _ONE) * inner.at(k, _ONE), (k, 1, inner.rows))
        return Shaped(_ONE, _ONE, at, through=True)

    def defined_vector(self, name: str, rule) -> Shaped:
        """A vector the text defines entry by entry (``p_i = e^{z_i}/S``) or as a softmax: the size of the declared
        vectors its entry is made of (one), else the section's."""
        n = self.tr.defined_size(name, rule)
        return Shaped(n, _ONE, lambda i, j: self.tr.expand(name, rule, i))

    def defined(self, name: str, rule) -> Shaped:
        """A name defined by an expression (``J = \\frac{\\partial p}{\\partial z}``, ``S = \\sum_k e^{z_k}``)."""
        _, param, body = rule
        if param is not None:
            raise Untranslatable(f"{name} is defined with an index")
        if name in self.tr.expanding:
            raise Untranslatable(f"{name} is defined through itself")
        saved = self.tr.expanding
        self.tr.expanding = (*saved, name)
        try:
            shaped = self(body)
        finally:
            self.tr.expanding = saved

        def at(i, j, shaped=shaped):
            saved = self.tr.expanding
            self.tr.expanding = (*saved, name)
            try:
                return shaped.at(i, j)
            finally:
                self.tr.expanding = saved
        return Shaped(shaped.rows, shaped.cols, at, shaped.square)

    # -- operations ----------------------------------------------------------------------------------------------
    def add(self, terms: list[Shaped]) -> Shaped:
        first = terms[0]
        rows, cols, square, kept = first.rows, first.cols, first.square, [first]
        for t in terms[1:]:
            try:
                r = self.unify(rows, t.rows, "")
                c = self.unify(cols, t.cols, "")
            except _Mismatch:
                self.mismatches.append(f"{describe(rows, cols)} and {describe(t.rows, t.cols)} added")
                continue
            rows, cols, square = r, c, square and t.square
            kept.append(t)
        if square or any(t.square for t in kept):  # `I + A`: I takes A's rows and columns, one size
            known = {x for x in (rows, cols) if x != FREE}
            if len(known) == 1:
                rows = cols = known.pop()
        return Shaped(rows, cols, lambda i, j: sp.Add(*[t.at(i, j) for t in kept]), square)

    def product(self, a: Shaped, b: Shaped) -> Shaped:
        if a.scalar:  # a number times a vector or a matrix scales it
            return Shaped(b.rows, b.cols, lambda i, j: a.at(_ONE, _ONE) * b.at(i, j), b.square)
        if b.scalar:
            return Shaped(a.rows, a.cols, lambda i, j: a.at(i, j) * b.at(_ONE, _ONE), a.square)
        if a.eye or b.eye:
            other = b if a.eye else a
            inner = a.cols if a.eye else b.rows
            if inner != FREE and other.square:
                return Shaped(inner, inner, other.at, True)
            return other
        try:
            inner = self.unify(a.cols, b.rows, "")
        except _Mismatch:
            self.mismatches.append(f"{describe(a.rows, a.cols)} times {describe(b.rows, b.cols)}")
            return a
        if inner == FREE:
            raise Untranslatable("a product of I or \\mathbf 1 whose size nothing gives")
        rows, cols = a.rows, b.cols
        if a.square and rows == FREE:
            rows = inner
        if b.square and cols == FREE:
            cols = inner
        if inner == _ONE:  # `u v^\\top`: the outer product
            return Shaped(rows, cols, lambda i, j: a.at(i, _ONE) * b.at(_ONE, j))

        def at(i, j):
            k = self.bound_index(inner)
            body = a.at(i, k) * b.at(k, j)
            if body.has(sp.Sum):
                body = self.settle(normal_sums(body))
            return sp.Sum(body, (k, 1, inner))
        return Shaped(rows, cols, at)

    def settle(self, expr: sp.Expr) -> sp.Expr:
        """The cases of a sum of Kronecker deltas taken where its indices lie in their ranges (:meth:`~lnsym.check.
        judges.notation.index_notation.Translator.settle`)."""
        return self.tr.settle(expr)

    def bound_index(self, size) -> sp.Dummy:
        """The index of a sum a product or a trace writes, kept with its size: a Kronecker delta summed over it
        later is taken within range."""
        k = sp.Dummy("k", integer=True, positive=True)
        self.tr.bound_sizes[k] = size
        return k

    def quotient(self, num_t, den_t) -> Shaped:
        num, den = self(num_t), self(den_t)
        if not den.scalar:
            raise Untranslatable("a division by a vector or a matrix")
        d = den.at(_ONE, _ONE)
        if d == 0:
            raise Untranslatable("a division by zero")
        return Shaped(num.rows, num.cols, lambda i, j: num.at(i, j) / d, num.square)

    def hadamard(self, a: Shaped, b: Shaped) -> Shaped:
        try:
            rows, cols = self.unify(a.rows, b.rows, ""), self.unify(a.cols, b.cols, "")
        except _Mismatch:
            self.mismatches.append(f"{describe(a.rows, a.cols)} \\odot {describe(b.rows, b.cols)}")
            return a
        return Shaped(rows, cols, lambda i, j: a.at(i, j) * b.at(i, j))

    def diag(self, v: Shaped) -> Shaped:
        if v.cols != _ONE or v.rows in (_ONE, FREE):
            raise Untranslatable(f"diag of {describe(v.rows, v.cols)}")
        return Shaped(v.rows, v.rows, lambda i, j: v.at(i, _ONE) * sp.KroneckerDelta(i, j), True)

    def softmax(self, v: Shaped) -> Shaped:
        """``\\operatorname{softmax}(v)``: entry i is ``e^{v_i} / \\sum_k e^{v_k}``."""
        if v.cols != _ONE or v.rows in (_ONE, FREE):
            raise Untranslatable(f"softmax of {describe(v.rows, v.cols)}")
        n = v.rows

        def at(i, j):
            k = self.bound_index(n)
            return sp.exp(v.at(i, _ONE)) / sp.Sum(sp.exp(v.at(k, _ONE)), (k, 1, n))
        return Shaped(n, _ONE, at)

    def trace(self, m: Shaped) -> Shaped:
        n = m.rows if m.rows != FREE else m.cols
        if m.rows != m.cols or n in (FREE, _ONE):
            raise Untranslatable(f"the trace of {describe(m.rows, m.cols)}")

        def at(i, j):
            k = self.bound_index(n)
            body = m.at(k, k)
            return sp.Sum(self.settle(normal_sums(body)) if body.has(sp.Sum) else body, (k, 1, n))
        return Shaped(_ONE, _ONE, at)

    def variable(self, name: str) -> tuple[object, object, Callable]:
        """A declared vector or matrix one differentiates by: its rows, columns and entries."""
        if name in self.scope.definitions:
            raise Untranslatable(f"a derivative by {name}, which the text defines")
        self.tr.variables.add(name)
        if name in self.scope.shapes:
            return self.size(self.scope.shapes[name]), _ONE, lambda i, j: self.tr.entry_at(name, i)
        if name in self.scope.matrices:
            m, n = (self.size(x) for x in self.scope.matrices[name])
            return m, n, lambda i, j: self.matrix_entry(name, i, j)
        raise Untranslatable(f"a derivative by {name}, whose shape the text does not give")

    def depends(self, body_t, shaped: Shaped, var: str) -> None:
        """Refuse the derivative of a name the text does not give as a function of ``var`` (``\\nabla_W L``)."""
        bare = _core(body_t)
        if isinstance(bare, Sym) and bare.name != var and bare.name not in self.scope.definitions \
                and not shaped.through:
            raise Untranslatable(f"a derivative of {bare.name}, whose dependence on {var} the text does not give")

    def partial(self, body_t, var_t) -> sp.Expr:
        """``\\frac{\\partial}{\\partial W_{ij}} (u^\\top W v)``: the derivative of a number written in matrix notation
        by one entry of a declared vector or matrix."""
        var = _core(var_t)
        letters = sub_letters(var.sub[1]) if isinstance(var, Sym) and var.sub is not None else None
        if letters is None:
            raise Untranslatable("a derivative by what is not an entry")
        name = var.name
        if name in self.scope.definitions:
            raise Untranslatable(f"a derivative by an entry of {name}, which the text defines")
        if name in self.scope.matrices and len(letters) == 2:
            x = self.tr.matrix_entry(name, letters)
        elif name in self.scope.shapes and len(letters) == 1:
            x = self.tr.entry_at(name, self.tr.index_letter(letters[0]))
        else:
            raise Untranslatable(f"a derivative by an entry of {name}, whose shape the text does not give")
        self.tr.variables.add(name)
        body = self.through(body_t) or self(body_t)
        self.depends(body_t, body, name)
        if not body.scalar:
            raise Untranslatable("a derivative of what is not a number by an entry")
        d = sp.diff(body.at(_ONE, _ONE), x)
        return self.settle(normal_sums(d)) if d.has(sp.Sum) else d

    def jacobian(self, t: Deriv) -> Shaped:
        order, var, body_t = t.order, t.var, t.body
        if order != 1:
            raise Untranslatable("a derivative of higher order in matrix notation")
        body = self.through(body_t) or self(body_t)
        self.depends(body_t, body, var)
        if body.scalar:  # `\\frac{\\partial L}{\\partial z}`: the gradient, a column (or a row, see `either`)
            shaped = self.gradient(var, body_t, body)
            if shaped.cols != _ONE:
                raise Untranslatable("a derivative of a number by a matrix written as a fraction")
            return Shaped(shaped.rows, shaped.cols, shaped.at, either=True)
        if body.cols != _ONE or body.rows in (_ONE, FREE):
            raise Untranslatable("a derivative of what is not a vector, in matrix notation")
        rows, cols, entry = self.variable(var)
        if cols != _ONE:
            raise Untranslatable("a derivative of a vector by a matrix")
        return Shaped(body.rows, rows, lambda i, j: _derivative(body.at(i, _ONE), entry, j, _ONE, rows, _ONE))

    def gradient(self, var: str, body_t, body: Shaped | None = None) -> Shaped:
        body = body or self.through(body_t) or self(body_t)
        self.depends(body_t, body, var)
        if not body.scalar:
            raise Untranslatable("the gradient of what is not a number")
        rows, cols, entry = self.variable(var)
        return Shaped(rows, cols, lambda i, j: _derivative(body.at(_ONE, _ONE), entry, i, j, rows, cols))


def _derivative(f: sp.Expr, entry: Callable, i, j, rows, cols) -> sp.Expr:
    """``\\partial f / \\partial x_{ij}``: taken by an entry at fresh indices in range (1..rows, 1..cols), so that
    the derivative of a sum over the entries has no case for an index out of range, then put at (i, j)."""
    a, b = (sp.Dummy("a", integer=True, positive=True) if n != _ONE else _ONE for n in (rows, cols))
    d = sp.diff(f, entry(a, b))
    if d.has(sp.Sum):  # a sum of Kronecker deltas (the derivative of a sum) taken now, while a, b are in range
        d = normal_sums(d)
    if d.has(sp.Piecewise):
        facts = {}
        for idx, n in ((a, rows), (b, cols)):
            facts.update({sp.Le(idx, n): sp.true, sp.Ge(n, idx): sp.true, sp.Ge(idx, 1): sp.true,
                          sp.Le(1, idx): sp.true})
        d = d.replace(lambda e: isinstance(e, sp.Piecewise),
                      lambda e: sp.Piecewise(*[(x, c.xreplace(facts)) for x, c in e.args]))
    return d.xreplace({a: i, b: j})


class _Mismatch(Exception):
    pass


def _has_matrix_part(t) -> bool:
    stack = [t]
    while stack:
        x = stack.pop()
        match x:
            case Transpose() | Ones() | Gradient() | Deriv():
                return True
            case UFunc(name) if name in _MATRIX_FUNCS:
                return True
        if isinstance(x, tuple):
            stack.extend(y for y in x if isinstance(y, tuple))
    return False


def entry_of_expression(tr: Translator, operand, sub_t) -> sp.Expr:
    """``(Wx)_i``, ``(AB)_{ij}``, ``(W^\\top \\delta)_j``: the entry of a vector or a matrix written in matrix
    notation, for :meth:`~lnsym.check.judges.notation.index_notation.Translator.expression_entry` (given to it as
    ``tr.entries``); a free index ranges over the rows (or the columns) it indexes. One index of a vector, two of a
    matrix; sizes that do not conform inside it are not read."""
    reader = MatrixReader(tr)
    shaped = reader(operand)
    if reader.mismatches:
        raise Untranslatable(f"the sizes do not conform inside an entry: {reader.mismatches[0]}")
    at = [tr.index_letter(x) for x in sub_letters(sub_t) or ()]
    rows, cols = shaped.rows, shaped.cols
    if len(at) == 1 and cols == _ONE and rows not in (_ONE, FREE):
        places, value = [(at[0], rows)], shaped.at(at[0], _ONE)
    elif len(at) == 1 and rows == _ONE and cols not in (_ONE, FREE):
        places, value = [(at[0], cols)], shaped.at(_ONE, at[0])
    elif len(at) == 2 and FREE not in (rows, cols) and _ONE not in (rows, cols):
        places, value = [(at[0], rows), (at[1], cols)], shaped.at(at[0], at[1])
    else:
        raise Untranslatable(f"an entry with {len(at)} index(es) of {describe(rows, cols)}")
    for index, size in places:
        if index in tr.indices.values():
            tr.index_sizes.setdefault(index, set()).add(size)
    return value


def defined_matrix(tr: Translator, name: str, rule) -> Shaped:
    """``J_{ij}`` after ``J = \\operatorname{diag}(p) - p p^\\top``: the matrix the text defines by vectors and
    matrices, for :meth:`~lnsym.check.judges.notation.index_notation.Translator.defined_matrix_entry` (given to it as
    ``tr.matrices``); its rows and columns are sizes (not 1, nor the size ``I`` would take from what it meets)."""
    shaped = MatrixReader(tr).defined(name, rule)
    if _ONE in (shaped.rows, shaped.cols) or FREE in (shaped.rows, shaped.cols):
        raise Untranslatable(f"{name} with two indices, which the text defines as no matrix of known size")
    return shaped


def defined_vector(tr: Translator, name: str, rule) -> Shaped:
    """``r_i`` after ``r = Wx - y``: the vector the text defines by vectors and matrices, for
    :meth:`~lnsym.check.judges.notation.index_notation.Translator.defined_vector` (given to it as ``tr.vectors``)."""
    shaped = MatrixReader(tr).defined(name, rule)
    if shaped.cols != 1 or shaped.rows in (1, FREE):
        raise Untranslatable(f"{name} with an index, which the text defines as no vector")
    return shaped
