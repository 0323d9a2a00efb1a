"""Where the time goes, by symbol: tests, an app or REPL code run under ``dotnet-trace``'s sampler
(``tracer``; ``run``, ``app``, ``repl``), its speedscope file read (``speedscope``), its allocation
samples read from the nettrace (``allocations``), and both taken to the solution's members (``report``)."""

from .app import profile_app
from .repl import profile_repl
from .run import profile_tests

__all__ = ["profile_app", "profile_repl", "profile_tests"]
