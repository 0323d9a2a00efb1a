"""Builds, tests and stack traces: ``dotnet build`` and ``dotnet test`` run for the user as confined
child processes (``child``), answered as structured results (``build``, ``run``), the tests that reach
a symbol found through the call graph (``discovery``), and stack traces taken to source (``frames``).

Building or testing runs the solution's own code (MSBuild targets, the tests), so both need a trusted
solution, as loading it fully does."""

from . import hooks as hooks  # registers its part of the warm-up with the workspace
from .build import run_build
from .discovery import find_tests
from .frames import resolve_stack_trace
from .run import run_tests

__all__ = ["find_tests", "resolve_stack_trace", "run_build", "run_tests"]
