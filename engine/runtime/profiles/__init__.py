"""Where the time goes, by symbol: tests or REPL code run under ``dotnet-trace``'s sampler (``tracer``;
``run``, ``repl``; an app's is ``engine.apps.profile``, which stands on these), its speedscope file
read (``speedscope``), its allocation samples read from the nettrace (``allocations``), and both taken
to the solution's members (``report``)."""

from .repl import profile_repl
from .run import profile_tests

__all__ = ["profile_repl", "profile_tests"]
