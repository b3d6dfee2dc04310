r"""Index notation read into SymPy: entries ``z_i`` as ``Indexed``, ``\delta_{ij}`` as ``KroneckerDelta``, sums over
a range from 1 to a size the text establishes, partial derivatives by an entry, and the names a key defines by
index expressions (``p_i = e^{z_i}/S``, ``S = \sum_k e^{z_k}``).

Everything is built with SymPy constructors from the parser's trees; no text is handed to ``sympify``. The size
stays a symbol (a positive integer), and so do the free indices (taken to lie in 1..size, as the entries they
name do). What a tree says that this reading does not know raises :class:`Untranslatable` with the reason.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import sympy as sp

from lnsym.check.judges.notation import calculus
from lnsym.check.judges.numbers.evaluate import TRIG, tree_names
from lnsym.check.parse.nodes import (
    Abs,
    Add,
    Deriv,
    Div,
    Entry,
    Frac,
    Func,
    Gradient,
    Group,
    Log,
    Mul,
    Neg,
    Norm,
    Num,
    Ones,
    Op,
    PartialDeriv,
    Pow,
    Sqrt,
    Sum,
    Sym,
    Transpose,
    UFunc,
    Vector,
)
from lnsym.decide import normal_sums

__all__ = ["MAX_NODES", "Scope", "Translator", "Untranslatable", "index_symbol", "loss_of", "size_symbol", "upstream"]

MAX_NODES = 400  # a step of index notation in a derivation has tens of nodes; past this, SymPy's time is not spent
_INDEX_LETTERS = set("ijklmnabcrstuv")


class Untranslatable(ValueError):
    """The tree says something this reading does not know (the reason is the message)."""


def size_symbol(name: str) -> sp.Symbol:
    return sp.Symbol(name, integer=True, positive=True)


def index_symbol(name: str) -> sp.Symbol:
    return sp.Symbol(name, integer=True, positive=True)


@dataclass
class Scope:
    """What a section of a key has established before a step (plain data, sent to the evaluator process): the
    size of its vectors (None: none, or two that conflict), the names it defines (name -> definition, None for a
    name defined twice or by something not read), the hypotheses it states on sums of entries (base name -> the
    tree of the value of their sum) and the names it writes with an index (its vectors)."""

    size: str | None = None
    definitions: dict = field(default_factory=dict)
    hypotheses: dict = field(default_factory=dict)
    vectors: frozenset = frozenset()
    declared: frozenset = frozenset()  # `z \\in \\mathbb{R}^K`: vectors whose entries are variables
    shapes: dict = field(default_factory=dict)  # a declared vector -> the letter of its size (z -> K)
    matrices: dict = field(default_factory=dict)  # `W \in \mathbb{R}^{m \times n}`: W -> (m, n)

    def size_letters(self) -> set[str]:
        rows_cols = {n for shape in self.matrices.values() for n in shape}
        return ({self.size} if self.size else set()) | set(self.shapes.values()) | rows_cols


def _core(tree):
    while isinstance(tree, Group):
        tree = tree.inner
    return tree


def _nodes(tree) -> int:
    n, stack = 0, [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, tuple):
            n += 1
            stack.extend(x for x in t if isinstance(x, tuple))
    return n


def _indexed(tree, var: str | None) -> set[str]:
    """The names of the entries ``x_var`` the tree writes (with ``var`` None: the bare names, ``z`` in ``z + c``)."""
    out, stack = set(), [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, Sym):
            bare = var is None and t.sub is None
            if bare or (var is not None and t.sub is not None and sub_letters(t.sub[1]) == [var]):
                out.add(t.name)
        elif isinstance(t, tuple):
            stack.extend(x for x in t if isinstance(x, tuple))
    return out


def sub_letters(sub_tree) -> list[str] | None:
    """The index letters of a subscript written with letters only (``i``, ``ij``, ``i,j``), else None."""
    match _core(sub_tree):
        case Sym(name, None) if len(name) == 1 and name.isalpha():
            return [name]
        case Mul(left, right):
            a, b = sub_letters(left), sub_letters(right)
            return a + b if a is not None and b is not None else None
        case Vector(items):
            out = [sub_letters(x) for x in items]
            return [x for part in out for x in part] if all(o is not None for o in out) else None
    return None


_ENTRY_LETTERS = "kmnpqrstuvlj"  # letters for the entries of a norm's sum, the first ones the tree does not use


def _norm_as_sum(tree: Norm, name: str, p: str | None) -> Sqrt | Sum:
    """``\\|x\\|_2`` (``\\|x\\|`` of a vector too) as ``\\sqrt{\\sum_k x_k^2}``, ``\\|x\\|_1`` as ``\\sum_k |x_k|``:
    over every entry of the vector x, as a sum over a bare index is; k a letter the norm does not use. (Not of a
    matrix: which norm ``\\|W\\|`` is, the text must say.)"""
    used = _letters(tree)
    k = next(c for c in _ENTRY_LETTERS if c not in used)
    entry = Sym(name, (k, Sym(k, None)))
    if p == "1":
        return Sum(k, None, None, Abs(entry))
    return Sqrt(Group(Sum(k, None, None, Pow(entry, Num("2")))), None)


def _frobenius_as_sum(tree: Norm, name: str) -> Sqrt:
    """``\\|W\\|_F`` of a matrix the text declares, as ``\\sqrt{\\sum_k \\sum_m W_{km}^2}``: over its rows and
    columns."""
    used = _letters(tree)
    k, m = [c for c in _ENTRY_LETTERS if c not in used][:2]
    entry = Sym(name, (k + m, Group(Mul(Sym(k, None), Sym(m, None), ""))))
    return Sqrt(Group(Sum(k, None, None, Sum(m, None, None, Pow(entry, Num("2"))))), None)


def _letters(tree) -> set[str]:
    """Every string in the tree (names, kinds, subscripts' sources): a letter not among them is free to use."""
    out, stack = set(), [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, str):
            out.add(t)
        elif isinstance(t, tuple):
            stack.extend(t)
    return out


def loss_of(rule, scope: Scope) -> str | None:
    """The L of a definition ``g = \\partial L/\\partial p`` or ``g = \\nabla_p L`` (an upstream gradient) where the
    text defines or declares no L, else None."""
    if rule is None or rule[0] != "scalar" or rule[1] is not None:
        return None
    body = _core(rule[2])
    if not ((isinstance(body, Deriv) and body.order == 1) or isinstance(body, Gradient)):
        return None
    loss = _core(body.body)
    if not isinstance(loss, Sym) or loss.sub is not None or loss.name in scope.definitions \
            or loss.name in scope.declared:
        return None
    return loss.name


def upstream(name: str, scope: Scope) -> tuple[str, str] | None:
    """The one upstream gradient of ``name`` the text defines, ``g = \\partial L/\\partial y`` for L = ``name``, as
    (g, y); None for none, or for two (which one a derivative of L goes through is not known)."""
    found = [(g, _core(rule[2]).var) for g, rule in sorted(scope.definitions.items()) if loss_of(rule, scope) == name]
    return found[0] if len(found) == 1 else None


class Translator:
    """One step's translation: the free indices and unknown names it met are kept (``indices``, ``unknowns``)."""

    def __init__(self, scope: Scope) -> None:
        self.scope = scope
        self.size = size_symbol(scope.size) if scope.size else None
        self.sizes_used: set[sp.Symbol] = set()
        self.index_sizes: dict[sp.Symbol, set[sp.Symbol]] = {}  # a free index -> the sizes of the vectors it indexes
        self.bound_sizes: dict[sp.Symbol, sp.Symbol] = {}  # the index of a product's sum -> its size (matrix notation)
        self.opaque: set[str] = set()  # `g = \\partial L/\\partial p` of an L nothing more is said of: any entries
        # L -> y where the step writes `\\frac{\\partial L}{\\partial y_i}` of an L the text says nothing more of and
        # a y it defines: the upstream gradient written inline (index_steps.inline_upstreams)
        self.inline: dict[str, str] = {}
        self.bound: dict[str, sp.Symbol] = {}
        self.indices: dict[str, sp.Symbol] = {}
        self.unknowns: set[str] = set()
        self.constants: set[str] = set()  # names a definition uses and the text does not define (its constants)
        self.bases: set[str] = set()  # the vectors whose entries the step uses (not defined ones)
        self.variables: set[str] = set()  # the vectors it differentiates by
        self.entry: sp.Expr | None = None  # the entry a bare vector stands for (the right side of a gradient)
        self.expanding: tuple[str, ...] = ()
        self.arguments: dict[str, tuple] = {}  # a parameter of a function being expanded -> (argument, bound)
        # a vector whose size the text does not give -> a size of its own (|w|): what holds for every size of it is
        # proved; nothing is refuted at a size the text may not mean (index_steps)
        self.free_sizes: dict[str, sp.Symbol] = {}
        # the reader of names defined by vectors and matrices (``matrix_notation.defined_vector``), and of an entry
        # of an expression in matrix notation (``matrix_notation.entry_of_expression``, ``(Wx)_i``), which read on
        # top of this module and are given by the caller: this module imports nothing of them
        self.vectors: Callable[[Translator, str, Any], Any] | None = None
        self.matrices: Callable[[Translator, str, Any], Any] | None = None  # (``matrix_notation.defined_matrix``)
        self.entries: Callable[[Translator, Any, Any], sp.Expr] | None = None

    def unknown(self, name: str) -> None:
        """A name the text does not define: inside a definition one of its constants (``\\epsilon`` in
        ``s = \\sqrt{\\sigma^2 + \\epsilon}``), as the text wrote it; else an unknown of the step."""
        (self.constants if self.expanding else self.unknowns).add(name)

    def __call__(self, tree) -> sp.Expr:
        if _nodes(tree) > MAX_NODES:
            raise Untranslatable(f"a term of more than {MAX_NODES} nodes")
        return self.ev(tree)

    # -- names ---------------------------------------------------------------------------------------------------
    def index(self, tree) -> sp.Expr:
        t = _core(tree)
        if isinstance(t, Num) and t.digits.isdigit():
            return sp.Integer(int(t.digits))
        letters = sub_letters(t)
        if letters is None or len(letters) != 1:
            raise Untranslatable("an index that is not one letter or a whole number")
        return self.index_letter(letters[0])

    def size_of(self, names, letters=frozenset(), fresh: bool = True) -> sp.Symbol:
        """The size of the vectors ``names`` (and the sizes ``letters`` of the rows or columns of matrices): their
        declared size (one), else the section's (one), else a size of their own (:meth:`free_size`; with ``fresh``
        False only one the step has already given them), else none."""
        declared = {self.scope.shapes[n] for n in names if n in self.scope.shapes} | set(letters)
        declared |= self.softmax_partner_sizes(names)
        for n in sorted(names):  # `\\sum_i r_i^2` after `r = Wx - y`: the rows of W
            rule = self.scope.definitions.get(n)
            if rule is not None and loss_of(rule, self.scope) is not None:  # `\\sum_k W_{kj} \\delta_k`
                declared.add(str(self.upstream_size(n)))
            elif n not in self.scope.shapes and rule is not None and rule[0] == "scalar":
                with contextlib.suppress(Untranslatable):
                    declared.add(str(self.defined_vector(n, rule).rows))
        if len(declared) > 1:
            raise Untranslatable(f"vectors of sizes {', '.join(sorted(declared))} in one sum")
        if declared:
            size = size_symbol(declared.pop())
        elif self.size is not None:
            size = self.size
        elif fresh:
            size = self.free_size(names)
        elif names and all(n in self.free_sizes for n in names) and len({self.free_sizes[n] for n in names}) == 1:
            size = self.free_sizes[next(iter(names))]
        else:
            raise Untranslatable("a range the text does not give")
        self.sizes_used.add(size)
        return size

    def softmax_partner_sizes(self, names) -> set[str]:
        """The declared sizes of what ``names`` are softmaxes of, and of the softmaxes of ``names``: ``p =
        \\operatorname{softmax}(z)`` has z's entries, so the two have one size, whichever of them the text declares."""
        shapes, out = self.scope.shapes, set()
        for p, rule in self.scope.definitions.items():
            if rule is None or rule[0] != "softmax":
                continue
            if p in names and rule[1] in shapes:
                out.add(shapes[rule[1]])
            if rule[1] in names and p in shapes:
                out.add(shapes[p])
        return out

    def free_size(self, names) -> sp.Symbol:
        """The size of its own of the vectors ``names`` (summed together, so of one size), which the text does not
        give: ``|w|``."""
        vectors = sorted(n for n in names if n in self.scope.vectors and n not in self.scope.definitions)
        if not vectors or len(vectors) != len(set(names)):
            raise Untranslatable("a range the text does not give")
        sizes = {self.free_sizes[n] for n in vectors if n in self.free_sizes}
        if len(sizes) > 1:
            raise Untranslatable("vectors of sizes the text does not give, summed together")
        size = sizes.pop() if sizes else sp.Symbol(f"|{vectors[0]}|", integer=True, positive=True)
        self.free_sizes.update({n: size for n in vectors})
        return size

    def matrix_entry(self, name: str, letters: list[str]) -> sp.Expr:
        """``W_{ij}`` of a matrix the section declares (``W \\in \\mathbb{R}^{m \\times n}``): a free index ranges
        over its rows or its columns."""
        self.bases.add(name)
        at = [self.index_letter(x) for x in letters]
        for idx, letter in zip(at, self.scope.matrices[name], strict=True):
            if idx in self.indices.values():
                size = size_symbol(letter)
                self.sizes_used.add(size)
                self.index_sizes.setdefault(idx, set()).add(size)
        return sp.IndexedBase(name, real=True)[tuple(at)]

    def entry_at(self, name: str, at: sp.Expr) -> sp.Expr:
        """``name_at``, an entry of a vector: a free index ranges over the vector's size."""
        self.bases.add(name)
        if at.is_Symbol and at in self.indices.values():
            with contextlib.suppress(Untranslatable):  # (a vector of no known size bounds no index)
                self.index_sizes.setdefault(at, set()).add(self.size_of({name}))
        return sp.IndexedBase(name, real=True)[at]

    def index_letter(self, name: str) -> sp.Symbol:
        if name in self.bound:
            return self.bound[name]
        if name in self.scope.size_letters():
            raise Untranslatable(f"{name} is both the size and an index")
        return self.indices.setdefault(name, index_symbol(name))

    def definition(self, name: str):
        if name not in self.scope.definitions:
            return False, None
        rule = self.scope.definitions[name]
        if rule is None:
            raise Untranslatable(f"{name} is defined twice, or by what this reading does not read")
        if name in self.expanding:
            raise Untranslatable(f"{name} is defined through itself")
        return True, rule

    def entry_of(self, tree: tuple, at: sp.Expr) -> sp.Expr:
        """The entry ``at`` of a vector expression (``z`` -> z_at, ``z + c\\mathbf 1`` is not read)."""
        saved, self.entry = self.entry, at
        try:
            return self.ev(tree)
        finally:
            self.entry = saved

    def expand(self, name: str, rule, at: sp.Expr | None, arg: tuple | None = None) -> sp.Expr:
        kind = rule[0]
        if kind == "softmax":
            if at is None:
                raise Untranslatable(f"the vector {name} as a whole")
            k = sp.Dummy("k", integer=True, positive=True)
            arg_t = arg if arg is not None else Sym(rule[1], None)
            try:
                size = self.size_of(_indexed(arg_t, None))
            except Untranslatable:
                raise Untranslatable("a softmax over a range the text does not give") from None
            term = self.entry_of(arg_t, k)
            if not term.has(k):
                # `\\operatorname{softmax}(cz)` of a z the text declares no vector: read as a number, every entry
                # would be the same, and the softmax 1/d whatever its argument (`softmax(cz) = softmax(z)` "proved")
                raise Untranslatable("a softmax of what the text does not declare a vector")
            return sp.exp(self.entry_of(arg_t, at)) / sp.Sum(sp.exp(term), (k, 1, size))
        _, param, body = rule
        if kind == "scalar" and at is not None:  # `r_i` after `r = Wx - y`: an entry of a vector expression
            return self.vector_entry(name, rule, at)
        if (param is None) != (at is None):
            raise Untranslatable(f"{name} is defined {'without' if param is None else 'with'} an index")
        saved, self.expanding = self.expanding, (*self.expanding, name)
        outer = dict(self.bound)
        try:
            if param is not None:
                self.bound[param] = at
            return self.ev(body)
        finally:
            self.bound, self.expanding = outer, saved

    def defined_vector(self, name: str, rule):
        """The shape of ``name``, defined by vectors and matrices (:mod:`~lnsym.check.judges.notation.matrix_notation`,
        through :attr:`vectors`)."""
        if self.vectors is None:
            raise Untranslatable(f"{name} is defined by vectors and matrices, which this reading does not read")
        return self.vectors(self, name, rule)

    def vector_entry(self, name: str, rule, at: sp.Expr) -> sp.Expr:
        return self.defined_vector(name, rule).at(at, sp.Integer(1))

    def defined_matrix_entry(self, name: str, rule, letters: list[str]) -> sp.Expr:
        """``J_{ij}`` after ``J = \\operatorname{diag}(p) - p p^\\top``: entry (i, j) of the matrix the text defines
        by vectors and matrices (:attr:`matrices`); a free index ranges over its rows or its columns."""
        if self.matrices is None:
            raise Untranslatable(f"{name} is defined by vectors and matrices, which this reading does not read")
        shaped = self.matrices(self, name, rule)
        at = [self.index_letter(x) for x in letters]
        for idx, size in zip(at, (shaped.rows, shaped.cols), strict=True):
            if idx in self.indices.values():
                self.index_sizes.setdefault(idx, set()).add(size)
        return shaped.at(*at)

    def apply(self, name: str, rule, args: tuple | None) -> sp.Expr:
        """``\\operatorname{rms}(cx)`` after ``\\operatorname{rms}(x) = \\sqrt{\\frac1d\\sum_i x_i^2}``: the body, each
        entry ``x_i`` of a parameter read as the i-th entry of the argument (``c x_i``); ``\\operatorname{LSE}`` alone
        is the function at its own parameters."""
        _, params, body = rule
        if args is None:
            args = tuple(Sym(p, None) for p in params)
        if len(args) != len(params):
            raise Untranslatable(f"{name} is defined with {len(params)} argument(s), applied to {len(args)}")
        if name in self.expanding:
            raise Untranslatable(f"{name} is defined through itself")
        saved = (self.expanding, self.arguments, self.bound)
        self.expanding = (*self.expanding, name)
        self.arguments = {p: (a, dict(self.bound), dict(self.arguments)) for p, a in zip(params, args, strict=True)}
        self.bound = {}
        try:
            return self.ev(body)
        finally:
            self.expanding, self.arguments, self.bound = saved

    def argument_entry(self, name: str, at: sp.Expr | None) -> sp.Expr:
        """The entry ``at`` of the argument a parameter stands for (the argument itself where ``at`` is None)."""
        arg, bound, arguments = self.arguments[name]
        saved = (self.bound, self.arguments, self.entry)
        self.bound, self.arguments = bound, arguments
        if at is not None:
            self.entry = at
        try:
            return self.ev(arg)
        finally:
            self.bound, self.arguments, self.entry = saved

    def symbol(self, t: Sym) -> sp.Expr:
        name, sub = t.name, t.sub
        if name in self.arguments and (sub is None or sub_letters(sub[1]) is not None):
            if sub is None and self.entry is None:
                arg = _core(self.arguments[name][0])
                if not (isinstance(arg, Sym) and arg.sub is None):
                    raise Untranslatable(f"the argument of a function as a whole ({name})")
            return self.argument_entry(name, None if sub is None else self.index(sub[1]))
        if sub is None:
            if name == "e" and "e" not in self.scope.definitions:
                return sp.E
            if name in self.bound:
                return self.bound[name]
            if name in self.scope.size_letters():
                size = size_symbol(name)
                self.sizes_used.add(size)
                return size
            known, rule = self.definition(name)
            if known and self.entry is not None and rule[0] == "scalar" and rule[1] is None \
                    and self.vectors is not None and name not in self.expanding:
                # `\\hat y` in `\\hat y - y` read entry by entry, after `\\hat y = W_2 h + b_2`: its entry (a name the
                # text defines as a number is that number)
                with contextlib.suppress(Untranslatable):
                    return self.vector_entry(name, rule, self.entry)
            if known:
                return self.expand(name, rule, self.entry if rule[0] == "softmax" or rule[1] is not None else None)
            known, rule = self.definition(f"{name}()")
            if known:
                return self.apply(name, rule, None)
            if self.entry is not None and name in self.scope.vectors:
                return self.entry_at(name, self.entry)
            if name in self.scope.vectors:
                raise Untranslatable(f"the vector {name} as a whole")
            if self.scope.definitions.get(f"{name}^2") is not None:  # `\\sigma` where the text defines `\\sigma^2`
                # through :meth:`definition`, which refuses a square defined through its own root (`s^2 = v + s`
                # recursed to Python's limit: "too deeply nested" where the text defines nothing readable)
                _, square = self.definition(f"{name}^2")
                return sp.sqrt(self.expand(f"{name}^2", square, None))
            self.unknown(name)
            return sp.Symbol(name, real=True)
        if name == "e" and self.entry is not None and self.basis_vector(sub[1]):
            return sp.KroneckerDelta(self.entry, self.index(sub[1]))  # an entry of `e_c`, the one-hot vector
        if name == "\\delta" and not (name in self.scope.definitions and len(sub_letters(sub[1]) or ()) == 1):
            # (`\\delta_k`, one index, where the text names the upstream gradient δ: its entry, below)
            letters = sub_letters(sub[1])
            if letters is None or len(letters) != 2:
                raise Untranslatable("a Kronecker delta with other than two indices")
            return sp.KroneckerDelta(self.index_letter(letters[0]), self.index_letter(letters[1]))
        known, rule = self.definition(name)
        letters = sub_letters(sub[1])
        if name in self.scope.matrices and not known and letters is not None and len(letters) == 2:
            return self.matrix_entry(name, letters)
        bound = letters is not None and len(letters) == 1 and letters[0] in self.bound
        if not (known or bound or name in self.scope.vectors or name in self.scope.declared
                or name in self.variables):
            # `\\sigma_w`, `\\sigma_B`: a name of its own, not an entry of a vector the text speaks of
            self.unknown(f"{name}_{{{sub[0]}}}")
            return sp.Symbol(f"{name}_{{{sub[0]}}}", real=True)
        if known and rule[0] == "scalar" and rule[1] is None and letters is not None and len(letters) == 2:
            return self.defined_matrix_entry(name, rule, letters)
        at = self.index(sub[1])
        if known and loss_of(rule, self.scope) is not None:  # `\\delta_k` of `\\delta = \\partial L/\\partial y`
            return self.upstream_entry(name, at)
        if known:
            return self.expand(name, rule, at)
        return self.entry_at(name, at)

    def settle(self, expr: sp.Expr) -> sp.Expr:
        """The cases of a sum of Kronecker deltas (``Piecewise``) taken where an index lies in its range, as it does:
        the index of a sum a product writes (:attr:`bound_sizes`), a free index of vectors of one size."""
        if not expr.has(sp.Piecewise):
            return expr
        ranges = dict(self.bound_sizes)
        ranges.update({i: next(iter(sizes)) for i, sizes in self.index_sizes.items() if len(sizes) == 1})
        facts = {}
        for k, n in ranges.items():
            facts.update({sp.Le(k, n): sp.true, sp.Ge(n, k): sp.true, sp.Ge(k, 1): sp.true, sp.Le(1, k): sp.true})
        return expr.replace(lambda e: isinstance(e, sp.Piecewise),
                            lambda e: sp.Piecewise(*[(x, c.xreplace(facts)) for x, c in e.args]))

    def upstream_entry(self, name: str, at: sp.Expr) -> sp.Expr:
        """An entry of the gradient ``g = \\partial L/\\partial y`` of an L nothing more is said of: any number; a free
        index ranges over y's size."""
        self.opaque.add(name)
        self.bases.add(name)
        if at.is_Symbol and at in self.indices.values():
            self.index_sizes.setdefault(at, set()).add(self.upstream_size(name))
        return sp.IndexedBase(name, real=True)[at]

    def upstream_size(self, name: str) -> sp.Expr:
        """The size of the upstream gradient ``name = \\partial L/\\partial y``: that of y, declared or defined."""
        y = _core(self.scope.definitions[name][2]).var
        rule = self.scope.definitions.get(y)
        if y in self.scope.shapes:
            return size_symbol(self.scope.shapes[y])
        if rule is not None and rule[0] == "scalar" and rule[1] is None and y not in self.expanding:
            return self.defined_vector(y, rule).rows
        if rule is not None and rule[0] in ("entry", "softmax") and y not in self.expanding:
            return self.defined_size(y)
        raise Untranslatable(f"an entry of {name}, the derivative by {y}, whose size the text does not give")

    def through(self, name: str) -> sp.Expr | None:
        """``L`` in ``\\frac{\\partial L}{\\partial W_{ij}}`` where the text defines ``g = \\partial L/\\partial y`` (L
        otherwise unknown) and y by vectors and matrices (``y = Wx + b``), entry by entry (``y_i = \\gamma_i \\hat x_i
        + \\beta_i``) or as a softmax: for a first derivative, L is ``\\sum_k g_k y_k`` (the chain rule), y's entries as
        the text defines them; else None."""
        found = upstream(name, self.scope)  # (none for an L the text defines or declares)
        if found is None:
            return None
        g, y = found
        rule = self.scope.definitions.get(y)
        if rule is None or y in self.expanding:
            return None
        if rule[0] in ("entry", "softmax"):  # `y_i = \\gamma_i \\hat x_i + \\beta_i`: its entries as the text defines
            size = self.defined_size(y)
            k = sp.Dummy("k", integer=True, positive=True)
            self.bound_sizes[k] = size
            return sp.Sum(self.upstream_entry(g, k) * self.expand(y, rule, k), (k, 1, size))
        if rule[0] != "scalar" or rule[1] is not None:
            return None
        inner = self.defined_vector(y, rule)
        if inner.cols != 1 or not isinstance(inner.rows, sp.Symbol):
            return None
        k = sp.Dummy("k", integer=True, positive=True)
        self.bound_sizes[k] = inner.rows
        return sp.Sum(self.upstream_entry(g, k) * inner.at(k, sp.Integer(1)), (k, 1, inner.rows))

    def inline_entry(self, loss: str, y: str, at: sp.Expr) -> sp.Expr:
        """``\\frac{\\partial L}{\\partial y_{at}}`` of an L nothing more is said of: any number (an entry of the
        upstream gradient, ``∂L/∂y``); a free index ranges over y's size."""
        label = f"∂{loss}/∂{y}"
        self.opaque.add(label)
        self.bases.add(label)
        if at.is_Symbol and at in self.indices.values():
            self.index_sizes.setdefault(at, set()).add(self.defined_size(y))
        return sp.IndexedBase(label, real=True)[at]

    def inline_through(self, loss: str, y: str) -> sp.Expr:
        """L through y, for a first derivative by what y is made of: ``\\sum_k \\frac{\\partial L}{\\partial y_k}
        y_k`` (the chain rule), y's entries as the text defines them."""
        _, rule = self.definition(y)
        size = self.defined_size(y)
        k = sp.Dummy("k", integer=True, positive=True)
        self.bound_sizes[k] = size
        return sp.Sum(self.inline_entry(loss, y, k) * self.expand(y, rule, k), (k, 1, size))

    def defined_size(self, y: str, rule=None) -> sp.Symbol:
        """The size of a vector the text defines (by ``rule``, else by its definition): that of the declared vectors
        its entry is made of (one), else the section's."""
        if rule is None:
            _, rule = self.definition(y)
        probe = sp.Dummy("a", integer=True, positive=True)
        entry = self.expand(y, rule, probe)
        sizes = {self.scope.shapes.get(str(x.base.label)) for x in entry.atoms(sp.Indexed) if x.indices == (probe,)}
        sizes.discard(None)
        if len(sizes) == 1:
            size = size_symbol(sizes.pop())
        elif not sizes and self.size is not None:
            size = self.size
        else:
            raise Untranslatable(f"the vector {y}, whose size the text does not give")
        self.sizes_used.add(size)
        return size

    # -- nodes ---------------------------------------------------------------------------------------------------
    def ev(self, tree) -> sp.Expr:
        match tree:
            case Group(inner):
                return self.ev(inner)
            case Num(digits, tail):
                if tail is not None:
                    raise Untranslatable("digits that go on")
                f = Fraction(digits)
                return sp.Rational(f.numerator, f.denominator)
            case Sym():
                return self.symbol(tree)
            case Add(terms):
                return sp.Add(*[self.ev(x) for x in terms])
            case Neg(operand):
                return -self.ev(operand)
            case Mul(left, right):
                return self.ev(left) * self.ev(right)
            case Div(num, den) | Frac(num, den):
                d = self.ev(den)
                if d == 0:
                    raise Untranslatable("a division by zero")
                return self.ev(num) / d
            case Pow(base_t, exp_t):
                square = self.defined_square(tree)
                if square is not None:
                    return square
                base = self.ev(base_t)
                return sp.exp(self.ev(exp_t)) if base == sp.E else sp.Pow(base, self.ev(exp_t))
            case Sqrt(radicand, None):
                return sp.sqrt(self.ev(radicand))
            case Func("exp" | "ln" as name, (arg,)):
                return (sp.exp if name == "exp" else sp.log)(self.ev(arg))
            case Func(name, (arg,)) if name not in TRIG and calculus.standard_name("\\" + name) is not None:
                # `\tanh(a_i)`: entry by entry (a sine may be of degrees: `\sum_{k=1}^{89} \sin^2(k^\circ)`)
                return self.standard(name, arg)
            case Log(arg, None):
                return sp.log(self.ev(arg))
            case Sum():
                return self.big_sum(tree)
            case Abs(operand):
                return sp.Abs(self.ev(operand))
            case UFunc():
                return self.application(tree)
            case PartialDeriv(body, entry):
                return self.partial(body, entry)
            case Entry(operand, (_, sub_t)):
                return self.expression_entry(operand, sub_t)
            case Ones() if self.entry is not None:
                return sp.Integer(1)  # an entry of the all-ones vector (`z + c\mathbf 1`, entry by entry)
            case Norm(Sym(name, None), p) if p in (None, "1", "2") and name not in self.scope.matrices:
                return self.ev(_norm_as_sum(tree, name, p))
            case Norm(Sym(name, None), "F") if name in self.scope.matrices:
                return self.ev(_frobenius_as_sum(tree, name))
            case Norm(operand, None | "2") if not isinstance(_core(operand), Sym) and self.entry_by_entry(operand):
                return self.norm_of_expression(operand)
        # (tree[0], the node's kind: what is no node fails here as it always did)
        raise Untranslatable(f"{tree[0]} is not read in index notation")

    def expression_entry(self, operand: tuple, sub_t: tuple) -> sp.Expr:
        """``(Wx)_i``, ``(AB)_{ij}``, ``\\operatorname{softmax}(z + c\\mathbf 1)_i``: the entry of what the operand
        writes, read in matrix notation (:attr:`entries`), else, at one index, entry by entry (a vector stands for
        its entry, a number for itself, as in a definition by entries)."""
        letters = sub_letters(sub_t)
        if self.entries is not None and letters is not None:
            try:
                return self.entries(self, operand, sub_t)
            except Untranslatable:
                if len(letters) != 1 or not self.entrywise(operand):
                    raise
        if not self.entrywise(operand):
            raise Untranslatable("an entry of a product of vectors or matrices, which this reading does not read")
        return self.entry_of(operand, self.index(sub_t))

    def entrywise(self, operand: tuple) -> bool:
        """Is the entry of ``operand`` the same expression of its vectors' entries (``\\operatorname{softmax}(z +
        c\\mathbf 1)_i`` is that of ``z_i + c``)? Only a function's value, with no matrix, transpose or operation
        in it and no product of two vectors (``(Wx)_i`` is no ``W_i x_i``, nor ``(u v^\\top)_{i}`` a ``u_i v_i``)."""
        return isinstance(operand, UFunc) and self.entry_by_entry(operand)

    def entry_by_entry(self, operand: tuple) -> bool:
        """Is ``operand`` read entry by entry, each vector standing for its entry: no matrix (declared, or a name of
        several letters), transpose, operation or entry, and no product of two vectors?"""
        shaped = self.scope.vectors | set(self.scope.matrices) | set(self.scope.shapes)
        stack = [operand]
        while stack:
            t = stack.pop()
            match t:
                case Sym(name, _) if name in self.scope.matrices or (len(name) > 1 and name.isalpha()):
                    return False
                case Sym(name, None) if self.defines_matrix(name):
                    return False
                case Mul(left, right) if tree_names(left) & shaped and tree_names(right) & shaped:
                    return False
            if isinstance(t, Transpose | Op | Entry):
                return False
            if isinstance(t, tuple):
                stack.extend(x for x in t if isinstance(x, tuple))
        return True

    def basis_vector(self, sub_tree) -> bool:
        """Is ``e`` with this subscript the one-hot vector ``e_c`` (its entry i is ``\\delta_{ic}``): a subscript of one
        letter or a whole number, and an ``e`` the text neither defines, declares nor writes as a vector of its own?"""
        scope = self.scope
        if "e" in scope.definitions or "e" in scope.declared or "e" in scope.vectors or "e" in scope.shapes:
            return False
        t = _core(sub_tree)
        return (isinstance(t, Num) and t.digits.isdigit()) or len(sub_letters(t) or ()) == 1

    def defines_matrix(self, name: str) -> bool:
        """Does the text define ``name`` as a matrix (``J = \\operatorname{diag}(p) - p p^\\top``)?"""
        rule = self.scope.definitions.get(name)
        if rule is None or rule[0] != "scalar" or rule[1] is not None or self.matrices is None \
                or name in self.expanding:
            return False
        try:
            self.matrices(self, name, rule)
        except Untranslatable:
            return False
        return True

    def norm_of_expression(self, operand: tuple) -> sp.Expr:
        """``\\|\\hat y - y\\|_2`` of vectors read entry by entry: ``\\sqrt{\\sum_k (\\hat y_k - y_k)^2}`` over the one
        size of its vectors (declared, written with an index, or defined)."""
        names = {n for n in _indexed(operand, None)
                 if n in self.scope.shapes or n in self.scope.vectors or self.scope.definitions.get(n) is not None}
        if not names:
            raise Untranslatable("the norm of an expression of no vector")
        size = self.size_of(names)
        k = sp.Dummy("k", integer=True, positive=True)
        self.bound_sizes[k] = size
        return sp.sqrt(sp.Sum(self.entry_of(operand, k) ** 2, (k, 1, size)))

    def application(self, t: UFunc) -> sp.Expr:
        name, args = t.name, t.args
        if name == "softmax" and len(args) == 1 and self.entry is not None:
            return self.expand(name, ("softmax", None), self.entry, args[0])
        known, rule = self.definition(f"{name}()")
        if not known and len(args) == 1 and calculus.standard_name(name) is not None:
            return self.standard(name, args[0])  # `\sigma(x_i)` where the text names the sigmoid
        if not known and len(args) == 1 and name in self.scope.size_letters() and name not in self.scope.definitions:
            # `d(r^2 - \epsilon)` where d is the size: the size times the bracket, as a letter with a value is
            size = size_symbol(name)
            self.sizes_used.add(size)
            return size * self.ev(args[0])
        if not known:
            raise Untranslatable(f"{name}, a function the text does not define in index notation")
        return self.apply(name, rule, args)

    def standard(self, name: str, arg) -> sp.Expr:
        """A standard function of one argument (:mod:`~lnsym.check.judges.notation.calculus`) of an expression in
        index notation: its derivative by an entry is the chain rule's."""
        spelled = name if calculus.standard_name(name) is not None else "\\" + name
        try:
            return calculus.apply(spelled, [self.ev(arg)])
        except calculus.Unknown as exc:
            raise Untranslatable(str(exc)) from None

    def defined_square(self, t: Pow) -> sp.Expr | None:
        """``\\sigma^2`` where the text defines ``\\sigma^2 = \\ldots``: that definition."""
        base, exp = _core(t.base), _core(t.exp)
        if not isinstance(base, Sym) or base.sub is not None or exp != Num("2") or base.name in self.bound:
            return None
        known, rule = self.definition(f"{base.name}^2")
        return self.expand(f"{base.name}^2", rule, None) if known else None

    def big_sum(self, t: Sum) -> sp.Expr:
        var, lo_t, hi_t, body_t = t.var, t.lo, t.hi, t.body
        if len(var) != 1:
            raise Untranslatable("a sum whose index is not one letter")
        if lo_t is None:
            try:
                lo, hi = sp.Integer(1), self.size_of(_indexed(body_t, var), self.matrix_sizes(body_t, var))
            except Untranslatable as exc:
                raise Untranslatable(f"a sum over {var} whose range the text does not give"
                                     + ("" if "range" in str(exc) else f" ({exc})")) from None
        else:
            lo, hi = self.limit(lo_t), self.limit(hi_t)
        k = sp.Dummy(var, integer=True, positive=True)
        if lo == 1:  # (the index lies in 1..hi: a Kronecker delta summed inside the sum is taken within range)
            self.bound_sizes[k] = hi
        saved = self.bound.get(var)
        self.bound[var] = k
        try:
            body = self.ev(body_t)
        finally:
            if saved is None:
                self.bound.pop(var, None)
            else:
                self.bound[var] = saved
        if body.has(sp.Sum):  # SymPy merges nested sums into one of two limits, which the algebra of sums cannot split
            body = normal_sums(body)
        return sp.Sum(body, (k, lo, hi))

    def matrix_sizes(self, tree, var: str) -> set[str]:
        """The sizes of the rows or columns of declared matrices that ``var`` indexes in ``tree`` (``W_{ij}``)."""
        out, stack = set(), [tree]
        while stack:
            t = stack.pop()
            if isinstance(t, Sym) and t.name in self.scope.matrices and t.sub is not None:
                letters = sub_letters(t.sub[1]) or []
                out.update(size for x, size in zip(letters, self.scope.matrices[t.name], strict=False) if x == var)
            elif isinstance(t, tuple):
                stack.extend(x for x in t if isinstance(x, tuple))
        return out

    def limit(self, tree) -> sp.Expr:
        t = _core(tree)
        if isinstance(t, Num) and t.digits.isdigit():
            return sp.Integer(int(t.digits))
        if isinstance(t, Sym) and t.sub is None and len(t.name) == 1:
            if t.name not in self.scope.size_letters():  # `\\sum_{i=1}^n i = 55`: an equation in n
                self.unknowns.add(t.name)
            size = size_symbol(t.name)
            self.sizes_used.add(size)
            return size
        raise Untranslatable("a limit of a sum that is not a letter or a whole number")

    def partial(self, body_t: tuple, var_t: tuple) -> sp.Expr:
        var = _core(var_t)
        if not isinstance(var, Sym) or var.sub is None:
            raise Untranslatable("a derivative by what is not an entry")
        name, (_, sub_tree) = var.name, var.sub
        bare = _core(body_t)
        if isinstance(bare, Sym) and bare.sub is None and self.inline.get(bare.name) == name:
            # `\\frac{\\partial L}{\\partial y_i}` itself: an entry of the upstream gradient
            return self.inline_entry(bare.name, name, self.index(sub_tree))
        if name in self.scope.definitions:
            raise Untranslatable(f"a derivative by an entry of {name}, which the text defines")
        letters = sub_letters(sub_tree)
        if name in self.scope.matrices and letters is not None and len(letters) == 2:
            x = self.matrix_entry(name, letters)  # `\partial W_{ij}`
        else:
            x = self.entry_at(name, self.index(sub_tree))
        self.variables.add(name)
        before = set(self.unknowns)
        bare = _core(body_t)
        through = self.through(bare.name) if isinstance(bare, Sym) and bare.sub is None else None
        if isinstance(bare, Sym) and bare.sub is None and bare.name in self.inline:
            through = self.inline_through(bare.name, self.inline[bare.name])
        if through is not None:
            d = sp.diff(through, x)
            return self.settle(normal_sums(d)) if d.has(sp.Sum) else d
        body = self.ev(body_t)
        if self.unknowns - before or (isinstance(bare, Sym) and isinstance(body, (sp.Indexed, sp.Symbol))
                                      and bare.name != name):
            what = bare.name if isinstance(bare, Sym) else "the expression"
            raise Untranslatable(f"a derivative of {what}, whose dependence on {name} the text does not give")
        return sp.diff(body, x)
