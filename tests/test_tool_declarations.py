"""Every MCP tool is declared one way (``mcp_server.tools.registry``): a module-level function of its
toolset's module, named after what it serves in the engine, added to a server by nothing else."""

import ast
from pathlib import Path

from mcp_server import toolsets
from mcp_server.tools import MODULES, TOOLS

TOOLS_DIR = Path(__file__).resolve().parent.parent / "mcp_server"


def test_each_tool_is_named_after_what_it_serves_and_declared_once() -> None:
    names = [tool.name for tool in TOOLS]
    assert len(names) == len(set(names))
    assert [tool.name for tool in TOOLS if tool.name != tool.serves.name] == []


def test_each_tool_belongs_to_the_toolset_of_its_module() -> None:
    for toolset, modules in MODULES.items():
        assert toolset in toolsets.TOOLSETS
        for module in modules:
            declared = [tool for tool in TOOLS if tool.function.__module__ == module.__name__]
            assert declared, f"{module.__name__} declares no tool"
            assert {tool.toolset for tool in declared} == {toolset}


def test_every_async_function_of_a_toolset_module_is_a_declared_tool() -> None:
    declared = {tool.name for tool in TOOLS}
    for modules in MODULES.values():
        for module in modules:
            tree = ast.parse(Path(module.__file__ or "").read_text(encoding="utf-8"))
            functions = {node.name for node in tree.body if isinstance(node, ast.AsyncFunctionDef)}
            assert functions <= declared, f"{module.__name__}: {sorted(functions - declared)} are not declared"


def test_only_the_registry_adds_tools_to_a_server() -> None:
    adding = sorted(
        str(path.relative_to(TOOLS_DIR))
        for path in TOOLS_DIR.rglob("*.py")
        if ".tool(" in path.read_text(encoding="utf-8")
    )
    assert adding == ["tools/registry.py"]


def test_what_a_tool_serves_decides_what_it_may_do_early_and_restricted() -> None:
    by_name = {tool.name: tool.serves for tool in TOOLS}
    assert sorted(name for name, served in by_name.items() if served.early) == [
        "file_outline",
        "find_references",
        "find_symbols",
        "go_to_definition",
    ]
    assert by_name["rename_symbol"].updates_every_use and not by_name["rename_symbol"].restricted
