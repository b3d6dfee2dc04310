"""``lnsym example``: the path of the example answer key shipped with lnsym."""

import subprocess
import sys
from pathlib import Path

import pytest

from lnsym.cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_example_prints_the_path_of_the_key(capsys):
    assert main(["example"]) == 0
    out = capsys.readouterr().out
    path = Path(out.strip())
    assert out.count("\n") == 1 and path.is_absolute() and path.name == "residual-layernorm.md"
    assert path.read_bytes() == (ROOT / "lnsym" / "examples" / "residual-layernorm.md").read_bytes()


def test_the_readme_example_checks_the_key(tmp_path):
    """`lnsym check "$(lnsym example)"` from another folder, as the README shows it."""
    run = [sys.executable, "-m", "lnsym"]
    path = subprocess.run([*run, "example"], capture_output=True, text=True, check=True, cwd=tmp_path).stdout.strip()
    result = subprocess.run([*run, "check", path], capture_output=True, text=True, cwd=tmp_path, check=False)
    assert result.returncode == 0, result.stderr
    last = result.stdout.strip().splitlines()[-1]
    assert " correct, 0 wrong, " in last and int(last.split()[0]) >= 60, last


def test_example_takes_no_arguments(capsys):
    with pytest.raises(SystemExit) as info:
        main(["example", "extra"])
    assert info.value.code == 2
    assert "unrecognized arguments: extra" in capsys.readouterr().err
