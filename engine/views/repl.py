"""The REPL's answers: an evaluation, a validation, a context's state, the REPL's info, a loaded
package. The TUI's REPL screen shows the same objects."""

from __future__ import annotations

from dataclasses import dataclass

from .text import plural


@dataclass(frozen=True)
class ReplDiagnostic:
    id: str
    severity: str
    message: str
    line: int
    """1-based, in the submitted code."""
    column: int
    end_line: int
    end_column: int
    source_line: str = ""
    """The line of code the diagnostic starts on, to point into."""


@dataclass(frozen=True)
class ReplException:
    type: str
    message: str
    stack: str


@dataclass(frozen=True)
class Evaluation:
    context_id: str
    ran: bool
    """False when the code did not compile (see diagnostics)."""
    value: str | None
    """The display of the final expression's value (code ending without ';'), bounded."""
    type: str | None
    stdout: str
    stderr: str
    output_cut: bool
    exception: ReplException | None
    diagnostics: tuple[ReplDiagnostic, ...]
    duration_ms: int
    notices: tuple[str, ...] = ()
    """What happened around the code: a new context, the solution rebuilt, packages restored."""

    def render(self) -> str:
        lines = [f"context {self.context_id}, {self.duration_ms} ms" + ("" if self.ran else ", not run")]
        lines += [f"note: {notice}" for notice in self.notices]
        lines += diagnostic_lines(self.diagnostics)
        if self.stdout:
            lines += ["stdout:", self.stdout.rstrip("\n")]
        if self.stderr:
            lines += ["stderr:", self.stderr.rstrip("\n")]
        if self.output_cut:
            lines.append("(output cut at 64 KB)")
        if self.exception:
            lines.append(f"exception {self.exception.type}: {self.exception.message}")
            if self.exception.stack:
                lines.append(self.exception.stack)
        if self.value is not None:
            lines.append(f"= {self.value}  ({self.type})")
        elif self.ran and not self.exception and not self.stdout:
            lines.append("ok (no value: end with an expression without ';' to see one)")
        return "\n".join(lines)


@dataclass(frozen=True)
class Validation:
    context_id: str
    diagnostics: tuple[ReplDiagnostic, ...]
    duration_ms: int
    notices: tuple[str, ...] = ()

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity == "error")

    def render(self) -> str:
        head = f"context {self.context_id}, {self.duration_ms} ms: "
        head += "compiles" if not self.errors else plural(self.errors, "error")
        warnings = len(self.diagnostics) - self.errors
        if warnings:
            head += f", {plural(warnings, 'warning')}"
        return "\n".join([head, *(f"note: {n}" for n in self.notices), *diagnostic_lines(self.diagnostics)])


def diagnostic_lines(diagnostics: tuple[ReplDiagnostic, ...]) -> list[str]:
    """Each diagnostic with the line of code it is on and a caret under its span."""
    lines = []
    for d in diagnostics:
        lines.append(f"{d.severity} {d.id} at {d.line}:{d.column}: {d.message}")
        if d.source_line:
            text = d.source_line
            width = max(1, (d.end_column if d.end_line == d.line else len(text) + 1) - d.column)
            lines += [f"  {text}", "  " + " " * (d.column - 1) + "^" * width]
    return lines


@dataclass(frozen=True)
class Variable:
    name: str
    type: str
    value: str


@dataclass(frozen=True)
class ContextState:
    context_id: str
    submissions: int
    variables: tuple[Variable, ...]
    imports: tuple[str, ...]
    packages: tuple[str, ...]
    references_solution: bool
    memory_mb: float

    def render(self) -> str:
        lines = [
            f"context {self.context_id}: {plural(self.submissions, 'submission')}, {self.memory_mb:.0f} MB"
            + (", references the solution" if self.references_solution else "")
        ]
        lines += [f"{v.name}: {v.type} = {v.value}" for v in self.variables] or ["no variables yet"]
        if self.packages:
            lines.append("packages: " + ", ".join(self.packages))
        lines.append("usings: " + ", ".join(self.imports))
        return "\n".join(lines)


@dataclass(frozen=True)
class ContextSummary:
    context_id: str
    age_seconds: int
    idle_seconds: int
    submissions: int
    memory_mb: float
    references_solution: bool
    packages: tuple[str, ...]


@dataclass(frozen=True)
class ReplInfo:
    framework: str
    target_framework: str
    language_version: str
    roslyn_version: str
    default_imports: tuple[str, ...]
    time_limit_seconds: float
    memory_limit_mb: int
    idle_minutes: float
    allowed: bool
    """Whether code may run: a trusted solution is loaded, or the REPL was allowed."""
    why: str
    contexts: tuple[ContextSummary, ...]
    confinement: str = ""
    """What confines the code (file system, network, processes), or what does not."""

    def render(self) -> str:
        lines = [
            f"C# {self.language_version} script on {self.framework} ({self.target_framework}), "
            f"Roslyn scripting {self.roslyn_version}",
            f"limits: {self.time_limit_seconds:g} s and {self.memory_limit_mb} MB per evaluation; "
            f"a context ends after {self.idle_minutes:g} min idle",
            f"runs code: {'yes' if self.allowed else 'no'} ({self.why})",
            f"Confinement: {self.confinement}",
            "usings: " + ", ".join(self.default_imports),
        ]
        if not self.contexts:
            lines.append("no live contexts")
        for c in self.contexts:
            extra = ", references the solution" if c.references_solution else ""
            extra += f", packages {', '.join(c.packages)}" if c.packages else ""
            lines.append(
                f"context {c.context_id}: {plural(c.submissions, 'submission')}, {c.memory_mb:.0f} MB, "
                f"age {c.age_seconds} s, idle {c.idle_seconds} s{extra}"
            )
        return "\n".join(lines)


@dataclass(frozen=True)
class PackageLoad:
    package_id: str
    version: str
    context_id: str
    target_framework: str
    assemblies: tuple[str, ...]
    """File names of the assemblies now referenced, dependencies included."""
    dependencies: tuple[str, ...]
    """``Id Version`` of each package restored with it."""

    def render(self) -> str:
        lines = [
            f"{self.package_id} {self.version} loaded into context {self.context_id} ({self.target_framework}): "
            f"{plural(len(self.assemblies), 'assembly', 'assemblies')}"
        ]
        lines += [f"  {a}" for a in self.assemblies]
        if self.dependencies:
            lines.append("with " + ", ".join(self.dependencies))
        return "\n".join(lines)


@dataclass(frozen=True)
class ReplReset:
    ended: tuple[str, ...]
    asked: str | None
    """The context asked for, or ``None`` for all."""

    def render(self) -> str:
        if not self.ended:
            return f"no live context named {self.asked}" if self.asked else "no live contexts to end"
        return "ended " + ", ".join(f"context {c}" for c in self.ended) + " (variables, usings and packages are gone)"
