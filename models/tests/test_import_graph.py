"""models/ has no import circle: each module only imports modules below it.

The graph is built statically (ast), so every import counts, at module level and inside a
function alike (a function-level import is how a circle hides: it runs later, but it is still
a dependency). Not counted: imports under `if TYPE_CHECKING:`, which never run (annotations
only, e.g. calibration/builds.py naming matrix.Case), and the tests themselves.

An edge goes to the module an import names: `from models.x import y` to models.x.y where y is a
module, else to models.x (its __init__); `import models.x.y` to models.x.y. A package's own
__init__ importing its modules (models/cores/__init__.py) is no circle: a module of the package
does not import the package by being imported.
"""
from __future__ import annotations

import ast
from pathlib import Path

MODELS = Path(__file__).resolve().parents[1]


def module_names(root: Path) -> dict[str, Path]:
    """Dotted name -> file of every module of the package at `root`, tests left out."""
    names = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        if "tests" in parts:
            continue
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join(parts)] = path
    return names


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST):
    """Every Import/ImportFrom node and import_module("...") call, skipping TYPE_CHECKING
    blocks (their `else:` still counts)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _type_checking(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif (isinstance(node, ast.Call) and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
              and getattr(node.func, "attr", getattr(node.func, "id", None)) == "import_module"):
            yield ast.Import(names=[ast.alias(name=node.args[0].value)], lineno=node.lineno)
        stack.extend(ast.iter_child_nodes(node))


def import_graph(root: Path) -> dict[str, dict[str, int]]:
    """module -> {imported module of the same package: line of the first such import}."""
    names = module_names(root)
    top = root.name

    def known(name: str) -> str | None:
        while name and name not in names:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, dict[str, int]] = {}
    for module, path in names.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        edges: dict[str, int] = {}
        for node in _imports(ast.parse(path.read_text(), str(path))):
            targets = []
            if isinstance(node, ast.Import):
                targets = [known(alias.name) for alias in node.names
                           if alias.name.split(".")[0] == top]
            else:
                if node.level:
                    base = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module or ""
                if source.split(".")[0] != top:
                    continue
                for alias in node.names:
                    full = f"{source}.{alias.name}"
                    targets.append(full if full in names else known(source))
            for target in targets:
                if target is not None and target != module:
                    edges[target] = min(edges.get(target, node.lineno), node.lineno)
        graph[module] = edges
    return graph


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def describe(graph: dict[str, dict[str, int]], component: list[str], root: Path) -> str:
    names = module_names(root)
    lines = [" <-> ".join(component)]
    for module in component:
        for target, line in sorted(graph[module].items()):
            if target in component:
                where = names[module].relative_to(root.parent)
                lines.append(f"    {where}:{line} imports {target}")
    return "\n".join(lines)


def test_models_has_no_import_circle():
    graph = import_graph(MODELS)
    # The graph is the real one, not an empty shell.
    assert len(graph) > 50
    assert "models.pipeline" in graph["models.report"]
    assert "models.profiles.collect" in graph["models.__main__"]  # a function-level import
    found = cycles(graph)
    assert not found, "import circles under models/ (each layer imports only below it):\n" + \
        "\n".join(describe(graph, component, MODELS) for component in found)


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "models"
    for name, text in {"__init__.py": "", **files}.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def test_a_function_level_import_closes_a_circle(tmp_path):
    root = _package(tmp_path, {
        "low.py": "def f():\n    from models import high\n",
        "high.py": "from models.low import f\n"})
    assert cycles(import_graph(root)) == [["models.high", "models.low"]]


def test_relative_imports_and_packages_are_followed(tmp_path):
    root = _package(tmp_path, {
        "sub/__init__.py": "",
        "sub/a.py": "from . import b\n",
        "sub/b.py": "def g():\n    import models.sub.c\n",
        "sub/c.py": "from ..sub.a import name\n"})
    assert cycles(import_graph(root)) == [["models.sub.a", "models.sub.b", "models.sub.c"]]


def test_type_checking_imports_do_not_count(tmp_path):
    root = _package(tmp_path, {
        "low.py": ("from typing import TYPE_CHECKING\n"
                   "if TYPE_CHECKING:\n    from models import high\n"),
        "high.py": "from models import low\n"})
    assert cycles(import_graph(root)) == []


def test_a_package_init_importing_its_modules_is_no_circle(tmp_path):
    root = _package(tmp_path, {
        "cores/__init__.py": "from models.cores.m4 import M4\n",
        "cores/base.py": "",
        "cores/m4.py": "from models.cores.base import *\n"})
    assert cycles(import_graph(root)) == []
