"""A synchronous handle on a real ``roslyn-mcp`` subprocess, talked to with the ``mcp`` stdio client.

The client session lives on its own event loop thread, so plain test functions can share one
server per module (a start costs seconds: CoreCLR, Roslyn and the solution load).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

ROOT = Path(__file__).parent.parent


def server_command() -> list[str]:
    script = shutil.which("roslyn-mcp", path=str(Path(sys.executable).parent))
    return [script] if script else [sys.executable, "-m", "mcp_server"]


class McpClient:
    def __init__(self, env: dict[str, str], args: list[str] | None = None, cwd: Path = ROOT) -> None:
        command = server_command()
        self.parameters = StdioServerParameters(
            command=command[0], args=command[1:] + (args or []), env={**os.environ, **env}, cwd=str(cwd)
        )
        self.loop = asyncio.new_event_loop()
        self._ready: Future[Any] = Future()
        self._stop: asyncio.Event | None = None
        self.session: ClientSession | None = None
        self.initialize_result: Any = None
        self._thread = threading.Thread(target=self.loop.run_until_complete, args=(self._main(),), daemon=True)

    def __enter__(self) -> McpClient:
        self._thread.start()
        self._ready.result(timeout=120)
        return self

    def __exit__(self, *_: object) -> None:
        assert self._stop is not None
        self.loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(30)
        if not self._thread.is_alive():
            # Closed here, not by the garbage collector on whatever thread collects it next: a CI run
            # once hung with an engine thread in an event loop's __del__ while the main thread was in
            # Roslyn (a pythonnet finalizer and GIL wait), in a test that uses no event loop at all.
            self.loop.close()

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        try:
            async with stdio_client(self.parameters) as (read, write), ClientSession(read, write) as session:
                self.initialize_result = await session.initialize()
                self.session = session
                self._ready.set_result(True)
                await self._stop.wait()
        except BaseException as error:
            if not self._ready.done():
                self._ready.set_exception(error)
            raise

    def run(self, coroutine: Any, timeout: float = 300) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def call(self, tool: str, **arguments: Any) -> Any:
        assert self.session is not None
        return self.run(self.session.call_tool(tool, arguments))

    def text(self, tool: str, **arguments: Any) -> str:
        result = self.call(tool, **arguments)
        assert not result.is_error, result.content[0].text
        return result.content[0].text

    def list_tools(self) -> Any:
        assert self.session is not None
        return self.run(self.session.list_tools())
