"""The import contract of docs/architecture.md, read from the code's own imports.

Only imports that run count: an import under ``if TYPE_CHECKING:`` names a type for
the checker and the compiler (mypyc resolves it at build time) and loads nothing.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "rootlaw"

# the layers of rootlaw.core, lowest first (docs/architecture.md): a module imports only
# modules of its own layer or of the layers below; within a layer, no circle
CORE_LAYERS: list[tuple[str, ...]] = [
    ("errors", "rng", "catalog", "cardstate", "hidden", "options", "steps"),
    ("faction_api", "hired"),
    ("state",),
    ("seats",),
    ("chance",),
    ("clearings",),
    ("pieces",),
    ("scoring",),
    ("engine",),
    ("appendix_a", "maps", "landmarks", "move", "battle", "cards_ep", "effects", "craft",
     "turn", "hire", "advanced", "determinize", "view"),
    ("game",),
]
MAX_CORE_LINES = 1000


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_only(tree: ast.Module) -> set[int]:
    """The ids of the nodes under ``if TYPE_CHECKING:``."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.If) and isinstance(node.test, ast.Name)
                and node.test.id == "TYPE_CHECKING"):
            out.update(id(x) for x in ast.walk(node))
    return out


def _runtime_imports(path: Path, known: set[str]) -> set[str]:
    """The rootlaw modules ``path`` imports when it runs (at load or in a function)."""
    tree = ast.parse(path.read_text())
    skip = _type_only(tree)
    here = _module(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package[:len(package) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            names = [base] + [f"{base}.{a.name}" for a in node.names]
        out.update(n for n in names if n in known)
    out.discard(_module(path))
    return out


def _graph() -> dict[str, set[str]]:
    paths = sorted(ROOT.rglob("*.py"))
    known = {_module(p) for p in paths}
    return {_module(p): _runtime_imports(p, known) for p in paths}


def _circle(graph: dict[str, set[str]]) -> list[str] | None:
    """A circle of the graph, if there is one."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(u: str) -> list[str] | None:
        state[u] = 1
        path.append(u)
        for v in sorted(graph.get(u, ())):
            if state.get(v) == 1:
                return path[path.index(v):] + [v]
            if v not in state:
                found = visit(v)
                if found:
                    return found
        path.pop()
        state[u] = 2
        return None

    for u in sorted(graph):
        if u not in state:
            found = visit(u)
            if found:
                return found
    return None


def _package(module: str) -> str:
    return ".".join(module.split(".")[:2])


def test_every_core_module_has_a_layer() -> None:
    layered = {m for layer in CORE_LAYERS for m in layer}
    modules = {p.stem for p in (ROOT / "core").glob("*.py")} - {"__init__"}
    assert modules == layered, (f"not in docs/architecture.md's layers: "
                                f"{sorted(modules - layered)}; gone: {sorted(layered - modules)}")


def test_core_imports_only_downward() -> None:
    rank = {f"rootlaw.core.{m}": i for i, layer in enumerate(CORE_LAYERS) for m in layer}
    wrong = []
    for module, deps in _graph().items():
        if module not in rank:
            continue
        for dep in deps:
            if _package(dep) != "rootlaw.core" and dep != "rootlaw.core":
                wrong.append(f"{module} imports {dep}: core imports no other package")
            elif dep in rank and rank[dep] > rank[module]:
                wrong.append(f"{module} imports {dep}, a higher layer")
    assert not wrong, "\n".join(wrong)


def test_no_circle_in_core() -> None:
    core = {m: {d for d in deps if d.startswith("rootlaw.core.")}
            for m, deps in _graph().items() if m.startswith("rootlaw.core.")}
    assert _circle(core) is None, f"import circle: {' -> '.join(_circle(core) or [])}"


def test_no_core_module_over_its_limit() -> None:
    long = {p.name: n for p in (ROOT / "core").glob("*.py")
            if (n := len(p.read_text().splitlines())) > MAX_CORE_LINES}
    assert not long, f"core modules over {MAX_CORE_LINES} lines: {long}"


def test_no_circle_between_packages() -> None:
    packages: dict[str, set[str]] = {}
    for module, deps in _graph().items():
        for dep in deps:
            if _package(dep) != _package(module):
                packages.setdefault(_package(module), set()).add(_package(dep))
    assert _circle(packages) is None, f"package circle: {' -> '.join(_circle(packages) or [])}"


def test_nothing_imports_the_command_line() -> None:
    """rootlaw.cli assembles the commands; no module reaches back up into it."""
    users = sorted(m for m, deps in _graph().items() if "rootlaw.cli" in deps)
    assert not users, f"modules importing rootlaw.cli: {users}"


def test_the_circle_finder_finds_one() -> None:
    """The checks above can fail: a circle of three is found, a tree is not."""
    assert _circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _circle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None
