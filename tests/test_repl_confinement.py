"""REPL code cannot hurt the machine: the probes an attacker with a trusted solution loaded would try.

Each runs real code in a real confined worker; where this machine allows no confinement, they skip
with the reason (the REPL still runs, with its limits, and says it is not confined)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from engine import repl
from engine.errors import ReplUnavailable
from engine.host.runtime import ensure_runtime
from engine.repl import contexts as contexts_module
from engine.repl.contexts import Contexts
from engine.repl.limits import ReplLimits
from engine.sandbox import confinement

pytestmark = pytest.mark.skipif(not confinement().active, reason=f"no confinement here: {confinement().why_not}")

ROOT = Path(__file__).resolve().parent.parent
MARK = "987654.25"
"""A sleep no other process on the machine runs: found in /proc, it is a process the code started."""


def sleeping() -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if MARK in (entry / "cmdline").read_bytes().decode(errors="replace"):
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def within(seconds: float, running: bool) -> bool:
    """Whether the sleeping child is seen in /proc (``running``), or is gone, within ``seconds``: a child
    just started can take a moment to show there on a loaded machine, one ended a moment to leave."""
    deadline = time.monotonic() + seconds
    while bool(sleeping()) != running:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def running_within(seconds: float) -> bool:
    return within(seconds, running=True)


def gone_within(seconds: float) -> bool:
    return within(seconds, running=False)


START = f'System.Diagnostics.Process.Start("sleep", "{MARK}");'
START_SLEEP = START + ' "started"'


@pytest.fixture
def limited(monkeypatch):
    """The process's REPL with short limits, ended after the test."""
    ensure_runtime()  # a cancel from the client reaches an evaluation through the runtime's tokens
    monkeypatch.setenv("ROSLYN_TUI_TRUST_REPL", "1")
    contexts = Contexts(ReplLimits(time_seconds=4, processes=64))
    monkeypatch.setattr(contexts_module, "_shared", contexts)
    yield contexts
    contexts.close()
    assert gone_within(15)


def test_the_servers_environment_is_not_inherited(limited, monkeypatch):
    monkeypatch.setenv("ASSISTANT_API_KEY", "sk-secret")
    contexts_module._shared = Contexts(ReplLimits())  # started after the secret was set
    try:
        value = repl.evaluate_csharp('Environment.GetEnvironmentVariable("ASSISTANT_API_KEY") ?? "absent"').value
        home = repl.evaluate_csharp('Environment.GetEnvironmentVariable("HOME")').value
    finally:
        contexts_module._shared.close()
    assert value == '"absent"'
    assert "scratch" in str(home)


def test_writes_outside_scratch_fail_and_scratch_is_writable(limited, tmp_path):
    target = tmp_path / "escaped.txt"
    result = repl.evaluate_csharp(f'System.IO.File.WriteAllText(@"{target}", "x")')
    assert result.exception is not None and "Read-only file system" in result.exception.message
    assert not target.exists()
    inside = repl.evaluate_csharp(
        'var p = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "a.txt"); System.IO.File.WriteAllText(p, "x"); '
        "System.IO.File.ReadAllText(p)"
    )
    assert inside.value == '"x"'


def test_the_network_is_unreachable_even_on_loopback(limited):
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]
        result = repl.evaluate_csharp(
            f'string Probe() {{ try {{ new System.Net.Sockets.TcpClient().Connect("127.0.0.1", {port}); '
            'return "connected"; } catch (Exception e) { return e.GetType().Name; } } Probe()'
        )
    assert result.value == '"SocketException"'


def test_a_child_process_ends_with_the_timeout(limited):
    result = repl.evaluate_csharp(START)
    assert running_within(15)
    with pytest.raises(Exception, match="time limit"):
        repl.evaluate_csharp("while (true) { }")
    assert gone_within(15), result


def test_a_child_process_ends_with_a_reset(limited):
    repl.evaluate_csharp(START_SLEEP, "probe")
    assert running_within(15)
    repl.reset_repl("probe")
    assert gone_within(15)


def test_a_child_process_ends_when_the_server_is_killed(tmp_path):
    script = tmp_path / "server.py"
    lines = [
        "import sys, time",
        f"sys.path.insert(0, {str(ROOT)!r})",
        "from engine.host.runtime import ensure_runtime",
        "ensure_runtime()",
        "from engine import repl",
        f"print(repl.evaluate_csharp({START_SLEEP!r}).value, flush=True)",
        "time.sleep(600)",
    ]
    script.write_text("\n".join(lines) + "\n")
    environment = {**os.environ, "ROSLYN_TUI_TRUST_REPL": "1"}
    server = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True, env=environment)
    try:
        assert server.stdout is not None and server.stdout.readline().strip() == '"started"'
        assert running_within(15)
        server.send_signal(signal.SIGKILL)  # no atexit, no cleanup: only the kernel and the pipes
        server.wait()
        assert gone_within(15)
    finally:
        server.kill()


def test_a_fork_bomb_is_held_by_the_process_limit(limited):
    code = textwrap.dedent(f"""
        var started = 0; string stopped = "never";
        for (var i = 0; i < 500; i++) {{
            try {{ System.Diagnostics.Process.Start("sleep", "{MARK}"); started++; }}
            catch (Exception e) {{ stopped = e.GetType().Name; break; }}
        }}
        $"{{started}} {{stopped}}"
    """)
    try:
        value = repl.evaluate_csharp(code).value
    except ReplUnavailable as ended:
        # The limit counts the runtime's own threads too: on a busy machine the runtime may be the one
        # refused a thread first, and the worker ends (its context with it). Held either way.
        assert "The REPL worker exited" in ended.message
    else:
        assert value is not None
        started, stopped = value.strip('"').split()
        assert int(started) < 64 and stopped != "never", value
        repl.reset_repl()
    assert gone_within(15)


def test_repl_info_says_which_confinement_is_active(limited):
    info = repl.repl_info()
    assert info.confinement.startswith("confined (Linux namespaces)")
    assert "no network" in info.confinement
    assert "Confinement: confined" in info.render()
