"""The shape the codebase keeps: no function of the package over 100 lines (a longer one is a table or several
named steps; issue 32)."""

from __future__ import annotations

import ast
from pathlib import Path

import lnsym

PACKAGE = Path(lnsym.__file__).resolve().parent
MAX_LINES = 100


def long_functions(root: Path) -> list[str]:
    out = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > MAX_LINES:
                    out.append(f"{path.relative_to(root)}:{node.lineno} {node.name} ({length} lines)")
    return out


def test_no_function_is_over_100_lines():
    assert long_functions(PACKAGE) == []


def test_the_check_finds_a_long_function(tmp_path):
    (tmp_path / "m.py").write_text("def short():\n    pass\n\n\ndef long():\n" + "    x = 1\n" * 100)
    assert long_functions(tmp_path) == ["m.py:5 long (101 lines)"]
