"""File-based apps written from the REPL and run: what was written, whether it builds, what it printed."""

from __future__ import annotations

from dataclasses import dataclass

from .hang import HangReport
from .text import plural


@dataclass(frozen=True)
class AppError:
    submission: int
    """The REPL submission (1 = the context's first that ran) the line came from; 0 for the app's own lines."""
    line: int
    """The line within that submission (within the app when ``submission`` is 0)."""
    app_line: int
    id: str
    message: str


@dataclass(frozen=True)
class AppExport:
    path: str
    context_id: str
    submissions: int
    packages: tuple[str, ...]
    """``Id@Version`` of each ``#:package``."""
    projects: tuple[str, ...]
    """Each ``#:project`` path, relative to the app."""
    builds: bool
    """``dotnet build`` of the written app succeeded."""
    errors: tuple[AppError, ...]
    build_seconds: float
    notes: tuple[str, ...] = ()

    def render(self) -> str:
        what = f"{plural(self.submissions, 'submission')} of context {self.context_id}"
        extras = [f"#:package {p}" for p in self.packages] + [f"#:project {p}" for p in self.projects]
        lines = [f"Wrote {self.path}: {what}" + (f" ({', '.join(extras)})" if extras else "")]
        lines += [f"note: {note}" for note in self.notes]
        if self.builds:
            lines.append(f"dotnet build: ok ({self.build_seconds:.1f} s). Run it: dotnet run {self.path} (or run_app)")
        else:
            lines.append(f"dotnet build: {plural(len(self.errors), 'error')}; the app is written but not done:")
            for error in self.errors:
                where = f"submission {error.submission} line {error.line}" if error.submission else "app"
                lines.append(f"  {where} (app line {error.app_line}): {error.id} {error.message}")
        return "\n".join(lines)


@dataclass(frozen=True)
class AppRun:
    path: str
    arguments: tuple[str, ...]
    exit_code: int | None
    """``None`` when the app did not build or was stopped at the time limit."""
    stdout: str
    stderr: str
    output_cut: bool
    seconds: float
    build_seconds: float
    confinement: str
    errors: tuple[AppError, ...] = ()
    timed_out: bool = False
    runtime: str = ""
    """On what it ran when not its own .NET runtime: ``its runtime (8.0) is not installed; ran on 10.0.12
    by roll-forward``."""
    stopped: bool = False
    """The user stopped it before it ended."""
    hang: HangReport | None = None
    """Where each of its threads was when it was stopped or ran past its time."""

    def render(self) -> str:
        if self.errors:
            lines = [f"{self.path} does not build: {plural(len(self.errors), 'error')}"]
            lines += [f"  line {e.app_line}: {e.id} {e.message}" for e in self.errors]
            return "\n".join(lines)
        ended = "stopped at the time limit" if self.timed_out else f"exit code {self.exit_code}"
        ended = "stopped by the user" if self.stopped else ended
        lines = [f"Ran {self.path} {' '.join(self.arguments)}".rstrip() + f": {ended} in {self.seconds:.2f} s "
                 f"(build {self.build_seconds:.1f} s)" + (f" ({self.runtime})" if self.runtime else ""),
                 f"confinement: {self.confinement}"]  # fmt: skip
        if self.stdout:
            lines += ["stdout:", self.stdout.rstrip("\n")]
        if self.stderr:
            lines += ["stderr:", self.stderr.rstrip("\n")]
        if self.output_cut:
            lines.append("(output cut at 64 KB)")
        if self.hang is not None:
            lines.append(self.hang.render())
        return "\n".join(lines)
