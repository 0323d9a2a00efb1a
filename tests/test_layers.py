"""The code's layers, read from its imports (``tests/architecture.py``): features stand on the
workspace and hook into it, nothing points up, nothing goes round, and front ends see only the
engine's public surface."""

import ast
from pathlib import Path

from .architecture import (
    BELOW_FEATURES,
    FEATURES,
    LAYERS,
    PACKAGES,
    ROOT,
    circles,
    import_graph,
    layer_of,
    modules,
    package_of,
    picture,
)


def test_every_module_has_a_layer() -> None:
    for module in modules():
        package_of(module)  # raises, naming the module, when no layer holds it


def test_no_import_points_up_a_layer() -> None:
    graph = import_graph()
    upward = sorted(
        f"{module} -> {target} ({LAYERS[layer_of(module)][0]} -> {LAYERS[layer_of(target)][0]})"
        for module, targets in graph.items()
        for target in targets
        if layer_of(target) > layer_of(module)
    )
    assert upward == []


def test_no_import_circle() -> None:
    assert circles(import_graph()) == []


def test_the_workspace_and_what_it_stands_on_import_no_feature() -> None:
    graph = import_graph()
    calls_up = sorted(
        f"{module} -> {target}"
        for module, targets in graph.items()
        if package_of(module) in BELOW_FEATURES
        for target in targets
        if package_of(target) in FEATURES
    )
    assert calls_up == []


def test_front_ends_import_only_the_engine_package_and_their_own() -> None:
    """``from engine import X`` (a name of its ``__all__``, a feature module such as ``queries`` among
    them) and the shared engine's link (``shared_engine``, and ``engine_host.launch``: how to start it),
    never ``engine.something``, never the engine's server, and never the other front end."""
    for front_end in ("tui", "mcp_server"):
        past_the_surface = []
        others = set(PACKAGES) - {"engine", "shared_engine", front_end}
        for path in sorted((ROOT / front_end).rglob("*.py")):
            for module in absolute_imports(path):
                top = module.split(".")[0]
                if module == "engine_host.launch":
                    continue
                if (top == "engine" and module != "engine") or top in others:
                    past_the_surface.append(f"{path.relative_to(ROOT)}: {module}")
        assert past_the_surface == [], f"{front_end} imports past engine/__init__.py (add the name to its __all__)"


def test_what_front_ends_import_is_in_the_public_surface() -> None:
    import engine

    for front_end in ("tui", "mcp_server"):
        for path in sorted((ROOT / front_end).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module == "engine":
                    for alias in node.names:
                        assert alias.name in engine.__all__, f"{path.relative_to(ROOT)}: {alias.name}"


def test_what_front_ends_reach_through_the_engines_namespaces_is_public() -> None:
    """``editing.extract_interface`` after ``from engine import editing``: the attribute is in
    ``engine.editing.__all__`` too, so the surface a front end uses is the one the engine declares."""
    import engine

    namespaces = {name for name in engine.__all__ if isinstance(getattr(engine, name), type(engine))}
    private = []
    for front_end in ("tui", "mcp_server"):
        for path in sorted((ROOT / front_end).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            imported = {
                alias.asname or alias.name
                for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module == "engine"
                for alias in node.names
                if alias.name in namespaces
            }
            for node in ast.walk(tree):
                if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in imported:
                    module = getattr(engine, node.value.id)
                    if node.attr not in getattr(module, "__all__", ()):
                        private.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value.id}.{node.attr}")
    assert private == [], f"{private}: add these to their namespace's __all__, or stop using them from a front end"


def test_the_engine_starts_from_the_module_its_launch_names() -> None:
    """The command a front end runs starts ``engine_host/__main__.py``'s ``main`` (named from the module,
    so a move cannot leave the command pointing at nothing)."""
    import importlib.util

    from engine_host import launch

    line = launch.command("/tmp/Some.sln", None)
    assert line[1:3] == ["-m", launch.PACKAGE]
    spec = importlib.util.find_spec(f"{launch.PACKAGE}.__main__")
    assert spec is not None and spec.origin == str(ROOT / "engine_host" / "__main__.py")
    main = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    assert any(isinstance(node, ast.FunctionDef) and node.name == "main" for node in main.body)


def test_the_picture_of_the_layers_is_the_imports_of_today() -> None:
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    assert picture() in text, "run: python -m tests.architecture"


def test_the_shared_engines_link_imports_only_the_standard_library() -> None:
    """A front end that attaches to a shared engine starts in milliseconds: no pythonnet, no MCP SDK."""
    import sys

    link = [
        *sorted((ROOT / "shared_engine").rglob("*.py")),
        ROOT / "engine_host" / "launch.py",
        ROOT / "engine_host" / "__init__.py",
    ]
    outside = [
        f"{path.name}: {module}"
        for path in link
        for module in absolute_imports(path)
        if module.split(".")[0] not in sys.stdlib_module_names and module not in ("engine_host", "engine_host.launch")
    ]
    assert outside == []


def absolute_imports(path: Path) -> list[str]:
    """The modules ``path`` imports by absolute name (``import x.y``, ``from x.y import z``)."""
    named: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0:
            named.append(node.module or "")
        elif isinstance(node, ast.Import):
            named.extend(alias.name for alias in node.names)
    return named


def test_tools_hand_the_session_to_the_engine_only_through_the_session() -> None:
    """A tool's call may be routed to another solution's engine (a ``RemoteSession``): an engine
    function given that session itself fails there, so tools reach the engine with ``s.call(fn, ...)``,
    ``s.run`` or ``s.call_plain``, never ``fn(s, ...)``. Tools that need no solution are given only a
    session of this process (``loaded_or_none``: the REPL's and NuGet's state is the process's own)."""
    direct = []
    for path in sorted((ROOT / "mcp_server" / "tools").glob("*.py")):
        if path.name == "registry.py":  # declares the tools and calls their computes
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        local = set()  # what respond(..., needs_solution=False) computes with
        for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call) and ast.unparse(n.func) == "respond"):
            if any(k.arg == "needs_solution" and ast.unparse(k.value) == "False" for k in call.keywords):
                local.update(ast.unparse(a) for a in call.args[1:2])
        for node in ast.walk(tree):
            if isinstance(node, ast.Lambda):
                name = ast.unparse(node)
            elif isinstance(node, ast.FunctionDef) and node.col_offset > 0:  # a tool's own compute
                name = node.name
            else:
                continue
            if name in local or not node.args.args:
                continue
            session = node.args.args[0].arg
            for call in (n for n in ast.walk(node) if isinstance(n, ast.Call)):
                given = [a for a in [*call.args, *(k.value for k in call.keywords)] if isinstance(a, ast.Name)]
                if any(a.id == session for a in given):
                    direct.append(f"{path.name}:{call.lineno} {ast.unparse(call)[:80]}")
    assert direct == []
