"""Project edits on a real repository, held to the SDK.

On a clone of ``mirror``: every MSBuild file of the repository edited and edited back (an item group
added then removed, a property's text set then set back) must come back byte for byte. Then, on the
loaded solution: a package added to ``--project`` (previewed, applied: restore and reload timed), its
packages compared with ``dotnet list package``, its compiler errors with ``dotnet build``'s, undone to
the exact bytes; a package it uses removed, the errors that brings compared with ``dotnet build``'s,
undone. ``--property`` adds MSBuild properties to the copy's ``Directory.Build.props`` (real
repositories here need ``WarningsNotAsErrors=NU1603``) after the byte checks.

    python bench/project_edits.py MIRROR-OR-DIRECTORY SOLUTION --project NAME [--add ID] [--remove ID] [--reference NAME]
        [--property K=V] [--set K=V] [--drop-nuget-config] [--drop FILE] [--out bench/results/project-edits-NAME.json]
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import time
from pathlib import Path

from engine.project_edits.msbuild_xml import MsBuildFile, markup


def round_trips(root: Path) -> dict[str, object]:
    """Each MSBuild file edited and edited back: the files whose bytes did not come back."""
    files = [
        p for pattern in ("*.csproj", "*.props", "*.targets") for p in root.rglob(pattern) if ".git" not in p.parts
    ]
    failed = []
    for path in files:
        original = MsBuildFile(path)
        groups = original.root.named("ItemGroup")
        item = markup("PackageReference", {"Include": "Bench.Added", "Version": "1.0.0"})
        added = original.append_child(groups[0], item) if groups else original.append_group("ItemGroup", [item])
        again = MsBuildFile(path, added)
        (element,) = [e for e in again.root.descendants("PackageReference") if e.attribute("Include") == "Bench.Added"]
        back = again.remove(element) == original.data
        properties = [e for g in original.root.named("PropertyGroup") for e in g.children if not e.children]
        if properties:
            first = properties[0]
            changed = MsBuildFile(path, original.set_text(first, "bench-value"))
            same = next(e for e in changed.root.descendants(first.name) if e.start == first.start)
            back = back and changed.set_text(same, original.text(first)) == original.data
        if not back:
            failed.append(str(path.relative_to(root)))
    return {"files": len(files), "not_byte_identical": failed}


def sdk_packages(project: Path) -> set[tuple[str, str, str]]:
    listed = subprocess.run(
        ["dotnet", "list", str(project), "package", "--format", "json"], capture_output=True, text=True, check=True
    )
    found = set()
    for entry in json.loads(listed.stdout)["projects"]:
        for framework in entry.get("frameworks", []):
            for package in framework.get("topLevelPackages", []):
                requested = package["requestedVersion"]  # a range for what the SDK adds: [8.0.31, )
                requested = requested[1:-3] if requested.startswith("[") and requested.endswith(", )") else requested
                found.add((package["id"], requested, package["resolvedVersion"]))
    return found


def sdk_errors(project: Path) -> set[str]:
    """``dotnet build``'s errors, as ``ID file:line`` (each once, whatever the target)."""
    build = subprocess.run(
        ["dotnet", "build", str(project), "-nologo", "-v", "q", "-clp:NoSummary"], capture_output=True, text=True
    )
    found = set()
    for line in build.stdout.splitlines():
        match = re.search(r"([^\s(]+)\((\d+),\d+\): error (\w+):", line)
        if match:
            found.add(f"{match[3]} {Path(match[1]).name}:{match[2]}")
        elif options := re.search(r"^\s*CSC : error (\w+):", line):  # the options: the compiler stops there
            found.add(f"{options[1]} (options)")
        elif restore := re.search(r"^\s*(\S+\.csproj) : error (NU\d+): Project (\S+) is not compatible", line):
            found.add(f"{restore[2]} {Path(restore[1]).name}->{restore[3]}")
    return found


def engine_error_keys(keys: object) -> set[str]:
    """The engine's errors as ``sdk_errors`` writes the build's."""
    return {
        f"{key[3]} {Path(key[0]).name}:{key[1]}" if key[0] else f"{key[3]} (options)"
        for key, (severity, _) in keys.items()  # type: ignore[attr-defined]
        if severity == "error"
    }


def engine_errors(notes: tuple[str, ...]) -> dict[str, int]:
    """The answer's ``compiler errors: A added, G gone (N in the projects it touched)``."""
    (line,) = [n for n in notes if n.startswith("compiler errors:")]
    if "not counted" in line:  # restore failed: a build stops there too
        return {"added": 0, "gone": 0, "now": 0}
    added, gone, now = map(int, re.findall(r"\d+", line)[:3])
    return {"added": added, "gone": gone, "now": now}


def _place(note: str) -> str:
    """A note's ``ID at path:line`` as ``sdk_errors`` writes it."""
    restore = re.search(r"(NU\d+) at (\S+): (\S+) targets", note)
    if restore is not None:
        return f"{restore[1]} {Path(restore[2]).name}->{restore[3]}"
    found = re.search(r"(\w+) at (?:(\S+):(\d+)|the project's options):", note)
    if found is None:
        return note
    return f"{found[1]} {Path(found[2]).name}:{found[3]}" if found[2] else f"{found[1]} (options)"


def compared(engine: dict[str, int], baseline: set[str], build: set[str]) -> dict[str, object]:
    """The engine's errors added and gone beside ``dotnet build``'s, from the same starting point."""
    return {
        "engine": engine,
        "build": {"added": len(build - baseline), "gone": len(baseline - build), "now": len(build)},
        "build_added": sorted(build - baseline)[:10],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("mirror", type=Path)
    parser.add_argument("solution")
    parser.add_argument("--project", required=True)
    parser.add_argument("--add", default="Humanizer.Core")
    parser.add_argument("--remove")
    parser.add_argument("--framework", help="add the package for this target framework only")
    parser.add_argument("--reference", help="a project to reference from --project, applied and undone")
    parser.add_argument("--property", action="append", default=[])
    parser.add_argument(
        "--set", action="append", default=[], help="a property of --project to set (K=V): applied, built, undone"
    )
    parser.add_argument(
        "--target", help="a target framework to add to --project: its errors previewed, then applied, built, undone"
    )
    parser.add_argument("--drop-nuget-config", action="store_true")
    parser.add_argument(
        "--drop", action="append", default=[], help="a file of the copy to remove (a global.json pinning an absent SDK)"
    )
    parser.add_argument("--out", type=Path)
    arguments = parser.parse_args()

    from checkout import checkout, prepare, write_result

    from engine import editing, load_solution, project_edits
    from engine.project_edits import target_preview
    from engine.project_edits.outcome import diagnostics
    from engine.project_edits.places import places, project_file

    root = checkout(arguments.mirror, "project-edits-")
    result: dict[str, object] = {"repository": arguments.mirror.parent.name, "round_trips": round_trips(root)}
    prepare(root, arguments.property, arguments.drop_nuget_config, arguments.drop)
    started = time.monotonic()
    session = load_solution(root / arguments.solution, watch=True)
    result["load_seconds"] = round(time.monotonic() - started, 1)
    project = project_file(session.snapshot(), arguments.project)
    watched = [project, *(p for p in root.rglob("Directory.*.props"))]
    before = {p: p.read_bytes() for p in watched}
    baseline = sdk_errors(project)

    started = time.monotonic()
    preview = project_edits.add_package(session, arguments.project, arguments.add, framework=arguments.framework)
    result["add_preview_seconds"] = round(time.monotonic() - started, 2)
    started = time.monotonic()
    applied = project_edits.add_package(
        session, arguments.project, arguments.add, apply=True, preview_token=preview.preview_token
    )
    result["add_diff"] = [line for hunk in applied.items for line in hunk.lines] or [
        line for hunk in preview.items for line in hunk.lines
    ]
    result["add_apply_seconds"] = round(time.monotonic() - started, 2)
    result["add_title"] = applied.title
    result["add_notes"] = list(applied.notes)
    ours = {
        (i.package, i.requested, v)
        for i in project_edits.list_packages(session, arguments.project).items
        for _, v in i.resolved
    }
    sdk = sdk_packages(project)
    result["packages_equal_dotnet_list"] = ours == sdk
    result["packages_differ"] = sorted(map(list, ours ^ sdk))
    result["add_errors"] = compared(engine_errors(applied.notes), baseline, sdk_errors(project))
    started = time.monotonic()
    editing.undo_edit(session)
    result["undo_seconds"] = round(time.monotonic() - started, 2)
    result["undo_byte_identical"] = all(p.read_bytes() == content for p, content in before.items())

    if arguments.remove:
        removed = project_edits.remove_package(session, arguments.project, arguments.remove, apply=True)
        result["remove_title"] = removed.title
        result["remove_notes"] = list(removed.notes)
        build = sdk_errors(project)
        result["remove_errors"] = compared(engine_errors(removed.notes), baseline, build)
        ours = engine_error_keys(session.run(diagnostics, [project], timeout=600))
        result["remove_errors"]["only_engine"] = sorted(ours - build)[:10]  # type: ignore[index]
        result["remove_errors"]["only_build"] = sorted(build - ours)[:10]  # type: ignore[index]
        editing.undo_edit(session)
        result["remove_undo_byte_identical"] = all(p.read_bytes() == content for p, content in before.items())

    if arguments.reference:
        started = time.monotonic()
        referenced = project_edits.add_project_reference(session, arguments.project, arguments.reference, apply=True)
        result["reference_apply_seconds"] = round(time.monotonic() - started, 2)
        result["reference_notes"] = list(referenced.notes)
        result["reference_errors"] = compared(engine_errors(referenced.notes), baseline, sdk_errors(project))
        editing.undo_edit(session)
        result["reference_undo_byte_identical"] = all(p.read_bytes() == content for p, content in before.items())

    for assignment in arguments.set:
        name, value = assignment.split("=", 1)
        started = time.monotonic()
        changed = project_edits.set_project_property(session, arguments.project, name, value, apply=True)
        entry: dict[str, object] = {"apply_seconds": round(time.monotonic() - started, 2), "notes": list(changed.notes)}
        build = sdk_errors(project)
        entry["errors"] = compared(engine_errors(changed.notes), baseline, build)
        ours = engine_error_keys(session.run(diagnostics, [project], timeout=600))
        entry["only_engine"], entry["only_build"] = sorted(ours - build)[:10], sorted(build - ours)[:10]
        editing.undo_edit(session)
        entry["undo_byte_identical"] = all(p.read_bytes() == content for p, content in before.items())
        result[f"set_{name}"] = entry

    if arguments.target:
        current = list(project_edits.project_overview(session, arguments.project, False).target_frameworks)
        wanted = [*current, arguments.target]
        started = time.monotonic()
        preview = project_edits.set_target_frameworks(session, arguments.project, wanted)
        entry = {"preview_seconds": round(time.monotonic() - started, 2), "preview_notes": list(preview.notes)}
        # Every error previewed (the answer names five): the same preview, asked for all.
        every = target_preview.preview_target(
            session.snapshot(), places(session.snapshot(), arguments.project), arguments.target, 600, shown=100_000
        )
        previewed = {_place(n) for n in every if n.startswith(f"{arguments.target} error:")}
        started = time.monotonic()
        applied = project_edits.set_target_frameworks(
            session, arguments.project, wanted, apply=True, preview_token=preview.preview_token
        )
        entry["apply_seconds"] = round(time.monotonic() - started, 2)
        entry["notes"] = list(applied.notes)
        build = sdk_errors(project)
        entry["errors"] = compared(engine_errors(applied.notes), baseline, build)
        entry["previewed_count"] = len(previewed)
        entry["build_not_previewed"] = sorted((build - baseline) - previewed)[:10]
        entry["previewed_not_built"] = sorted(previewed - (build - baseline))[:10]
        editing.undo_edit(session)
        entry["undo_byte_identical"] = all(p.read_bytes() == content for p, content in before.items())
        result[f"target_{arguments.target}"] = entry

    for name, call in (
        (
            "property_preview",
            lambda: project_edits.set_project_property(
                session, arguments.project, "Nullable", "disable", where="directory"
            ),
        ),
        ("frameworks_preview", lambda: project_edits.set_target_frameworks(session, arguments.project, ["net10.0"])),
    ):
        started = time.monotonic()
        view = call()
        result[name] = {
            "seconds": round(time.monotonic() - started, 2),
            "title": view.title,
            "problems": list(view.problems),
            "files": [f.path.replace(str(root), "") for f in view.files],
        }
    session.close()
    write_result(result, arguments.out)


if __name__ == "__main__":
    main()
