"""``roslyn-mcp`` as a front end of the solution's shared engine: find or start it, then relay."""

from __future__ import annotations

import os
import sys

from engine_host.launch import command as engine_command
from shared_engine import protocol
from shared_engine.place import NoPrivatePlace, engines_of, place_of
from shared_engine.relay import Relay, say_to_stderr
from shared_engine.starter import AttachFailed


def serve_attached(solution: str, projects: str | None) -> bool:
    """Relay this stdio session to the solution's shared engine until the client leaves; ``False`` (with
    the reason on stderr) when there can be no shared engine here, so the caller serves in-process."""
    try:
        place = place_of(solution, projects, protocol.version())
    except NoPrivatePlace as error:
        say_to_stderr(f"no shared engine ({error}); serving in this process")
        return False
    for other in engines_of(solution):
        if other.version != protocol.version() and other.projects == (projects or ""):
            say_to_stderr(
                f"the engine running for this solution (pid {other.pid}) is version {other.version}, this front end "
                f"{protocol.version()}: starting one of this version beside it"
            )
    relay = Relay(place, engine_command(solution, projects), say_to_stderr)
    try:
        status = relay.run()
    except AttachFailed as error:
        say_to_stderr(f"the shared engine could not be started ({error}); serving in this process")
        return False
    except (BrokenPipeError, KeyboardInterrupt):
        status = 0
    sys.stdout.flush()
    os._exit(status)
