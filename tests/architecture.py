"""The layers of the code, read from its imports with ``ast`` (nothing is imported): what
``test_layers.py`` holds and ``bench/layers.py`` draws."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("shared_engine", "engine", "engine_host", "mcp_server", "tui")

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("the shared engine's link (standard library only)", ("shared_engine", "engine_host.launch")),
    ("plain values", ("engine.errors", "engine.models", "engine.views")),
    ("host", ("engine.host", "engine.native", "engine.sandbox", "engine.trust")),
    ("workspace", ("engine.workspace",)),
    ("symbols", ("engine.symbols",)),
    ("services", ("engine.nuget", "engine.diagnostics", "engine.scip")),
    ("sources", ("engine.docs", "engine.external")),
    ("editing", ("engine.editing",)),
    ("queries", ("engine.queries",)),
    (
        "features",
        (
            "engine.index",
            "engine.testing",
            "engine.symbol_edits",
            "engine.repl",
            "engine.web",
            "engine.review",
            "engine.code_view",
            "engine.runtime",
        ),
    ),
    ("composites", ("engine.analysis", "engine.apps")),
    ("public surface", ("engine", "engine.__main__")),
    ("front ends", ("mcp_server", "tui")),
    ("the shared engine's server", ("engine_host",)),
)
"""Bottom first: a module may import its own layer's packages and those below, never above."""

BELOW_FEATURES = ("engine.workspace", "engine.host", "engine.native", "engine.sandbox")
"""Packages that no feature package may be imported from: features hook into them (``workspace.hooks``)."""
FEATURES = tuple(p for _, packages in LAYERS[4:11] for p in packages)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))}


def import_graph() -> dict[str, set[str]]:
    """Each module's imports of the project's modules: at module level, inside functions and under
    ``TYPE_CHECKING`` alike; ``from package import module`` names the module."""
    known = modules()
    graph: dict[str, set[str]] = defaultdict(set)
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    base = ".".join([*parts[: len(parts) - node.level + 1], *([node.module] if node.module else [])])
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                continue
            for target in targets:
                while target and target not in known:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    graph[name].add(target)
    return graph


def package_of(module: str) -> str:
    """The package a layer names the module by: ``engine.workspace.session`` -> ``engine.workspace``."""
    matching = [p for _, packages in LAYERS for p in packages if module == p or module.startswith(p + ".")]
    if matching:
        return max(matching, key=len)
    raise LookupError(f"{module} is in no layer of tests/architecture.py: add its package to LAYERS")


def layer_of(module: str) -> int:
    package = package_of(module)
    return next(i for i, (_, packages) in enumerate(LAYERS) if package in packages)


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: strongly connected components of more than one module (the engine's own
    Tarjan, as ``dependency_graph`` finds cycles with it)."""
    from engine.analysis.dependencies import strongly_connected_components

    modules = sorted(set(graph) | {target for targets in graph.values() for target in targets})
    successors = {module: sorted(graph.get(module, ())) for module in modules}
    return [sorted(c) for c in strongly_connected_components(modules, successors) if len(c) > 1]


def picture() -> str:
    """The layers as a Mermaid flowchart, top to bottom, each with its packages, and an arrow from each
    layer to the one below: a layer may import any layer under it (the imports themselves are the tests'
    to hold, not the picture's). Made from ``LAYERS``, so it changes when a layer or a package does."""
    lines = ["```mermaid", "flowchart TB"]
    for index, (name, packages) in reversed(list(enumerate(LAYERS))):
        shown = "<br>".join(_shown(package) for package in packages)
        lines.append(f'    L{index}["<b>{name}</b><br>{shown}"]')
    lines.extend(f"    L{index} --> L{index - 1}" for index in range(len(LAYERS) - 1, 0, -1))
    lines.append("```")
    return "\n".join(lines)


def _shown(package: str) -> str:
    """A package as a path: ``engine/workspace/``, ``engine/errors.py``, ``engine/__init__.py``."""
    path = package.replace(".", "/")
    if package == "engine":
        return "engine/__init__.py"
    return f"{path}/" if (ROOT / path).is_dir() else f"{path}.py"


def write_picture(document: Path = ROOT / "ARCHITECTURE.md") -> bool:
    """Put ``picture()`` between the layers markers of ``document``; whether it changed."""
    text = document.read_text(encoding="utf-8")
    start, end = "<!-- layers:start -->\n", "<!-- layers:end -->"
    before, _, rest = text.partition(start)
    _, _, after = rest.partition(end)
    updated = f"{before}{start}{picture()}\n{end}{after}"
    if updated != text:
        document.write_text(updated, encoding="utf-8")
    return updated != text


if __name__ == "__main__":
    print("ARCHITECTURE.md's picture " + ("written" if write_picture() else "was up to date"))
