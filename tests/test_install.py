"""Installed as a tool: the built wheel in a fresh virtual environment puts ``roslyn-mcp`` and ``roslyn-tui``
on its PATH, both start and answer from there, and neither writes into the installed package."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from .conftest import copy_fixture

ROOT = Path(__file__).parent.parent
WHEELHOUSE = ROOT.parent / "shared" / "wheels"


def _pip_environment() -> dict[str, str]:
    # The README's offline install: the wheelhouse when this machine has no package index.
    extra = {"PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(WHEELHOUSE)} if WHEELHOUSE.is_dir() else {}
    return {**os.environ, **extra, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}


@pytest.fixture(scope="module")
def tool(tmp_path_factory) -> Path:
    """A fresh virtual environment with only the built wheel (and its dependencies) installed."""
    work = tmp_path_factory.mktemp("install")
    env = _pip_environment()
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(work / "dist"), str(ROOT)],
        env=env,
        check=True,
        timeout=300,
    )
    wheel = next((work / "dist").glob("roslyn_tui-*.whl"))
    subprocess.run([sys.executable, "-m", "venv", str(work / "tool")], check=True, timeout=120)
    subprocess.run([str(work / "tool" / "bin" / "pip"), "install", "-q", str(wheel)], env=env, check=True, timeout=600)
    return work / "tool"


def _package_files(tool: Path) -> set[Path]:
    site = next((tool / "lib").glob("python3*/site-packages"))
    return {
        p.relative_to(site)
        for package in ("engine", "tui", "mcp_server", "themes")
        for p in (site / package).rglob("*")
        if "__pycache__" not in p.parts
    }


def test_roslyn_mcp_answers_from_the_installed_wheel(tool, tmp_path):
    shop = copy_fixture("Shop", tmp_path)
    before = _package_files(tool)

    async def ask() -> tuple[list[str], str]:
        parameters = StdioServerParameters(
            command=str(tool / "bin" / "roslyn-mcp"),
            env={**os.environ, "DOTNET_SOLUTION_PATH": str(shop / "Shop.sln")},
            cwd=str(tmp_path),
        )
        async with stdio_client(parameters) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            tools = [t.name for t in (await session.list_tools()).tools]
            answer = await session.call_tool("find_references", {"symbol": "Shop.Core.Customer"})
            assert not answer.is_error, answer.content
            return tools, answer.content[0].text  # type: ignore[union-attr]

    tools, references = asyncio.run(asyncio.wait_for(ask(), 240))
    assert {"find_symbols", "find_references", "evaluate_csharp"} <= set(tools)
    assert references.startswith("References to Customer: ")
    assert "src/Shop.App/Program.cs\n  11:9  type use" in references
    assert _package_files(tool) == before


def test_roslyn_tui_opens_the_sample_from_the_installed_wheel(tool, tmp_path):
    before = _package_files(tool)
    empty = tmp_path / "nothing-here"
    empty.mkdir()
    app = pexpect.spawn(
        str(tool / "bin" / "roslyn-tui"),
        cwd=str(empty),
        env={**os.environ, "TERM": "xterm-256color", "ROSLYN_TUI_CONFIG_DIR": str(tmp_path / "config")},
        dimensions=(36, 120),
        timeout=180,
        encoding="utf-8",
        codec_errors="replace",
    )
    try:
        app.expect("sample solution")
        app.expect("Sample.Core")  # the solution tree, filled once the load is done
        app.sendcontrol("q")
        app.expect(pexpect.EOF, timeout=60)
    finally:
        app.close(force=True)
    assert app.exitstatus == 0
    # The sample was restored and built from a copy in the user cache, not in the package.
    assert _package_files(tool) == before
