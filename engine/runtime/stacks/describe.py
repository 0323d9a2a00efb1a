"""The stacks ``dotnet-stack`` printed, read: each thread's frames taken to the solution's source
(``engine.runtime.frames``), what each thread waits in, and the waits shaped like a
deadlock (two or more threads of the solution's code blocked on locks: each may hold what another wants;
a thread joined or waited on while others are blocked)."""

from __future__ import annotations

import re

from ...host.interop import Operation
from ...views.hang import HangReport, ThreadStack
from ...views.stack_trace import StackFrame
from ...workspace.snapshot import Snapshot
from ..frames import frames_of
from .capture import CapturedStacks

_THREAD = re.compile(r"^Thread \((?P<id>0x[0-9A-Fa-f]+)\):")
_FRAME = re.compile(r"^\s+(?P<module>[^!\s\[]+)!(?P<method>.+)$")
_WAITS = (
    ("blocked on a lock", ("System.Threading.Monitor.Enter", "System.Threading.Monitor.ReliableEnter", "System.Threading.Lock.Enter")),
    ("waiting for a thread", ("System.Threading.Thread.Join",)),
    ("waiting for a task", ("System.Threading.Tasks.Task.Wait", "System.Threading.Tasks.Task.InternalWait",
                            "System.Runtime.CompilerServices.TaskAwaiter.GetResult", "System.Threading.Tasks.Task`1.get_Result")),
    ("waiting for a signal", ("System.Threading.Monitor.Wait", "System.Threading.ManualResetEventSlim.Wait",
                              "System.Threading.SemaphoreSlim.Wait", "System.Threading.WaitHandle.WaitOne",
                              "System.Threading.Barrier.SignalAndWait", "System.Threading.CountdownEvent.Wait")),
    ("sleeping", ("System.Threading.Thread.Sleep",)),
)  # fmt: skip


def describe(snapshot: Snapshot, operation: Operation, captured: CapturedStacks, seconds: float) -> HangReport:
    """The report of the first process whose stacks reach the solution's code (else of the first)."""
    reports = [_report(snapshot, operation, pid, command, text, seconds) for pid, command, text in captured.processes]
    notes = ["dotnet-stack was installed into the user cache for this"] if captured.installed else []
    if captured.problem:
        notes.append(f"no stack could be read: {captured.problem}")
    if not reports:
        return HangReport(str(snapshot.root), "the run", seconds, (), 0, notes=tuple(notes))
    chosen = next((r for r in reports if any(t.own for t in r.items)), reports[0])
    return HangReport(chosen.root, chosen.process, seconds, chosen.items, chosen.total, chosen.deadlock, tuple(notes))


def _report(snapshot: Snapshot, operation: Operation, pid: int, command: str, text: str, seconds: float) -> HangReport:
    threads: list[ThreadStack] = []
    for thread, names in _threads(text):
        state, waits_in = _waiting([name.partition("!")[2] for name in names])
        frames = [
            frame or StackFrame(name, None, None, True, name.partition("!")[0])
            for frame, name in zip(frames_of(snapshot, operation, names), names, strict=True)
        ]
        own = sum(1 for f in frames if not f.external and f.symbol is not None)
        threads.append(ThreadStack(thread, state, waits_in, tuple(frames), own))
    threads.sort(key=lambda t: (not t.own, t.thread))
    return HangReport(
        str(snapshot.root), f"{_name(command)} (pid {pid})", seconds, tuple(threads), len(threads), _deadlock(threads)
    )


def _threads(text: str) -> list[tuple[str, list[str]]]:
    """Each thread's id and its frames (``Module!Method``), innermost first."""
    found: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        if (thread := _THREAD.match(line)) is not None:
            found.append((thread["id"], []))
        elif found and (frame := _FRAME.match(line)) is not None:
            found[-1][1].append(f"{frame['module']}!{frame['method'].strip()}")
    return found


def _waiting(methods: list[str]) -> tuple[str, str]:
    for method in methods[:6]:  # a wait is at the top of the stack, under the runtime's own frames
        name = method.partition("(")[0]
        for state, members in _WAITS:
            if name.startswith(members):
                return state, ".".join(name.split(".")[-2:])
    return "running", ""


def _deadlock(threads: list[ThreadStack]) -> tuple[str, ...]:
    blocked = [t for t in threads if t.own and t.state == "blocked on a lock"]
    found = []
    if len(blocked) >= 2:
        places = ", ".join(_place(t) for t in blocked)
        found.append(
            f"{len(blocked)} threads wait for locks in the solution's code, each may hold what another wants: {places}"
        )
    joined = [t for t in threads if t.own and t.state in ("waiting for a thread", "waiting for a task")]
    if blocked and joined:
        found.append(f"{', '.join(_place(t) for t in joined)} waits for them")
    return tuple(found)


def _place(thread: ThreadStack) -> str:
    frame = thread.first_own()
    if frame is None or frame.symbol is None:
        return f"thread {thread.thread}"
    line = f":{frame.location.line}" if frame.location is not None else ""
    return f"{frame.symbol.display}{line} (thread {thread.thread})"


def _name(command: str) -> str:
    parts = command.split()
    dll = next((p for p in parts if p.endswith(".dll")), parts[0] if parts else "process")
    return dll.rsplit("/", 1)[-1].removesuffix(".dll")
