"""The MCP tools, a module per toolset (``mcp_server.toolsets``), each tool declared once with its
toolset's ``tool`` decorator (``registry``) and added to a server by ``register``."""

from mcp.server.mcpserver import MCPServer

from .. import toolsets
from . import analysis, changes, editing, jobs, navigation, nuget, projects, repl, review, runtime, testing, web
from .registry import TOOLS, Tool
from .registry import register as register_declared

MODULES = {
    "navigation": (navigation, jobs),
    "editing": (editing, changes),
    "testing": (testing,),
    "repl": (repl,),
    "nuget": (nuget,),
    "analysis": (analysis,),
    "web": (web,),
    "review": (review,),
    "runtime": (runtime,),
    "projects": (projects,),
}
"""The modules of each toolset."""
assert set(MODULES) == set(toolsets.TOOLSETS), "every toolset has its modules, and only those"


ORDER = [module.__name__ for modules in MODULES.values() for module in modules]


def register(server: MCPServer, chosen: tuple[str, ...]) -> None:
    """Add the tools of the ``chosen`` toolsets to ``server`` (and those every server offers), listed
    in the toolsets' table order and, within a module, in the order it declares them."""
    register_declared(
        server,
        lambda tool: tool.toolset in chosen or tool.name in toolsets.ALWAYS,
        order=lambda tool: ORDER.index(tool.function.__module__),
    )


__all__ = ["TOOLS", "Tool", "register"]
