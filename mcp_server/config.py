"""Server settings, read once from the environment."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from .toolsets import TOOLSETS, chosen

# Claude Code refuses tool results over 25,000 tokens; at ~3-4 characters a token this stays well inside.
DEFAULT_RESPONSE_BUDGET = 40_000


@dataclass(frozen=True)
class Settings:
    solution_path: str | None
    """``DOTNET_SOLUTION_PATH``: loaded in the background at start-up."""
    log_level: str
    """``ROSLYN_LOG_LEVEL``: DEBUG, INFO, WARNING (default) or ERROR; logs go to stderr."""
    max_diagnostics: int
    """``ROSLYN_MAX_DIAGNOSTICS``: the most diagnostics one call returns."""
    include_hidden_diagnostics: bool
    """``ROSLYN_INCLUDE_HIDDEN_DIAGNOSTICS``: show hidden-severity diagnostics too."""
    timeout_seconds: float
    """``ROSLYN_TIMEOUT_SECONDS``: how long one call may run before it is stopped."""
    response_budget: int
    """``ROSLYN_RESPONSE_BUDGET``: the most characters of text one answer carries."""
    toolsets: tuple[str, ...] = tuple(TOOLSETS)
    """``ROSLYN_TOOLSETS``: the groups of tools offered (``toolsets.TOOLSETS``); all by default."""
    call_budget_seconds: float = 50.0
    """``ROSLYN_CALL_BUDGET_SECONDS``: how long a call runs before it answers with a job to follow
    (clients end a call at 60 s whatever the server does)."""
    approve_timeout_seconds: float = 300.0
    """``ROSLYN_APPROVE_TIMEOUT_SECONDS``: how long a write waits for a person's approval (then rejected)."""
    build_timeout_seconds: float = 900.0
    """``ROSLYN_BUILD_TIMEOUT_SECONDS``: how long diagnostics of a project or the solution (and
    workspace_problems) may run: as long as a build may; they report progress and can be cancelled."""

    @classmethod
    def from_environment(cls, solution: str | None = None, env: Mapping[str, str] | None = None) -> Settings:
        """The settings ``env`` (default: this process's environment) gives; ``solution`` first."""
        env = os.environ if env is None else env
        return cls(
            solution_path=solution or env.get("DOTNET_SOLUTION_PATH") or None,
            log_level=env.get("ROSLYN_LOG_LEVEL", "WARNING").upper(),
            max_diagnostics=_positive_int(env.get("ROSLYN_MAX_DIAGNOSTICS"), 100),
            include_hidden_diagnostics=env.get("ROSLYN_INCLUDE_HIDDEN_DIAGNOSTICS", "").lower() in ("1", "true", "yes"),
            timeout_seconds=_positive_float(env.get("ROSLYN_TIMEOUT_SECONDS"), 60.0),
            response_budget=_positive_int(env.get("ROSLYN_RESPONSE_BUDGET"), DEFAULT_RESPONSE_BUDGET),
            build_timeout_seconds=_positive_float(env.get("ROSLYN_BUILD_TIMEOUT_SECONDS"), 900.0),
            call_budget_seconds=_positive_float(env.get("ROSLYN_CALL_BUDGET_SECONDS"), 50.0),
            approve_timeout_seconds=_positive_float(env.get("ROSLYN_APPROVE_TIMEOUT_SECONDS"), 300.0),
            toolsets=chosen(env.get("ROSLYN_TOOLSETS")),
        )


def _positive_int(value: str | None, default: int) -> int:
    try:
        number = int(value) if value else default
    except ValueError:
        return default
    return number if number > 0 else default


def _positive_float(value: str | None, default: float) -> float:
    try:
        number = float(value) if value else default
    except ValueError:
        return default
    return number if number > 0 else default
