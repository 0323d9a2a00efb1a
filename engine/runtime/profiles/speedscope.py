"""Reading the speedscope file ``dotnet-trace`` converts a sampled thread-time trace to: per frame, the
time on the CPU in it (exclusive) and under it (inclusive), and the stacks the CPU time was spent in.

The trace's sampler marks each sample's leaf as ``CPU_TIME`` (running) or ``UNMANAGED_CODE_TIME`` and
others (waiting); only running samples count, each given to the frame under the mark."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from ...errors import EngineError

CPU = "CPU_TIME"


@dataclass(frozen=True)
class Sampled:
    names: list[str]
    """Each frame's text (``Module!Ns.Type.Method(args)``), by index."""
    exclusive: dict[int, float]
    inclusive: dict[int, float]
    stacks: dict[tuple[int, ...], float]
    """Each stack (outermost first, the CPU mark left out) and its time."""
    cpu_ms: float

    @property
    def named(self) -> bool:
        """Whether the trace names the methods it sampled (a cut trace names none: ``?!?``)."""
        return any("!" in name and not name.startswith("?") for name in self.names)


def read_speedscope(path: Path) -> Sampled:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise EngineError(f"The profile {path.name} could not be read: {error}", "Profile the run again.") from error
    names = [frame.get("name", "") for frame in data.get("shared", {}).get("frames", [])]
    cpu = names.index(CPU) if CPU in names else -1
    exclusive: defaultdict[int, float] = defaultdict(float)
    inclusive: defaultdict[int, float] = defaultdict(float)
    stacks: defaultdict[tuple[int, ...], float] = defaultdict(float)
    for profile in data.get("profiles", []):
        stack: list[int] = []
        last: float | None = None
        for event in profile.get("events", []):
            at = float(event["at"])
            if last is not None and len(stack) > 1 and stack[-1] == cpu:
                spent = at - last
                exclusive[stack[-2]] += spent
                for frame in set(stack[:-1]):
                    inclusive[frame] += spent
                stacks[tuple(stack[:-1])] += spent
            last = at
            if event["type"] == "O":
                stack.append(event["frame"])
            elif stack and stack[-1] == event["frame"]:
                stack.pop()
            elif event["frame"] in stack:
                stack.remove(event["frame"])
    return Sampled(names, exclusive, inclusive, stacks, sum(exclusive.values()))
