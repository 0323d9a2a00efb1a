"""Coverage on a real repository's test suite, held to the collector's own Cobertura report, and what
collecting it costs: the tests run once without coverage and once with (in-process on the engine, as a
front end's call runs them), then every source file's covered and coverable lines from ``coverage``
compared with the report's, and each method the report names found in one member's row.

The repository is cloned from a local mirror into a scratch directory; ``--property`` goes into that
copy's ``Directory.Build.props`` (real repositories here need ``WarningsNotAsErrors=NU1603``), and
``--drop-nuget-config`` removes its ``NuGet.Config`` when that names a feed this machine cannot reach.

    python bench/coverage.py MIRROR.git SOLUTION [--project TESTS] [--framework TFM] [--property NAME=VALUE]
        [--drop-nuget-config] [--out bench/results/coverage-NAME.json]
"""

from __future__ import annotations

import argparse
import sys
import time
import xml.etree.ElementTree as ElementTree
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def report_lines(report: Path, root: Path) -> dict[str, dict[int, int]]:
    """Each file's lines and their most hits, read from the report's classes."""
    found: dict[str, dict[int, int]] = {}
    for each in ElementTree.parse(report).getroot().iter("class"):
        lines = found.setdefault(each.get("filename", ""), {})
        for line in each.iterfind("lines/line"):
            number = int(line.get("number", "0"))
            lines[number] = max(lines.get(number, 0), int(line.get("hits", "0")))
    return {path: lines for path, lines in found.items() if path.startswith(str(root))}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("mirror", type=Path)
    parser.add_argument("solution")
    parser.add_argument("--project")
    parser.add_argument("--framework", help="only this target of the test project (net10.0)")
    parser.add_argument("--property", action="append", default=[])
    parser.add_argument(
        "--drop-nuget-config",
        action="store_true",
        help="remove the copy's NuGet.Config (a feed this machine cannot reach)",
    )
    parser.add_argument("--out", type=Path)
    arguments = parser.parse_args()

    from checkout import checkout, prepare, write_result

    from engine import load_solution, runtime, testing

    root = checkout(arguments.mirror, "coverage-")
    prepare(root, arguments.property, arguments.drop_nuget_config)
    session = load_solution(root / arguments.solution, watch=False)
    session.wait_warm(timeout=900)

    only = {"framework": arguments.framework} if arguments.framework else {}
    testing.run_tests(session, project=arguments.project, timeout=1800, **only)  # the build, for both runs
    started = time.monotonic()
    plain = testing.run_tests(session, project=arguments.project, timeout=1800, **only)
    plain_seconds = round(time.monotonic() - started, 1)
    started = time.monotonic()
    covered = runtime.run_tests_with_coverage(session, project=arguments.project, timeout=1800, **only)
    covered_seconds = round(time.monotonic() - started, 1)
    assert covered.coverage is not None, covered.render()

    files_equal, files_differ, members, placed, misplaced = 0, [], 0, 0, []
    by_report: dict[str, dict[int, int]] = {}
    for report in map(Path, covered.coverage.reports):
        for path, lines in report_lines(report, root).items():
            merged = by_report.setdefault(path, {})
            for number, hits in lines.items():
                merged[number] = max(merged.get(number, 0), hits)
    started = time.monotonic()
    answers = {}
    for path, lines in sorted(by_report.items()):
        answer = runtime.coverage(session, file=path)
        answers[path] = answer
        members += answer.total
        ours = (answer.lines, answer.lines_covered)
        theirs = (len(lines), sum(1 for hits in lines.values() if hits))
        if ours == theirs:
            files_equal += 1
        else:
            files_differ.append({"file": str(Path(path).relative_to(root)), "engine": ours, "report": theirs})
    per_file_seconds = round((time.monotonic() - started) / max(len(by_report), 1), 3)
    for report in map(Path, covered.coverage.reports):
        for each in ElementTree.parse(report).getroot().iter("class"):
            path = each.get("filename", "")
            if path not in answers or "<" in each.get("name", ""):
                continue
            for method in each.iterfind("methods/method"):
                if "<" in method.get("name", ""):
                    continue
                lines = {int(line.get("number", "0")) for line in method.iterfind("lines/line")}
                holding = [r for r in answers[path].items if lines <= set(r.lines_of)]
                if len(holding) == 1:
                    placed += 1
                else:
                    misplaced.append(f"{each.get('name')}.{method.get('name')} {sorted(lines)}")
    solution_answer = runtime.coverage(session)
    result = {
        "repository": str(arguments.mirror),
        "solution": arguments.solution,
        "tests": {"passed": covered.passed, "failed": covered.failed, "skipped": covered.skipped},
        "tests_without_coverage": {"passed": plain.passed, "failed": plain.failed, "skipped": plain.skipped},
        "collector": covered.coverage.collector,
        "seconds_without_coverage": plain_seconds,
        "seconds_with_coverage": covered_seconds,
        "overhead": round(covered_seconds / plain_seconds, 2) if plain_seconds else None,
        "lines": f"{covered.coverage.lines_covered}/{covered.coverage.lines}",
        "branches": f"{covered.coverage.branches_covered}/{covered.coverage.branches}",
        "files_equal_to_the_report": files_equal,
        "files_differing": files_differ,
        "members": members,
        "report_methods_in_one_member": placed,
        "report_methods_not_placed": misplaced[:20],
        "coverage_of_a_file_seconds": per_file_seconds,
        "least_covered": [item.row(str(root)) for item in solution_answer.items[:5]],
    }
    write_result(result, arguments.out, indent=1)
    session.close()


if __name__ == "__main__":
    main()
