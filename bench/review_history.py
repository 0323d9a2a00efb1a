"""``review_changes`` on a real library's history, held to the tools that know: ApiCompat on the two
releases' assemblies for the breaks, ``dotnet build`` of the head release for the errors.

The repository is cloned into a scratch directory (never into this project), the head release checked
out and loaded by the engine in this process; the base release is built in a git worktree of its own.

    python bench/review_history.py REPOSITORY BASE HEAD --solution X.sln --library src/Lib/Lib.csproj
        [--framework netstandard2.0] [--out bench/results/review_history-NAME.json]

REPOSITORY is a path or URL git can clone; ``--library`` names the project whose assembly ApiCompat compares.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

_ERROR = re.compile(r"^\s*(\S+\.cs)\((\d+),\d+\): error (CS\d+)", re.M)
_RULE = re.compile(r"\bCP\d{4}\b")


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, text=True).stdout


def build(
    project: Path, framework: str | None, output: Path | None, properties: list[str]
) -> tuple[int, set[tuple[str, str, int]], float]:
    """``dotnet build`` of ``project``: its exit code, its errors (code, file name, line), its seconds."""
    command = [
        "dotnet",
        "build",
        str(project),
        "-nologo",
        "-c",
        "Release",
        "-p:UseSharedCompilation=false",
        *properties,
    ]
    command += (["-o", str(output)] if output else []) + (["-f", framework] if framework else [])
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, timeout=1200, check=False)
    errors = {(code, Path(file).name, int(line)) for file, line, code in _ERROR.findall(done.stdout)}
    return done.returncode, errors, round(time.monotonic() - started, 1)


def apicompat(tool: Path, left: Path, right: Path) -> list[str]:
    done = subprocess.run(
        [str(tool), "-l", str(left), "-r", str(right), "--enable-rule-cannot-change-parameter-name"],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    return sorted(line.strip() for line in (done.stdout + done.stderr).splitlines() if _RULE.search(line))


def member_of(line: str, namespace: str) -> str:
    """``Ns.Type.Member`` from an ApiCompat line about ``int Ns.Type.Member(int)``."""
    quoted = [q for q in re.findall(r"'([^']*)'", line) if f"{namespace}." in q]
    name = quoted[0].split("(")[0].split(" ")[-1] if quoted else line
    return re.sub(r"<[^>]*>|\.(get|set)$", "", name)


def ran_tests(session: object, arguments: argparse.Namespace, view: object) -> dict[str, object]:
    """``run_tests(changed_since=BASE)`` on the head side: what ran against the tests the review named (by
    ``Ns.Class.Method``: a theory runs once per case, a multi-targeted project once per target)."""
    from engine import review

    started = time.monotonic()
    run = review.run_changed_tests(session, arguments.base, arguments.head, timeout=1800)
    named = {reach.test.qualified_name for reach in view.tests}  # type: ignore[attr-defined]
    ran = {re.sub(r"\(.*$", "", item.name) for item in run.items}
    return {
        "review_tests_total": view.tests_total,  # type: ignore[attr-defined]
        "run": {"passed": run.passed, "failed": run.failed, "skipped": run.skipped, "total": run.total},
        "per_target": [[t.framework, t.passed, t.failed, t.skipped, t.ran, t.note] for t in run.targets],
        "widened": run.widened,
        "problems": list(run.problems),
        "named_not_run": sorted(named - ran)[:20],
        "named_shown": len(named),
        "seconds": round(time.monotonic() - started, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("repository")
    parser.add_argument("base")
    parser.add_argument("head")
    parser.add_argument("--solution", required=True)
    parser.add_argument("--library", required=True)
    parser.add_argument("--framework")
    parser.add_argument("--namespace", help="the library's root namespace, to name ApiCompat's members")
    parser.add_argument("--apicompat", type=Path, help="the apicompat tool (else installed into the scratch)")
    parser.add_argument(
        "--drop", action="append", default=[],
        help="a file to remove from both sides first (a global.json pinning another SDK, a NuGet.Config of feeds "
        "not reached here)",
    )  # fmt: skip
    parser.add_argument("--property", action="append", default=[], help="an MSBuild property for restore and build")
    parser.add_argument("--keep", action="store_true", help="leave the scratch directory")
    parser.add_argument(
        "--run-tests", action="store_true", help="run_tests(changed_since=BASE) and hold what ran to the review's tests"
    )
    parser.add_argument("--out", type=Path)
    arguments = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="review-history-"))
    clone = scratch / "head"
    subprocess.run(["git", "clone", "-q", arguments.repository, str(clone)], check=True)
    git(clone, "checkout", "-q", arguments.head)
    git(clone, "worktree", "add", "-q", str(scratch / "base"), arguments.base)
    for tree in (clone, scratch / "base"):
        for name in arguments.drop:
            (tree / name).unlink(missing_ok=True)
    properties = [f"-p:{p}" for p in arguments.property]
    # The properties reach the builds the engine runs too (run_tests' build gets an allowlisted environment
    # and its own command line, and the dotnet CLI reads no Directory.Build.rsp): a Directory.Build.props
    # of the working tree's own sets them after the repository's (the review compares commits).
    if arguments.property:
        props = clone / "Directory.Build.props"
        text = props.read_text() if props.is_file() else "<Project>\n</Project>\n"
        group = "".join(
            f"<{name}>{value}</{name}>" for name, _, value in (p.partition("=") for p in arguments.property)
        )
        head, _, tail = text.rpartition("</Project>")
        props.write_text(f"{head}  <PropertyGroup>{group}</PropertyGroup>\n</Project>{tail}")
    subprocess.run(["dotnet", "restore", str(clone / arguments.solution), *properties], check=True, capture_output=True)

    from engine import load_solution, review

    started = time.monotonic()
    session = load_solution(clone / arguments.solution, watch=False)
    loaded = round(time.monotonic() - started, 1)
    started = time.monotonic()
    view = session.run(review.review_changes, arguments.base, arguments.head, timeout=900)
    first = round(time.monotonic() - started, 1)
    started = time.monotonic()
    again_view = session.run(review.review_changes, arguments.base, arguments.head, timeout=900)
    again = round(time.monotonic() - started, 1)
    tests_run = ran_tests(session, arguments, again_view) if arguments.run_tests else None

    tool = arguments.apicompat
    if tool is None:
        subprocess.run(
            ["dotnet", "tool", "install", "Microsoft.DotNet.ApiCompat.Tool", "--tool-path", str(scratch / "tools")],
            check=True, capture_output=True,
        )  # fmt: skip
        tool = scratch / "tools" / "apicompat"
    builds = {}
    for side, tree in (("base", scratch / "base"), ("head", clone)):
        builds[side] = build(tree / arguments.library, arguments.framework, scratch / f"out-{side}", properties)
    # The errors the review lists are those of the projects the change reaches: the whole solution built.
    solution_build = build(clone / arguments.solution, None, None, properties)
    assembly = Path(arguments.library).stem + ".dll"
    reported = apicompat(tool, scratch / "out-base" / assembly, scratch / "out-head" / assembly)
    namespace = arguments.namespace or Path(arguments.library).stem
    theirs = sorted({member_of(line, namespace) for line in reported})
    ours = sorted(
        {
            re.sub(r"``\d+", "", (item.previous_id or item.documentation_id)[2:].split("(")[0])
            for item in view.items
            if item.breaking and item.breaking != "behaviour"
        }
    )
    review_errors = sorted((e.id, Path(e.location.path).name, e.location.line) for e in view.errors if e.location)
    result = {
        "repository": arguments.repository,
        "base": arguments.base,
        "head": arguments.head,
        "files": view.files,
        "symbols": view.total,
        "breaking": view.breaking,
        "not_updated": view.not_updated,
        "review_errors": review_errors,
        "build_head_errors": sorted(solution_build[1]),
        "build_exit_codes": {**{side: built[0] for side, built in builds.items()}, "head solution": solution_build[0]},
        "build_seconds": {**{side: built[2] for side, built in builds.items()}, "head solution": solution_build[2]},
        "apicompat_lines": reported,
        "apicompat_members": theirs,
        "review_breaking_members": ours,
        "only_apicompat": sorted(set(theirs) - set(ours)),
        "only_review": sorted(set(ours) - set(theirs)),
        "seconds": {"load": loaded, "first_review": first, "repeated_review": again},
        "tests": tests_run,
        "text": view.render(),
    }
    session.close()
    print(json.dumps({k: v for k, v in result.items() if k != "text"}, indent=1))
    print(result["text"][:6000])
    if arguments.out:
        arguments.out.write_text(json.dumps(result, indent=1) + "\n")
    if not arguments.keep:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
