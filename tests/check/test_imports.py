"""The import graph of ``lnsym/check``, read with ``ast``: no circle, and the parser below the roles and judges.

Issue 32: the pipeline checked paths and notebooks, so it and ``batch/`` imported each other (the circle was
hidden by imports inside functions). Module-level imports are the graph; imports inside functions count too,
so that a circle cannot come back hidden in one."""

from __future__ import annotations

import ast
from pathlib import Path

import lnsym.check

ROOT = Path(lnsym.check.__file__).parent


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = list(path.relative_to(ROOT.parent.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _imported(node: ast.AST, modules: dict[str, Path]) -> list[str]:
    """The modules of ``lnsym.check`` an import statement names (``from a.b import c``: ``a.b.c`` if a module)."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
        names = [f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in modules else node.module
                 for a in node.names]
    else:
        names = []
    return [n for n in names if n in modules]


def import_graph(inside_functions: bool) -> dict[str, set[str]]:
    """Module -> the modules of ``lnsym.check`` it imports at its top level (and, with ``inside_functions``,
    anywhere in it)."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        nodes = ast.walk(tree) if inside_functions else iter(tree.body)
        graph[name] = {m for node in nodes for m in _imported(node, modules) if m != name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """A circle of ``graph`` (its modules, the first repeated at the end), or [] when there is none."""
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    path: list[str] = []

    def walk(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (found := walk(nxt)):
                return found
        state[node] = 2
        path.pop()
        return []

    for node in sorted(graph):
        if node not in state and (found := walk(node)):
            return found
    return []


def test_find_cycle_finds_a_circle_and_only_a_circle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_the_graph_is_read():
    graph = import_graph(inside_functions=False)
    assert "lnsym.check.pipeline" in graph["lnsym.check.keys"]
    assert "lnsym.check.keys" in graph["lnsym.check.batch.files_run"]


def test_no_module_of_check_imports_itself_back_at_the_top_level():
    assert find_cycle(import_graph(inside_functions=False)) == []


def test_no_circle_hides_in_an_import_inside_a_function():
    assert find_cycle(import_graph(inside_functions=True)) == []


def test_the_parser_imports_nothing_from_the_roles_or_the_judges():
    graph = import_graph(inside_functions=True)
    bad = {(m, n) for m, names in graph.items() if m.startswith("lnsym.check.parse") for n in names
           if n.startswith(("lnsym.check.judges", "lnsym.check.roles"))}
    assert bad == set()
