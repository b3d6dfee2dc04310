"""Claims from a user's folder (``--path``): a good claim, a module with a syntax error and one that
raises at import; and the README's worked example, which must stay the catalogue's softmax file."""

import re
import textwrap
from pathlib import Path

import pytest

from lnsym.catalogue import load_catalogue
from lnsym.cli import main

ROOT = Path(__file__).resolve().parents[1]

GOOD = '''
import sympy as sp

from lnsym import claim
from lnsym.derivation import size

n = size("n")
k = sp.Symbol("k", integer=True, positive=True)
delta = sp.Symbol("delta", positive=True)


@claim("user-product", title="A product of equal factors", statement=r"\\prod_{k=1}^{n}(1+\\delta) = (1+\\delta)^n")
def product(c):
    c.equal(sp.Product(1 + delta, (k, 1, n)), (1 + delta) ** n, "n equal factors")
'''

SYNTAX_ERROR = '''
from lnsym import claim


@claim("user-broken", title="Broken", statement="1"
def broken(c):
    pass
'''

RAISES = '''
"""Fails at import time, on line 6."""
import numpy as np

WEIGHTS = np.ones(3)
SCALE = WEIGHTS[5]
'''


@pytest.fixture
def folder(tmp_path):
    mine = tmp_path / "mydir"
    mine.mkdir()
    (mine / "good.py").write_text(textwrap.dedent(GOOD))
    (mine / "syntax_error.py").write_text(textwrap.dedent(SYNTAX_ERROR))
    (mine / "raises.py").write_text(textwrap.dedent(RAISES))
    (mine / "_helpers.py").write_text("raise RuntimeError('files starting with _ are not loaded')\n")
    return mine


def test_verify_path_reports_broken_modules_and_still_runs_the_rest(folder, capsys):
    code = main(["verify", "softmax-jacobian", "user-product", "--path", str(folder)])
    out, err = capsys.readouterr()
    assert code == 1  # load errors fail the run
    assert re.search(r"softmax-jacobian\s+proved", out)  # the built-in claim ran
    assert re.search(r"user-product\s+proved", out)  # and the good user claim
    assert f"{folder / 'syntax_error.py'}:5: SyntaxError" in err
    assert f"{folder / 'raises.py'}:6: IndexError" in err
    assert "_helpers" not in out + err


def test_verify_path_passes_when_the_folder_is_sound(folder, capsys):
    (folder / "syntax_error.py").unlink()
    (folder / "raises.py").unlink()
    assert main(["verify", "user-product", "--path", str(folder)]) == 0
    assert re.search(r"user-product\s+proved\s+all n", capsys.readouterr().out)


def test_list_path_shows_the_file_as_family_and_the_errors(folder, capsys):
    assert main(["list", "--path", str(folder)]) == 1
    out, err = capsys.readouterr()
    assert re.search(r"user-product\s+good\s+A product of equal factors", out)
    assert "syntax_error.py:5" in err and "raises.py:6" in err


def test_a_missing_folder_is_bad_usage(tmp_path, capsys):
    assert main(["verify", "--path", str(tmp_path / "nowhere")]) == 2
    assert "not a folder" in capsys.readouterr().err


def test_a_duplicate_id_is_a_load_error(folder):
    (folder / "again.py").write_text(textwrap.dedent(GOOD).replace("def product", "def product_again"))
    catalogue = load_catalogue([folder])
    assert [c.id for c in catalogue.claims].count("user-product") == 1
    assert any("already defined" in e.message and e.path.endswith("good.py") for e in catalogue.errors)


# ------------------------------------------------------------------------------------ the README
def _readme_example() -> str:
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## How to add a claim"):]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    whole_files = [b for b in blocks if "@claim(" in b]
    assert len(whole_files) == 1, "the section shows one whole claim file"
    return whole_files[0]


def test_the_readme_shows_the_catalogues_softmax_file_verbatim():
    assert _readme_example() == (ROOT / "derivations" / "softmax.py").read_text()


def test_the_readme_example_verifies_from_a_users_folder_and_reaches_the_appendix(tmp_path, capsys):
    mine = tmp_path / "mydir"
    mine.mkdir()
    (mine / "softmax.py").write_text(_readme_example().replace('"softmax-jacobian"', '"my-softmax-jacobian"'))
    assert main(["verify", "my-softmax-jacobian", "--path", str(mine)]) == 0
    assert re.search(r"my-softmax-jacobian\s+proved\s+all d", capsys.readouterr().out)
    out = tmp_path / "appendix.md"
    assert main(["report", "my-softmax-jacobian", "--path", str(mine), "--format", "md", "-o", str(out)]) == 0
    page = out.read_text()
    assert "### my-softmax-jacobian" in page and "The softmax Jacobian" in page
    assert "softmax.py:" in page  # where the claim is defined


# ------------------------------------------------------------------------------------ notebooks
def _notebook_run(folder):
    import lnsym
    from lnsym.catalogue import Catalogue

    (folder / "syntax_error.py").unlink()
    (folder / "raises.py").unlink()
    (folder / "wrong.py").write_text(textwrap.dedent('''
        import sympy as sp
        from lnsym import claim

        t = sp.Symbol("t", positive=True)


        @claim("user-wrong", title="Wrong: 100% & #1 {sic} x_b", statement=r"(t+1)^2 = t^2 + 1")
        def wrong(c):
            c.equal((t + 1) ** 2, t**2 + 1, "forgot | the *cross* term_x")
            c.expect("a | label_with $ signs", False, "it is false")
    '''))
    catalogue = load_catalogue([folder])
    return lnsym.verify(["softmax-jacobian", "user-product", "user-wrong"], catalogue=Catalogue(catalogue.claims))


def test_results_display_as_markdown_with_math(folder):
    run = _notebook_run(folder)
    md = run["softmax-jacobian"]._repr_markdown_()
    assert "**`softmax-jacobian`**" in md and "**proved**" in md
    assert "$$" + run["softmax-jacobian"].claim.statement + "$$" in md
    assert md.count("✓") == 3 + 1  # three steps, one numeric check
    wrong = run["user-wrong"]._repr_markdown_()
    assert "**failed**" in wrong and "✗" in wrong
    assert "forgot \\| the \\*cross\\* term\\_x" in wrong  # plain text cannot break the Markdown
    assert "| a \\| label\\_with \\$ signs |" in wrong  # nor a table row
    table = run._repr_markdown_()
    assert "| `user-wrong` | **failed** |" in table and "2 passed, 1 failed" in table


def test_results_display_as_latex_that_compiles(folder, tmp_path):
    import shutil
    import subprocess

    run = _notebook_run(folder)
    parts = [run._repr_latex_()] + [r._repr_latex_() for r in run]
    for part in parts:
        assert part.startswith("$$") and part.endswith("$$")  # math mode: MathJax renders it in Jupyter
        assert "\\multicolumn" not in part  # MathJax has no \multicolumn
    if shutil.which("pdflatex") is None:
        pytest.skip("no pdflatex to compile the LaTeX with")
    doc = tmp_path / "display.tex"
    doc.write_text("\\documentclass{article}\\usepackage{amsmath,amssymb}\\begin{document}\n"
                   + "\n\n".join(parts) + "\n\\end{document}\n")
    done = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", doc.name], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-2000:]


def test_a_claim_module_can_import_a_helper_of_its_folder(tmp_path, capsys):
    mine = tmp_path / "helped"
    mine.mkdir()
    (mine / "_shared_defs.py").write_text("def double(v):\n    return 2 * v\n")
    (mine / "uses.py").write_text(textwrap.dedent('''
        import sympy as sp
        from _shared_defs import double

        from lnsym import claim

        t = sp.Symbol("t", positive=True)


        @claim("user-uses-helper", title="Uses a helper", statement="2t = t + t")
        def uses(c):
            c.equal(double(t), t + t, "definition of double")
    '''))
    assert main(["verify", "user-uses-helper", "--path", str(mine)]) == 0
    assert re.search(r"user-uses-helper\s+proved", capsys.readouterr().out)


def test_asking_for_an_id_of_a_module_that_did_not_load_names_the_load_error(folder, capsys):
    assert main(["verify", "user-broken", "--path", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "unknown claim id 'user-broken'" in err
    assert "could not be loaded" in err and "syntax_error.py:5: SyntaxError" in err
