"""The MCP server object: instructions, lifespan (background load) and tools."""

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from mcp_types import CallToolResult, InputRequiredResult
from mcp_types import Tool as MCPTool
from pydantic import ValidationError

from . import prompts, resources, tools, toolsets
from .argument_errors import described
from .config import Settings
from .schemas import compact
from .solution_state import SolutionState
from .transport import guarded_stdio

INSTRUCTIONS = (Path(__file__).parent / "instructions.md").read_text(encoding="utf-8")


class RoslynMcpServer(MCPServer):
    """The SDK's server over a guarded stdio transport (``transport.guarded_stdio``), listing its
    tools lean (``schemas``)."""

    async def list_tools(self) -> list[MCPTool]:
        tools = await super().list_tools()
        return [
            tool.model_copy(update={"input_schema": compact(tool.input_schema), "output_schema": None})
            for tool in tools
        ]

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None = None
    ) -> CallToolResult | InputRequiredResult:
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as error:
            if isinstance(error, UnexpectedToolError) or not isinstance(error.__cause__, ValidationError):
                raise
            raise ToolError(described(name, error.__cause__)) from error.__cause__

    async def run_stdio_async(self) -> None:
        async with guarded_stdio() as (read_stream, write_stream):
            server = self._lowlevel_server
            await server.run(read_stream, write_stream, server.create_initialization_options())


def create_server(settings: Settings, attached: SolutionState | None = None) -> MCPServer:
    """The server; ``attached``: a session of the shared engine, whose solution is loaded already."""
    state = attached or SolutionState(settings)

    @asynccontextmanager
    async def lifespan(_: MCPServer) -> AsyncIterator[SolutionState]:
        if settings.solution_path and attached is None:
            try:
                state.start_configured(settings.solution_path)
            except Exception as error:  # a bad path must not stop the server: tools report it
                logging.getLogger("roslyn_mcp").warning("cannot load %s: %s", settings.solution_path, error)
        yield state

    instructions = f"{INSTRUCTIONS}\n{toolsets.described(settings.toolsets)}\n"
    server = RoslynMcpServer(name="roslyn-mcp", instructions=instructions, version="0.1.0", lifespan=lifespan)
    tools.register(server, settings.toolsets)
    resources.register(server, state, settings)
    prompts.register(server)
    return server
