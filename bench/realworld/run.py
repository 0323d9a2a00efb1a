"""The real-world suite: pinned commits of well-known C# solutions, each loaded by the engine and by
native Roslyn (a small C# program, SymbolFinder over its own MSBuildWorkspace, no engine code), their
answers compared, and the engine's diagnostics compared with ``dotnet build``'s. Not part of the test
run: it needs the repositories and their packages.

    python bench/realworld/run.py [--work /tmp/realworld] [--mirrors DIR] [--only NAME ...]
        [--per-kind 6] [--out bench/results/realworld.json]

Each repository in ``repositories.json`` is cloned into ``--work`` (from ``--mirrors/<owner>+<name>/repo``
when given, a local copy of the repository, else from its URL) and checked out at its commit. Restore
runs once, with ``WarningsNotAsErrors=NU1603;NU1605`` (and ``WarningsAsErrors`` empty, which the SDK
sets to NU1605): a package feed that lacks the exact version
asked for resolves another, which these repositories' ``TreatWarningsAsErrors`` would otherwise turn
into a failed restore (and the repository's own ``restore_properties``). The build (``--no-restore
--no-incremental``) and both loads then use the same restored assets. Diagnostics are compared only in
the projects that can be: restored, and with every project they reference restored and built without
error (a feed that lacks a package leaves them unbuilt, their errors about the missing package).

The table: projects, documents, load time ours / native, questions answered identically / asked, and
errors and warnings: the build's, and ours that the build does not report (false) or that the build
reports and we do not (missing); (behind) counts errors of ours in a project whose build failed: the
compiler of a build stops after the declarations when they have errors, so those method-body errors
appear in a build only once the first are fixed. The IDE's code-style rules are left out of the
comparison: a build does not run them. Every difference is listed below the table.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))

from engine import find_dotnet, find_roslyn

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent

# ``/s/F.cs(12,5): warning CA1822: text [/s/P.csproj::TargetFramework=net8.0]``
BUILD_LINE = re.compile(
    r"^(?P<path>.+?)\((?P<line>\d+),(?P<column>\d+)(?:,\d+,\d+)?\): (?P<severity>error|warning) (?P<id>[A-Z]+\d+): "
    r"(?P<message>.*?)(?: \[(?P<project>[^\]]+?)(?:::TargetFramework=(?P<target>[^\]]+))?\])?$"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "realworld")
    parser.add_argument("--mirrors", type=Path, help="a folder of local copies: <owner>+<name>/repo")
    parser.add_argument("--only", nargs="*", help="repository names to run")
    parser.add_argument("--per-kind", type=int, default=6)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "realworld.json")
    parser.add_argument("--table", type=Path, help="only print the table of this results file")
    arguments = parser.parse_args()
    if arguments.table:
        print(table(json.loads(arguments.table.read_text())))
        return
    repositories = json.loads((HERE / "repositories.json").read_text())
    if arguments.only:
        repositories = [r for r in repositories if r["name"] in arguments.only]
    arguments.work.mkdir(parents=True, exist_ok=True)
    native = build_native(arguments.work)
    rows = [measure(repository, arguments, native) for repository in repositories]
    arguments.out.parent.mkdir(parents=True, exist_ok=True)
    arguments.out.write_text(json.dumps(rows, indent=2) + "\n")
    print(table(rows))


def measure(repository: dict[str, str], arguments: argparse.Namespace, native: Path) -> dict[str, Any]:
    checkout = clone(repository, arguments.work, arguments.mirrors)
    solution = checkout / repository["solution"]
    dotnet = str(find_dotnet().dotnet)
    # The SDK adds NU1605 to WarningsAsErrors itself: emptied for the restore, so that WarningsNotAsErrors holds.
    mirror = ["WarningsAsErrors=", "WarningsNotAsErrors=NU1603%3BNU1605"]
    properties = [f"-p:{p}" for p in [*mirror, *repository.get("restore_properties", [])]]
    restore = run([dotnet, "restore", str(solution), "-v", "q", "-nologo", *properties], checkout)
    build = run([dotnet, "build", str(solution), "--no-restore", "--no-incremental", "-v", "q", "-nologo"], checkout)
    ours = json.loads(run([sys.executable, str(HERE / "engine_side.py"), str(solution), "--per-kind",
                           str(arguments.per_kind)], ROOT, check=True)["stdout"])  # fmt: skip
    spec = arguments.work / f"{repository['name']}-questions.json"
    spec.write_text(json.dumps({"solution": str(solution), "questions": ours["questions"]}))
    roslyn = find_roslyn(find_dotnet()).directory
    theirs = json.loads(
        run([dotnet, str(native), str(spec)], ROOT, env={"ROSLYN_DIR": str(roslyn)}, check=True)["stdout"]
    )
    return {
        "name": repository["name"],
        "commit": repository["commit"],
        "restore_ok": restore["code"] == 0,
        "build_ok": build["code"] == 0,
        "build_s": build["seconds"],
        "projects": ours["projects"],
        "documents": ours["documents"],
        "native_documents": theirs["documents"],
        "load_ms": {"ours": round(ours["load_ms"]), "native": round(theirs["load_ms"])},
        "diagnostics_s": round(ours["diagnostics_ms"] / 1000, 1),
        "problems": ours["problems"],
        "questions": compare_answers(ours["answers"], theirs["answers"]),
        "diagnostics": compare_diagnostics(ours, build["stdout"], checkout),
    }


def clone(repository: dict[str, str], work: Path, mirrors: Path | None) -> Path:
    target = work / repository["name"]
    if not target.exists():
        owner, name = repository["url"].rstrip("/").split("/")[-2:]
        source = mirrors / f"{owner}+{name}" / "repo" if mirrors else None
        run(["git", "clone", "-q", str(source) if source and source.exists() else repository["url"], str(target)],
            work, check=True)  # fmt: skip
    run(["git", "checkout", "-q", "--force", repository["commit"]], target, check=True)
    return target


def build_native(work: Path) -> Path:
    dotnet = find_dotnet()
    roslyn = find_roslyn(dotnet).directory
    out = work / "native"
    run(
        [str(dotnet.dotnet), "build", str(HERE / "native"), "-c", "Release", "-o", str(out), "-v", "q", "-nologo",
         f"-p:RoslynDir={roslyn}/", f"-p:BaseIntermediateOutputPath={work / 'native-obj'}/"],
        ROOT,
        check=True,
    )  # fmt: skip
    return out / "RealWorldNative.dll"


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None, check: bool = False) -> dict[str, Any]:
    import time

    started = time.monotonic()
    done = subprocess.run(
        command, cwd=cwd, capture_output=True, text=True, env={**os.environ, **(env or {})}, check=False
    )
    if check and done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr[-3000:]}{done.stdout[-3000:]}")
    return {"code": done.returncode, "stdout": done.stdout, "seconds": round(time.monotonic() - started, 1)}


def compare_answers(ours: list[dict[str, Any]], theirs: list[dict[str, Any]]) -> dict[str, Any]:
    same, differences = 0, []
    for mine, native in zip(ours, theirs, strict=True):
        if mine["found"] is not None and set(mine["found"]) == set(native["found"] or []):
            same += 1
            continue
        extra = sorted(set(mine["found"] or []) - set(native["found"] or []))
        missing = sorted(set(native["found"] or []) - set(mine["found"] or []))
        differences.append(
            {"kind": mine["kind"], "id": mine["id"], "error": mine["error"], "ours_only": extra, "native_only": missing}
        )
    return {"identical": same, "asked": len(ours), "differences": differences}


def compare_diagnostics(ours: dict[str, Any], build_output: str, checkout: Path) -> dict[str, Any]:
    """Ours against the build's, by place and rule, in the projects that can be compared (see the module
    docstring). The compiler of a build stops after the declarations when they have errors (method
    bodies are compiled only when they have none), so an error of ours in a project whose build failed
    is counted apart, as behind the build's first errors."""
    found: list[tuple[str, str, str, str]] = []  # severity, place, rule, project
    for line in build_output.splitlines():
        match = BUILD_LINE.match(line.strip())
        if match:
            place = f"{os.path.relpath(match['path'], checkout)}:{match['line']}:{match['column']}"
            found.append((match["severity"], place, match["id"], Path(match["project"] or "").stem))
    failed = {project for severity, _, _, project in found if severity == "error"}
    comparable = _comparable(ours["references"], set(ours["unrestored"]), failed)
    built: dict[str, set[tuple[str, str]]] = {"error": set(), "warning": set()}
    for severity, place, rule, project in found:
        if project in comparable:
            built[severity].add((place, rule))
    mine: dict[str, set[tuple[str, str]]] = {"error": set(), "warning": set()}
    project_of: dict[tuple[str, str], str] = {}
    for item in ours["diagnostics"]:
        if item["severity"] in mine and item["source"] != "IDE" and item["at"] and item["project"] in comparable:
            mine[item["severity"]].add((item["at"], item["id"]))
            project_of[(item["at"], item["id"])] = item["project"]
    result: dict[str, Any] = {"comparable_projects": sorted(comparable), "projects": len(ours["references"])}
    for severity in ("error", "warning"):
        extra = mine[severity] - built[severity]
        behind = {e for e in extra if severity == "error" and project_of[e] in failed}
        result[severity] = {
            "build": len(built[severity]),
            "ours": len(mine[severity]),
            "false": sorted(f"{at} {rule}" for at, rule in extra - behind),
            "behind_the_build_s_first_errors": sorted(f"{at} {rule}" for at, rule in behind),
            "missing": sorted(f"{at} {rule}" for at, rule in built[severity] - mine[severity]),
        }
    return result


def _comparable(references: dict[str, list[str]], unrestored: set[str], failed: set[str]) -> set[str]:
    """Projects restored whose every referenced project (transitively) restored and built."""

    def closure(project: str, seen: set[str]) -> set[str]:
        for reference in references.get(project, []):
            if reference not in seen:
                seen.add(reference)
                closure(reference, seen)
        return seen

    return {
        project
        for project in references
        if project not in unrestored and not (closure(project, set()) & (unrestored | failed))
    }


def table(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| repository | projects (compared) | documents | load ours / native (s) | diagnostics (s) / build (s) | "
        "questions identical | errors: build, false, missing (behind) | warnings: build, false, missing |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    notes = []
    for row in rows:
        errors, warnings = row["diagnostics"]["error"], row["diagnostics"]["warning"]
        questions = row["questions"]
        lines.append(
            f"| {row['name']} | {row['projects']} ({len(row['diagnostics']['comparable_projects'])}) | "
            f"{row['documents']} | "
            f"{row['load_ms']['ours'] / 1000:.1f} / {row['load_ms']['native'] / 1000:.1f} | "
            f"{row['diagnostics_s']} / {row['build_s']} | {questions['identical']} / {questions['asked']} | "
            f"{errors['build']}, {len(errors['false'])}, {len(errors['missing'])} "
            f"({len(errors.get('behind_the_build_s_first_errors', []))}) | "
            f"{warnings['build']}, {len(warnings['false'])}, {len(warnings['missing'])} |"
        )
        for difference in questions["differences"]:
            notes.append(
                f"- {row['name']} {difference['kind']} {difference['id']}: ours only {difference['ours_only'][:5]}, "
                f"native only {difference['native_only'][:5]} {difference['error']}"
            )
        for severity, found in (("error", errors), ("warning", warnings)):
            for kind in ("false", "missing"):
                for item in found[kind][:10]:
                    notes.append(f"- {row['name']} {kind} {severity}: {item}")
    return "\n".join([*lines, "", *notes] if notes else lines)


if __name__ == "__main__":
    main()
