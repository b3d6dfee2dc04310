"""The rule of tests/missing.py: a missing tool skips a test on a developer's machine and fails it in CI."""

import pytest
from missing import skip_or_fail


def test_a_missing_tool_fails_under_ci(monkeypatch):
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="latexmk not installed in CI: apt-get install latexmk"):
        skip_or_fail("latexmk not installed", "apt-get install latexmk")


@pytest.mark.parametrize("value", [None, "", "false"])
def test_a_missing_tool_skips_elsewhere(monkeypatch, value):
    if value is None:
        monkeypatch.delenv("CI", raising=False)
    else:
        monkeypatch.setenv("CI", value)
    with pytest.raises(pytest.skip.Exception, match="latexmk not installed: apt-get install latexmk"):
        skip_or_fail("latexmk not installed", "apt-get install latexmk")
