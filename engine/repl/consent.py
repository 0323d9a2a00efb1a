"""Whether the REPL may run code: the trust gate applied to the REPL.

Code runs when the loaded solution is trusted (see ``engine.trust``: naming a solution is consent to
run its code, and the REPL runs the user's own), or when the user allowed the REPL itself: with
``ROSLYN_TUI_TRUST_REPL=1`` in the environment, or by confirming in roslyn-tui (for that run only).
"""

from __future__ import annotations

import os
import threading
from typing import Any

from ..errors import NotTrusted

__all__ = ["allow_for_this_process", "decide", "require"]

TRUST_REPL_VARIABLE = "ROSLYN_TUI_TRUST_REPL"

_allowed_here = threading.Event()


def allow_for_this_process() -> None:
    """The user confirmed in the terminal app: the REPL may run until the app exits."""
    _allowed_here.set()


def decide(session: Any | None) -> tuple[bool, str]:
    """(allowed, why) for a session (``None`` when no solution is loaded)."""
    if session is not None and not session.restricted:
        return True, f"the solution is trusted ({session.trust.reason})"
    if os.environ.get(TRUST_REPL_VARIABLE, "").lower() in ("1", "true", "yes"):
        return True, f"{TRUST_REPL_VARIABLE} is set"
    if _allowed_here.is_set():
        return True, "allowed by you in roslyn-tui"
    if session is not None:
        return False, "the loaded solution is open restricted (not trusted)"
    return False, "no trusted solution is loaded"


def require(session: Any | None) -> None:
    allowed, why = decide(session)
    if not allowed:
        raise NotTrusted(
            f"The C# REPL runs code on this machine, and nothing has allowed it: {why}.",
            "Load a solution you trust (named by you, or under ROSLYN_TRUSTED_ROOTS), set "
            f"{TRUST_REPL_VARIABLE}=1 in the environment, or allow it in roslyn-tui's REPL screen.",
        )
