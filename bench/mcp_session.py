"""A real ``roslyn-mcp`` process on a solution, talked to over stdio with the ``mcp`` client: what every
bench that measures the server as a user meets it starts."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

# Imported with this module, not in the first session: the client's own imports (0.6 s) are no part of
# the server's start, which the benches time from the moment they ask for a session (an assistant's
# client has its MCP modules loaded long before it starts a server).
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client


@asynccontextmanager
async def mcp_session(solution: Path, env: dict[str, str] | None = None, cwd: Path | None = None) -> AsyncIterator[Any]:
    """An initialized client session of a new server process on ``solution`` (``env``: its environment,
    this process's by default)."""
    server = shutil.which("roslyn-mcp", path=str(Path(sys.executable).parent)) or "roslyn-mcp"
    environment = {**(os.environ if env is None else env), "DOTNET_SOLUTION_PATH": str(solution)}
    parameters = StdioServerParameters(
        command=server, args=[], env=environment, cwd=str(cwd) if cwd is not None else None
    )
    async with stdio_client(parameters) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session
