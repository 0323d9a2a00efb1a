"""Toolsets: the groups of tools a server offers (``ROSLYN_TOOLSETS`` / ``--toolsets``), so an assistant
that needs only some pays for only their descriptions in every conversation."""

from __future__ import annotations

TOOLSETS = {
    "navigation": "symbols, references, hierarchies, outlines, source, diagnostics",
    "editing": "code actions, rename, edits by symbol, undo",
    "testing": "builds, tests, stack traces",
    "repl": "C# evaluation, file-based apps",
    "nuget": "package search, versions, READMEs, XML documentation",
    "analysis": "unused symbols, complexity, dependency graph",
    "web": "a web app's endpoints and service registrations",
    "review": "a change between git revisions by symbols, a symbol's history",
    "runtime": "coverage and CPU profiles of test runs by symbol",
    "projects": "packages, project references, target frameworks and properties, edited with preview and undo",
}
ALWAYS = ("load_solution", "workspace_problems", "job_status", "job_result", "cancel_job")
"""Offered whatever the toolsets: without them no other tool can answer, or say why it cannot, and a
call that outlives its time could not be followed."""


class UnknownToolset(ValueError):
    pass


def chosen(text: str | None) -> tuple[str, ...]:
    """The toolsets named in ``text`` (comma-separated; ``all`` or nothing for every one), in table order."""
    names = {part.strip().lower() for part in (text or "").split(",") if part.strip()}
    if not names or "all" in names:
        return tuple(TOOLSETS)
    unknown = sorted(names - set(TOOLSETS))
    if unknown:
        raise UnknownToolset(
            f"unknown toolset {', '.join(repr(name) for name in unknown)}: choose from all, {', '.join(TOOLSETS)}"
        )
    return tuple(name for name in TOOLSETS if name in names)


def described(toolsets: tuple[str, ...]) -> str:
    """The paragraph of the server's instructions that says which toolsets it offers."""
    offered = ", ".join(f"{name} ({TOOLSETS[name]})" for name in toolsets)
    left = [name for name in TOOLSETS if name not in toolsets]
    text = f"Toolsets offered: {offered}."
    if left:
        text += f" Not offered here: {', '.join(left)} (the user enables them with ROSLYN_TOOLSETS or --toolsets)."
    return text
