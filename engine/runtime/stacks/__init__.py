"""A run that does not end: before a test run past its time limit (or stopped by the user) is ended,
every managed thread's stack of its processes is read with ``dotnet-stack`` (``capture``), each frame
taken to the solution's source and the waits shaped like a deadlock named (``describe``). Registered with
the runner (``engine.testing.child.reads_stuck_runs``): the run's answer carries the report."""

from ...testing.child import reads_stuck_runs
from .capture import CapturedStacks, capture
from .describe import describe

reads_stuck_runs(capture, describe)

__all__ = ["CapturedStacks", "capture", "describe"]
