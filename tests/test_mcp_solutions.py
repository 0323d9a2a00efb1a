"""Several solutions in one server: ``load_solution`` adds, ``solutions`` lists, a call is answered by
the solution that holds what it names, ``solution=`` picks one, and with sharing on each solution is
its own shared engine, added again when the first engine is replaced. On ``Monorepo``: ``Store.slnx``
and ``Tools.slnx`` at one root, sharing ``Store.Core``, each with a ``Program`` of its own."""

from __future__ import annotations

import os
import re
import shutil
import signal
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from mcp.shared.exceptions import MCPError

from tests.conftest import copy_fixture
from tests.mcp_client import McpClient

# A copy of the module's own: another test's build or restore of the fixture would reload it here.
MONOREPO = copy_fixture("Monorepo", Path(tempfile.mkdtemp(prefix="roslyn-monorepo-")))
STORE = MONOREPO / "Store.slnx"
TOOLS = MONOREPO / "Tools.slnx"
TRUSTED = {"ROSLYN_TRUSTED_ROOTS": str(MONOREPO)}


@pytest.fixture(scope="module")
def both() -> Iterator[McpClient]:
    """A server configured with Store, Tools added: Tools is current."""
    with McpClient({**TRUSTED, "ROSLYN_SHARED_ENGINE": "0"}, ["--solution", str(STORE)]) as client:
        client.text("find_symbols", query="Cart")  # Store is the first: it stays first
        added = client.text("load_solution", path=str(TOOLS))
        assert "Also loaded: Store.slnx" in added
        # Search answers before MSBuild is done (from syntax alone), so Store may still be loading: on a
        # slow machine it still was after Tools had loaded.
        for _ in range(600):
            listing = client.call("solutions").structured_content["result"]["items"]
            if {item["state"] for item in listing} == {"loaded"}:
                break
            time.sleep(0.2)
        yield client


def _files(text: str) -> set[str]:
    """The files a references answer lists (its lines that are paths)."""
    return {line for line in text.splitlines()[1:] if line and not line.startswith(" ")}


def test_solutions_lists_both_the_added_one_current(both: McpClient) -> None:
    listing = both.call("solutions").structured_content["result"]["items"]
    assert [(item["name"], item.get("current", False)) for item in listing] == [
        ("Store.slnx", False),
        ("Tools.slnx", True),
    ]
    assert {item["state"] for item in listing} == {"loaded"} and {item["projects"] for item in listing} == {2}


def test_a_declaration_both_hold_is_answered_by_the_current_and_solution_picks_the_other(both: McpClient) -> None:
    routed = both.text("find_references", symbol="Store.Core.Cart")
    assert routed == both.text("find_references", symbol="Store.Core.Cart", solution="Tools.slnx")
    store = both.text("find_references", symbol="Store.Core.Cart", solution="Store")
    assert _files(routed) == {"tools/Tools.Cli/Program.cs"}
    assert _files(store) == {"src/Store.App/Program.cs"}  # each solution's own callers


@pytest.mark.parametrize(("name", "holder"), [("Migrator", "Tools.slnx"), ("Checkout", "Store.slnx")])
def test_a_symbol_only_one_holds_is_answered_there(both: McpClient, name: str, holder: str) -> None:
    routed = both.call("symbol_info", symbol=name)
    assert not routed.is_error, routed.content[0].text
    assert routed.content[0].text == both.text("symbol_info", symbol=name, solution=holder)


def test_a_file_only_one_holds_is_answered_there(both: McpClient) -> None:
    outline = both.text("file_outline", file="src/Store.App/Program.cs")
    assert "class Checkout" in outline
    assert outline == both.text("file_outline", file="src/Store.App/Program.cs", solution=str(STORE))


def test_a_name_meaning_different_code_in_each_names_both_places(both: McpClient) -> None:
    result = both.call("symbol_info", symbol="Program")
    text = result.content[0].text
    assert result.is_error and "Program means different code in 2 loaded solutions" in text
    assert f"Store.slnx: {MONOREPO / 'src/Store.App/Program.cs'}:5" in text
    assert f"Tools.slnx: {MONOREPO / 'tools/Tools.Cli/Program.cs'}:5" in text
    assert "Give solution=" in text
    assert "Store.App.Program" in both.text("symbol_info", symbol="Program", solution="Store")


def test_an_unknown_solution_is_named_with_those_loaded(both: McpClient) -> None:
    result = both.call("find_symbols", query="Cart", solution="Nope")
    text = result.content[0].text
    assert result.is_error and "No loaded solution is called Nope" in text
    assert str(STORE) in text and str(TOOLS) in text


def test_loading_one_already_loaded_makes_it_current_without_a_reload(both: McpClient) -> None:
    try:
        again = both.text("load_solution", path=str(STORE))
        assert "Also loaded: Tools.slnx" in again
        items = both.call("solutions").structured_content["result"]["items"]
        assert [item["name"] for item in items if item.get("current")] == ["Store.slnx"]
        assert _files(both.text("find_references", symbol="Store.Core.Cart")) == {"src/Store.App/Program.cs"}
    finally:
        both.text("load_solution", path=str(TOOLS))


def test_the_solution_argument_is_on_solution_tools_only(both: McpClient) -> None:
    tools = {tool.name: tool.input_schema.get("properties", {}) for tool in both.list_tools().tools}
    assert "solution" in tools["find_references"] and "solution" in tools["run_tests"]
    assert not any("solution" in tools[name] for name in ("evaluate_csharp", "search_nuget", "job_status", "solutions"))


@pytest.fixture
def sharing() -> Iterator[dict[str, str]]:
    runtime = Path(tempfile.mkdtemp(prefix="roslyn-engines-"))
    env = {**TRUSTED, "ROSLYN_SHARED_ENGINE": "1", "ROSLYN_ENGINE_DIR": str(runtime), "ROSLYN_ENGINE_IDLE_SECONDS": "4"}
    yield env
    for entry in Path("/proc").iterdir():
        try:
            environment = (entry / "environ").read_bytes() if entry.name.isdigit() else b""
        except OSError:
            continue
        if str(runtime).encode() in environment:
            os.kill(int(entry.name), signal.SIGKILL)
    shutil.rmtree(runtime, ignore_errors=True)


def _engine_pids(client: McpClient) -> dict[str, int]:
    """Each loaded solution's engine; empty while the engine the relay talks to is being replaced."""
    try:
        result = client.call("solutions")
    except MCPError as error:  # the call in flight when the engine died
        assert "The shared engine stopped" in str(error), error
        return {}
    items = result.structured_content["result"]["items"]
    return {item["name"]: int(re.search(r"pid (\d+)", item["engine"]).group(1)) for item in items}


def test_each_solution_is_its_own_shared_engine_and_is_added_again_after_a_restart(sharing: dict[str, str]) -> None:
    # Tools' engine has no front end from the kill until the new engine replays the load: it must not
    # reach its idle time before then, which the fixture's 4 s did on a slow machine.
    with McpClient({**sharing, "ROSLYN_ENGINE_IDLE_SECONDS": "300"}, ["--solution", str(STORE)]) as client:
        client.text("load_solution", path=str(TOOLS))
        engines = _engine_pids(client)
        assert set(engines) == {"Store.slnx", "Tools.slnx"} and engines["Store.slnx"] != engines["Tools.slnx"]
        routed = client.text("symbol_info", symbol="Migrator")  # answered by Tools' engine
        assert "T:Tools.Cli.Migrator" in routed
        # Tools that run engine functions on the session (an edit's preview, a build) run in Tools' engine.
        renamed = client.text("rename_symbol", symbol="Tools.Cli.Migrator", new_name="Mover", solution="Tools.slnx")
        assert "+++ b/tools/Tools.Cli/Program.cs" in renamed and "Mover" in renamed
        assert client.text("run_build", solution="Tools.slnx").startswith("Build of Tools.slnx (Debug) succeeded")

        os.kill(engines["Store.slnx"], signal.SIGKILL)  # the engine the relay talks to
        for _ in range(120):  # the relay starts a new engine and replays the load of Tools to it
            again = _engine_pids(client)
            if len(again) == 2:
                break
            time.sleep(0.5)
        assert again["Tools.slnx"] == engines["Tools.slnx"]  # Tools' own engine lived on
        assert again["Store.slnx"] != engines["Store.slnx"]
        assert client.text("symbol_info", symbol="Migrator") == routed

        # An edit applied in Tools' engine is undone there.
        before = {path: path.read_bytes() for path in (MONOREPO / "tools").rglob("*.cs") if "obj" not in path.parts}
        client.text("rename_symbol", symbol="Tools.Cli.Migrator", new_name="Mover", solution="Tools.slnx", apply=True)
        assert b"Mover" in (MONOREPO / "tools" / "Tools.Cli" / "Program.cs").read_bytes()
        undone = client.text("undo_edit", solution="Tools.slnx")
        after = {path: path.read_bytes() for path in (MONOREPO / "tools").rglob("*.cs") if "obj" not in path.parts}
        assert after == before, undone


def test_a_view_from_another_solution_s_engine_marks_its_generated_files(
    sharing: dict[str, str], tmp_path: Path
) -> None:
    """Shop's generated file, shown by Store's engine, which never loaded Shop: its engine tells the
    documents it knows as generated with the answer, and the view marks them as Shop's engine would."""
    shop = copy_fixture("Shop", tmp_path) / "Shop.sln"
    env = {**sharing, "ROSLYN_TRUSTED_ROOTS": f"{MONOREPO}{os.pathsep}{shop.parent}"}
    with McpClient(env, ["--solution", str(STORE)]) as client:
        client.text("load_solution", path=str(shop))
        text = client.text("find_references", symbol="GeneratedInfo.Name", include_declarations=True, solution="Shop")
        assert "GeneratedInfo.g.cs  (generated by Shop.Generators.InfoGenerator)" in text, text


def test_a_write_routed_to_another_solution_s_engine_waits_for_approval_as_any(sharing: dict[str, str]) -> None:
    """``ROSLYN_APPROVE_WRITES=1``: a write made in Tools' engine for this client is put to its user as a
    write to the current solution is (MCP elicitation, from the engine the call came to). Declined,
    nothing is written and the reason comes back; accepted, that very write is made; a client that
    cannot ask gets it refused."""
    import asyncio

    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client
    from mcp_types import ElicitResult

    from tests.mcp_client import server_command

    program = MONOREPO / "tools" / "Tools.Cli" / "Program.cs"
    before = {path: path.read_bytes() for path in (MONOREPO / "tools").rglob("*.cs") if "obj" not in path.parts}
    asked: list[str] = []
    answers = iter([{"write": False, "reason": "not in this release"}, {"write": True}])

    async def decide(context: object, params: object) -> ElicitResult:
        asked.append(params.message)  # type: ignore[attr-defined]
        return ElicitResult(action="accept", content=next(answers))

    async def rename_twice() -> list[object]:
        command = server_command()
        parameters = StdioServerParameters(
            command=command[0],
            args=[*command[1:], "--solution", str(STORE)],
            env={**os.environ, **sharing, "ROSLYN_APPROVE_WRITES": "1"},
        )
        async with stdio_client(parameters) as (read, write), ClientSession(read, write, elicitation_callback=decide) as mcp:
            await mcp.initialize()
            await mcp.call_tool("load_solution", {"path": str(TOOLS)})
            arguments = {"symbol": "Tools.Cli.Migrator", "new_name": "Mover", "solution": "Tools.slnx", "apply": True}
            declined = await mcp.call_tool("rename_symbol", arguments)
            unchanged = program.read_bytes()
            accepted = await mcp.call_tool("rename_symbol", arguments)
            return [declined, unchanged, accepted]

    declined, unchanged, accepted = asyncio.run(rename_twice())
    assert declined.is_error and "Rejected by the user: not in this release" in declined.content[0].text
    assert unchanged == before[program]
    assert len(asked) == 2 and "rename_symbol wants to write" in asked[0] and "+    " in asked[0] and "Mover" in asked[0]
    assert not accepted.is_error and b"Mover" in program.read_bytes()

    with McpClient({**sharing, "ROSLYN_APPROVE_WRITES": "1"}, ["--solution", str(STORE)]) as client:
        client.text("load_solution", path=str(TOOLS))
        refused = client.call("undo_edit", solution="Tools.slnx")  # an undo is a write too
        assert refused.is_error and "this client cannot ask its user (no elicitation)" in refused.content[0].text
    for path, content in before.items():
        path.write_bytes(content)
