"""The shape of the code: layers import downward only, no module reaches into another package's
private names, modules stay small, and every catalogue key exists in every language."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from judge.i18n import LANGS, catalogue

JUDGE = Path(__file__).resolve().parent.parent / "judge"
MODULES = sorted(p for p in JUDGE.rglob("*.py") if "__pycache__" not in p.parts)

# A package may import the packages ranked below it (and itself), never those level or above.
RANK = {"paths": 0, "i18n": 0, "errors": 1, "cards": 2, "rulesets": 2, "scenario": 3, "engine": 4,
        "analysis": 5, "render": 5, "logs": 5, "web": 6, "cli": 7, "__main__": 8}


def _package(path: Path) -> str:
    rel = path.relative_to(JUDGE)
    return rel.parts[0].removesuffix(".py")


def _imports(path: Path) -> list[tuple[str, list[str], int]]:
    """(absolute module under judge, imported names, line) of every `from ... import` of a module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = list(path.relative_to(JUDGE).with_suffix("").parts)
    if here[-1] == "__init__":
        here = here[:-1]
    else:
        here = here[:-1]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - node.level + 1] if node.level > 1 else here
                mod = ".".join(base + ([node.module] if node.module else []))
            elif node.module and node.module.startswith("judge"):
                mod = node.module.removeprefix("judge").lstrip(".")
            else:
                continue
            out.append((mod, [a.name for a in node.names], node.lineno))
    return out


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(JUDGE)))
def test_a_module_imports_only_the_layers_below_it(path):
    mine = _package(path)
    for mod, names, line in _imports(path):
        targets = [mod.split(".")[0]] if mod else [n for n in names]
        for target in targets:
            if target and target != mine and target in RANK:
                assert RANK[target] < RANK[mine], f"{path.name}:{line} imports {target} from {mine}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(JUDGE)))
def test_no_module_imports_a_private_name_of_another_package(path):
    folder = ".".join(path.relative_to(JUDGE).parent.parts)
    for mod, names, line in _imports(path):
        owner = mod if (JUDGE / Path(*mod.split("."))).is_dir() else mod.rpartition(".")[0]
        for n in names:
            if n.startswith("_") and not n.startswith("__") and owner != folder:
                raise AssertionError(f"{path.relative_to(JUDGE)}:{line} imports {mod}.{n}")


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(JUDGE)))
def test_no_module_is_longer_than_400_lines(path):
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 400


def test_the_web_package_has_at_most_12_modules_at_its_top_level():
    top = [p for p in (JUDGE / "web").iterdir() if p.suffix == ".py" or (p.is_dir() and (p / "__init__.py").exists())]
    assert len(top) <= 12, sorted(p.name for p in top)


def test_every_package_says_what_it_owns():
    for init in JUDGE.rglob("__init__.py"):
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
        assert doc and len(doc) > 40, init


def test_no_module_is_re_imported_at_its_bottom():
    for path in MODULES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        seen_code = False
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                seen_code = True
            elif isinstance(node, (ast.Import, ast.ImportFrom)) and seen_code:
                raise AssertionError(f"{path.relative_to(JUDGE)}:{node.lineno} imports after its code")


_PLACEHOLDER = re.compile(r"(?<!\{)\{([a-z_]+)\}(?!\})")


def test_every_catalogue_key_exists_in_every_language_with_the_same_placeholders():
    cats = {lang: catalogue(lang) for lang in LANGS}
    keys = set(cats["en"])
    for lang in LANGS:
        assert set(cats[lang]) == keys, f"{lang}: {sorted(set(cats[lang]) ^ keys)[:10]}"
    for k in keys:
        found = {lang: set(_PLACEHOLDER.findall(cats[lang][k])) for lang in LANGS}
        assert found["ko"] == found["en"], k


def test_the_engine_has_a_function_for_every_effect_of_the_vocabulary():
    from judge.engine.effects import APPLY
    from judge.scenario import EFFECTS

    assert set(APPLY) == set(EFFECTS)
    for name in EFFECTS:
        assert catalogue("en")[f"engine.effects.{name}"] and catalogue("ko")[f"engine.effects.{name}"]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(JUDGE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _engine_import_graph():
    """Every engine module and the engine modules it imports, wherever the import is written
    (inside a function or under TYPE_CHECKING too); a package's implicit import of its own
    `__init__` is not an edge."""
    import networkx as nx

    engine = [p for p in MODULES if _package(p) == "engine"]
    names = {_module_name(p) for p in engine}
    g = nx.DiGraph()
    for path in engine:
        me = _module_name(path)
        g.add_node(me)
        for mod, imported, _ in _imports(path):
            for target in [f"{mod}.{n}" if f"{mod}.{n}" in names else mod for n in imported]:
                if target in names and target != me:
                    g.add_edge(me, target)
    return g


def test_the_engine_modules_import_one_another_without_a_cycle():
    import networkx as nx

    g = _engine_import_graph()
    assert len(g) > 15 and g.has_edge("engine.executor", "engine.handlers")
    cycles = list(nx.simple_cycles(g))
    assert not cycles, "engine import cycles: " + "; ".join(" -> ".join(c + [c[0]]) for c in cycles[:5])


def test_step_handlers_effects_and_guards_see_the_executor_only_through_its_protocol():
    g = _engine_import_graph()
    users = {m for m in g if g.has_edge(m, "engine.executor")}
    assert users <= {"engine", "engine.run"}, users  # the package's face and `run`, which make one


def test_judge_run_does_not_import_the_printing_or_graphviz_packages():
    """A run's start pays for neither pypdf nor the graphviz package (about 80 ms): they load when a
    chart or a PDF is made."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-X", "importtime", "-m", "judge", "run", str(root / "benchmarks" / "two_cards.yaml")],
                         capture_output=True, text=True, timeout=120, cwd=root)
    assert out.returncode == 0, out.stderr[-2000:]
    loaded = {line.rsplit("|", 1)[-1].strip() for line in out.stderr.splitlines() if line.startswith("import time:")}
    assert not {m for m in loaded if m.split(".")[0] in ("pypdf", "graphviz")}
