"""The nodes of a term's tree: one small frozen type a kind of node, handled with ``match``.

A node is a tuple underneath: its kind first, then its fields (``Num("0.25")`` is ``("num", "0.25")``). That keeps
what the judges rely on, cheaply: nodes are immutable and hashable (trees are keys of the judges' caches), equal
when they are the same node of the same kind, and a tree prints as the nested tuples the parser has always
written (a reason or a test that shows one is unchanged). What the types add is the names: ``Frac(num, den)``,
``case Mul(left, right, mark):``, ``isinstance(t, Sym)``, instead of ``t[0] == "frac"`` and ``t[2]``.

Trailing fields that are usually absent (``Num.tail``, ``Group.bracket``, ``Norm.p``) are left out of the tuple when
they are None, as the parser left them out before: ``Num("2") == ("num", "2")``.

A walker that rebuilds a tree generically (every field in turn, the kind included) keeps each node's type with
:func:`rebuilt`.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import itemgetter
from typing import Any, ClassVar

__all__ = [
    "KINDS", "Abs", "Add", "Based", "Binom", "Ceil", "Const", "Deriv", "Det", "Div", "Entry", "Extreme", "Factorial",
    "Floor", "Frac", "Func", "Gradient", "Group", "Indicator", "Log", "Matrix", "Mul", "Neg", "Node", "Norm", "Num",
    "Ones", "Op", "PartialDeriv", "PlusMinus", "Pow", "Prime", "Product", "Quotient", "Repeating", "Sqrt", "Sum",
    "Sym", "Transpose", "UFunc", "Vector", "rebuilt",
]

KINDS: dict[str, type[Node]] = {}


def _field(i: int) -> property:
    return property(itemgetter(i))


def _optional(i: int) -> property:
    return property(lambda self: self[i] if len(self) > i else None)


class Node(tuple):
    """A node of a term's tree (see the module's docstring). Subclasses name their ``kind`` and fields."""

    __slots__ = ()
    kind: ClassVar[str] = ""
    __match_args__: ClassVar[tuple[str, ...]] = ()
    optional: ClassVar[int] = 0  # how many of the last fields may be left out (when None)

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if cls.kind:
            KINDS[cls.kind] = cls
            for i, name in enumerate(cls.__match_args__, start=1):
                if name not in cls.__dict__:
                    setattr(cls, name, _field(i))

    def __new__(cls, *fields: Any) -> Node:
        return tuple.__new__(cls, (cls.kind, *fields))

    def __getnewargs__(self) -> tuple:  # pickled and copied by its fields (a worker process gets trees)
        return tuple(self[1:])


def tree_nodes(tree: object):
    """Every node of a parsed tree, depth first (not the plain tuples between: the terms of a sum, the arguments
    of a function, the (source, tree) pair of a subscript)."""
    stack = [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, Node):
            yield t
        if isinstance(t, tuple):
            stack.extend(x for x in t if isinstance(x, tuple))


def rebuilt(original: Any, parts: Iterable[Any]) -> Any:
    """``parts`` (the kind first, then the fields) as a node of the type of ``original``: a generic walker's
    rebuilt node keeps its type. A plain tuple (the terms of a sum, the arguments of a function) stays one."""
    return tuple.__new__(type(original), tuple(parts)) if isinstance(original, Node) else tuple(parts)


# -- numbers -------------------------------------------------------------------------------------------------
class Num(Node):
    """A number as written: its ``digits`` (``"0.25"``) and ``tail`` ``"..."`` when its digits go on
    (``0.333\\ldots``: cut, not rounded), else None."""
    __slots__ = ()
    kind = "num"
    __match_args__ = ("digits", "tail")
    optional = 1
    tail = _optional(2)

    def __new__(cls, digits: str, tail: str | None = None) -> Num:
        return tuple.__new__(cls, ("num", digits) if tail is None else ("num", digits, tail))


class Repeating(Node):
    """``0.1\\overline{27}``: the whole part, the digits before the repeating block and the block."""
    __slots__ = ()
    kind = "rep"
    __match_args__ = ("whole", "fixed", "block")


class Based(Node):
    """``1011_2``: the numeral's digits and its base (an int from 2 to 36)."""
    __slots__ = ()
    kind = "base"
    __match_args__ = ("digits", "base")


class Const(Node):
    """``\\pi`` (name ``"pi"``) or ``\\infty`` (``"oo"``)."""
    __slots__ = ()
    kind = "const"
    __match_args__ = ("name",)


# -- names ---------------------------------------------------------------------------------------------------
class Sym(Node):
    """A name: a letter, ``\\alpha``, ``\\hat{x}``, a word, a unit (``%``, ``°``). ``sub`` is None or the
    subscript as (its source text, its tree): ``x_i`` is ``Sym("x", ("i", Sym("i", None)))``."""
    __slots__ = ()
    kind = "sym"
    __match_args__ = ("name", "sub")


class Entry(Node):
    """``(Wx)_i``, ``\\operatorname{softmax}(z)_i``, ``(AB)_{ij}``: an entry of a vector or a matrix the operand
    writes; ``sub`` as :class:`Sym`'s (its source text, its tree)."""
    __slots__ = ()
    kind = "entry_of"
    __match_args__ = ("operand", "sub")


class Ones(Node):
    """``\\mathbf 1``: the all-ones vector of the size that conforms."""
    __slots__ = ()
    kind = "ones"


# -- brackets ------------------------------------------------------------------------------------------------
class Group(Node):
    """A bracketed or braced term; ``bracket`` is ``"["`` for ``[x]`` (maybe the greatest integer in x), else
    None."""
    __slots__ = ()
    kind = "group"
    __match_args__ = ("inner", "bracket")
    optional = 1
    bracket = _optional(2)

    def __new__(cls, inner: Any, bracket: str | None = None) -> Group:
        return tuple.__new__(cls, ("group", inner) if bracket is None else ("group", inner, bracket))


class Vector(Node):
    """``(1, 2, 3)`` or ``[a, b]``: the tuple of its entries' trees."""
    __slots__ = ()
    kind = "vec"
    __match_args__ = ("items",)


class Matrix(Node):
    """A written matrix: the tuple of its rows, each a tuple of trees."""
    __slots__ = ()
    kind = "matrix"
    __match_args__ = ("rows",)


class Det(Node):
    """The determinant of a written matrix (rows as in :class:`Matrix`)."""
    __slots__ = ()
    kind = "det"
    __match_args__ = ("rows",)


class Abs(Node):
    """``|x|``."""
    __slots__ = ()
    kind = "abs"
    __match_args__ = ("operand",)


class Floor(Node):
    """``\\lfloor x \\rfloor``."""
    __slots__ = ()
    kind = "floor"
    __match_args__ = ("operand",)


class Ceil(Node):
    """``\\lceil x \\rceil``."""
    __slots__ = ()
    kind = "ceil"
    __match_args__ = ("operand",)


class Norm(Node):
    """``\\|x\\|`` and ``\\|x\\|_p``: ``p`` is ``"1"``, ``"2"`` or ``"oo"`` when written, else None."""
    __slots__ = ()
    kind = "norm"
    __match_args__ = ("operand", "p")
    optional = 1
    p = _optional(2)

    def __new__(cls, operand: Any, p: str | None = None) -> Norm:
        return tuple.__new__(cls, ("norm", operand) if p is None else ("norm", operand, p))


# -- operations ----------------------------------------------------------------------------------------------
class Add(Node):
    """A sum: the tuple of its terms (a subtracted term is a :class:`Neg`)."""
    __slots__ = ()
    kind = "add"
    __match_args__ = ("terms",)


class Neg(Node):
    """``-x``."""
    __slots__ = ()
    kind = "neg"
    __match_args__ = ("operand",)


class PlusMinus(Node):
    """``\\pm x`` (sign ``"pm"``) or ``\\mp x`` (``"mp"``) in a sum: two values."""
    __slots__ = ()
    kind = "pm"
    __match_args__ = ("operand", "sign")


class Mul(Node):
    """A product; ``mark`` is the sign written, ``"×"``, ``"·"``, or ``""`` (side by side)."""
    __slots__ = ()
    kind = "mul"
    __match_args__ = ("left", "right", "mark")


class Div(Node):
    """``a / b`` and ``a \\div b``."""
    __slots__ = ()
    kind = "div"
    __match_args__ = ("left", "right")


class Frac(Node):
    """``\\frac{a}{b}``."""
    __slots__ = ()
    kind = "frac"
    __match_args__ = ("num", "den")


class Quotient(Node):
    """``5 \\text{ remainder } 2``: a quotient and its remainder."""
    __slots__ = ()
    kind = "qr"
    __match_args__ = ("quotient", "remainder")


class Op(Node):
    """``a \\star b``: an operation the text defines (its command's ``name``), or ``\\odot``."""
    __slots__ = ()
    kind = "op"
    __match_args__ = ("name", "left", "right")


class Pow(Node):
    """``a^b``."""
    __slots__ = ()
    kind = "pow"
    __match_args__ = ("base", "exp")


class Sqrt(Node):
    """``\\sqrt[index]{radicand}``; ``index`` None for the square root."""
    __slots__ = ()
    kind = "sqrt"
    __match_args__ = ("radicand", "index")


class Factorial(Node):
    """``n!``."""
    __slots__ = ()
    kind = "fact"
    __match_args__ = ("operand",)


class Binom(Node):
    """``\\binom{n}{k}``."""
    __slots__ = ()
    kind = "binom"
    __match_args__ = ("n", "k")


class Transpose(Node):
    """``a^\\top``: ``mark`` ``"top"`` or ``"T"`` (the letter), ``written`` True for a bracketed tuple transposed
    (``(1, 2)^\\top``, a column vector)."""
    __slots__ = ()
    kind = "transpose"
    __match_args__ = ("operand", "mark", "written")


# -- functions -----------------------------------------------------------------------------------------------
class Func(Node):
    """A standard function (``sin``, ``exp``, ``max``, ...) applied to the tuple ``args``."""
    __slots__ = ()
    kind = "func"
    __match_args__ = ("name", "args")


class UFunc(Node):
    """A function the text names (``f(x)``, ``\\operatorname{diag}(p)``, ``\\sigma(z)``) applied to ``args``."""
    __slots__ = ()
    kind = "ufunc"
    __match_args__ = ("name", "args")


class Log(Node):
    """``\\log_b x``; ``base`` None when no base is written (natural, see evaluate)."""
    __slots__ = ()
    kind = "log"
    __match_args__ = ("arg", "base")


class Prime(Node):
    """``f'(x)``, ``\\tanh''(0)``: the function's name, the number of primes and the arguments."""
    __slots__ = ()
    kind = "prime"
    __match_args__ = ("name", "order", "args")


class Deriv(Node):
    """``\\frac{d^n}{dx^n} body``: the order, the variable's name and the body; ``partial`` is True for
    ``\\frac{\\partial}{\\partial x}`` (the other variables held fixed), else None (left out of the tuple)."""
    __slots__ = ()
    kind = "deriv"
    __match_args__ = ("order", "var", "body", "partial")
    optional = 1
    partial = _optional(4)

    def __new__(cls, order: int, var: Any, body: Any, partial: bool | None = None) -> Deriv:
        fields = ("deriv", order, var, body)
        return tuple.__new__(cls, fields if not partial else (*fields, True))


class PartialDeriv(Node):
    """``\\frac{\\partial p_i}{\\partial z_j}``: the body and the entry (a subscripted :class:`Sym`)."""
    __slots__ = ()
    kind = "pderiv"
    __match_args__ = ("body", "entry")


class Gradient(Node):
    """``\\nabla_z L``: the variable's name and the body."""
    __slots__ = ()
    kind = "nabla"
    __match_args__ = ("var", "body")


class Sum(Node):
    """``\\sum_{var=lo}^{hi} body``; ``lo`` and ``hi`` None for a sum over every entry (``\\sum_i p_i``)."""
    __slots__ = ()
    kind = "sum"
    __match_args__ = ("var", "lo", "hi", "body")


class Product(Node):
    """``\\prod_{var=lo}^{hi} body``, as :class:`Sum`."""
    __slots__ = ()
    kind = "prod"
    __match_args__ = ("var", "lo", "hi", "body")


class Extreme(Node):
    """``\\max_i z_i``: ``name`` ``"max"`` or ``"min"``, the index and the body."""
    __slots__ = ()
    kind = "extreme"
    __match_args__ = ("name", "var", "body")


class Indicator(Node):
    """``\\mathbf 1[a > 0]``: the left side, the relation and the right side."""
    __slots__ = ()
    kind = "indicator"
    __match_args__ = ("left", "rel", "right")
