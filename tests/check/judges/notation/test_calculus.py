"""The standard functions of deep-learning texts and their derivatives (lnsym.check.judges.notation.calculus): each
value checked against a closed form computed here by hand, and each refusal with its reason."""

import pytest
import sympy as sp

from lnsym.check.judges.notation.calculus import Unknown, apply, derivative, leibniz, standard_name

x = sp.Symbol("x", real=True)


@pytest.mark.parametrize(("written", "name"), [
    ("sigmoid", "sigmoid"), ("\\tanh", "tanh"), ("GELU", "GELU"), ("\\Phi", "Phi"), ("phi", "phi"),
    ("ReLU", "ReLU"), ("softplus", "softplus"), ("erf", "erf"), ("\\ln", "ln"), ("totient", "totient"),
])
def test_spellings_name_one_function(written, name):
    assert standard_name(written) == name


def test_unknown_names_are_not_guessed():
    """A Greek letter is a function only where the text says which (roles.conventions renames it)."""
    assert standard_name("\\mu") is None and standard_name("f") is None
    assert standard_name("\\sigma") is None and standard_name("\\varphi") is None and standard_name("\\phi") is None
    with pytest.raises(Unknown, match="neither a standard function nor defined"):
        apply("g", [x])


def test_values_of_the_standard_functions():
    assert apply("sigmoid", [sp.Integer(0)]) == sp.Rational(1, 2)
    assert sp.simplify(apply("GELU", [x]) - x * (1 + sp.erf(x / sp.sqrt(2))) / 2) == 0
    assert apply("\\Phi", [sp.Integer(0)]) == sp.Rational(1, 2)
    assert sp.simplify(apply("phi", [sp.Integer(0)]) - 1 / sp.sqrt(2 * sp.pi)) == 0
    assert apply("softplus", [sp.Integer(0)]) == sp.log(2)
    assert apply("divisor_sigma", [sp.Integer(12)]) == 28 and apply("totient", [sp.Integer(12)]) == 4
    with pytest.raises(Unknown, match="positive whole number"):
        apply("totient", [sp.Rational(1, 2)])
    assert apply("ReLU", [sp.Integer(-3)]) == 0 and apply("ReLU", [sp.Integer(3)]) == 3
    with pytest.raises(Unknown, match="one argument, not 2"):
        apply("\\tanh", [x, x])


def test_sigmoid_derivative_is_sigma_times_one_minus_sigma():
    s = 1 / (1 + sp.exp(-x))
    assert sp.simplify(derivative("sigmoid", 1, [x]) - s * (1 - s)) == 0
    assert derivative("sigmoid", 1, [sp.Integer(0)]) == sp.Rational(1, 4)
    assert abs(float(derivative("sigmoid", 1, [sp.Rational(1, 2)])) - 0.622459 * 0.377541) < 1e-6


def test_tanh_and_gelu_derivatives():
    assert sp.simplify(derivative("\\tanh", 1, [x]) - (1 - sp.tanh(x) ** 2)) == 0
    assert derivative("\\tanh", 1, [sp.Integer(0)]) == 1
    assert derivative("GELU", 1, [sp.Integer(0)]) == sp.Rational(1, 2)
    assert abs(float(derivative("GELU", 1, [sp.Rational(1, 2)])) - (0.691462 + 0.5 * 0.352065)) < 1e-6
    # second derivatives: sigma'' = sigma (1 - sigma)(1 - 2 sigma), zero at 0
    assert derivative("sigmoid", 2, [sp.Integer(0)]) == 0
    assert sp.simplify(derivative("\\tanh", 2, [x]) + 2 * sp.tanh(x) * (1 - sp.tanh(x) ** 2)) == 0


def test_relu_derivative_is_a_step_without_a_value_at_its_corner():
    assert derivative("ReLU", 1, [sp.Integer(2)]) == 1
    assert derivative("ReLU", 1, [sp.Integer(-2)]) == 0
    with pytest.raises(Unknown, match="only away from 0"):
        derivative("ReLU", 1, [sp.Integer(0)])
    with pytest.raises(Unknown, match="only away from 0"):
        derivative("ReLU", 1, [x])


def test_orders_and_arguments_are_bounded():
    with pytest.raises(Unknown, match="order 5"):
        derivative("\\tanh", 5, [x])
    with pytest.raises(Unknown, match="order 0"):
        derivative("\\tanh", 0, [x])
    with pytest.raises(Unknown, match="2 arguments"):
        derivative("\\tanh", 1, [x, x])


def test_leibniz_derivatives_of_expressions():
    y = sp.Symbol("y")
    assert leibniz(x**2 * y, [(x, 1)]) == 2 * x * y
    assert leibniz(x**2 * y, [(x, 1), (y, 1)]) == 2 * x
    assert leibniz(x**3, [(x, 2)]) == 6 * x
    with pytest.raises(Unknown, match=r"^a derivative of a function the key does not define$"):
        leibniz(sp.Function("F")(x), [(x, 1)])
    with pytest.raises(Unknown, match="order 5"):
        leibniz(x**9, [(x, 5)])


def test_the_normal_density_and_the_arithmetic_functions_at_their_edges():
    assert sp.simplify(apply("phi", [sp.Integer(1)]) - sp.exp(sp.Rational(-1, 2)) / sp.sqrt(2 * sp.pi)) == 0
    assert sp.simplify(apply("phi", [sp.Integer(2)]) - sp.exp(-2) / sp.sqrt(2 * sp.pi)) == 0
    assert apply("totient", [sp.Integer(1)]) == 1 and apply("divisor_sigma", [sp.Integer(1)]) == 1
    assert apply("totient", [sp.Integer(10**12)]) == 4 * 10**11
    for bad in (sp.Integer(0), sp.Integer(10**12 + 1), sp.Integer(-3)):
        with pytest.raises(Unknown, match="positive whole number"):
            apply("divisor_sigma", [bad])


def test_a_standard_function_by_its_own_name_and_the_highest_order():
    assert apply("sinh", [sp.Integer(0)]) == 0 and apply("sech", [sp.Integer(0)]) == 1
    assert derivative("cosh", 1, [sp.Integer(0)]) == 0
    assert derivative("\\tanh", 4, [sp.Integer(0)]) == 0 and derivative("\\tanh", 3, [sp.Integer(0)]) == -2
    assert leibniz(x**4, [(x, 4)]) == 24


def test_the_second_derivative_of_relu_is_zero_away_from_its_corner():
    assert derivative("ReLU", 2, [sp.Integer(2)]) == 0
    with pytest.raises(Unknown, match="only away from 0"):
        derivative("ReLU", 2, [sp.Integer(0)])
