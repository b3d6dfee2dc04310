"""A small recursive-descent parser from the tokens of one term to a tree of tuples.

The tree is plain data (``('num', '0.25')``, ``('add', (a, b))``, ``('frac', a, b)``, ...): it is
built without touching SymPy and without executing anything, and keeps what the evaluator needs
to judge rounding (the literal digits a number was written with). Nesting is capped, so 5,000
nested braces are a :class:`ParseError` (an unchecked step), never a ``RecursionError``; so is the
depth of the finished tree (:data:`MAX_TREE_DEPTH`), which chains such as ``x^2^2^2...`` or ``a/b/c/...``
make deep without nesting, and which every later stage walks recursively.

Grammar (informally)::

    expr   := [+|-|\\pm|\\mp] term ((+|-|\\pm|\\mp) term)*
    term   := factor ((\\times|\\cdot|*|/|\\div) factor | factor)*      # the last: implicit product
    factor := - factor | power
    power  := atom (^ arg | ^\\top | _ arg | ! | ^\\circ)*
    atom   := number | letter | greek | ( expr ) | [ expr, ... ] | { expr } | |expr| | \\frac arg arg
            | \\sqrt[n] arg | \\binom arg arg | \\sin arg | \\log_b arg | \\sum_{i=a}^b term | \\text{..} | ...
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from lnsym.check.parse.lexer import Token
from lnsym.check.parse.nodes import (
    Abs,
    Add,
    Based,
    Binom,
    Ceil,
    Const,
    Deriv,
    Det,
    Div,
    Entry,
    Extreme,
    Factorial,
    Floor,
    Frac,
    Func,
    Gradient,
    Group,
    Indicator,
    Log,
    Matrix,
    Mul,
    Neg,
    Node,
    Norm,
    Num,
    Ones,
    Op,
    PartialDeriv,
    PlusMinus,
    Pow,
    Prime,
    Product,
    Quotient,
    Repeating,
    Sqrt,
    Sum,
    Sym,
    Transpose,
    UFunc,
    Vector,
    rebuilt,
    tree_nodes,
)

__all__ = ["MAX_DEPTH", "MAX_TREE_DEPTH", "ParseError", "parse_term", "values_applied"]

MAX_DEPTH = 60
MAX_TREE_DEPTH = 200  # tuple levels; the deepest term of 500 MATH solutions and the seed key has 16

GREEK = {
    "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa", "lambda", "mu",
    "nu", "xi", "rho", "sigma", "tau", "upsilon", "phi", "chi", "psi", "omega", "Gamma", "Delta", "Theta",
    "Lambda", "Xi", "Sigma", "Upsilon", "Phi", "Psi", "Omega", "ell",
}
_ALIASES = {"varepsilon": "epsilon", "varphi": "phi", "vartheta": "theta", "varrho": "rho", "varsigma": "sigma"}
FUNCS = {"sin", "cos", "tan", "sec", "csc", "cot", "sinh", "cosh", "tanh", "sech", "csch", "coth", "ln", "exp",
         "arcsin", "arccos", "arctan"}
_MULTI_FUNCS = {"gcd", "max", "min", "lcm"}
_DECOR = {"overline", "hat", "bar", "tilde", "vec", "mathbf", "boldsymbol", "mathcal", "mathbb", "widehat", "widetilde",
          "dot", "ddot", "bm", "mathsf", "check", "breve", "acute", "grave", "mathfrak", "mathscr"}
_FUNC_LETTERS = set("fghFGH")
_BOLD = {"mathbf", "mathbb", "boldsymbol", "bm"}  # \mathbf 1: the all-ones vector (or an indicator)
# binary operations a problem defines (`a \\star b = 2a + b`): evaluated only with the text's definition
DEFINED_OPS = {"star", "diamond", "oplus", "otimes", "odot", "bullet", "circledast", "triangle", "square", "heartsuit",
               "spadesuit", "clubsuit", "dagger", "boxtimes", "boxplus", "nabla", "ominus", "oslash", "#",
               "*"}  # `*` and `\ast` where the text defines `a * b = ...` (marked so by the pipeline: DEFINES_STAR)
_NOT_ATOMS = {"times", "cdot", "div", "ast", "pm", "mp", "rfloor", "rceil", "circ", "choose", "over", "prime",
              "dots", "ldots", "cdots", "rangle", *DEFINED_OPS}
_FRACS = {"frac", "dfrac", "tfrac", "cfrac"}
_REMAINDER = {"remainder", "rem", "r", "remainder:", "with remainder", "and remainder", "rem."}
_BINOMS = {"binom", "dbinom", "tbinom", "choose_"}
_BIG = {"sum": Sum, "prod": Product}  # \sum and \prod, read alike
def _entry_of_expression(a: Node, base: Node, sub: Node) -> bool:
    """Is ``a_sub`` an entry of what ``a`` writes: a bracketed expression (``(Wx)_i``, ``(AB)_{ij}``) or a function's
    value (``\\operatorname{softmax}(z)_i``), indexed by letters or whole numbers? Not a bracketed number or name:
    ``(1011)_2`` is a numeral in base 2 and ``(x)_n`` may be a Pochhammer symbol."""
    if not ((isinstance(a, Group) and not isinstance(base, Num | Sym)) or isinstance(a, UFunc | Func)):
        return False
    while isinstance(sub, Group) and sub.bracket is None:
        sub = sub.inner
    parts = sub.items if isinstance(sub, Vector) else (sub,)
    return all(_index_part(x) for x in parts)


def _index_part(t: Node) -> bool:
    """A letter, a whole number, or letters written together (``ij``)."""
    match t:
        case Sym(name, None):
            return len(name) == 1 and name.isalpha()
        case Num(digits):
            return digits.isdigit()
        case Mul(left, right):
            return _index_part(left) and _index_part(right)
    return False


_DIVERGENCES = frozenset({"KL"})  # `\\mathrm{KL}(p \\| q)`: two arguments parted by a double bar
_NORM_INDEX = {"1": "1", "2": "2", "\\infty": "oo", "F": "F"}  # the p of a p-norm, as written; F: Frobenius


class ParseError(ValueError):
    """The term is not in the grammar; the message says what was not understood."""


def _is(tok: Token | None, kind: str, *values: str) -> bool:
    return tok is not None and tok.kind == kind and (not values or tok.value in values)


class _Parser:
    def __init__(self, toks: list[Token], transpose_t: bool = False, names_delta: bool = False) -> None:
        self.toks = list(toks)
        self.transpose_t = transpose_t  # `x^T` is a transpose: the text uses T for nothing else
        self.names_delta = names_delta  # `\delta x` is δ times x: the text names δ itself (`\delta = ...`)
        self.pos = 0
        self.depth = 0
        self.abs_depth = 0
        self.norm_depth = 0
        self.term_start = False

    # -- helpers -----------------------------------------------------------------------------
    def peek(self, k: int = 0) -> Token | None:
        i = self.pos + k
        return self.toks[i] if i < len(self.toks) else None

    def next(self) -> Token:
        tok = self.peek()
        if tok is None:
            raise ParseError("the term ends too early")
        self.pos += 1
        return tok

    def expect(self, kind: str, value: str) -> None:
        tok = self.peek()
        if not _is(tok, kind, value):
            got = "the end" if tok is None else repr(tok.value)
            raise ParseError(f"expected {value!r}, got {got}")
        self.pos += 1

    def enter(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ParseError(f"nested more than {MAX_DEPTH} deep")

    def starts_atom(self, tok: Token | None) -> bool:
        if tok is None:
            return False
        if tok.kind in ("NUM", "LETTER", "TEXT"):
            return True
        if tok.kind == "SYM":
            if tok.value == "|":
                return self.abs_depth == 0
            return tok.value in "([{"
        if tok.kind == "CMD":
            if tok.value in ("Vert", "|", "lVert", "rVert"):
                return self.norm_depth == 0 and tok.value != "rVert"
            return tok.value not in _NOT_ATOMS
        return False

    # -- grammar -----------------------------------------------------------------------------
    def expr(self) -> Node:
        self.enter()
        terms = []
        while True:
            tok = self.peek()
            if _is(tok, "SYM", "+"):
                self.pos += 1
                terms.append(self.term())
            elif _is(tok, "SYM", "-"):
                self.pos += 1
                terms.append(Neg(self.term()))
            elif _is(tok, "CMD", "pm", "mp"):
                self.pos += 1
                terms.append(PlusMinus(self.term(), tok.value))  # two values: see evaluate.evaluate_pm
            elif not terms:
                terms.append(self.term())  # an unsigned first term
            else:
                break
        self.depth -= 1
        return terms[0] if len(terms) == 1 else Add(tuple(terms))

    def term(self) -> Node:
        self.term_start = True
        f = self.factor()
        self.term_start = False
        while True:
            tok = self.peek()
            if _is(tok, "CMD", "nabla") and _is(self.peek(1), "SYM", "_"):
                f = Mul(f, self.power(), "")  # `\\eta \\nabla_w L`: a factor times a gradient, no operation
            elif _is(tok, "CMD", *DEFINED_OPS) or _is(tok, "SYM", "#"):
                self.pos += 1
                f = Op(tok.value, f, self.factor())  # `3 \\star 4`: the text's own operation
            elif _is(tok, "CMD", "times", "cdot", "ast") or _is(tok, "SYM", "*"):
                self.pos += 1
                f = Mul(f, self.factor(), "×" if tok.value in ("times", "*") else "·")
            elif _is(tok, "CMD", "div") and self.tight_fraction(self.pos + 1):
                a, b = self.toks[self.pos + 1], self.toks[self.pos + 3]
                self.pos += 4  # `2/3 \div 1/6`: a fraction typed inline is one number, (2/3) ÷ (1/6)
                f = Div(f, Group(Div(Num(a.value), Num(b.value))))
            elif _is(tok, "SYM", "/") or _is(tok, "CMD", "div"):
                self.pos += 1
                f = Div(f, self.factor())
                if self.starts_atom(self.peek()):
                    raise ParseError("a/bc is ambiguous (a/(bc) or (a/b)c)")
            elif _is(tok, "TEXT") and " ".join(tok.value.split()).lower() in _REMAINDER and self.peek(1) is not None:
                self.pos += 1  # `5 \text{ remainder } 0`, `5 \text{ R } 2`: a quotient and its remainder
                f = Quotient(f, self.factor())
            elif self.starts_atom(tok):
                self.term_start = False
                if isinstance(f, Num) and tok.kind == "NUM":
                    raise ParseError("two numbers side by side")
                if isinstance(f, Num) and (_is(tok, "CMD", *_FRACS) or (_is(tok, "SYM", "{") and _is(
                        self.peek(1), "CMD", *_FRACS))):  # also {668}\frac13, 3{\frac12}: braces are not typeset
                    raise ParseError("a mixed number (3\\frac12) is not checked")
                prev = self.toks[self.pos - 1] if self.pos else None
                if tok.kind == "NUM" and _is(prev, "SYM", ")") and tok.start > prev.end:
                    raise ParseError("a number set apart after a bracket: two expressions side by side?")
                f = Mul(f, self.power(), "")
            else:
                return f

    def tight_fraction(self, k: int) -> bool:
        """Do the tokens from ``k`` spell a fraction of two whole numbers typed without spaces (``1/6``), with
        nothing glued after it (``1/6^2``, ``1/6x`` are read as usual)?"""
        toks = self.toks[k : k + 4]
        if len(toks) < 3 or not (toks[0].kind == toks[2].kind == "NUM" and _is(toks[1], "SYM", "/")):
            return False
        if "." in toks[0].value or "." in toks[2].value or toks[0].end != toks[1].start or toks[1].end != toks[2].start:
            return False
        after = toks[3] if len(toks) > 3 else None
        return after is None or after.start > toks[2].end or not (self.starts_atom(after) or _is(after, "SYM", "^"))

    def factor(self) -> Node:
        self.enter()
        tok = self.peek()
        if _is(tok, "SYM", "-"):
            self.pos += 1
            out = Neg(self.factor())
        elif _is(tok, "SYM", "+"):
            self.pos += 1
            out = self.factor()
        else:
            out = self.power()
        self.depth -= 1
        return out

    def power(self) -> Node:
        return self.postfix(self.atom())

    def postfix(self, a: Node) -> Node:
        """Powers, subscripts, factorials and degree marks after an atom."""
        while True:
            tok = self.peek()
            if _is(tok, "SYM", "^"):
                self.pos += 1
                if _is(self.peek(), "CMD", "circ"):
                    self.pos += 1
                    a = Mul(a, Sym("°", None), "")
                elif _is(self.peek(), "SYM", "{") and _is(self.peek(1), "CMD", "circ") and _is(
                    self.peek(2), "SYM", "}"
                ):
                    self.pos += 3
                    a = Mul(a, Sym("°", None), "")
                elif _is(self.peek(), "CMD", "prime") or _is(self.peek(), "SYM", "'") or (
                        _is(self.peek(), "SYM", "{") and _is(self.peek(1), "CMD", "prime")):
                    self.pos -= 1  # `f^\\prime`, `f^{\\prime\\prime}`: primes
                    a = self.primed(a)
                elif self.transpose_mark():
                    a = self.transposed(a)
                elif self.star_ahead():
                    a = self.starred(a)
                elif self.label_ahead(a):
                    a = self.labelled(a)
                else:
                    a = Pow(a, self.script_arg("^"))
            elif isinstance(a, Num) and (_is(tok, "CMD", "degree") or (
                    _is(tok, "CMD", "circ") and tok.end - tok.start == 1)):
                # 90° (lexed as \circ, one character) and 90\degree are 90^\circ; a written \circ is an operation
                # (f \circ g, or one the text defines: 2005 \circ 2004)
                self.pos += 1
                a = Mul(a, Sym("°", None), "")
            elif _is(tok, "SYM", "_"):
                self.pos += 1
                a = self.subscript(a)
            elif _is(tok, "SYM", "!"):
                self.pos += 1
                if _is(self.peek(), "SYM", "!"):
                    raise ParseError("a double factorial is not checked")
                a = Factorial(a)
            elif _is(tok, "SYM", "'"):
                a = self.primed(a)
            else:
                return a

    def transpose_mark(self) -> str:
        """After ``^``: the mark of a transpose that follows, "top" (``\\top``, ``\\intercal``, ``{\\mathsf T}``,
        ``\\mathrm{T}``, braced or not) or "T" (the letter, where the text uses T for nothing else), or ""."""
        k = 1 if _is(self.peek(), "SYM", "{") else 0
        n = _mark_length(self.toks, self.pos + k)
        if n == 0 or (k and not _is(self.peek(k + n), "SYM", "}")):
            return ""
        letter = n == 1 and _is(self.peek(k), "LETTER", "T")
        return "T" if letter and self.transpose_t else "" if letter else "top"

    def transposed(self, a: Node) -> Node:
        """``a^\\top`` (the ``^`` read): a ``transpose`` node, its mark, and whether ``a`` is a tuple written in
        brackets, ``(1, 2)^\\top``, which writes a column vector (a column ``\\begin{pmatrix}`` transposed is a row)."""
        closing = self.toks[self.pos - 2] if self.pos >= 2 else None
        written = (isinstance(a, Vector) and closing is not None and closing.value in ")]"
                   and closing.end - closing.start == 1)
        mark = self.transpose_mark()
        braced = _is(self.peek(), "SYM", "{")
        self.pos += 2 * braced + _mark_length(self.toks, self.pos + braced)
        return Transpose(a, mark, written)

    def star_ahead(self) -> bool:
        """After ``^``: a star, ``*``, ``\\ast`` or ``\\star``, alone or braced (``x^*``, ``\\theta^{\\star}``)?"""
        k = 1 if _is(self.peek(), "SYM", "{") else 0
        star = self.peek(k)
        return (_is(star, "SYM", "*") or _is(star, "CMD", "ast") or _is(star, "CMD", "star")) and (
            k == 0 or _is(self.peek(k + 1), "SYM", "}"))

    def starred(self, a: Node) -> Node:
        """``x^*``, ``w^\\star``: a name of its own (an optimum, a fixed point), as a prime makes one; the star of
        an expression is not read (a conjugate?)."""
        self.pos += 3 if _is(self.peek(), "SYM", "{") else 1
        if not isinstance(a, Sym) or a.sub is not None:
            raise ParseError("a star on an expression is not checked")
        return Sym(a.name + "^*", None)

    def label_ahead(self, a: Node) -> int:
        """After ``^`` on a letter: the number of tokens of a braced label in brackets that follows (``h^{(1)}``,
        ``W^{(l)}``, ``p^{(T)}``, ``f^{(n-1)}``), 0 where none does. A letter's superscript in brackets is a label (a
        layer, a step, a sample, an order of derivative) in every text that writes one: a power is written
        ``h^2`` or ``h^{2}``, and nobody brackets a power of a letter. Euler's ``e^{(x + 1)}`` is a power."""
        base = a.inner if isinstance(a, Group) else a
        if not isinstance(base, Sym) or base.name == "e" or isinstance(a, Group):
            return 0
        if not (_is(self.peek(), "SYM", "{") and _is(self.peek(1), "SYM", "(")):
            return 0
        depth, k = 0, 1
        while (tok := self.peek(k)) is not None:
            if _is(tok, "SYM", "(", "{", "["):
                depth += 1
            elif _is(tok, "SYM", ")", "}", "]"):
                depth -= 1
                if depth == 0:
                    return k + 2 if _is(tok, "SYM", ")") and _is(self.peek(k + 1), "SYM", "}") else 0
            k += 1
        return 0

    def labelled(self, a: Node) -> Node:
        """``h^{(1)}``: a name of its own, as a subscript or a prime makes one, spelled with its label without
        spaces (``h^{(l - 1)}`` and ``h^{(l-1)}`` are one name); a subscript before it stays its subscript."""
        n = self.label_ahead(a)
        label = "".join(_tok_src(t).strip() for t in self.toks[self.pos + 2:self.pos + n - 2])
        self.pos += n
        return Sym(f"{a.name}^{{({label})}}", a.sub)

    def primes_ahead(self) -> bool:
        """Does a prime follow (``'``, ``^\\prime``, ``^{\\prime``)?"""
        return _is(self.peek(), "SYM", "'") or (_is(self.peek(), "SYM", "^") and (_is(self.peek(1), "CMD", "prime") or (
            _is(self.peek(1), "SYM", "{") and _is(self.peek(2), "CMD", "prime"))))

    def primes(self) -> int:
        """Consume the primes that follow (``'``, ``''``, ``^\\prime``, ``^{\\prime\\prime}``); their number."""
        order = 0
        while True:
            if _is(self.peek(), "SYM", "'"):
                self.pos += 1
                order += 1
            elif _is(self.peek(), "SYM", "^") and _is(self.peek(1), "CMD", "prime"):
                self.pos += 2
                order += 1
            elif _is(self.peek(), "SYM", "^") and _is(self.peek(1), "SYM", "{") and _is(self.peek(2), "CMD", "prime"):
                self.pos += 2
                while _is(self.peek(), "CMD", "prime"):
                    self.pos += 1
                    order += 1
                self.expect("SYM", "}")
            else:
                return order

    def primed(self, a: Node) -> Node:
        """A name with primes: ``f'(x)``, ``\\sigma''(0)`` is a derivative of the function (``prime`` node);
        ``S'``, ``\\theta'`` with no argument is a name of its own (a new value, as a subscript makes one)."""
        order = self.primes()
        base = a.inner if isinstance(a, Group) else a
        if not isinstance(base, Sym) or base.sub is not None:
            raise ParseError("a prime on an expression is not checked")
        if _is(self.peek(), "SYM", "("):
            return Prime(base.name, order, self.args_in_parens())
        return Sym(base.name + "'" * order, None)

    def subscript(self, a: Node) -> Node:
        start = self.pos
        sub = self.label() or self.script_arg("_")
        src = "".join(_tok_src(t) for t in self.toks[start : self.pos])
        if src.startswith("{") and src.endswith("}"):
            src = src[1:-1]
        base = a.inner if isinstance(a, Group) else a
        if isinstance(base, Sym) and base.sub is None:
            return Sym(base.name, (src, sub))
        if isinstance(base, Num):
            raise ParseError("a number with a subscript (a base?) is not checked")
        if isinstance(base, Norm) and base.p is None and src.strip() in _NORM_INDEX:
            return Norm(base.operand, _NORM_INDEX[src.strip()])  # \\|x\\|_2, \\|x\\|_1, \\|x\\|_\\infty, \\|W\\|_F
        if isinstance(a, Group) and a.bracket == "[" and _is(self.peek(), "SYM", "^"):
            raise ParseError("an evaluation bracket [F]_a^b is not checked")
        if _entry_of_expression(a, base, sub):
            return Entry(a, (src, sub))
        raise ParseError("a subscript on an expression is not checked")

    def label(self) -> Node | None:
        """``\\eta_{\\max}``, ``T_{\\min}``: a subscript that is the name of an operator alone labels its base (the
        largest rate), and is no application of the operator; None when the subscript is anything else."""
        if _is(self.peek(), "SYM", "{") and _is(self.peek(1), "CMD", *_MULTI_FUNCS) and _is(self.peek(2), "SYM", "}"):
            name = self.peek(1).value
            self.pos += 3
            return Sym("\\" + name, None)
        return None

    def script_arg(self, mark: str) -> Node:
        """The argument of ``^`` or ``_``. Several digits without braces (``2^10``, ``A_10``) are one digit to TeX
        (``2^{1}0``) and all of them to the writer who means ``2^{10}`` or ``A_{10}``: which one is meant is not
        known, and the statement is not read (it was "2^10 = 0", wrong, and ``A_10 = A_9 + A_7`` "A_10 = 0"). But
        where the digits after the first carry a power of their own (``2^34^2``, ``2^43^4``: a product of powers,
        2^3 \\cdot 4^2, as TeX-fluent solutions write it) they are TeX's."""
        tok, after = self.peek(), self.peek(1)
        if tok is not None and tok.kind == "NUM" and len(tok.value) > 1 and tok.value[1].isdigit() \
                and not (mark == "^" and _is(after, "SYM", "^")):
            raise ParseError(f"'{mark}{tok.value}' without braces: {mark}{{{tok.value}}} or {mark}{{{tok.value[0]}}}"
                             f"{tok.value[1:]} is not clear")
        return self.arg()

    def arg(self) -> Node:
        """An argument of \\frac, ^, _ ...: a group, one digit, one letter or one command."""
        tok = self.peek()
        if tok is None:
            raise ParseError("an argument is missing")
        if _is(tok, "SYM", "{"):
            self.pos += 1
            if _is(self.peek(), "SYM", "}"):
                raise ParseError("an empty group")
            e = self.expr()
            self.expect("SYM", "}")
            return Group(e)
        if tok.kind == "NUM":
            if len(tok.value) == 1:
                self.pos += 1
                return Num(tok.value)
            if tok.value[0] == ".":
                raise ParseError("an argument that starts with '.'")
            self.toks[self.pos] = Token("NUM", tok.value[1:], tok.start + 1, tok.end)
            return Num(tok.value[0])
        if tok.kind == "LETTER":
            self.pos += 1
            return Sym(tok.value, None)
        if tok.kind == "CMD":
            return self.atom()
        if _is(tok, "SYM", "-") and _is(self.peek(1), "NUM"):
            raise ParseError("an unbraced negative exponent")
        raise ParseError(f"unexpected {tok.value!r} as an argument")

    def _inverse_call(self) -> bool:
        """After a function letter: ``^{-1}(`` or ``^{-1} (`` follows; consume the ``^{-1}``."""
        want = [("SYM", "^"), ("SYM", "{"), ("SYM", "-"), ("NUM", "1"), ("SYM", "}"), ("SYM", "(")]
        if all(_is(self.peek(k), kind, value) for k, (kind, value) in enumerate(want)):
            self.pos += 5
            return True
        return False

    def args_in_parens(self) -> tuple:
        self.expect("SYM", "(")
        items = [self.expr()]
        while _is(self.peek(), "SYM", ","):
            self.pos += 1
            items.append(self.expr())
        self.expect("SYM", ")")
        return tuple(items)

    def divergence_args(self) -> tuple:
        """``\\mathrm{KL}(p \\,\\|\\, q)``: the two distributions of a divergence, parted by ``\\|``, ``||`` or
        ``\\parallel`` (or by a comma) at the top level of its brackets, as the arguments of a function of two
        vectors. Each side is parsed on its own (a double bar there is no norm)."""
        self.expect("SYM", "(")
        depth, k, cut, width = 0, self.pos, None, 0
        while k < len(self.toks):
            tok = self.toks[k]
            if tok.kind == "SYM" and tok.value in "([{":
                depth += 1
            elif tok.kind == "SYM" and tok.value in ")]}":
                if depth == 0:
                    break
                depth -= 1
            elif depth == 0 and cut is None:
                if _is(tok, "CMD", "|") or _is(tok, "SEP", "parallel") or _is(tok, "SYM", ","):
                    cut, width = k, 1
                elif _is(tok, "SYM", "|") and k + 1 < len(self.toks) and _is(self.toks[k + 1], "SYM", "|"):
                    cut, width = k, 2
            k += 1
        if cut is None or k >= len(self.toks):
            raise ParseError("a divergence of other than two distributions")
        sides = []
        for part in (self.toks[self.pos : cut], self.toks[cut + width : k]):
            sub = _Parser(part, self.transpose_t, self.names_delta)
            sub.depth = self.depth
            sides.append(sub.expr() if part else None)
            if sides[-1] is None or sub.pos != len(part):
                raise ParseError("a divergence of other than two distributions")
        self.pos = k + 1
        return tuple(sides)

    def atom(self) -> Node:
        tok = self.next()
        kind, value = tok.kind, tok.value
        if kind == "NUM":
            return self.number(tok)
        if kind == "LETTER":
            nxt = self.peek()
            if value.isupper() and _is(nxt, "LETTER") and nxt.value.isupper() and nxt.start == tok.end:
                end = tok.end  # `AB`, `ABC`: a segment or a polygon, one name
                while _is(self.peek(), "LETTER") and self.peek().value.isupper() and self.peek().start == end:
                    end = self.next().end
                    value += self.toks[self.pos - 1].value
                return Sym(value, None)
            if value in _FUNC_LETTERS and _is(nxt, "SYM", "^") and self._inverse_call():
                return UFunc(value + "^{-1}", self.args_in_parens())  # f^{-1}(4): the inverse function
            if _is(nxt, "SYM", "(") and (value in _FUNC_LETTERS or (self.term_start and nxt.start == tok.end)):
                args = self.args_in_parens()
                if value not in _FUNC_LETTERS and len(args) == 1 and _mentions_sym(args[0], value):
                    # x(6-x), k(k-1): products; a power after the bracket is the bracket's (b(b-1)^2)
                    return Mul(Sym(value, None), self.postfix(Group(args[0])), "")
                return UFunc(value, args)
            return Sym(value, None)
        if kind == "TEXT":
            name = " ".join(value.split())
            if not name or not all(c.isalnum() or c in " -" for c in name):
                raise ParseError(f"text {value!r} in a formula")
            if name in FUNCS:  # \operatorname{sech}^2 x, \mathrm{tanh}(x): the function, as \sech and \tanh
                return self.function(name)
            if name in _DIVERGENCES and _is(self.peek(), "SYM", "("):
                return UFunc(name, self.divergence_args())
            if _is(self.peek(), "SYM", "("):
                return UFunc(name, self.args_in_parens())
            return Sym(name, None)
        if kind == "SYM":
            if value == "." and _is(self.peek(), "CMD", "overline"):  # .\overline{3} is 0.333...
                return self.number(Token("NUM", "0.", tok.start, tok.end))
            return self.bracketed(value)
        if kind == "CMD":
            nxt = self.peek()
            if _ALIASES.get(value, value) in GREEK | {"pi"} and _is(nxt, "SYM", "(") and nxt.start == tok.end:
                # \pi(2), \phi(n): a function, not a product; `\varphi(x)` is the `\phi` of `\varphi'(x)`
                return UFunc("\\" + _ALIASES.get(value, value), self.args_in_parens())
            return self.command(value)
        raise ParseError(f"{value!r} is not understood here")

    def number(self, tok: Token) -> Node:
        """A number, with ``0.\\overline{27}`` repeating decimals and ``1011_2`` bases."""
        value = tok.value
        nxt = self.peek()
        if _is(nxt, "SYM", ".") and nxt.start == tok.end and _is(self.peek(1), "CMD", "overline") and "." not in value:
            self.pos += 1
            value += "."
            nxt = self.peek()
        if _is(nxt, "CMD", "overline") and "." in value:
            self.pos += 1
            self.expect("SYM", "{")
            rep = self.next()
            self.expect("SYM", "}")
            if rep.kind != "NUM" or not rep.value.isdigit():
                raise ParseError("a repeating decimal that is not digits")
            whole, frac = value.split(".")
            return Repeating(whole or "0", frac, rep.value)
        if _is(nxt, "SYM", "_") and "." not in value:
            self.pos += 1
            base = self.arg()
            base = _unbraced(base)
            if not isinstance(base, Num) or not base.digits.isdigit() or not 2 <= int(base.digits) <= 36:
                raise ParseError("a number with a subscript that is not a base")
            try:
                int(value, int(base.digits))
            except ValueError:
                raise ParseError(f"{value} is not a numeral in base {base.digits}") from None
            return Based(value, int(base.digits))
        if "." in value and self._ellipsis():
            return Num(value, "...")  # 0.333\\ldots: digits go on; the value shown is cut, not rounded
        return Num(value)

    def _ellipsis(self) -> bool:
        """Consume ``\\ldots``, ``\\dots``, ``\\cdots``, ``…`` or ``...`` right after a decimal."""
        if _is(self.peek(), "CMD", "dots", "ldots", "cdots"):
            self.pos += 1
            return True
        if all(_is(self.peek(k), "SYM", ".") for k in range(3)):
            self.pos += 3
            return True
        return False

    def bracketed(self, value: str) -> Node:
        if value in "([":
            close = ")" if value == "(" else "]"
            items = [self.expr()]
            while _is(self.peek(), "SYM", ","):
                self.pos += 1
                items.append(self.expr())
            self.expect("SYM", close)
            if len(items) == 1:  # `[x]` is marked: it may be the greatest integer in x (see evaluate.Reading)
                return Group(items[0], "[") if value == "[" else Group(items[0])
            return Vector(tuple(items))
        if value == "{":
            e = self.expr()
            if _is(self.peek(), "CMD", "choose"):
                self.pos += 1
                k = self.expr()
                self.expect("SYM", "}")
                return Binom(e, k)
            if _is(self.peek(), "CMD", "over"):  # {a \over b} is \frac{a}{b}
                self.pos += 1
                d = self.expr()
                self.expect("SYM", "}")
                return Frac(Group(e), Group(d))
            self.expect("SYM", "}")
            # braces are not typeset: {50}\% is 50\%, {668}\frac13 is 668\frac13, a written number as any other
            return e if isinstance(e, Num) else Group(e)
        if value == "|":
            self.abs_depth += 1
            e = self.expr()
            self.abs_depth -= 1
            self.expect("SYM", "|")
            return Abs(e)
        raise ParseError(f"{value!r} is not understood here")

    def command(self, name: str) -> Node:
        name = _ALIASES.get(name, name)
        read = _COMMANDS.get(name)
        if read is None:
            raise ParseError(f"\\{name} is not checked")
        return read(self, name)

    # One method a kind of command (the table _COMMANDS below), called after the command's token.

    def greek(self, name: str) -> Node:
        if name in ("Delta", "delta") and self.change_of_a_name():
            # `\\Delta x`, `\\delta w`: the change of x is a name of its own, never the product Δ·x, which made
            # \\frac{\\Delta y}{\\Delta x} the quotient y/x of the values of y and x
            return Sym(f"\\{name} {self.next().value}", None)
        return Sym("\\" + name, None)

    def constant(self, name: str) -> Node:
        return Const("pi" if name == "pi" else "oo")

    def fraction(self, name: str) -> Node:
        if self.leibniz_ahead():
            return self.leibniz()
        a = self.arg()
        return Frac(a, self.arg())

    def change_of_a_name(self) -> bool:
        """After ``\\Delta`` or ``\\delta``: a letter follows, written as the change of that name (``\\Delta x``), at
        most one space after it: a spacing command between them (``\\delta\\, x^\\top``) writes a product, and so
        does ``\\delta x`` in a text that names δ itself (``\\delta = \\partial L/\\partial y``)."""
        tok = self.peek()
        command = self.toks[self.pos - 1]
        if self.names_delta and command.value == "delta":
            return False
        return _is(tok, "LETTER") and tok.start - command.end <= 1 \
            and not (self.peek(1) is not None and self.peek(1).start == tok.end and _is(self.peek(1), "LETTER"))

    def leibniz(self) -> Node:
        """``\\frac{d}{dx} body``, ``\\frac{d^2}{dx^2}(body)``, ``\\frac{d(body)}{dx}``: a ``deriv`` node (order,
        variable, body). ``\\frac{dy}{dx}`` of a bare name is one too (the evaluator needs the name's definition);
        a derivative by an entry (``\\partial x_i``) or by two variables is refused. An operator written before its
        body applies to the term that follows (``\\frac{d}{dx} 3x^2 + 1`` is 6x + 1)."""
        self.expect("SYM", "{")
        partial = _is(self.next(), "CMD", "partial")  # (else d or \\mathrm{d})
        order = self.order()
        body = None if _is(self.peek(), "SYM", "}") else self.expr()
        self.expect("SYM", "}")
        self.expect("SYM", "{")
        self.next()
        var = self.derivative_variable()
        if partial and order == 1 and _is(self.peek(), "SYM", "_"):
            return self.partial_by_entry(body, var)  # (`\\partial \\gamma_i` too: the gain's entry)
        if self.order() != order:
            raise ParseError("a derivative whose orders above and below differ")
        if not _is(self.peek(), "SYM", "}"):
            raise ParseError("a derivative by an entry or by several variables is not checked")
        self.pos += 1
        name = var.name
        if body is None:
            if self.peek() is None or not self.starts_atom(self.peek()):
                raise ParseError("a derivative operator with nothing after it")
            body = self.term()
        return Deriv(order, name, _not_at_a_point(body), partial)

    def derivative_variable(self) -> Sym:
        """The variable of a derivative, after its ``d`` or ``\\partial``: a letter, a Greek letter or
        a decorated letter (``\\partial \\hat y``: the name ``\\hat{y}``, as the text's ``\\hat y`` is read
        elsewhere)."""
        tok = self.next()
        if tok.kind == "LETTER":
            return Sym(tok.value, None)
        if tok.kind == "CMD" and _ALIASES.get(tok.value, tok.value) in GREEK:
            return Sym("\\" + _ALIASES.get(tok.value, tok.value), None)
        if tok.kind == "CMD" and tok.value in _DECOR:
            var = self.decorated(tok.value)
            if isinstance(var, Sym) and var.sub is None:
                return var
        raise ParseError("a derivative by what is not a letter")

    def partial_by_entry(self, body: Node | None, var: Sym) -> Node:
        """``\\frac{\\partial p_i}{\\partial z_j}``, ``\\frac{\\partial}{\\partial z_j} L``: a ``pderiv`` node (body,
        the entry it is by), read in index notation (:mod:`lnsym.check.judges.notation.index_notation`)."""
        self.pos += 1
        entry = self.subscript(var)
        self.expect("SYM", "}")
        if body is None:
            if self.peek() is None or not self.starts_atom(self.peek()):
                raise ParseError("a derivative operator with nothing after it")
            body = self.term()
        return PartialDeriv(body, entry)

    def partial(self, name: str) -> Node:
        """``\\partial S/\\partial z_j`` and ``\\partial_{z_j} L``: a derivative by an entry (``pderiv``); by a letter,
        ``\\partial L/\\partial x`` and ``\\partial_x L`` are ``\\frac{\\partial L}{\\partial x}``."""
        if _is(self.peek(), "SYM", "_"):
            self.pos += 1
            var = _unbraced(self.arg())
            if isinstance(var, Sym) and var.sub is None and len(var.name) == 1:
                return Deriv(1, var.name, _not_at_a_point(self.power()), True)  # `\\partial_x g`: ∂g/∂x
            if not isinstance(var, Sym) or var.sub is None:
                raise ParseError("\\partial_ of what is not an entry")
            return PartialDeriv(self.power(), var)
        body = self.power()
        self.expect("SYM", "/")
        self.expect("CMD", "partial")
        var = self.power()
        if isinstance(var, Sym) and var.sub is not None:
            return PartialDeriv(body, var)
        if not isinstance(var, Sym):
            raise ParseError("a derivative by what is not a letter")
        return Deriv(1, var.name, body, True)

    def gradient(self, name: str) -> Node:
        """``\\nabla_z L``: the gradient of L by the vector z (``nabla`` node: variable, body); ``\\nabla_z^2 L``, the
        Hessian, is the Jacobian of the gradient (``deriv`` of a ``nabla``). Without a subscript, only before a function
        of one name (``\\nabla^2 \\operatorname{lse}(z)``: by z); any other ``\\nabla`` is an operation the text
        defines."""
        if not _is(self.peek(), "SYM", "_"):
            order = self.gradient_order()
            body = self.power()
            match body:
                case UFunc(_, (Sym(var, None),)) | Func(_, (Sym(var, None),)):
                    pass
                case _:
                    raise ParseError("\\nabla is not checked")
        else:
            self.pos += 1
            sub = _unbraced(self.arg())
            if not isinstance(sub, Sym) or sub.sub is not None:
                raise ParseError("a gradient by what is not a letter")
            var, order = sub.name, self.gradient_order()
            body = self.power()
        return Gradient(var, body) if order == 1 else Deriv(1, var, Gradient(var, body), True)

    def gradient_order(self) -> int:
        """``\\nabla^2``, ``\\nabla_z^2``: 2 (the Hessian); 1 where no power is written."""
        if not _is(self.peek(), "SYM", "^"):
            return 1
        self.pos += 1
        power = _unbraced(self.arg())
        if power != Num("2"):
            raise ParseError("a power of \\nabla other than 2 is not checked")
        return 2

    def order(self) -> int:
        """The order written after d or a variable in a derivative: ``d^2``, ``dx^{2}``; 1 when none is."""
        if not _is(self.peek(), "SYM", "^"):
            return 1
        self.pos += 1
        power = self.arg()
        power = _unbraced(power)
        if not isinstance(power, Num) or not power.digits.isdigit():
            raise ParseError("a derivative of an order that is not a whole number")
        return int(power.digits)

    def leibniz_ahead(self) -> bool:
        """Do the two arguments of the fraction that follows spell a derivative, ``\\frac{dy}{dx}``,
        ``\\frac{d}{dx}``, ``\\frac{d^2 f}{dx^2}``, ``\\frac{\\mathrm{d}y}{\\mathrm{d}t}``? Such a fraction is never
        the quotient of two products with a factor d: read so, ``\\frac{dy}{dx}`` was y/x, and a step
        ``\\frac{dy}{dx} = 2`` after ``y = 6``, ``x = 3`` was proved."""
        toks = self.toks[self.pos:]
        if len(toks) < 5 or not _is(toks[0], "SYM", "{") or not _differential(toks[1]):
            return False
        depth, k = 0, 0
        while k < len(toks):  # k: the closing brace of the numerator
            depth += _is(toks[k], "SYM", "{") - _is(toks[k], "SYM", "}")
            if depth == 0:
                break
            k += 1
        after_d = toks[2]
        if k != 2 and not (after_d.kind in ("LETTER", "CMD", "TEXT") or _is(after_d, "SYM", "^", "(")):
            return False  # `\\frac{d_1}{2}`, `\\frac{d+1}{2}`: d is a name
        den = toks[k + 1 : k + 4]
        return (len(den) == 3 and _is(den[0], "SYM", "{") and _differential(den[1])
                and (den[2].kind in ("LETTER", "CMD", "TEXT") and not _is(den[2], "CMD", *_NOT_ATOMS)))

    def root(self, name: str) -> Node:
        index = None
        if _is(self.peek(), "SYM", "["):
            self.pos += 1
            index = self.expr()
            self.expect("SYM", "]")
        tok, sign = self.peek(), self.toks[self.pos - 1]
        if index is None and tok is not None and tok.kind == "NUM" and len(tok.value) > 1:
            if sign.end - sign.start == 1:  # the character √: a reader takes the whole number under it (√16 is 4)
                self.pos += 1
                return Sqrt(Num(tok.value), None)
            # TeX draws `\sqrt 16` as √1 followed by 6, and a reader of the source sees √16: as with `2^10`
            raise ParseError(f"'\\sqrt {tok.value}' without braces: \\sqrt{{{tok.value}}} or \\sqrt{{{tok.value[0]}}}"
                             f"{tok.value[1:]} is not clear")
        return Sqrt(self.arg(), index)

    def binomial(self, name: str) -> Node:
        a = self.arg()
        return Binom(a, self.arg())

    def function(self, name: str) -> Node:
        if self.primes_ahead():
            order = self.primes()  # \\tanh'(x), \\tanh''(0)
            if not _is(self.peek(), "SYM", "("):
                raise ParseError(f"\\{name}' without an argument in brackets")
            return Prime("\\" + name, order, self.args_in_parens())
        power = None
        if _is(self.peek(), "SYM", "^"):
            self.pos += 1
            power = self.arg()
            if not isinstance(power, Num) and not (isinstance(power, Group) and isinstance(power.inner, Num)):
                raise ParseError(f"a power of \\{name} is not checked")
        if _is(self.peek(), "SYM", "("):
            args = self.args_in_parens()
            if _is(self.peek(), "SYM", "^") and _is(self.peek(1), "CMD", "circ") and len(args) == 1:
                self.pos += 2  # `\sin (5k)^\circ` is the sine of 5k degrees
                args = (Mul(Group(args[0]), Sym("°", None), ""),)
            out = Func(name, args)
        else:
            x = self.power()
            # `\sin 2x` is sin(2x): the argument runs over numbers, letters and greek letters
            while self.peek() is not None and (
                self.peek().kind in ("NUM", "LETTER") or (self.peek().kind == "CMD" and self.peek().value in GREEK)
            ):
                if isinstance(x, Num) and self.peek().kind == "NUM":
                    raise ParseError("two numbers side by side")
                x = Mul(x, self.power(), "")
            if self.starts_atom(self.peek()) and not _is(self.peek(), "CMD", *FUNCS, *_FRACS):
                raise ParseError(f"the argument of \\{name} is ambiguous")
            out = Func(name, (x,))
        return Pow(out, power) if power is not None else out

    def logarithm(self, name: str) -> Node:
        base = None  # no base: natural in a text on machine learning, see evaluate.Reading.log_base
        if _is(self.peek(), "SYM", "_"):
            self.pos += 1
            base = self.arg()
        elif _is(self.peek(), "SYM", "^"):
            raise ParseError("a power of \\log is not checked")
        if _is(self.peek(), "SYM", "("):
            x = Group(self.args_in_parens()[0])
        else:
            x = self.power()
            if self.starts_atom(self.peek()):
                raise ParseError("the argument of \\log is ambiguous")
        return Log(x, base)

    def multi_function(self, name: str) -> Node:
        if name in ("max", "min") and _is(self.peek(), "SYM", "_"):
            return self.extreme(name)
        return Func(name, self.args_in_parens())

    def extreme(self, name: str) -> Node:
        """``\\max_i z_i``, ``\\min_{j} x_j``: over every entry of the vectors the body indexes (an ``extreme``
        node: max or min, the index, the body); a range written below (``\\max_{1 \\le i \\le n}``) is refused."""
        self.pos += 1
        braced = _is(self.peek(), "SYM", "{")
        self.pos += braced
        var = self.next()
        if var.kind not in ("LETTER", "CMD") or (braced and not _is(self.peek(), "SYM", "}")):
            raise ParseError(f"\\{name} over a range that is not one index")
        self.pos += braced
        return Extreme(name, var.value, self.term())

    def matrix(self, name: str) -> Node:
        """``\\matrix_ [[a, b], [c, d]]`` (or ``\\det_``), written by :mod:`lnsym.check.parse.matrices`."""
        self.expect("SYM", "[")
        rows = []
        while True:
            self.expect("SYM", "[")
            row = [self.expr()]
            while _is(self.peek(), "SYM", ","):
                self.pos += 1
                row.append(self.expr())
            self.expect("SYM", "]")
            rows.append(tuple(row))
            if not _is(self.peek(), "SYM", ","):
                break
            self.pos += 1
        self.expect("SYM", "]")
        return (Matrix if name == "matrix_" else Det)(tuple(rows))

    def decorated(self, name: str) -> Node:
        start = self.pos
        inner = self.arg()
        if name in _BOLD and inner in (Num("1"), Group(Num("1"))):
            return self.ones()
        if not isinstance(inner, Sym | Group):
            raise ParseError(f"\\{name} of an expression is not checked")
        src = "".join(_tok_src(t) for t in self.toks[start : self.pos])
        return Sym(f"\\{name}{{{src.strip('{}')}}}", None)

    def ones(self) -> Node:
        """After ``\\mathbf 1``: an indicator when a relation follows in brackets (``\\mathbf 1[a > 0]``,
        ``\\mathbb 1_{\\{i = j\\}}``), else the all-ones vector of the size that conforms."""
        close = {"[": "]", "(": ")"}
        tok = self.peek()
        if _is(tok, "SYM", "[", "(") and self.relation_inside():
            self.pos += 1
            out = self.relation()
            self.expect("SYM", close[tok.value])
            return out
        if _is(tok, "SYM", "_") and _is(self.peek(1), "SYM", "{"):
            self.pos += 2
            braces = _is(self.peek(), "SYM", "\\{")
            self.pos += braces
            out = self.relation()
            if braces:
                self.expect("SYM", "\\}")
            self.expect("SYM", "}")
            return out
        return Ones()

    def relation_inside(self) -> bool:
        """Does the bracket that opens here hold a relation at its own level (``[a > 0]``, not ``(p^\\top g)``)?"""
        depth = 0
        for tok in self.toks[self.pos :]:
            if _is(tok, "SYM", "(", "[", "{"):
                depth += 1
            elif _is(tok, "SYM", ")", "]", "}"):
                depth -= 1
                if depth == 0:
                    return False
            elif tok.kind == "REL" and depth == 1:
                return True
        return False

    def relation(self) -> Node:
        """``a > 0`` inside an indicator: an ``indicator`` node (left side, relation, right side)."""
        left = self.expr()
        rel = self.next()
        if rel.kind != "REL":
            raise ParseError(f"an indicator without a relation (got {rel.value!r})")
        return Indicator(left, rel.value, self.expr())

    def boxed(self, name: str) -> Node:
        inner = self.arg()
        core = _unbraced(inner)
        # a boxed number is the number, as a braced one is: \boxed{20}\% is 20\%
        return core if isinstance(core, Num) else Group(inner)

    def angle(self, name: str) -> Node:
        letters = []
        while _is(self.peek(), "LETTER") and (not letters or self.peek().start == self.toks[self.pos - 1].end):
            letters.append(self.next().value)
        if not letters:
            raise ParseError("\\angle without a name")
        return Sym("∠" + "".join(letters), None)

    def brace(self, name: str) -> Node:
        x = self.arg()
        if _is(self.peek(), "SYM", "_") or _is(self.peek(), "SYM", "^"):
            self.pos += 1
            self.skip_arg()
        return x

    def stacked(self, name: str) -> Node:
        self.skip_arg()
        return self.arg()

    def norm(self, name: str) -> Node:
        self.norm_depth += 1
        e = self.expr()
        self.norm_depth -= 1
        tok = self.next()
        if not (tok.kind == "CMD" and tok.value in ("Vert", "|", "rVert")):
            raise ParseError("an unclosed norm")
        return Norm(e)

    def floor(self, name: str) -> Node:
        e = self.expr()
        self.expect("CMD", "rfloor" if name == "lfloor" else "rceil")
        return (Floor if name == "lfloor" else Ceil)(e)

    def unit(self, name: str) -> Node:
        return Sym({"percent": "%", "dollar": "$", "circ": "°"}[name], None)

    def big_operator(self, name: str) -> Node:
        if not _is(self.peek(), "SYM", "_"):
            raise ParseError(f"\\{name} without limits is not checked")
        self.pos += 1
        braced = _is(self.peek(), "SYM", "{")
        self.pos += braced
        var = self.next()
        if var.kind not in ("LETTER", "CMD"):
            raise ParseError(f"\\{name}: the index is not a letter")
        more = []
        while braced and _is(self.peek(), "SYM", ",") and _is(self.peek(1), "LETTER"):
            self.pos += 1  # `\\sum_{i,j} W_{ij}^2`: a sum over i of a sum over j, each over every entry
            more.append(self.next().value)
        if more:
            self.expect("SYM", "}")
            body = self.term()
            for index in reversed(more):
                body = _BIG[name](index, None, None, body)
            return _BIG[name](var.value, None, None, body)
        if not braced or _is(self.peek(), "SYM", "}"):
            # `\\sum_i p_i`, `\\sum_{j} e^{z_j}`: over every entry (see evaluate: the range the body's vectors give)
            self.pos += braced
            if _is(self.peek(), "SYM", "^"):
                raise ParseError(f"\\{name} with an upper limit and no lower one")
            return _BIG[name](var.value, None, None, self.term())
        self.expect("REL", "=")
        lo = self.expr()
        self.expect("SYM", "}")
        self.expect("SYM", "^")
        hi = self.arg()
        body = self.term()
        return _BIG[name](var.value, lo, hi, body)

    def skip_arg(self) -> None:
        if _is(self.peek(), "SYM", "{"):
            depth = 0
            while True:
                tok = self.next()
                if _is(tok, "SYM", "{"):
                    depth += 1
                elif _is(tok, "SYM", "}"):
                    depth -= 1
                    if depth == 0:
                        return
        self.next()


# The commands the parser reads, each with the method that reads it. Where two rules name the same command the
# first one holds (a name both Greek and a function would be a Greek letter).
_COMMAND_RULES: tuple[tuple[Iterable[str], Callable[[_Parser, str], Node]], ...] = (
    (GREEK, _Parser.greek),
    (("pi", "infty"), _Parser.constant),
    (_FRACS, _Parser.fraction),
    (("sqrt",), _Parser.root),
    (_BINOMS, _Parser.binomial),
    (FUNCS, _Parser.function),
    (("log",), _Parser.logarithm),
    (_MULTI_FUNCS, _Parser.multi_function),
    (("sum", "prod"), _Parser.big_operator),
    (("matrix_", "det_"), _Parser.matrix),  # written by lnsym.check.parse.matrices
    (_DECOR, _Parser.decorated),
    (("boxed", "fbox", "cancel", "bcancel", "xcancel", "color_", "mathrm_"), _Parser.boxed),
    (("angle",), _Parser.angle),
    (("underbrace", "overbrace"), _Parser.brace),
    (("underset", "overset", "stackrel"), _Parser.stacked),
    (("Vert", "|", "lVert"), _Parser.norm),
    (("lfloor", "lceil"), _Parser.floor),
    (("partial",), _Parser.partial),
    (("nabla",), _Parser.gradient),
    (("percent", "dollar", "circ"), _Parser.unit),
)


def _first_rule_wins(rules: tuple[tuple[Iterable[str], Callable[[_Parser, str], Node]], ...]) -> dict:
    table: dict[str, Callable[[_Parser, str], Node]] = {}
    for names, read in rules:
        for name in sorted(names):
            table.setdefault(name, read)
    return table


_COMMANDS = _first_rule_wins(_COMMAND_RULES)


def _mark_length(toks: list[Token], k: int) -> int:
    """How many tokens from ``k`` spell a transpose mark: ``\\top``, ``\\intercal``, ``T``, ``\\mathrm{T}`` (one
    token), ``\\mathsf T`` (two), ``\\mathsf{T}`` (four); 0 when they spell none."""
    def at(j: int) -> Token | None:
        return toks[j] if j < len(toks) else None
    if _is(at(k), "CMD", "top", "intercal") or _is(at(k), "LETTER", "T") or (
            _is(at(k), "TEXT") and at(k).value.strip() == "T"):
        return 1
    if _is(at(k), "CMD", "mathsf", "mathbf"):
        if _is(at(k + 1), "LETTER", "T"):
            return 2
        if _is(at(k + 1), "SYM", "{") and _is(at(k + 2), "LETTER", "T") and _is(at(k + 3), "SYM", "}"):
            return 4
    return 0


def _not_at_a_point(body: Node) -> Node:
    """The body of a derivative operator, unless it is a function applied to numbers only: ``\\partial_y h(1, 2)``,
    ``\\frac{d}{dx} f(3)`` mean the derivative at that point to every reader, and read as written they are the
    derivative of a number, 0. Which of the two is meant is not read here."""
    inner = body.inner if isinstance(body, Group) else body
    if isinstance(inner, (UFunc, Func)) and inner.args \
            and not any(isinstance(n, Sym) for a in inner.args for n in tree_nodes(a)):
        raise ParseError("a derivative operator before a function at a point (the derivative there, or of a number?)")
    return body


def _unbraced(tree: Node) -> Node:
    while isinstance(tree, Group):
        tree = tree.inner
    return tree


def _differential(tok: Token) -> bool:
    """``d`` (a letter or ``\\mathrm{d}``) or ``\\partial``: the start of a differential."""
    return (tok.kind in ("LETTER", "TEXT") and tok.value.strip() == "d") or _is(tok, "CMD", "partial")


# letters that name a function even where the statement uses them as values too: f, g, h, and P and E of
# probability (`P(A) = 1 - P`, hardly; `E(X)`); Greek letters that name functions by convention (the sigmoid, the
# normal density and distribution, the gamma and zeta functions, a test function)
_APPLIED_LETTERS = _FUNC_LETTERS | {"P", "E"}
_GREEK_FUNCTIONS = {"\\sigma", "\\phi", "\\varphi", "\\Phi", "\\psi", "\\Psi", "\\Gamma", "\\zeta", "\\chi"}


def values_applied(trees: list) -> list:
    """The statement's trees with ``y(1 - s)`` read as the product ``y \\cdot (1 - s)`` wherever the statement uses
    the letter y as a plain value too (``-y(1 - s) + (1 - y)s``, ``w - \\eta(g + \\lambda w) = w - \\eta g - \\ldots``):
    one letter is not a function and a number in one statement. Not f, g, h (functions by name), nor σ, φ, ψ, Γ
    (functions by convention), nor a letter with a prime anywhere in it (``y'(t) = k y``)."""
    values, applied, primed = set(), set(), set()
    for tree in trees:
        for t in _walk(tree):  # (one walk: most statements apply nothing, and cost only this)
            if isinstance(t, Sym):
                if t.sub is None:
                    values.add(t.name)
            elif isinstance(t, UFunc):
                if len(t.args) == 1:
                    applied.add(t.name)
            elif isinstance(t, Prime):
                primed.add(t.name)
    if not applied:
        return trees
    letters = {n for n in applied & values - primed
               if (len(n) == 1 and n.isascii() and n not in _APPLIED_LETTERS)
               or (n.startswith("\\") and n[1:].isalpha() and n not in _GREEK_FUNCTIONS)}
    return [_as_products(t, letters) if t is not None and letters else t for t in trees]


def _walk(tree):
    stack = [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, tuple) and t:
            yield t
            stack.extend(x for x in t if isinstance(x, tuple))


def _as_products(tree, letters: set[str]):
    match tree:
        case Pow(UFunc(name, (arg,)), exp) if name in letters:  # y(1 - s)^2: the bracket's square
            return Mul(Sym(name, None), Pow(Group(_as_products(arg, letters)), _as_products(exp, letters)), "")
        case UFunc(name, (arg,)) if name in letters:
            return Mul(Sym(name, None), Group(_as_products(arg, letters)), "")
    if not isinstance(tree, tuple):
        return tree
    return rebuilt(tree, (_as_products(x, letters) if isinstance(x, tuple) else x for x in tree))


def _mentions_sym(tree: tuple, name: str) -> bool:
    """Does the tree use the plain letter ``name``?"""
    stack = [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, tuple) and t:
            if t == Sym(name, None):
                return True
            stack.extend(x for x in t if isinstance(x, tuple))
    return False


def _tok_src(t: Token) -> str:
    if t.kind == "CMD":
        return "\\" + _ALIASES.get(t.value, t.value) + " "
    if t.kind == "TEXT":
        return t.value.strip()
    return t.value


def parse_term(toks: list[Token], functions: Mapping[str, str] | None = None, transpose_t: bool = False,
               names_delta: bool = False) -> Node:
    """The tree of one term; :class:`ParseError` if it is not in the grammar. ``functions`` names the
    functions a letter stands for in this text (``{"\\sigma": "sigmoid"}`` when it speaks of the sigmoid):
    ``\\sigma(x)`` and ``\\sigma'(x)`` are then that function, and otherwise a function lnsym does not know.
    ``transpose_t``: the text uses the letter T only as a superscript, so ``x^T`` is a transpose (else a power).
    ``names_delta``: the text names δ itself, so ``\\delta x`` is a product (else the change of x).

    >>> from lnsym.check.parse.lexer import tokenize
    >>> parse_term(tokenize(r"\\frac{16}{4}"))
    ('frac', ('group', ('num', '16')), ('group', ('num', '4')))
    """
    if not toks:
        raise ParseError("an empty term")
    p = _Parser(toks, transpose_t, names_delta)
    try:
        tree = p.expr()
    except RecursionError:  # pragma: no cover - the depth cap comes first
        raise ParseError("nested too deeply") from None
    if p.pos != len(p.toks):
        raise ParseError(f"{p.toks[p.pos].value!r} is not understood here")
    if _depth(tree) > MAX_TREE_DEPTH:
        raise ParseError(f"too deeply nested (a tree of more than {MAX_TREE_DEPTH} levels)")
    return _named(tree, functions) if functions else tree


def _named(tree, functions: Mapping[str, str]):
    """The tree with each function application ``\\sigma(..)``, ``\\sigma'(..)`` renamed as ``functions`` says."""
    if not isinstance(tree, tuple):
        return tree
    if isinstance(tree, UFunc | Prime) and tree.name in functions:
        tree = rebuilt(tree, (tree.kind, functions[tree.name], *tree[2:]))  # (the fields after the name kept)
    return rebuilt(tree, (_named(x, functions) for x in tree))


def _depth(tree: tuple) -> int:
    """The number of tuple levels of a tree, without recursion."""
    best, stack = 0, [(tree, 1)]
    while stack:
        t, d = stack.pop()
        best = max(best, d)
        stack.extend((x, d + 1) for x in t if isinstance(x, tuple))
    return best
