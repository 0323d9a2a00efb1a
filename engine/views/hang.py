"""A run stopped while it hung, as both front ends show it: every managed thread's stack at that moment,
each frame taken to the solution's source, the threads in the solution's code first, and the waits
shaped like a deadlock named."""

from __future__ import annotations

from dataclasses import dataclass

from .stack_trace import StackFrame
from .text import columns, plural, where


@dataclass(frozen=True)
class ThreadStack:
    thread: str
    """The thread's OS id as dotnet-stack prints it (``0x6B33``)."""
    state: str
    """``blocked on a lock``, ``waiting for a thread``, ``waiting for a task``, ``waiting for a signal``,
    ``sleeping`` or ``running``."""
    waits_in: str
    """The framework member it waits in (``Monitor.Enter``), when it waits."""
    frames: tuple[StackFrame, ...]
    """Innermost first."""
    own: int
    """How many frames are the solution's own."""

    def first_own(self) -> StackFrame | None:
        return next((f for f in self.frames if not f.external and f.symbol is not None), None)


@dataclass(frozen=True)
class HangReport:
    root: str
    process: str
    """``testhost (pid 27421)``."""
    seconds: float
    """How long the run had run when its stacks were read."""
    items: tuple[ThreadStack, ...]
    """The threads with frames in the solution's code first."""
    total: int
    deadlock: tuple[str, ...] = ()
    """Waits shaped like a deadlock, in words."""
    notes: tuple[str, ...] = ()
    offset: int = 0

    def render(self) -> str:
        own = sum(1 for t in self.items if t.own)
        lines = [
            f"Stacks of {self.process} after {self.seconds:.0f} s, when the run was stopped:"
            f" {plural(self.total, 'thread')}, {own} in the solution's code"
        ]
        lines += [f"note: {note}" for note in self.notes]
        lines += [f"deadlock-shaped: {words}" for words in self.deadlock]
        for thread in self.items:
            if not thread.own:
                continue
            state = f"{thread.state} in {thread.waits_in}" if thread.waits_in else thread.state
            lines.append(f"thread {thread.thread}: {state}")
            hidden = 0
            for frame in thread.frames:
                if frame.external or frame.symbol is None:
                    hidden += 1
                    continue
                if hidden:
                    lines.append(f"    ... {plural(hidden, 'framework frame')}")
                    hidden = 0
                inner = f" ({frame.inner})" if frame.inner else ""
                lines.append("    " + columns(f"at {frame.symbol.display}{inner}", where(frame.location, self.root)))
        others = self.total - own
        if others:
            lines.append(f"{plural(others, 'other thread')} in framework code only (the structured answer has them)")
        return "\n".join(lines)
