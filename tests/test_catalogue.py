"""The catalogue: the built-in folder is loaded by path, exactly like a user's ``--path`` folder, and
no code imports it by module name (the cause of issue 10's ``ModuleNotFoundError``)."""

import re
import sys
from pathlib import Path

from lnsym.catalogue import builtin_folder, load_catalogue

ROOT = Path(__file__).resolve().parents[1]


def test_the_builtin_catalogue_is_the_derivations_folder_of_the_running_lnsym():
    folder = builtin_folder()
    assert folder.name == "derivations"
    assert {p.stem for p in folder.glob("*.py")} >= {"layernorm", "residual", "softmax", "xiong"}
    families = {c.family for c in load_catalogue().claims}
    assert families == {p.stem for p in folder.glob("*.py") if not p.name.startswith("_")}


def test_claims_are_defined_in_their_files_and_say_so():
    for claim in load_catalogue().claims:
        path, _, line = claim.source.rpartition(":")
        assert Path(path).parent == builtin_folder() and int(line) > 0, claim.source
        assert Path(path).stem == claim.family
        # the source shown in reports stays derivations/FILE.py:LINE
        assert re.fullmatch(r"derivations/\w+\.py:\d+", "/".join(Path(claim.source).parts[-2:]))


def test_no_code_imports_the_catalogue_by_module_name():
    """Not even tests: a claim file's module is the one the catalogue loaded (``inspect.getmodule(claim.body)``)."""
    needle = re.compile(r"^\s*(from\s+lnsym\.derivations\b|import\s+lnsym\.derivations\b"
                        r"|from\s+lnsym\s+import\s.*\bderivations\b)")
    offenders = [f"{path.relative_to(ROOT)}:{n}"
                 for folder in ("lnsym", "derivations", "tests", "bench")
                 for path in sorted((ROOT / folder).rglob("*.py"))
                 for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle.search(text)]
    assert offenders == []


def test_claim_files_are_not_modules_of_lnsym():
    load_catalogue()
    assert not [name for name in sys.modules if name.startswith("lnsym.derivations")]
    claims = load_catalogue().claims
    assert claims and all(claim.body.__module__.startswith("lnsym_claims_") for claim in claims)


def test_loading_the_builtin_catalogue_leaves_sys_path_alone(monkeypatch):
    monkeypatch.setattr(sys, "path", list(sys.path))
    before = list(sys.path)
    load_catalogue()
    assert sys.path == before  # its files (stream.py, examples.py ...) shadow nothing


def test_a_file_is_executed_once_and_again_when_it_changes(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    body = ("from lnsym import claim\n\n\n@claim('counted-{n}', title='Counted', statement='1 = 1')\n"
            "def counted(c):\n    pass\n")
    (mine / "counted.py").write_text(body.format(n="one"))
    first = load_catalogue([mine]).select(["counted-one"])[0]
    assert load_catalogue([mine]).select(["counted-one"])[0] is first  # not executed again
    assert load_catalogue().claims[0] is load_catalogue().claims[0]
    (mine / "counted.py").write_text(body.format(n="two") + "# longer, so the size changes too\n")
    ids = load_catalogue([mine]).ids()
    assert "counted-two" in ids and "counted-one" not in ids


def test_two_folders_may_have_files_of_the_same_name(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "layernorm.py").write_text(  # same file name as derivations/layernorm.py
        "from lnsym import claim\n\n\n@claim('my-layernorm', title='Mine', statement='1 = 1')\n"
        "def mine(c):\n    pass\n")
    cat = load_catalogue([mine])
    assert not cat.errors
    assert {"layernorm-jacobian", "my-layernorm"} <= set(cat.ids())
    families = {c.id: c.family for c in cat.claims}
    assert families["my-layernorm"] == families["layernorm-jacobian"] == "layernorm"
