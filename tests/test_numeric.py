"""numeric_jacobian: accuracy against closed forms, honest error estimates, fallbacks, bad input."""

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from lnsym import UsageError, layer_norm, layer_norm_jacobian, numeric_jacobian


@pytest.mark.parametrize("d", [2, 3, 8, 64, 1024])
@pytest.mark.parametrize("eps", [1e-5, 0.0])
def test_complex_step_matches_the_layernorm_formula(d, eps):
    rng = np.random.default_rng(d)
    x, g = rng.standard_normal(d) * 2 + 1, rng.uniform(0.5, 2, d)
    est = numeric_jacobian(lambda X: layer_norm(X, g, eps=eps), x)
    J = layer_norm_jacobian(x, g, eps=eps)
    assert est.method == "complex step"
    assert est.value.shape == (d, d) and est.error.shape == (d, d)
    err = np.abs(est.value - J)
    # the estimate covers the actual error (beside the formula's own rounding)
    scale = np.abs(g).max() / np.sqrt(np.var(x) + eps)
    assert np.all(err <= est.error + 16 * np.finfo(float).eps * scale)
    if d >= 3:
        assert err.max() / np.abs(J).max() <= 1e-14


def test_richardson_is_accurate_and_its_error_estimate_holds():
    x = np.array([0.3, -1.2, 2.0])
    f = lambda X: np.stack([np.sin(X[..., 0]) * X[..., 1], np.exp(X[..., 2]) + X[..., 0] ** 3], -1)  # noqa: E731
    exact = np.array([[np.cos(0.3) * -1.2, np.sin(0.3), 0], [3 * 0.09, 0, np.exp(2.0)]])
    est = numeric_jacobian(f, x, method="richardson")
    assert est.method == "richardson"
    assert np.all(np.abs(est.value - exact) <= est.error)
    assert np.abs(est.value - exact).max() < 1e-9


def test_richardson_finds_the_plateau_below_a_short_length_scale():
    # LN of a constant vector varies on the scale sqrt(eps) = 1e-3, far below |x| = 4: large steps
    # extrapolate consistently to a wrong value and must not win
    x, eps = np.full(3, 4.0), 1e-6
    est = numeric_jacobian(lambda X: layer_norm(X, eps=eps), x, method="richardson")
    J = layer_norm_jacobian(x, eps=eps)
    assert np.all(np.abs(est.value - J) <= est.error)
    assert np.abs(est.value - J).max() < 1e-6 * np.abs(J).max()


def test_auto_falls_back_when_f_is_not_analytic():
    est = numeric_jacobian(np.abs, np.array([-1.0, 2.0]))
    assert est.method == "richardson"
    np.testing.assert_allclose(est.value, np.diag([-1.0, 1.0]), atol=1e-8)
    with pytest.raises(UsageError, match="complex"):
        numeric_jacobian(lambda X: np.asarray(X, dtype=float), np.ones(2), method="complex")


def test_a_function_of_one_vector_works_with_vectorized_false():
    est = numeric_jacobian(lambda v: np.array([v @ v, v[0]]), np.array([1.0, 2.0]), vectorized=False)
    np.testing.assert_allclose(est.value, [[2.0, 4.0], [1.0, 0.0]], atol=1e-14)


def test_a_scalar_function_gives_one_row():
    est = numeric_jacobian(lambda X: (X**2).sum(-1), np.array([1.0, -3.0]))
    np.testing.assert_allclose(est.value, [[2.0, -6.0]], atol=1e-14)


@pytest.mark.parametrize(
    ("x", "message"),
    [(np.array([]), "non-empty"), (np.ones((2, 2)), "1-D"), (np.array([1.0, np.nan]), "NaN"),
     (np.array([1 + 1j]), "real")],
)
def test_bad_points_are_rejected_with_a_message(x, message):
    with pytest.raises(UsageError, match=message):
        numeric_jacobian(np.sin, x)


def test_bad_method_and_step():
    with pytest.raises(UsageError, match="method"):
        numeric_jacobian(np.sin, np.ones(2), method="forward")
    with pytest.raises(UsageError, match="step"):
        numeric_jacobian(np.sin, np.ones(2), method="richardson", step=-1.0)


def test_a_function_with_the_wrong_batch_shape_is_explained():
    with pytest.raises(UsageError, match="vectorized=False"):
        numeric_jacobian(lambda X: X.sum(), np.ones(3))


@settings(max_examples=30, deadline=None)
@given(st.lists(st.floats(-50, 50), min_size=3, max_size=12), st.floats(1e-6, 1.0))
@example(values=[4.0, 4.0, 4.0], eps=1e-6)  # constant input: LN's length scale is sqrt(eps), far below |x|
def test_property_numeric_agrees_with_the_formula(values, eps):
    x = np.array(values)
    est = numeric_jacobian(lambda X: layer_norm(X, eps=eps), x)
    J = layer_norm_jacobian(x, eps=eps)
    scale = 1 / np.sqrt(np.var(x) + eps)
    assert np.all(np.abs(est.value - J) <= 2 * est.error + 32 * np.finfo(float).eps * scale)


@pytest.mark.parametrize("n", [1, 2, 4, 16, 64, 256])
@pytest.mark.parametrize("name", ["square", "product"])
def test_the_complex_step_estimate_covers_large_cancelling_terms(name, n):
    # both functions are 0 + O(1) terms of 1e16 that cancel: the derivative is exactly 0, but the complex
    # step computes it from imaginary parts of 1e8 h that cancel too, and is off by up to ~4e-8. An
    # estimate from one Gaussian direction divided by sqrt(n) claimed 1e-22 for such entries.
    f = {
        "square": lambda X: (X + 1e8) ** 2 - X**2 - 2e8 * X - 1e16,
        "product": lambda X: (X + 1e8) * (X - 1e8) - X**2,
    }[name]
    rng = np.random.default_rng(n)
    for _ in range(10):
        est = numeric_jacobian(f, rng.standard_normal(n), method="complex")
        assert np.all(np.abs(est.value) <= est.error)  # the exact Jacobian is the zero matrix
    assert est.error.max() < 1e-5  # honest, not vacuous: of the order of the cancelled terms' rounding


def test_the_complex_step_estimate_stays_tight_without_cancellation():
    x = np.random.default_rng(0).standard_normal(64)
    est = numeric_jacobian(np.sin, x, method="complex")
    assert np.all(np.abs(est.value - np.diag(np.cos(x))) <= est.error)
    assert est.error.max() < 1e-13  # a few ulps, not the 1e-8 of a cancelling function


# -- issue 15: the reported number of evaluations is the number of points f saw; messages name the problem -----
class Counted:
    """f(X) = sin(X) row by row, counting the points (rows) it is evaluated at."""

    def __init__(self) -> None:
        self.points = 0

    def __call__(self, X):
        self.points += X.shape[0]
        return np.sin(X)


@pytest.mark.parametrize(("method", "step", "n"), [
    ("complex", None, 2), ("complex", None, 5), ("richardson", None, 1), ("richardson", None, 2),
    ("richardson", 1e-3, 2), ("richardson", 1e-3, 1), ("auto", None, 2), ("auto", 1e-3, 3),
])
def test_evaluations_count_the_points_f_was_evaluated_at(method, step, n):
    f = Counted()
    x = np.linspace(0.1, 1.0, n)
    est = numeric_jacobian(f, x, method=method, step=step)
    assert est.evaluations == f.points
    assert np.all(np.abs(est.value - np.diag(np.cos(x))) <= est.error)


def test_a_fallback_counts_only_the_method_that_answered():
    f = lambda X: np.abs(X)  # noqa: E731 - drops the imaginary part: the complex step is not used
    est = numeric_jacobian(f, np.array([-1.0, 2.0]))
    # six base steps relative to |x| = 2 (2/4 ... 2/2^17) and 1/2^17 below them, 3 levels x 2 signs x 2 columns
    assert est.method == "richardson" and est.evaluations == 7 * 6 * 2 + 7


def test_richardson_at_a_point_far_larger_than_the_length_scale_of_f_is_right():
    """Steps relative to |x| = 1e6 all average whole periods of sin(x - 1e6) away, and agree on a wrong value;
    the steps relative to 1 below them find cos(0.3), with an error estimate that covers the true error."""
    x = np.array([1e6 + 0.3])
    truth = np.cos(x[0] - 1e6)
    for method in ("richardson", "auto"):
        est = numeric_jacobian(lambda X: np.sin(X - 1e6), x, method=method)
        assert abs(est.value[0, 0] - truth) <= est.error[0, 0] + 1e-12 and est.error[0, 0] < 1e-5, method


def test_the_error_estimate_of_a_constant_is_positive():
    est = numeric_jacobian(lambda X: 0 * X + 1, np.array([1.0, 2.0]), method="complex")
    assert np.all(est.value == 0) and np.all(est.error > 0)  # never a claim of no error at all


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"x": np.ones(2), "method": "forward"}, "method must be one of auto, complex, richardson; got 'forward'"),
    ({"x": np.ones((2, 2))}, "x must be a non-empty 1-D array, got shape (2, 2)"),
    ({"x": np.array([])}, "x must be a non-empty 1-D array, got shape (0,)"),
    ({"x": np.array([1 + 1j])}, "x must be real, got dtype complex128"),
    ({"x": np.array(["a"])}, "x must be real, got dtype <U1"),
    ({"x": np.array([1.0, np.inf])}, "x contains NaN or infinity; a Jacobian needs a finite point"),
    ({"x": np.ones(2), "step": -1.0}, "step must be a positive finite number, got -1.0"),
    ({"x": np.ones(2), "step": 0.0}, "step must be a positive finite number, got 0.0"),
    ({"x": np.ones(2), "step": np.inf}, "step must be a positive finite number, got inf"),
])
def test_bad_input_is_named_exactly(kwargs, message):
    with pytest.raises(UsageError) as info:
        numeric_jacobian(np.sin, **kwargs)
    assert str(info.value) == message


def test_a_wrong_batch_shape_names_the_shapes():
    with pytest.raises(UsageError) as info:
        numeric_jacobian(lambda X: X.sum(), np.ones(3), method="richardson", step=0.1)
    # richardson with a fixed step: one batch of 3 levels x 2 signs x 3 directions, and x itself
    assert str(info.value) == ("f must map a batch of shape (19, 3) to (19, m); got shape (). Write f for the last "
                               "axis, or pass vectorized=False")
    with pytest.raises(UsageError, match=r"the complex step needs f to accept complex input \(f dropped the "
                                         r"imaginary part\); use method='richardson'"):
        numeric_jacobian(np.abs, np.ones(2), method="complex")


# -- issue 15 (second pass): rules whose violations survived mutation -----------------------------------------
def test_the_complex_step_is_relative_to_the_size_of_x():
    """d/dx 1/x = -1/x^2 = -1e60 at x = 1e-30: a step of 1e-20 |x| resolves it, an absolute step of 1e-20 (or
    one that shrinks as |x| grows) would be far larger than x itself."""
    est = numeric_jacobian(lambda X: 1 / X, np.array([1e-30]), method="complex")
    assert est.method == "complex step"
    assert abs(est.value[0, 0] / -1e60 - 1) < 1e-14
    assert abs(est.value[0, 0] + 1e60) <= est.error[0, 0]


def test_complex_step_alone_evaluates_f_once_at_n_plus_three_points():
    """method="complex" trusts the complex step: one batch of n unit steps and three sign directions, no
    Richardson confirmation (a non-analytic f is the caller's responsibility)."""
    f = Counted()
    est = numeric_jacobian(f, np.array([0.5, 1.5]), method="complex")
    assert (est.method, est.evaluations, f.points) == ("complex step", 5, 5)


def test_auto_confirms_the_complex_step_and_rejects_a_non_analytic_f():
    """x * conj(x) = x^2 on the reals but is not analytic: its complex step is 0, the true derivative 2x. "auto"
    checks the complex step against Richardson and answers with Richardson: diag(2, -4) at (1, -2)."""
    f = lambda X: X * np.conj(X)  # noqa: E731
    est = numeric_jacobian(f, np.array([1.0, -2.0]))
    assert est.method == "richardson"
    exact = np.diag([2.0, -4.0])
    assert np.all(np.abs(est.value - exact) <= est.error) and np.abs(est.value - exact).max() < 1e-8


@pytest.mark.parametrize(("method", "n", "points"), [
    # a fixed step: one base step, 3 levels x 2 signs per direction, and x itself
    ("richardson", 2, 3 * 2 * 2 + 1), ("richardson", 1, 3 * 2 + 1),
    # auto: the complex step (n + 3 points), then one direction of Richardson with the same fixed step
    ("auto", 2, (2 + 3) + (3 * 2 + 1)),
])
def test_a_fixed_step_is_the_only_base_step(method, n, points):
    f = Counted()
    x = np.linspace(0.2, 0.4, n)
    est = numeric_jacobian(f, x, method=method, step=1e-3)
    assert est.evaluations == points == f.points
    assert np.all(np.abs(est.value - np.diag(np.cos(x))) <= est.error)


def test_richardson_along_one_direction_is_a_single_call_of_f():
    """One input: the six base steps (3 levels x 2 signs each) and x ride in one batch, 37 points in one call."""
    calls = []
    f = lambda X: calls.append(X.shape[0]) or np.sin(X)  # noqa: E731
    est = numeric_jacobian(f, np.array([0.5]), method="richardson")
    assert calls == [6 * 3 * 2 + 1]
    assert est.evaluations == 37 and type(est.evaluations) is int
    assert abs(est.value[0, 0] - np.cos(0.5)) <= est.error[0, 0]


def test_an_integer_point_is_a_real_point():
    """x = [1, 2] of integers is read as the floats 1.0 and 2.0: d sin = diag(cos 1, cos 2)."""
    est = numeric_jacobian(np.sin, np.array([1, 2]))
    assert est.method == "complex step"
    np.testing.assert_allclose(est.value, np.diag(np.cos([1.0, 2.0])), rtol=0, atol=1e-15)


def test_a_warning_from_f_other_than_a_complex_warning_is_no_failure():
    """Only ComplexWarning (the imaginary part dropped) rejects the complex step; a UserWarning of f passes
    through to the caller: d(x^2) = 6 at x = 3 by the complex step."""
    def f(X):
        import warnings
        warnings.warn("f says hello", UserWarning, stacklevel=2)
        return X**2

    with pytest.warns(UserWarning, match="f says hello"):
        est = numeric_jacobian(f, np.array([3.0]))
    assert est.method == "complex step" and est.value[0, 0] == 6.0


def test_the_complex_step_error_of_a_row_is_relative_to_that_row():
    """f = (1e10 x0, x1): the second row's entries are 0 and 1, so their rounding estimate is a few ulps of 1,
    not of the first row's 1e10."""
    f = lambda X: np.stack([1e10 * X[..., 0], X[..., 1]], -1)  # noqa: E731
    est = numeric_jacobian(f, np.array([0.3, 0.7]), method="complex")
    assert np.all(np.abs(est.value - np.diag([1e10, 1.0])) <= est.error)
    assert est.error[1].max() < 1e-13
    assert est.error[0].max() < 1e-4  # and the first row's a few ulps of 1e10


@pytest.mark.parametrize(("offset", "x0"), [(1e6, 0.1), (1e6, 1.3), (1e10, 0.7), (1e10, 1.3)])
def test_richardson_error_counts_the_rounding_of_a_large_value(offset, x0):
    """d/dx (c + sin x) = cos x: the differences of values near c = 1e6 or 1e10 lose the digits of c, and the
    estimate grows with |f|, so it still covers the true error."""
    est = numeric_jacobian(lambda X: offset + np.sin(X), np.array([x0]), method="richardson")
    assert abs(est.value[0, 0] - np.cos(x0)) <= est.error[0, 0]


def test_richardson_error_counts_the_rounding_of_large_inputs():
    """f = (x0 - x1)^2 at (10000.37, 10000) is small, but x0 + h and x1 + h round at the scale of 1e4: the
    estimate grows with the inputs' scale and covers the error of the exact Jacobian (0.74, -0.74)."""
    x = np.array([10000.37, 10000.0])
    d = x[0] - x[1]  # the difference as the floats hold it
    est = numeric_jacobian(lambda X: (X[..., 0] - X[..., 1]) ** 2, x, method="richardson")
    assert np.all(np.abs(est.value - np.array([[2 * d, -2 * d]])) <= est.error)
