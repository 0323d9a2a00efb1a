"""Where the time goes, by symbol: tests run under ``dotnet-trace``'s sampler (``run``), its speedscope
file read (``speedscope``) and taken to the solution's members (``report``)."""

from .run import profile_tests

__all__ = ["profile_tests"]
