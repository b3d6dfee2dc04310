"""The pytest plugin: ``pytest --lnsym --lnsym-path DIR`` runs each claim as a test item.

Each run is a fresh ``pytest`` process (``runpytest_subprocess``), as a user's would be: the plugin
is found through its entry point, and no module state carries over from one run to the next."""

import subprocess
import sys
import textwrap

import pytest

pytest_plugins = ["pytester"]

GOOD = '''
import sympy as sp

from lnsym import claim

t = sp.Symbol("t", positive=True)


@claim("user-good", title="A true identity", statement=r"(t + 1)^2 = t^2 + 2t + 1")
def good(c):
    c.equal((t + 1) ** 2, t**2 + 2 * t + 1, "expand")


@claim("user-uses-bad", title="Rests on a wrong claim", statement="t = t", depends_on=("user-bad",))
def uses_bad(c):
    c.equal(t, t, "reflexivity")
'''

BAD = '''
import sympy as sp

from lnsym import claim

t = sp.Symbol("t", positive=True)


@claim("user-bad", title="A deliberately wrong identity", statement=r"(t + 1)^2 = t^2 + 1")
def bad(c):
    c.equal((t + 1) ** 2, t**2 + 1, "forgot the cross term")
'''

# only the user's claims run (the built-in catalogue is still loaded, and deselected)
ONLY_USER = ["-k", "user", "-p", "no:cacheprovider"]


@pytest.fixture
def folder(pytester):
    claims = pytester.mkdir("claims")
    (claims / "good.py").write_text(textwrap.dedent(GOOD))
    (claims / "bad.py").write_text(textwrap.dedent(BAD))
    return claims


def test_claims_become_test_items_and_fail_with_their_message(pytester, folder):
    result = pytester.runpytest_subprocess("--lnsym", "--lnsym-path", str(folder), "-v", *ONLY_USER)
    outcomes = result.parseoutcomes()
    assert outcomes.get("passed") == 1 and outcomes.get("failed") == 2, result.stdout.str()
    result.stdout.fnmatch_lines([  # in catalogue order: files by name, claims by line
        "*lnsym::user-bad FAILED*",
        "*lnsym::user-good PASSED*",
        "*lnsym::user-uses-bad FAILED*",
    ])
    text = result.stdout.str()
    # the claim's own message: the step, its justification and the counterexample
    assert "user-bad: failed: step 1 (forgot the cross term) is false" in text
    assert "differs at" in text
    assert "rests on user-bad, which did not pass" in text
    assert "bad.py:" in text  # where the claim is defined
    assert result.ret == pytest.ExitCode.TESTS_FAILED


def test_the_builtin_catalogue_is_collected_and_runs(pytester):
    result = pytester.runpytest_subprocess("--lnsym", "-v", "-k", "softmax-jacobian", "-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(["*lnsym::softmax-jacobian PASSED*"])
    deselected = result.parseoutcomes()["deselected"]
    assert deselected >= 20  # the rest of the catalogue was collected, then deselected by -k


def test_without_the_option_nothing_is_collected(pytester, folder):
    result = pytester.runpytest_subprocess("--collect-only", "-q")
    assert "lnsym::" not in result.stdout.str()
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED


def test_a_broken_module_is_a_failing_item_with_file_and_line(pytester, folder):
    (folder / "broken.py").write_text("import sympy\n\nx = (\n")
    result = pytester.runpytest_subprocess("--lnsym-path", str(folder), "-v", *ONLY_USER, "-k", "user or load")
    result.stdout.fnmatch_lines(["*lnsym::load-error?broken.py:3? FAILED*"])
    assert "cannot load" in result.stdout.str() and "broken.py:3: SyntaxError" in result.stdout.str()
    assert "lnsym::user-good PASSED" in result.stdout.str()


def test_a_folder_that_does_not_exist_is_a_usage_error(pytester):
    result = pytester.runpytest_subprocess("--lnsym-path", "no/such/folder")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "no/such/folder" in result.stderr.str()


def test_ordinary_tests_run_beside_the_claims_and_lnsym_path_implies_lnsym(pytester, folder):
    pytester.makepyfile(test_plain="def test_one():\n    assert 1 + 1 == 2\n")
    result = pytester.runpytest_subprocess("--lnsym-path", str(folder), "-v", "-k", "test_one or user-good",
                                           "-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(["*test_plain.py::test_one PASSED*", "*lnsym::user-good PASSED*"])
    assert result.parseoutcomes().get("passed") == 2


def test_the_plugin_imports_cheaply():
    """pytest loads the entry point in every run, so the module imports neither SymPy nor NumPy."""
    code = "import sys, lnsym.pytest_plugin; print(sorted(m for m in ('sympy', 'numpy') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_entry_point_is_registered():
    from importlib.metadata import entry_points

    names = {ep.name: ep.value for ep in entry_points(group="pytest11")}
    assert names.get("lnsym") == "lnsym.pytest_plugin"


XFAIL = '''
import sympy as sp

from lnsym import claim

t = sp.Symbol("t", positive=True)


@claim("user-known-wrong", title="Known not to hold", statement="t = t + 1", expected_failure="documented")
def known_wrong(c):
    c.equal(t, t + 1, "the published step")


@claim("user-known-but-holds", title="Thought not to hold", statement="t = t", expected_failure="stale")
def known_but_holds(c):
    c.equal(t, t, "reflexivity")
'''


def test_an_expected_failure_is_a_strict_xfail(pytester):
    claims = pytester.mkdir("xclaims")
    (claims / "known.py").write_text(textwrap.dedent(XFAIL))
    result = pytester.runpytest_subprocess("--lnsym-path", str(claims), "-rxX", *ONLY_USER)
    outcomes = result.parseoutcomes()
    assert outcomes.get("xfailed") == 1 and outcomes.get("failed") == 1, result.stdout.str()
    assert "expected to fail (stale) but it proved" in result.stdout.str()
