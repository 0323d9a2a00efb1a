"""``roslyn-mcp [--solution PATH]``: the MCP server over stdio."""

import argparse
import faulthandler
import logging
import os
import signal
import sys

from . import shutdown
from .config import Settings
from .server import create_server
from .toolsets import TOOLSETS, UnknownToolset


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="roslyn-mcp", description="Compiler-accurate C# navigation over MCP (stdio).")
    parser.add_argument(
        "--solution", help="a .sln, .slnx, .csproj, app.cs or directory to load at start (else DOTNET_SOLUTION_PATH)"
    )
    parser.add_argument(
        "--projects",
        help="only the projects matching these globs (comma-separated names or paths, e.g. 'Shop.Core,src/Api*'); "
        "the rest are left out (else ROSLYN_PROJECTS)",
    )
    parser.add_argument(
        "--toolsets",
        help=f"the groups of tools to offer, comma-separated: all (default), {', '.join(TOOLSETS)} "
        "(else ROSLYN_TOOLSETS)",
    )
    arguments = parser.parse_args(argv)
    if arguments.projects is not None:
        os.environ["ROSLYN_PROJECTS"] = arguments.projects
    if arguments.toolsets is not None:
        os.environ["ROSLYN_TOOLSETS"] = arguments.toolsets
    try:
        settings = Settings.from_environment(arguments.solution)
    except UnknownToolset as error:
        parser.error(str(error))
    logging.basicConfig(
        stream=sys.stderr,
        level=getattr(logging, settings.log_level, logging.WARNING),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    shutdown.on_signals()
    # `kill -USR1 <pid>` writes every thread's stack to the log: what a server that seems stuck waits on.
    faulthandler.register(signal.SIGUSR1, file=sys.stderr, all_threads=True)
    # The SDK's stdio transport keeps the protocol on a private copy of fd 1 and points fd 1 itself at
    # stderr, so a stray print (or a child process) cannot corrupt the stream.
    try:
        create_server(settings).run()
    except Exception:
        # The transport failed (a broken pipe: the client is gone). A query nobody waits for any more
        # would otherwise keep the process alive for good.
        logging.getLogger("roslyn_tui").exception("the stdio transport failed; leaving")
        shutdown.leave(1)
    # stdin closed: the client is gone. Leave now rather than wait for the runtime to unload.
    shutdown.leave(0)


if __name__ == "__main__":
    main()
