"""The verify and list commands: output, JSON schema, exit codes, one-line errors."""

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from lnsym.cli import main

FAILING = textwrap.dedent(
    '''
    import sympy as sp
    from lnsym import claim

    @claim("user-wrong", title="A wrong user claim", statement="x = x + 1")
    def user_wrong(c):
        x = sp.Symbol("x")
        c.equal(x, x + 1, "wishful thinking")
    '''
)


def test_verify_prints_rows_and_the_closing_line(capsys):
    assert main(["verify", "gradient-imbalance", "preln-residual-example"]) == 0
    out = capsys.readouterr().out
    assert "gradient-imbalance" in out and "checked" in out
    assert out.strip().splitlines()[-1].startswith("2 passed, 0 failed")


def test_verify_json_schema(capsys):
    assert main(["verify", "layernorm-jacobian", "--json", "--seed", "7"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"claims", "summary", "versions"}
    (claim,) = data["claims"]
    assert set(claim) >= {"id", "title", "status", "depends_on", "symbolic", "numeric", "seconds"}
    assert set(claim["symbolic"]) == {"scope", "steps"}
    assert set(claim["numeric"]) >= {"method", "points", "max_abs_error", "max_rel_error"}
    assert claim["status"] == "proved" and data["summary"]["seed"] == 7


def test_unknown_id_is_usage_error_listing_known_ids(capsys):
    assert main(["verify", "no-such-claim"]) == 2
    err = capsys.readouterr().err
    assert "unknown claim id 'no-such-claim'" in err and "layernorm-jacobian" in err
    assert len(err.strip().splitlines()) == 1


def test_a_failing_user_claim_exits_1(tmp_path, capsys):
    (tmp_path / "mine.py").write_text(FAILING)
    assert main(["verify", "user-wrong", "--path", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "FAILED" in out and "wishful thinking" in out and "0 passed, 1 failed" in out


def test_bad_option_is_exit_2_without_traceback():
    proc = subprocess.run([sys.executable, "-m", "lnsym", "verify", "--seed", "x"], capture_output=True, text=True)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "invalid int value" in proc.stderr


def test_no_command_prints_help_and_exits_2(capsys):
    assert main([]) == 2
    assert "verify" in capsys.readouterr().out


def test_list(capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "layernorm-jacobian" in out and "residual-product-bound" in out


@pytest.mark.parametrize("command", ["verify", "list"])
def test_help(command, capsys):
    with pytest.raises(SystemExit) as exc:
        main([command, "--help"])
    assert exc.value.code == 0
    assert "--path" in capsys.readouterr().out


def test_the_terminal_shows_no_latex_and_json_keeps_it(capsys):
    assert main(["list"]) == 0
    listed = capsys.readouterr().out
    main(["verify", "depth-gradient-profile"])
    table = capsys.readouterr().out
    for out in (listed, table):
        assert not re.search(r"[\\$]", out), out
    assert "‖∂ℓ/∂W^{2,l}‖_F" in table
    assert "maxₐ|γₐ|/√ε" in listed
    main(["verify", "depth-gradient-profile", "--json"])
    message = json.loads(capsys.readouterr().out)["claims"][0]["message"]
    assert r"$\|\partial\ell/\partial W^{2,l}\|_F$" in message


def test_a_narrow_terminal_gets_question_marks_not_a_traceback():
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    done = subprocess.run([sys.executable, "-m", "lnsym", "list"], capture_output=True, text=True, env=env,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert "? = 0" in done.stdout
