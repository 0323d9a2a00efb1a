"""``roslyn-index SOLUTION -o index.scip [--project NAME ...]``: write a SCIP index of a solution.

Naming the solution is the consent to load it with MSBuild (as with ``roslyn-tui``). Progress goes to
stderr; the summary to stdout."""

from __future__ import annotations

import argparse
import sys

from ..errors import EngineError
from ..workspace.sessions import close_session, load_solution
from .export import check_projects, write_index


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="roslyn-index", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("solution", help="a .sln, .slnx, .slnf, .csproj or a directory")
    parser.add_argument("-o", "--output", default="index.scip", help="the index file to write (default index.scip)")
    parser.add_argument(
        "--project",
        action="append",
        default=[],
        metavar="NAME",
        help="index only this project (a name or glob; repeatable)",
    )
    parser.add_argument("--no-restore", action="store_true", help="do not run dotnet restore first")
    arguments = parser.parse_args(argv)
    given = list(sys.argv[1:] if argv is None else argv)
    try:
        check_projects(arguments.solution, arguments.project)  # before MSBuild spends seconds on a typo
        print(f"loading {arguments.solution}", file=sys.stderr, flush=True)
        session = load_solution(
            arguments.solution, restore=not arguments.no_restore, watch=False, warm_up=False, project_cache=False
        )
        try:
            report = session.wait_loaded()
            print(
                f"loaded {len(report.projects)} projects in {report.seconds:.1f} s; indexing",
                file=sys.stderr,
                flush=True,
            )
            summary = session.run(write_index, arguments.output, arguments.project, given, timeout=None)
        finally:
            close_session(session)
    except EngineError as error:
        print(f"roslyn-index: {error.describe()}", file=sys.stderr)
        return 2
    print(
        f"{summary.path}: {summary.documents} documents, {summary.occurrences} occurrences, {summary.symbols} symbols "
        f"from {len(summary.projects)} projects, {summary.bytes:,} bytes in {summary.seconds} s"
    )
    if summary.skipped:
        print(f"left out {len(summary.skipped)} files outside the solution's directory", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
