"""The command line that starts a solution's shared engine (this package's ``__main__``). Standard
library only: the front ends import it without importing the engine."""

from __future__ import annotations

import os
import sys

PACKAGE = __name__.rpartition(".")[0]
"""The package ``python -m`` runs: this one, named from the module itself so a move or rename follows."""


def command(solution: str, projects: str | None, http: str | None = None) -> list[str]:
    """The engine of ``solution`` focused on ``projects`` (``None`` or ``""``: the whole solution), also
    serving MCP's streamable HTTP at ``http`` (a loopback ``HOST:PORT``) when given."""
    line = [sys.executable, "-m", PACKAGE, "--solution", os.path.abspath(solution), "--projects", projects or ""]
    return [*line, "--http", http] if http else line
