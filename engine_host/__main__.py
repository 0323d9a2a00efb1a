"""The shared engine of one solution: ``python -m engine_host --solution PATH``, started by
the first front end (``shared_engine.starter``). It loads the solution once and serves every front end
of its user that attaches to its socket: each ``roslyn-mcp`` relay gets an MCP session of its own
(the server as in-process, on the shared solution), each terminal app watching gets the activity and
the writes to approve. It leaves when no front end has been attached for ``ROSLYN_ENGINE_IDLE_SECONDS``
(default 600).

It starts its .NET side first: on a first start the syntax view's runtime and parsing run while the
server's own modules (the MCP SDK's among them, 0.6 s) are imported, so the first search comes sooner.
"""

from __future__ import annotations

import argparse
import faulthandler
import logging
import os
import signal
import sys

from mcp_server.config import Settings
from shared_engine import protocol
from shared_engine.place import place_of
from shared_engine.starter import connect

log = logging.getLogger("roslyn_mcp")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m engine_host")
    parser.add_argument("--solution", required=True)
    parser.add_argument("--projects")
    parser.add_argument("--http", help="also serve MCP's streamable HTTP at this loopback HOST:PORT")
    arguments = parser.parse_args(argv)
    http = _http_address(parser, arguments.http) if arguments.http else None
    if arguments.projects is not None:  # the front end's focus, "" for the whole solution
        os.environ["ROSLYN_PROJECTS"] = arguments.projects
    settings = Settings.from_environment(arguments.solution)
    logging.basicConfig(
        stream=sys.stderr,
        level=getattr(logging, settings.log_level, logging.WARNING),
        format=f"%(asctime)s %(levelname)s engine {os.getpid()} %(name)s: %(message)s",
    )
    place = place_of(arguments.solution, arguments.projects or None, protocol.version())
    probe = connect(place) if http is not None else None
    if probe is not None:
        probe.close()  # said nothing: the running engine reads an empty greeting and lets it go
        parser.exit(
            2,
            f"an engine already serves {arguments.solution} (its stdio front ends attach to it); "
            "end its front ends, or wait for it to leave, then serve HTTP from a new one\n",
        )
    from engine import prepare_first_answers
    from engine.workspace.attendance import attended_when

    prepare_first_answers(arguments.solution)
    import anyio

    from mcp_server import shutdown
    from mcp_server.solution_state import SolutionState

    from .server import Engine

    shutdown.on_signals(first=place.forget)
    faulthandler.register(signal.SIGUSR1, file=sys.stderr, all_threads=True)
    state = SolutionState(settings)
    engine = Engine(place, state, _idle_seconds(), http)
    if http is None:  # HTTP clients are never attached: an engine serving them always warms up
        attended_when(lambda: engine.attached > 0)
    try:
        state.start_configured(arguments.solution)
    except Exception as error:  # as in-process: every tool then says why there is no solution
        log.warning("cannot load %s: %s", arguments.solution, error)
    try:
        anyio.run(engine.serve)
    except Exception:
        log.exception("the shared engine failed")
        place.forget()
        shutdown.leave(1)


def _http_address(parser: argparse.ArgumentParser, given: str) -> tuple[str, int]:
    from mcp_server.http import NotLoopback, address  # the HTTP server's modules: only when asked for

    try:
        return address(given)
    except NotLoopback as error:
        parser.error(str(error))


def _idle_seconds() -> float:
    try:
        value = float(os.environ.get("ROSLYN_ENGINE_IDLE_SECONDS", ""))
    except ValueError:
        return 600.0
    return value if value >= 0 else 600.0


if __name__ == "__main__":
    main(sys.argv[1:])
