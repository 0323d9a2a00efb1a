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
    them) and the shared engine's link (``shared_engine``), never ``engine.something``, and never the
    other front end."""
    for front_end in ("tui", "mcp_server"):
        past_the_surface = []
        others = set(PACKAGES) - {"engine", "shared_engine", front_end}
        for path in sorted((ROOT / front_end).rglob("*.py")):
            for module in absolute_imports(path):
                top = module.split(".")[0]
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


def test_the_picture_of_the_layers_is_the_imports_of_today() -> None:
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    assert picture() in text, "run: python -m tests.architecture"


def test_the_shared_engines_link_imports_only_the_standard_library() -> None:
    """A front end that attaches to a shared engine starts in milliseconds: no pythonnet, no MCP SDK."""
    import sys

    outside = [
        f"{path.name}: {module}"
        for path in sorted((ROOT / "shared_engine").rglob("*.py"))
        for module in absolute_imports(path)
        if module.split(".")[0] not in sys.stdlib_module_names
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
