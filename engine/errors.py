"""Every failure the engine reports, as a small tree of named exceptions.

Each error carries one line saying what went wrong (``str(error)``) and one saying what to do
next (``error.hint``), so both front ends can show it as is.
"""

from __future__ import annotations

from typing import Any


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return self.message

    def describe(self) -> str:
        """The two-line form: the cause, then what to do."""
        return f"{self.message}\n{self.hint}" if self.hint else self.message

    def __reduce__(self) -> tuple[Any, ...]:
        # Whole across processes (a shared engine's answer), whatever a subclass's constructor takes.
        return (_restored, (type(self), self.message, dict(self.__dict__)))


def _restored(kind: type[EngineError], message: str, state: dict[str, Any]) -> EngineError:
    error = kind.__new__(kind)
    Exception.__init__(error, message)
    error.__dict__.update(state)
    return error


class BootstrapError(EngineError):
    """The .NET runtime or Roslyn could not be made ready."""


class DotnetNotFound(BootstrapError):
    pass


class SdkTooOld(BootstrapError):
    pass


class RoslynNotFound(BootstrapError):
    pass


class RuntimeStartFailed(BootstrapError):
    pass


class NativeHelpersUnavailable(BootstrapError):
    """The engine's C# helpers (``engine/native``) could not be built or loaded: every query needs them."""


class SolutionNotFound(EngineError):
    """The path given does not name a solution, a project or a directory holding one."""


class WorkspaceLoadFailed(EngineError):
    """MSBuildWorkspace could not open the solution at all."""


class SymbolNotFound(EngineError):
    def __init__(self, message: str, hint: str = "", suggestions: tuple[str, ...] = ()) -> None:
        super().__init__(message, hint)
        self.suggestions = suggestions


class AmbiguousSymbol(EngineError):
    def __init__(self, message: str, hint: str = "", candidates: tuple[str, ...] = ()) -> None:
        super().__init__(message, hint)
        self.candidates = candidates


class FileNotInSolution(EngineError):
    pass


class PositionOutOfRange(EngineError):
    pass


class InvalidArgument(EngineError):
    pass


class OperationTimedOut(EngineError):
    pass


class OperationCancelled(EngineError):
    pass


class OutsideSolution(EngineError):
    """A path that lies outside the solution directory (symlinks followed)."""


class NotTrusted(EngineError):
    """The solution is open restricted, and the request needs code from it to run."""


class EditRefused(EngineError):
    """An edit that cannot be applied as asked: a conflict, an invalid name, a stale or unknown preview."""


class FilesChangedSincePreview(EditRefused):
    """A file an edit would write changed on disk after its preview was made."""

    def __init__(self, message: str, hint: str = "", paths: tuple[str, ...] = ()) -> None:
        super().__init__(message, hint)
        self.paths = paths


class WriteRejected(EditRefused):
    """The person approving writes rejected this one (or did not answer in time); nothing was written."""


class EditFailed(EngineError):
    """Writing an edit failed part-way; every file was put back as it was."""


class ReplUnavailable(EngineError):
    """The REPL cannot run here: its worker could not be built or started."""


class ReplLimitHit(EngineError):
    """An evaluation hit the time or memory limit; its worker was killed and the context ended."""

    def __init__(self, message: str, hint: str = "", limit: str = "") -> None:
        super().__init__(message, hint)
        self.limit = limit


class PackageNotFound(EngineError):
    """A NuGet package or version that no configured source has."""


class NuGetUnavailable(EngineError):
    """A NuGet source that cannot answer the request: unreachable, or without the service it needs."""
