"""``roslyn-mcp [--solution PATH]``: the MCP server over stdio.

With a solution named, the server is a relay to the solution's shared engine (``shared_engine``):
the first front end on a solution starts it, later ones attach. It imports nothing heavy on that
path; the engine process (``python -m engine_host``) runs the server proper. ``--no-shared-engine``
(or ``ROSLYN_SHARED_ENGINE=0``) serves in this process, as does a server started without a solution.
"""

import argparse
import os
import sys

from shared_engine import protocol

from .toolsets import TOOLSETS, UnknownToolset, chosen


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
    parser.add_argument(
        "--no-shared-engine",
        action="store_true",
        help="load the solution in this process instead of attaching to (or starting) the solution's shared "
        "engine (else ROSLYN_SHARED_ENGINE=0)",
    )
    parser.add_argument(
        "--http",
        metavar="HOST:PORT",
        help="serve MCP's streamable HTTP at a loopback address (e.g. 127.0.0.1:8765) instead of stdio, with a "
        "bearer token it prints; this process is then the solution's shared engine",
    )
    arguments = parser.parse_args(argv)
    if arguments.projects is not None:
        os.environ["ROSLYN_PROJECTS"] = arguments.projects
    if arguments.toolsets is not None:
        os.environ["ROSLYN_TOOLSETS"] = arguments.toolsets
    try:
        chosen(os.environ.get("ROSLYN_TOOLSETS"))
    except UnknownToolset as error:
        parser.error(str(error))
    solution = arguments.solution or os.environ.get("DOTNET_SOLUTION_PATH") or None
    if arguments.http:
        if not solution:
            parser.error("--http needs a solution (--solution or DOTNET_SOLUTION_PATH)")
        from engine_host.launch import command as engine_command

        # This process becomes the solution's engine, as a front end would have started it.
        line = engine_command(solution, os.environ.get("ROSLYN_PROJECTS"), http=arguments.http)
        os.execv(line[0], line)
    shared = not arguments.no_shared_engine and protocol.enabled()
    if solution and shared:
        from .attached import serve_attached

        if serve_attached(solution, os.environ.get("ROSLYN_PROJECTS")):
            return
    from .in_process import serve_in_process

    serve_in_process(parser, solution)


if __name__ == "__main__":
    main(sys.argv[1:])
