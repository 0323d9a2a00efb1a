"""One engine per solution (issue 45), over the real processes: ``roslyn-mcp`` relays attaching to the
engine the first one started, a watcher seeing their requests, writes held for approval, a front end and
the engine killed, another user refused, the engine leaving when idle."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine_host import launch
from shared_engine import protocol
from shared_engine.place import engines_of, runtime_directory
from shared_engine.relay import RESTART_NOTE
from shared_engine.watch import EngineWatch
from tests.conftest import copy_fixture
from tests.mcp_client import McpClient, server_command

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="SO_PEERCRED and the runtime directory are Linux's")


@pytest.fixture(scope="module")
def sharing() -> Iterator[dict[str, Any]]:
    """A private runtime directory, and the environment that turns sharing on (this process's too, so
    its watchers look where the servers do)."""
    # Directly under /tmp: another user must be able to reach it once a test opens it (pytest's own
    # directory is the user's alone).
    runtime = Path(tempfile.mkdtemp(prefix="roslyn-engines-"))
    env = {"ROSLYN_SHARED_ENGINE": "1", "ROSLYN_ENGINE_DIR": str(runtime), "ROSLYN_ENGINE_IDLE_SECONDS": "4"}
    previous = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    yield {"env": env, "runtime": runtime}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and str(runtime).encode() in _environment_of(entry):
            _kill(int(entry.name))  # an engine a failed test left
    shutil.rmtree(runtime, ignore_errors=True)
    for key, value in previous.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@pytest.fixture
def shared(sharing: dict[str, Any], tmp_path: Path) -> dict[str, Any]:
    """A copy of Single of the test's own (tests write to it), served by a shared engine."""
    return {**sharing, "solution": copy_fixture("Single", tmp_path) / "Single.csproj"}


def _environment_of(process: Path) -> bytes:
    try:
        return (process / "environ").read_bytes()
    except OSError:
        return b""


def _kill(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)


def _client(shared: dict[str, Any]) -> McpClient:
    return McpClient(shared["env"], ["--solution", str(shared["solution"])])


def _engine_processes(solution: Path) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if launch.PACKAGE.encode() in command and str(solution).encode() in command:
            found.append(int(entry.name))
    return found


def _raw_front_end(shared: dict[str, Any]) -> subprocess.Popen[bytes]:
    command = [*server_command(), "--solution", str(shared["solution"])]
    return subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env={**os.environ, **shared["env"]}
    )


def _ask(front_end: subprocess.Popen[bytes], number: int, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """The handshake, then one tool call; its answer."""
    assert front_end.stdin is not None and front_end.stdout is not None
    hello = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}}
    for message in (
        {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": hello},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": number, "method": "tools/call", "params": {"name": tool, "arguments": arguments}},
    ):
        front_end.stdin.write(json.dumps(message).encode() + b"\n")
    front_end.stdin.flush()
    while True:
        answer = json.loads(front_end.stdout.readline())
        if answer.get("id") == number:
            return answer


def _wait(condition: Any, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"waited {seconds} s for {what}"
        time.sleep(0.1)


def test_front_ends_share_one_engine_watched_and_approved(shared: dict[str, Any]) -> None:
    solution = shared["solution"]
    events: list[dict[str, Any]] = []
    attached: list[int | None] = []
    watch = EngineWatch(str(solution), events.append, attached.append)
    with _client(shared) as first:
        answer = first.text("find_references", symbol="Single.Greeter.Greet")
        assert "Usage.cs" in answer
        [engine] = _engine_processes(solution)
        # A second front end, killed after its first answer: no second load, and the first goes on.
        second = _raw_front_end(shared)
        started = time.monotonic()
        answer = _ask(second, 1, "find_symbols", {"query": "Greeter"})
        second_first_answer = time.monotonic() - started
        assert "Greeter" in answer["result"]["content"][0]["text"]
        assert _engine_processes(solution) == [engine]
        second.kill()
        second.wait(10)
        assert "Usage.cs" in first.text("find_references", symbol="Single.Greeter.Greet")
        assert second_first_answer < 10, second_first_answer  # a start and a search, no load (generous for CI)

        watch.start()
        _wait(lambda: attached and attached[-1] == engine, 10, "the watcher to attach")
        # A late watcher is sent the session so far, then each request as it happens.
        first.text("symbol_info", symbol="Single.Usage.Run")
        _wait(lambda: any(e.get("tool") == "symbol_info" for e in events), 10, "symbol_info's activity")
        tools = [e["tool"] for e in events if e.get("kind") == "activity"]
        assert tools == ["find_references", "find_symbols", "find_references", "symbol_info"], tools
        info = next(e for e in events if e.get("tool") == "symbol_info")
        assert info["arguments"] == {"symbol": "Single.Usage.Run"} and info["where"]["file"].endswith("Usage.cs")
        assert info["summary"] and not info["error"]

        # Approval on: the write waits, is rejected with a reason, and nothing changes on disk.
        greeter = solution.parent / "Greeter.cs"
        before = greeter.read_bytes()
        watch.set_approval(True)
        decisions = iter([(False, "keep the public name"), (True, "")])

        def answer_requests() -> None:
            seen: set[int] = set()
            deadline = time.monotonic() + 120
            while len(seen) < 2 and time.monotonic() < deadline:
                for event in list(events):
                    if event.get("kind") == "approve" and event["id"] not in seen:
                        seen.add(event["id"])
                        assert event["tool"] == "rename_symbol" and "-    public string Greet" in event["diff"]
                        watch.decide(event["id"], *next(decisions))
                time.sleep(0.05)

        answering = threading.Thread(target=answer_requests, daemon=True)
        answering.start()
        preview = first.text("rename_symbol", symbol="Single.Greeter.Greet", new_name="Welcome")
        token = re.search(r"preview_token: (\S+)", preview).group(1)
        rejected = first.call("rename_symbol", symbol="Single.Greeter.Greet", new_name="Welcome", apply=True, preview_token=token)
        assert rejected.is_error and "Rejected by the user: keep the public name" in rejected.content[0].text
        assert greeter.read_bytes() == before
        applied = first.text("rename_symbol", symbol="Single.Greeter.Greet", new_name="Welcome", apply=True, preview_token=token)
        answering.join(10)
        assert "Welcome" in greeter.read_text() and "applied" in applied.lower()
        watch.set_approval(False)

        # The engine killed: the next request starts a new one, which says so.
        os.kill(engine, signal.SIGKILL)
        _wait(lambda: attached[-1] is None, 10, "the watcher to see the engine gone")
        again = first.call("find_symbols", query="Welcome")
        texts = [item.text for item in again.content]
        assert not again.is_error and RESTART_NOTE in texts, texts
        [restarted] = _engine_processes(solution)
        assert restarted != engine
        _wait(lambda: attached[-1] == restarted, 10, "the watcher to reattach")
    watch.stop()
    # No front end left: the engine leaves after its idle time, and takes its socket with it.
    _wait(lambda: not _engine_processes(solution), 30, "the idle engine to leave")
    assert not list(shared["runtime"].glob("*.sock"))


def test_another_user_is_refused(shared: dict[str, Any], tmp_path: Path) -> None:
    """The directory keeps other users out; were it opened, the engine itself refuses their uid."""
    if os.getuid() != 0 or not Path("/usr/bin/setpriv").exists():
        pytest.skip("needs root and setpriv to act as another user")
    with _client(shared) as client:
        client.text("find_symbols", query="Greeter")
        [running] = engines_of(str(shared["solution"]))
        place = running.place
        attempt = [
            "/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c",
            "import socket,sys\n"
            "s=socket.socket(socket.AF_UNIX)\n"
            "try:\n s.connect(sys.argv[1])\nexcept OSError as e:\n print('refused:', e.strerror); sys.exit(0)\n"
            "s.settimeout(10)\n"
            "try:\n s.sendall(sys.argv[2].encode()); data=s.recv(4096)\nexcept OSError:\n data=b''\n"
            "print('answered:', data or b'closed')\n",
            str(place.socket), protocol.hello(protocol.WATCH).decode(),
        ]  # fmt: skip
        shut = subprocess.run(attempt, capture_output=True, text=True, timeout=30)
        assert shut.stdout.startswith("refused: Permission denied"), shut
        directory = runtime_directory()
        try:
            os.chmod(directory, 0o711)
            os.chmod(place.socket, 0o666)
            opened = subprocess.run(attempt, capture_output=True, text=True, timeout=30)
        finally:
            os.chmod(directory, 0o700)
        assert opened.stdout.strip() == "answered: b'closed'", opened
        assert client.text("find_symbols", query="Greeter")  # the engine goes on for its own user


async def test_terminal_app_follows_the_assistant_and_rejects_its_write(
    shared: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The app works on the engine an MCP client uses (no second load) and watches it: the client's
    requests in the Activity tab, ``f`` opens what they are about, and with ``alt+a`` the client's write
    waits for ctrl+n, whose reason the assistant receives."""
    from textual.widgets import Input, TabbedContent

    from engine import SymbolRef, queries
    from shared_engine.remote import RemoteSession
    from tui.app import RoslynTui
    from tui.screens.approve_write import ApproveWriteScreen
    from tui.widgets.activity_panel import ActivityPanel
    from tui.widgets.source_view import SourceView

    monkeypatch.setenv("ROSLYN_TUI_CONFIG_DIR", str(tmp_path / "config"))
    solution = shared["solution"]
    greeter = solution.parent / "Greeter.cs"
    with _client(shared) as client:
        await asyncio.to_thread(client.text, "find_symbols", query="Greeter")
        app = RoslynTui(solution)
        async with app.run_test(size=(160, 45)) as pilot:
            await app.workers.wait_for_complete()
            panel = app.query_one("#activity-panel", ActivityPanel)

            async def until(condition: Any, what: str) -> None:
                for _ in range(600):
                    if condition():
                        return
                    await pilot.pause(0.1)
                raise AssertionError(f"waited 60 s for {what}")

            # The app's own queries go to the engine the client started: one load, one engine.
            assert isinstance(app.session, RemoteSession) and app.session.is_loaded
            [engine] = _engine_processes(solution)
            assert app.session.engine_pid == engine
            references = app.session.run(queries.find_references, SymbolRef(name="Single.Greeter.Greet"))
            assert [item.location.path for item in references.items] == [str(solution.parent / "Usage.cs")]

            await until(lambda: panel.events, "the backlog")
            assert panel.events[0]["tool"] == "find_symbols" and "find_symbols(query=Greeter)" in panel.plain_text()

            await pilot.press("f")
            assert app.query_one("#panels", TabbedContent).active == "activity"
            await asyncio.to_thread(client.text, "find_references", symbol="Single.Greeter.Greet")
            await until(lambda: len(panel.events) == 2, "find_references's row")
            source = app.query_one(SourceView)
            await until(lambda: source.path is not None and source.path.endswith("Usage.cs"), "following to Usage.cs")
            assert source.position[0] == 5
            assert "find_references(symbol=Single.Greeter.Greet)" in app.query_one("#info-panel").plain_text()

            await pilot.press("alt+a")
            before = greeter.read_bytes()
            preview = await asyncio.to_thread(client.text, "rename_symbol", symbol="Single.Greeter", new_name="Host")
            token = re.search(r"preview_token: (\S+)", preview).group(1)
            applying = asyncio.create_task(
                asyncio.to_thread(
                    client.call, "rename_symbol", symbol="Single.Greeter", new_name="Host", apply=True, preview_token=token
                )
            )
            # Pushed is not composed yet: wait for the prompt's own widgets.
            await until(lambda: isinstance(app.screen, ApproveWriteScreen) and app.screen.query("#approve-head"), "the approval prompt")
            assert "rename_symbol wants to write 2 files" in str(app.screen.query_one("#approve-head").render())
            app.screen.query_one("#approve-reason", Input).value = "not before the release"
            await pilot.press("ctrl+n")
            answer = await applying
            assert answer.is_error and "Rejected by the user: not before the release" in answer.content[0].text
            assert greeter.read_bytes() == before
            await until(lambda: len(panel.events) == 4 and panel.events[-1]["error"], "the rejected write's row")

            # The engine killed under the app: it says so, starts a new one and goes on there.
            said: list[str] = []
            notify = app.notify
            monkeypatch.setattr(app, "notify", lambda message, **kwargs: (said.append(message), notify(message, **kwargs)))
            os.kill(engine, signal.SIGKILL)

            def on_a_new_engine() -> bool:
                session = app.session
                return isinstance(session, RemoteSession) and session.engine_pid != engine and session.is_loaded

            for _ in range(1200):
                if on_a_new_engine():
                    break
                await pilot.pause(0.1)
            else:
                logs = {path.name: path.read_text()[-2000:] for path in shared["runtime"].glob("*.log")}
                raise AssertionError(f"no new engine in 120 s: {app.session!r}, notifications {said}, logs {logs}")
            assert any("The shared engine stopped" in message for message in said), said
            again = await asyncio.to_thread(app.session.run, queries.find_symbols, "Greeter")
            assert [item.name for item in again.items] == ["Greeter"]


def test_streamable_http_needs_the_token_and_shares_the_engine(shared: dict[str, Any]) -> None:
    """``--http``: loopback only, a request without the bearer token is refused, one with it is served,
    and a stdio front end attaches to the same engine."""
    import httpx2
    from mcp.client.session import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    refused = subprocess.run(
        [*server_command(), "--solution", str(shared["solution"]), "--http", "0.0.0.0:8765"],
        capture_output=True, text=True, env={**os.environ, **shared["env"]}, timeout=60,
    )  # fmt: skip
    assert refused.returncode == 2 and "not a loopback address" in refused.stderr

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [*server_command(), "--solution", str(shared["solution"]), "--http", f"127.0.0.1:{port}"]
    engine = subprocess.Popen(command, stderr=subprocess.PIPE, text=True, env={**os.environ, **shared["env"]})
    try:
        assert engine.stderr is not None
        told = next(line for line in engine.stderr if "MCP over HTTP" in line)
        token = re.search(r"Bearer (\S+)'", told).group(1)
        url = f"http://127.0.0.1:{port}/mcp"
        without = httpx2.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "ping"}, timeout=30)
        assert without.status_code == 401

        async def ask() -> str:
            headers = {"Authorization": f"Bearer {token}"}
            async with (
                httpx2.AsyncClient(headers=headers, timeout=120) as client,
                streamable_http_client(url, http_client=client) as (read, write, *_),
                ClientSession(read, write) as session,
            ):
                await session.initialize()
                result = await session.call_tool("find_references", {"symbol": "Single.Greeter.Greet"})
                return result.content[0].text

        assert "Usage.cs" in asyncio.run(ask())
        with _client(shared) as stdio:
            assert "Usage.cs" in stdio.text("find_references", symbol="Single.Greeter.Greet")
            [running] = engines_of(str(shared["solution"]))
            assert running.pid == engine.pid and running.place.token.exists()
    finally:
        engine.terminate()
        engine.wait(30)
    assert not running.place.socket.exists() and not running.place.token.exists()


def test_without_a_terminal_app_the_client_asks_its_user(sharing: dict[str, Any], tmp_path: Path) -> None:
    """``ROSLYN_APPROVE_WRITES=1`` and no app to approve: the write is put to the client's user through
    MCP elicitation (the diff in the message); a client that cannot ask gets it rejected, saying why.
    (Two sessions on one shared engine: each asks its own client.)"""
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client
    from mcp_types import ElicitResult

    solution = copy_fixture("Single", tmp_path) / "Single.csproj"
    greeter = solution.parent / "Greeter.cs"
    before = greeter.read_bytes()
    asked: list[str] = []

    async def decline(context: Any, params: Any) -> ElicitResult:
        asked.append(params.message)
        return ElicitResult(action="accept", content={"write": False, "reason": "rename it in the next release"})

    async def rename(callback: Any) -> Any:
        command = server_command()
        env = {**os.environ, **sharing["env"], "ROSLYN_APPROVE_WRITES": "1"}
        parameters = StdioServerParameters(command=command[0], args=[*command[1:], "--solution", str(solution)], env=env)
        async with stdio_client(parameters) as (read, write), ClientSession(read, write, elicitation_callback=callback) as session:
            await session.initialize()
            arguments = {"symbol": "Single.Greeter.Greet", "new_name": "Welcome"}
            preview = (await session.call_tool("rename_symbol", arguments)).content[0].text
            token = re.search(r"preview_token: (\S+)", preview).group(1)
            return await session.call_tool("rename_symbol", {**arguments, "apply": True, "preview_token": token})

    answer = asyncio.run(rename(decline))
    assert answer.is_error and "Rejected by the user: rename it in the next release" in answer.content[0].text
    assert asked and "rename_symbol wants to write 2 files" in asked[0] and "+    public string Welcome" in asked[0]
    answer = asyncio.run(rename(None))
    assert answer.is_error and "this client cannot ask its user (no elicitation)" in answer.content[0].text
    assert greeter.read_bytes() == before


def test_nothing_a_peer_does_ends_the_engine(shared: dict[str, Any]) -> None:
    """A peer that leaves mid-greeting, one that sends garbage, one of another version that is refused
    and gone before the refusal is sent, one that leaves mid-frame of a session, and ``--http`` refused
    because an engine already serves: after each, the engine answers its own client as before."""
    with _client(shared) as client:
        assert "Usage.cs" in client.text("find_references", symbol="Single.Greeter.Greet")
        [running] = engines_of(str(shared["solution"]))

        def peer(*sent: bytes, wait_for_answer: bool = False) -> None:
            with socket.socket(socket.AF_UNIX) as connection:
                connection.connect(str(running.place.socket))
                for data in sent:
                    connection.sendall(data)
                if wait_for_answer:
                    connection.settimeout(10)
                    with contextlib.suppress(OSError):
                        connection.recv(4096)

        other_version = json.dumps({"roslyn_engine": protocol.PROTOCOL, "version": "0+other", "role": "mcp"})
        session_hello = protocol.hello(protocol.SESSION)
        for sent in (
            (),  # connects and leaves
            (b'{"roslyn_engine": 1, "vers',),  # leaves mid-greeting
            (b"\x00\xff garbage that is no protocol\n",),
            (other_version.encode() + b"\n",),  # refused, and gone before the refusal is written
            (session_hello, b"\x00\x00\x00\x00\x00\x00\x10\x00partial frame"),  # a session that leaves mid-frame
        ):
            peer(*sent)
        peer(b"\x00\xff garbage\n", wait_for_answer=True)
        refused = subprocess.run(
            [*server_command(), "--solution", str(shared["solution"]), "--http", "127.0.0.1:1"],
            capture_output=True, text=True, env={**os.environ, **shared["env"]}, timeout=60,
        )  # fmt: skip
        assert refused.returncode == 2 and "an engine already serves" in refused.stderr
        assert "Usage.cs" in client.text("find_references", symbol="Single.Greeter.Greet")
        assert [e.pid for e in engines_of(str(shared["solution"]))] == [running.pid]
        assert _engine_processes(shared["solution"]) == [running.pid]


def test_an_engine_that_dies_is_reaped_by_the_front_end_that_started_it(shared: dict[str, Any]) -> None:
    from shared_engine.remote import attach_session

    session = attach_session(str(shared["solution"]), None)
    try:
        assert session.engine_pid in _engine_processes(shared["solution"])
        os.kill(session.engine_pid, signal.SIGKILL)
        _wait(lambda: not Path(f"/proc/{session.engine_pid}").exists(), 30, "the killed engine to be reaped")
    finally:
        session.close()


def test_a_directory_and_the_solution_it_opens_meet_one_engine(sharing: dict[str, Any], tmp_path: Path) -> None:
    from engine import resolve_target
    from shared_engine.place import place_of

    shop = copy_fixture("Shop", tmp_path)
    (shop / "Other.slnx").write_text((shop / "Shop.slnx").read_text(encoding="utf-8"), encoding="utf-8")
    opened = resolve_target(shop).path
    assert opened.name == "Shop.slnx"  # named like the directory, the newer format first
    version = protocol.version()
    assert place_of(str(shop), None, version) == place_of(str(opened), None, version)
    assert place_of(str(shop), None, version) != place_of(str(shop / "Other.slnx"), None, version)


def test_a_front_end_leaving_ends_its_children_but_not_the_engine_it_started() -> None:
    """``exit_now``'s end of the process tree (restores, builds, BuildHosts) leaves a shared engine the
    front end started, and what runs under it: the engine serves the next front ends and leaves when idle.
    The front end is a process of its own here (ending a pytest worker's children would end the test's)."""
    front_end = (
        "import json, subprocess, sys, time\n"
        "from engine.host.processes import end_descendants\n"
        "sleep = [sys.executable, '-c', 'import subprocess, sys, time; "
        "subprocess.Popen([sys.executable, \"-c\", \"import time; time.sleep(60)\"]); time.sleep(60)']\n"
        "quiet = {'stdout': subprocess.DEVNULL, 'stderr': subprocess.DEVNULL}\n"
        "child = subprocess.Popen(sleep, **quiet)\n"
        "engine = subprocess.Popen([*sleep, '-m', sys.argv[1]], **quiet)\n"  # named as the engine's command line names it
        "time.sleep(1)\n"
        "under = open(f'/proc/{engine.pid}/task/{engine.pid}/children').read().split()\n"
        "end_descendants(grace=0.5)\n"
        "print(json.dumps({'child': child.pid, 'engine': engine.pid, 'under': [int(p) for p in under]}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", front_end, launch.PACKAGE], capture_output=True, text=True, timeout=60, check=True
    )
    pids = json.loads(done.stdout)
    try:
        assert pids["under"]
        assert not Path(f"/proc/{pids['child']}").exists() or _zombie(pids["child"])
        assert all(Path(f"/proc/{pid}").exists() for pid in [pids["engine"], *pids["under"]])
    finally:
        for pid in [pids["engine"], *pids["under"]]:
            _kill(pid)


def _zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True
