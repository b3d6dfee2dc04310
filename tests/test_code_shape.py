"""The shape the codebase keeps (issue 32): no function of the package over 100 lines (a longer one is a table or
several named steps), a pipeline under 250 lines, no assertion of the tests that passes on an empty collection,
and the nodes of a term's tree built and told apart by their types (no bare tuple for a node, no test of a node's
kind as a string)."""

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


def test_the_pipeline_only_orchestrates():
    # (issue 32: a rule, a cue or a helper that grows the pipeline past this belongs in roles/, spans/ or judges/)
    lines = (PACKAGE / "check" / "pipeline.py").read_text(encoding="utf-8").count("\n")
    assert 0 < lines < 250, lines


COMPREHENSIONS = (ast.GeneratorExp, ast.ListComp, ast.SetComp)
TESTS = Path(__file__).resolve().parent


def _quantified(test: ast.expr) -> ast.comprehension | None:
    """The comprehension `test` quantifies over when it is `all(<comprehension>)` or `not any(<comprehension>)`."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        call, name = test.operand, "any"
    else:
        call, name = test, "all"
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == name):
        return None
    if len(call.args) != 1 or call.keywords or not isinstance(call.args[0], COMPREHENSIONS):
        return None
    return call.args[0].generators[0]


def _literal(node: ast.expr) -> bool:
    """A list, tuple or set of constants written in the test: not empty by construction, and no result of lnsym."""
    return isinstance(node, (ast.List, ast.Tuple, ast.Set)) and bool(node.elts) and all(
        isinstance(e, ast.Constant) for e in node.elts)


# a view of a collection is empty exactly when the collection is: `got and all(... for v in got.values())`
VIEWS = {"values", "items", "keys", "splitlines"}


def _collections(iterable: ast.expr) -> set[str]:
    """The iterable, and the collection it is a view of."""
    out = {ast.dump(iterable)}
    if isinstance(iterable, ast.Call) and not iterable.args and isinstance(iterable.func, ast.Attribute) \
            and iterable.func.attr in VIEWS:
        out.add(ast.dump(iterable.func.value))
    return out


def _mentions(node: ast.expr, iterable: ast.expr) -> bool:
    want = _collections(iterable)
    return any(ast.dump(sub) in want for sub in ast.walk(node))


def vacuous_asserts(root: Path) -> list[str]:
    """Every `assert all(...)` / `assert not any(...)` over a comprehension that passes when its iterable is empty.

    Such an assertion cannot fail when lnsym finds nothing at all (`all(v != "wrong" for v in found(text))` holds
    for no findings), so a regression to silence passes. Accepted: an iterable that is a literal list, tuple or set
    of constants, and a top-level `and` where another operand contains the same iterable, or the collection it is a
    view of (it says something about that collection: `got and all(... for x in got)`, `len(got) == 2 and all(...)`,
    `got and all(... for v in got.values())`)."""
    out = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Assert):
                continue
            parts = node.test.values if isinstance(node.test, ast.BoolOp) and isinstance(node.test.op, ast.And) \
                else [node.test]
            for part in parts:
                gen = _quantified(part)
                if gen is None or _literal(gen.iter):
                    continue
                if not any(_mentions(other, gen.iter) for other in parts if other is not part):
                    out.append(f"{path.relative_to(root).as_posix()}:{node.lineno}")
    return out


def test_no_assertion_passes_on_an_empty_collection():
    assert vacuous_asserts(TESTS) == []


def test_the_check_finds_a_vacuous_assertion(tmp_path):
    (tmp_path / "t.py").write_text(
        "def test():\n"
        "    assert all(v != 'wrong' for v in found())\n"           # refused: passes when found() is empty
        "    assert not any(v == 'wrong' for v in found())\n"       # refused
        "    assert all(x > 0 for x in got) and ok\n"               # refused: `ok` says nothing about got
        "    assert got and all(x > 0 for x in got)\n"              # accepted: got is not empty
        "    assert len(got) == 2 and not any(x for x in got)\n"    # accepted
        "    assert got and all(v for v in got.values())\n"        # accepted: a view of got
        "    assert got and all(v for v in other.values())\n"      # refused: another collection
        "    assert all(x > 0 for x in (1, 2, 3))\n"                # accepted: literal constants
        "    assert any(x > 0 for x in got)\n"                      # accepted: fails when got is empty
    )
    assert vacuous_asserts(tmp_path) == ["t.py:2", "t.py:3", "t.py:4", "t.py:8"]


def bare_nodes(root: Path) -> list[str]:
    """Every tuple literal of the package that builds a node of a term's tree by hand (``("num", "2")``, a kind
    first and the kind's fields after it) instead of with its type (``Num("2")``): a bare tuple is no
    :class:`~lnsym.check.parse.nodes.Node`, and a ``match`` or ``isinstance`` on it misses it (issue 32). A tuple
    tested for membership (``t.kind in ("add", "mul")``) is no node."""
    from lnsym.check.parse.nodes import KINDS

    def arity(kind: str) -> range:
        fields = len(KINDS[kind].__match_args__)
        return range(fields - KINDS[kind].optional, fields + 1)

    out = []
    for path in sorted(root.rglob("*.py")):
        if path.name == "nodes.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        members = {id(c) for n in ast.walk(tree) if isinstance(n, ast.Compare)
                   for op, c in zip(n.ops, n.comparators, strict=True) if isinstance(op, (ast.In, ast.NotIn))}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Tuple) or id(node) in members or not node.elts:
                continue
            head = node.elts[0]
            if isinstance(head, ast.Constant) and head.value in KINDS and len(node.elts) - 1 in arity(head.value) \
                    and not all(isinstance(e, ast.Constant) and e.value in KINDS for e in node.elts):
                out.append(f"{path.relative_to(root).as_posix()}:{node.lineno}")
    return out


def test_no_node_is_built_as_a_bare_tuple():
    assert bare_nodes(PACKAGE) == []


def test_the_check_finds_a_bare_node(tmp_path):
    (tmp_path / "m.py").write_text(
        "a = ('num', '2')\n"                      # refused: Num('2')
        "b = ('mul', x, y, '')\n"                  # refused: Mul(x, y, '')
        "c = t[0] in ('num', 'sym')\n"             # accepted: a membership test
        "d = ('sym', '°')\n"                       # accepted: a prefix to look for, not a node
        "e = ('add', 'mul', 'neg')\n"              # accepted: kinds
    )
    assert bare_nodes(tmp_path) == ["m.py:1", "m.py:2"]


def kind_tests(root: Path) -> list[str]:
    """Every test of a node's kind by its string (``t[0] == "num"``, ``tree[0] in ("div", "frac")``) in the
    package: a node is tested by its type (``isinstance(t, Num)``, ``match``), so that a kind renamed or a node
    built another way cannot slip past the test unseen (issue 32)."""
    from lnsym.check.parse.nodes import KINDS

    def names_a_kind(node: ast.expr) -> bool:
        if isinstance(node, ast.Constant):
            return node.value in KINDS
        return isinstance(node, (ast.Tuple, ast.List, ast.Set)) and any(
            isinstance(e, ast.Constant) and e.value in KINDS for e in node.elts)

    out = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Compare):
                continue
            left = node.left
            if isinstance(left, ast.Subscript) and isinstance(left.slice, ast.Constant) and left.slice.value == 0 \
                    and any(names_a_kind(c) for c in node.comparators):
                out.append(f"{path.relative_to(root).as_posix()}:{node.lineno}")
    return out


def test_no_node_kind_is_tested_as_a_string():
    assert kind_tests(PACKAGE) == []


def test_the_check_finds_a_kind_test(tmp_path):
    (tmp_path / "m.py").write_text(
        "a = t[0] == 'num'\n"                      # refused: isinstance(t, Num)
        "b = t[0] in ('div', 'frac')\n"            # refused
        "c = path[0] == 'cells'\n"                 # accepted: no kind of node
        "d = kinds[1] == 'num'\n"                  # accepted: not the kind of a node
        "e = isinstance(t, Num)\n"
    )
    assert kind_tests(tmp_path) == ["m.py:1", "m.py:2"]


def names_bound_twice(root: Path) -> list[str]:
    """Module-level names assigned or defined twice: the later silently replaces the earlier for every function
    of the module, the earlier's own readers included (two patterns named ``_AND_THEN`` in ``roles/cues.py`` did;
    ruff reports a function defined twice, not a constant assigned twice)."""
    out = []
    for path in sorted(root.rglob("*.py")):
        seen: dict[str, int] = {}
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Assign):
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
                names = [node.target.id]
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names = [node.name]
            else:
                continue
            for name in names:
                if name in seen:
                    out.append(f"{path.relative_to(root)}:{node.lineno} {name} (first at line {seen[name]})")
                seen.setdefault(name, node.lineno)
    return out


def test_no_module_binds_a_name_twice():
    assert names_bound_twice(PACKAGE) == []


def test_the_check_finds_a_name_bound_twice(tmp_path):
    (tmp_path / "m.py").write_text("A = 1\nB: int = 2\n\n\ndef f():\n    A = 3\n\n\nA = 4\n")
    assert names_bound_twice(tmp_path) == ["m.py:9 A (first at line 1)"]
