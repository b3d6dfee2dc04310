"""layer_norm and layer_norm_jacobian: values, properties (hypothesis), edge cases, bad input."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from lnsym import UsageError, layer_norm, layer_norm_jacobian

vectors = arrays(np.float64, st.integers(3, 16), elements=st.floats(-1e3, 1e3)).filter(
    lambda v: np.var(v) > 1e-6 * (1 + np.abs(v).max() ** 2)
)


def test_worked_example():
    np.testing.assert_allclose(layer_norm([2.0, 4.0, 4.0, 6.0], eps=0.0), [-np.sqrt(2), 0, 0, np.sqrt(2)],
                               rtol=1e-15)


def test_gamma_beta_and_batches():
    x = np.arange(12.0).reshape(3, 4) ** 1.5
    g, b = np.array([1.0, 2, 3, 4]), np.array([0.5, 0, -0.5, 1])
    out = layer_norm(x, g, b, eps=1e-5)
    for row, o in zip(x, out, strict=True):
        np.testing.assert_allclose(o, (row - row.mean()) / np.sqrt(row.var() + 1e-5) * g + b, rtol=1e-14)
    assert layer_norm_jacobian(x, g).shape == (3, 4, 4)


def test_d_equal_one_gives_beta_and_a_zero_jacobian():
    assert layer_norm([3.0], beta=[0.7])[0] == 0.7
    assert layer_norm_jacobian([3.0])[0, 0] == 0.0


def test_eps_zero_on_constant_input_is_nan():
    assert np.all(np.isnan(layer_norm(np.full(4, 5.0), eps=0.0)))
    np.testing.assert_array_equal(layer_norm(np.full(4, 5.0), eps=1e-5), np.zeros(4))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"x": []}, "empty"),
        ({"x": [1.0, np.inf]}, "NaN or infinity"),
        ({"x": 3.0}, "scalar"),
        ({"x": [1.0, 2.0], "eps": -1e-5}, "eps"),
        ({"x": [1.0, 2.0], "gamma": [1.0, 2.0, 3.0]}, r"shape \(2,\)"),
        ({"x": ["a", "b"]}, "numeric"),
    ],
)
def test_bad_input_is_a_value_error_that_names_the_problem(kwargs, message):
    with pytest.raises(UsageError, match=message):
        layer_norm(**kwargs)
    assert issubclass(UsageError, ValueError)


@settings(max_examples=60, deadline=None)
@given(vectors, st.floats(0.0, 1.0))
def test_property_mean_removal_J1_is_zero(x, eps):
    J = layer_norm_jacobian(x, eps=eps)
    scale = 1 / np.sqrt(np.var(x) + eps)
    assert np.abs(J @ np.ones(x.size)).max() <= 1e-12 * scale * x.size


@settings(max_examples=60, deadline=None)
@given(vectors, st.floats(1e-3, 1e3))
def test_property_scale_invariance_at_eps_zero(x, c):
    np.testing.assert_allclose(layer_norm(c * x, eps=0.0), layer_norm(x, eps=0.0), atol=1e-9)


@settings(max_examples=60, deadline=None)
@given(vectors, st.floats(0.1, 3.0), st.floats(0.0, 1.0))
def test_property_symmetric_for_uniform_gamma(x, g, eps):
    J = layer_norm_jacobian(x, np.full(x.size, g), eps=eps)
    np.testing.assert_allclose(J, J.T, atol=1e-12 * np.abs(J).max())
