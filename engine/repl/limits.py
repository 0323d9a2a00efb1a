"""The limits every REPL context runs under, read once from the environment."""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class ReplLimits:
    time_seconds: float = 10.0
    """``ROSLYN_REPL_TIMEOUT_SECONDS``: how long one evaluation may run before its worker is killed."""
    memory_mb: int = 512
    """``ROSLYN_REPL_MEMORY_MB``: the worker's managed heap limit (the .NET GC's hard limit); the process
    as a whole may use 256 MB more (runtime, compiler, native memory) before it is killed."""
    idle_minutes: float = 30.0
    """``ROSLYN_REPL_IDLE_MINUTES``: a context unused this long is ended."""
    processes: int = 256
    """``ROSLYN_REPL_MAX_PROCESSES``: tasks (processes and their threads; the runtime alone has about 20)
    a confined context may have at once: a fork bomb stops there."""
    network: bool = False
    """``ROSLYN_REPL_NETWORK=1``: a confined context may reach the network (packages restore in the
    server either way)."""

    @property
    def process_bytes(self) -> int:
        return (self.memory_mb + 256) * 1024 * 1024

    @classmethod
    def from_environment(cls) -> ReplLimits:
        env = os.environ
        return cls(
            time_seconds=_positive(env.get("ROSLYN_REPL_TIMEOUT_SECONDS"), cls.time_seconds),
            memory_mb=int(_positive(env.get("ROSLYN_REPL_MEMORY_MB"), cls.memory_mb)),
            idle_minutes=_positive(env.get("ROSLYN_REPL_IDLE_MINUTES"), cls.idle_minutes),
            processes=int(_positive(env.get("ROSLYN_REPL_MAX_PROCESSES"), cls.processes)),
            network=env.get("ROSLYN_REPL_NETWORK", "") == "1",
        )


def _positive(value: str | None, default: float) -> float:
    try:
        number = float(value) if value else default
    except ValueError:
        return default
    return number if number > 0 else default
