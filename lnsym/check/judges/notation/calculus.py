r"""Calculus for the derivation reader: the standard functions of deep-learning texts, and their derivatives.

A key writes ``\sigma'(0.5) = 0.622459 \times 0.377541``, ``\tanh'(x) = 1 - \tanh^2(x)`` or
``\mathrm{GELU}'(0) = 0.5``. Each function here is a SymPy expression built from SymPy constructors (never
from text), so a derivative is SymPy's ``diff`` of that expression, evaluated at the written point: exact where
SymPy gives an exact value (``\sigma'(0) = 1/4``), a closed form (``e^{-1/2}/(1 + e^{-1/2})^2``) that the
judges compare with the written decimals as they compare any other value.

Each name means one function, the one every deep-learning text means by it:

==================  =============================================  =========================================
written             function                                        note
==================  =============================================  =========================================
``\sigma(x)``       the logistic sigmoid ``1/(1 + e^{-x})``         when the text speaks of the sigmoid
                                                                    (roles.conventions); a bare ``\sigma``
                                                                    is a standard deviation
``\tanh``, ``\exp`` as in every text
``\ln``             the natural logarithm
``\Phi``            the standard normal CDF ``(1 + erf(x/√2))/2``
``\varphi(x)``      the standard normal density                     when the text speaks of the normal
                                                                    density (roles.conventions)
``\operatorname{erf}``  the error function
``GELU``            ``x Φ(x)`` (exact, not the tanh approximation)
``softplus``        ``ln(1 + e^x)``
``ReLU``            ``max(0, x)``                                   no derivative at 0
``sech``            ``1/cosh``
``\sigma(n)``       the sum of the divisors of n                    when the text speaks of divisors
``\varphi(n)``      Euler's totient                                 when the text speaks of the totient
==================  =============================================  =========================================

A Greek letter applied to an argument means one of these only when the text says which (``functions`` of
:class:`~lnsym.check.roles.conventions.Conventions`, given to the parser): ``\sigma(6)`` is 0.9975 as a sigmoid
and 12 as a sum of divisors, and a text on activations may mean any nonlinearity by it.

A function the key defines (``f(x) = x^2 + 3x``, ``\\varphi(x) = ...``) is read by the evaluator from its
definition (``judges/numbers/evaluate.py``); any other name stays unknown: :class:`Unknown` is raised and the step stays
unchecked. :func:`leibniz` differentiates an expression written
out (``\frac{d}{dx}(x^3 + 2x)``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import sympy as sp

__all__ = ["LETTERS", "MAX_ORDER", "STANDARD", "Unknown", "apply", "derivative", "leibniz",
           "standard_name"]

MAX_ORDER = 4  # a fifth derivative is not a step of an answer key, and diff of GELU grows with each order


class Unknown(ValueError):
    """The function or the derivative is not one lnsym knows; the message says which."""


def _phi(x: sp.Expr) -> sp.Expr:
    return sp.exp(-x**2 / 2) / sp.sqrt(2 * sp.pi)


def _cdf(x: sp.Expr) -> sp.Expr:
    return (1 + sp.erf(x / sp.sqrt(2))) / 2


STANDARD: Mapping[str, Callable[[sp.Expr], sp.Expr]] = {
    "sigmoid": lambda x: 1 / (1 + sp.exp(-x)),
    "tanh": sp.tanh,
    "sinh": sp.sinh,
    "cosh": sp.cosh,
    "sech": lambda x: 1 / sp.cosh(x),
    "exp": sp.exp,
    "ln": sp.log,
    "erf": sp.erf,
    "Phi": _cdf,
    "phi": _phi,
    "GELU": lambda x: x * _cdf(x),
    "softplus": lambda x: sp.log(1 + sp.exp(x)),
    "ReLU": lambda x: sp.Max(0, x),
    "sin": sp.sin,
    "cos": sp.cos,
    "divisor_sigma": lambda n: _of_positive_integer(n, sp.divisor_sigma, "the sum of divisors"),
    "totient": lambda n: _of_positive_integer(n, sp.totient, "Euler's totient"),
}


def _of_positive_integer(n: sp.Expr, fn: Callable[[sp.Expr], sp.Expr], what: str) -> sp.Expr:
    if not (n.is_Integer and 0 < n <= 10**12):
        raise Unknown(f"{what} of what is not a positive whole number up to 10^12")
    return fn(n)

# how a key spells each name (after \operatorname, \mathrm, \text: the letters); case matters for Phi / phi
_SPELLINGS = {
    "sigmoid": "sigmoid", "divisor_sigma": "divisor_sigma", "totient": "totient", "\\tanh": "tanh", "tanh": "tanh",
    "\\sinh": "sinh", "\\cosh": "cosh",
    "sech": "sech", "\\sech": "sech", "\\exp": "exp", "exp": "exp", "\\ln": "ln", "ln": "ln", "erf": "erf",
    "\\Phi": "Phi", "phi": "phi", "GELU": "GELU", "gelu": "GELU", "softplus": "softplus",
    "ReLU": "ReLU", "relu": "ReLU", "\\sin": "sin", "\\cos": "cos",
}


# the letters a text writes for a function it names in words (roles.conventions): a letter the text gives a
# value of its own (`\\sigma = 0.25`) is then no function
LETTERS = {"sigmoid": ("\\sigma",), "divisor_sigma": ("\\sigma",), "totient": ("\\phi", "\\varphi"),
           "phi": ("\\phi", "\\varphi")}


def standard_name(written: str) -> str | None:
    """The standard function a written name applied to an argument means (``\\tanh`` -> ``tanh``; ``sigmoid``, the
    name a Greek letter is given where the text names the function), or None."""
    return _SPELLINGS.get(written.strip())


def _function(name: str) -> Callable[..., sp.Expr]:
    std = standard_name(name) or (name if name in STANDARD else None)
    if std is None:
        raise Unknown(f"{name} is neither a standard function nor defined in the key")
    return STANDARD[std]


def apply(name: str, args: Sequence[sp.Expr]) -> sp.Expr:
    """``name(args)`` for a standard function of one argument."""
    fn = _function(name)
    if len(args) != 1:
        raise Unknown(f"{name} takes one argument, not {len(args)}")
    return fn(*args)


def derivative(name: str, order: int, args: Sequence[sp.Expr]) -> sp.Expr:
    """The ``order``-th derivative of the function ``name`` of one variable at ``args[0]`` (``f''(x)``)."""
    if not 1 <= order <= MAX_ORDER:
        raise Unknown(f"a derivative of order {order}")
    if len(args) != 1:
        raise Unknown(f"a prime on a function of {len(args)} arguments (which variable?)")
    fn = _function(name)
    x = sp.Dummy("x", real=True)
    d = sp.diff(fn(x), x, order)
    if d.has(sp.Heaviside, sp.DiracDelta):
        # ReLU: the derivative is a step; at its corner it does not exist (SymPy would say Heaviside(0) = 1/2)
        at = args[0]
        if not (at.is_number and at.is_real and at != 0):
            raise Unknown(f"the derivative of {name} exists only away from 0")
        return d.xreplace({x: at})  # a step at a nonzero number is 0 or 1 at once
    return d.xreplace({x: args[0]})


def leibniz(body: sp.Expr, variables: Sequence[tuple[sp.Symbol, int]]) -> sp.Expr:
    """``\\frac{\\partial^2}{\\partial x \\partial y} body``: the derivative of an expression in named variables."""
    order = sum(n for _, n in variables)
    if not 1 <= order <= MAX_ORDER:
        raise Unknown(f"a derivative of order {order}")
    out = body
    for var, n in variables:
        out = sp.diff(out, var, n)
    if out.has(sp.Derivative):
        raise Unknown("a derivative of a function the key does not define")
    return out
