"""Run the tests with the command line's BLAS settings (``lnsym.blas.reproducible_blas``: one thread, and
OpenBLAS's Haswell kernels on x86-64): the committed appendix is rendered by the command line, and
another thread count or another CPU's kernels round a 512 x 512 eigenvalue problem differently in the
last bit, which would make the appendix test see a different worst error. Set before NumPy is imported
by any test module."""

from lnsym.blas import reproducible_blas

reproducible_blas()

# Tests that start processes (the command line, a language server, an editor, a browser, TeX) are marked
# `slow`, found rather than listed: a test is one when its own code, a function of its module it calls, or a
# fixture it uses (of its module or this file) starts a process. `pytest -m "not slow"` runs the rest, the quick
# loop of a change; CI runs everything. (The mark is found only in a run that selects on it: `_selects_on_slow`.)
import ast  # noqa: E402
import inspect  # noqa: E402
import re  # noqa: E402

import pytest  # noqa: E402

_STARTS = re.compile(r"\bsubprocess\.(?:run|Popen|check_call|check_output|call)\b|\bPopen\(|"
                     r"create_subprocess_exec|\bsys\.executable\b|\bstart_io\b|\bmultiprocessing\.Pool\(")


# the tests' own helper modules whose names start processes when called (a language-server client over stdio)
_HELPERS_STARTING = frozenset({"lsp_client", "headless_browser"})


def _starters(module) -> set[str]:
    """The names of the module's functions and fixtures that start a process, directly or through another."""
    try:
        text = inspect.getsource(module)
        tree = ast.parse(text)
    except (OSError, TypeError, SyntaxError):
        return set()
    # whole lines are enough to search for a call, and slicing lines split once keeps this linear in the module's
    # length (`ast.get_source_segment` splits the whole text again for every node: most of a collection's time)
    lines = text.splitlines()

    def segment(first: ast.AST, last: ast.AST) -> str:
        return "\n".join(lines[first.lineno - 1:last.end_lineno])

    # functions with their decorators (`@pytest_lsp.fixture(config=...)`), and module-level names whose value starts
    # one (`CONFIG = ClientServerConfig(server_command=[sys.executable, ...])`) or is imported from a helper
    # module of the tests that does (`from lsp_client import Client`)
    bodies = {node.name: segment(node.decorator_list[0] if node.decorator_list else node, node)
              for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            bodies[node.targets[0].id] = segment(node, node)
        if isinstance(node, ast.ImportFrom) and node.module in _HELPERS_STARTING:
            bodies.update({a.asname or a.name: "subprocess.Popen(" for a in node.names})
    found = {name for name, body in bodies.items() if _STARTS.search(body)}
    while True:  # a helper that calls a helper that starts one
        more = {name for name, body in bodies.items() if name not in found
                and any(re.search(rf"\b{re.escape(f)}\b", body) for f in found)}
        if not more:
            return found
        found |= more


def _selects_on_slow(config) -> bool:
    """Does this run choose its tests by the mark (``-m "not slow"``, ``-m slow``, or ``-k`` naming it)? Finding
    the mark reads the source of every test module (seconds of a collection), which a run that selects on
    something else, as CI's ``pytest -n auto`` (each worker collects), never needs."""
    return any("slow" in (getattr(config.option, name, "") or "") for name in ("markexpr", "keyword"))


def pytest_collection_modifyitems(config, items):
    if not _selects_on_slow(config):
        return
    cache: dict = {}
    sources: dict = {}  # a parametrized test's items share one function: read its source once
    for item in items:
        module = getattr(item, "module", None)
        function = getattr(item, "function", None)
        if module is None or function is None:
            continue
        if module not in cache:
            cache[module] = _starters(module)
        starters = cache[module]
        if function not in sources:
            try:
                sources[function] = inspect.getsource(function)
            except (OSError, TypeError):
                sources[function] = None
        source = sources[function]
        if source is None:
            continue
        uses = set(getattr(item, "fixturenames", ())) | {n for n in starters if re.search(rf"\b{n}\b", source)}
        if _STARTS.search(source) or uses & starters:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="module")
def worker():
    """The judges' worker process of a test module (a module's own ``worker`` fixture, with other limits, wins).
    Generous: the machine may be loaded, and a step that times out is not a result."""
    from lnsym.check.judges.worker import Worker

    with Worker(step_seconds=10) as w:
        yield w
