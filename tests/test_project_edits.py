"""Project edits on a private copy of Packages (central package management, Directory.Build.props, a
multi-targeted project with CRLF line endings and tabs): previews as diffs, a package applied and
held to the SDK (``dotnet list package``, ``dotnet build``), undone to the exact bytes; references,
frameworks and properties previewed with their problems; MSBuild files edited byte for byte."""

from __future__ import annotations

import difflib
import json
import re
import subprocess
from pathlib import Path

import pytest

from engine import editing, load_solution, project_edits
from engine.errors import EditRefused, FilesChangedSincePreview, InvalidArgument
from engine.project_edits.frameworks import can_reference
from engine.project_edits.msbuild_xml import MsBuildFile, markup

from .conftest import FIXTURES, copy_fixture

MSBUILD_FILES = sorted(
    p
    for pattern in ("*.csproj", "Directory.*.props", "Directory.Build.targets")
    for p in FIXTURES.rglob(pattern)
    if "obj" not in p.parts and "bin" not in p.parts and "Odd" not in p.parts  # Odd's are broken on purpose
)


@pytest.mark.parametrize("path", MSBUILD_FILES, ids=lambda p: str(p.relative_to(FIXTURES)))
def test_an_item_added_then_removed_gives_back_every_byte(path: Path) -> None:
    original = MsBuildFile(path)
    added = original.append_group("ItemGroup", [markup("PackageReference", {"Include": "Added", "Version": "1.0.0"})])
    if groups := original.root.named("ItemGroup"):
        added = original.append_child(groups[0], markup("PackageReference", {"Include": "Added", "Version": "1.0.0"}))
    changed = [
        line
        for line in difflib.ndiff(original.data.decode().splitlines(), added.decode().splitlines())
        if line[:1] in "+-"
    ]
    assert changed and all(line.startswith("+") for line in changed), changed  # only lines added
    assert original.newline in added and (b"\r\n" in added) == (b"\r\n" in original.data)
    again = MsBuildFile(path, added)
    (item,) = [e for e in again.root.descendants("PackageReference") if e.attribute("Include") == "Added"]
    assert again.remove(item) == original.data


def test_frameworks_that_can_reference_each_other() -> None:
    assert can_reference("net10.0", "netstandard2.0") and can_reference("net10.0", "net8.0")
    assert not can_reference("net8.0", "net10.0") and not can_reference("netstandard2.0", "net10.0")
    assert can_reference("net48", "netstandard2.0") and not can_reference("net48", "netstandard2.1")
    assert not can_reference("net10.0", "net10.0-windows") and can_reference("net10.0-browser", "net10.0")
    assert can_reference("net10.0", "uap10.0") is None  # not a framework these rules know: restore decides


@pytest.fixture(scope="module")
def packages(tmp_path_factory):
    root = copy_fixture("Packages", tmp_path_factory.mktemp("packages"))
    session = load_solution(root / "Packages.slnx", watch=True)
    yield root, session
    session.close()


def test_a_package_previewed_applied_held_to_the_sdk_and_undone(packages) -> None:
    root, session = packages
    app, props = root / "src/Packages.App/Packages.App.csproj", root / "Directory.Packages.props"
    before = {path: path.read_bytes() for path in (app, props)}

    preview = project_edits.add_package(session, "Packages.App", "Humanizer.Core", "3.0.10")
    assert [Path(f.path).name for f in preview.files] == ["Directory.Packages.props", "Packages.App.csproj"]
    added = [line for hunk in preview.items for line in hunk.lines if line.startswith("+")]
    assert added == [
        '+    <PackageVersion Include="Humanizer.Core" Version="3.0.10" />',
        "+  <ItemGroup>",
        '+    <PackageReference Include="Humanizer.Core" />',  # central management: no version here
        "+  </ItemGroup>",
        "+",
    ]
    assert app.read_bytes() == before[app]  # a preview writes nothing

    applied = project_edits.add_package(
        session, "Packages.App", "Humanizer.Core", apply=True, preview_token=preview.preview_token
    )
    notes = "\n".join(applied.notes)
    assert "Packages.App resolves Humanizer.Core to 3.0.10 for net10.0" in notes
    assert "compiler errors: 0 added, 2 gone (0 in the projects it touched)" in notes and "error gone: CS0246" in notes

    # The SDK's word: the same packages and versions, and a build without errors.
    listed = subprocess.run(
        ["dotnet", "list", str(app), "package", "--format", "json"], capture_output=True, text=True, check=True
    )
    (framework,) = json.loads(listed.stdout)["projects"][0]["frameworks"]
    sdk = {(p["id"], p["requestedVersion"], p["resolvedVersion"]) for p in framework["topLevelPackages"]}
    ours = project_edits.list_packages(session, "Packages.App")
    assert (
        sdk
        == {(i.package, i.requested, v) for i in ours.items for _, v in i.resolved}
        == {("Humanizer.Core", "3.0.10", "3.0.10")}
    )
    build = subprocess.run(["dotnet", "build", str(app), "-nologo", "-v", "q"], capture_output=True, text=True)
    assert build.returncode == 0 and " 0 Error(s)" in build.stdout, build.stdout[-2000:]

    undone = editing.undo_edit(session)
    assert undone.applied and {path: path.read_bytes() for path in before} == before
    assert not project_edits.list_packages(session, "Packages.App").items


def test_references_frameworks_properties_and_removals_previewed(packages) -> None:
    root, session = packages
    core = project_edits.add_package(session, "Packages.Core", "Humanizer.Core", "3.0.10", framework="net10.0")
    body = "\n".join(line for hunk in core.items for line in hunk.lines)
    assert "+\t<ItemGroup Condition=\"'$(TargetFramework)' == 'net10.0'\">" in body  # the file's tabs kept

    cycle = project_edits.add_project_reference(session, "Packages.Core", "Packages.App")
    assert cycle.problems == ("it would make a cycle: Packages.Core -> Packages.App -> Packages.Core",)
    with pytest.raises(EditRefused, match="cycle"):
        project_edits.add_project_reference(session, "Packages.Core", "Packages.App", apply=True)
    again = project_edits.add_project_reference(session, "Packages.App", "Packages.Core")
    assert again.problems == ("Packages.App already references Packages.Core",)

    frameworks = project_edits.set_target_frameworks(session, "Packages.App", ["net10.0", "net10.0-browser"])
    assert [line for hunk in frameworks.items for line in hunk.lines if line[:1] in "+-"] == [
        "-    <TargetFramework>net10.0</TargetFramework>",
        "+    <TargetFrameworks>net10.0;net10.0-browser</TargetFrameworks>",
    ]
    nullable = project_edits.set_project_property(session, "Packages.App", "Nullable", "disable", where="directory")
    assert [Path(f.path).name for f in nullable.files] == ["Directory.Build.props"]
    # Applied, a property's answer counts the warnings it brings: Document? outside a nullable context.
    disabled = project_edits.set_project_property(session, "Packages.Core", "Nullable", "disable", apply=True)
    assert "warnings: 1 added (1 CS8632), 0 gone" in disabled.notes, disabled.notes
    editing.undo_edit(session)
    with pytest.raises(InvalidArgument, match="Nullable cannot be 'maybe'"):
        project_edits.set_project_property(session, "Packages.App", "Nullable", "maybe")

    removed = project_edits.remove_package(session, "Packages.Core", "Newtonsoft.Json")
    assert {Path(f.path).name for f in removed.files} == {"Packages.Core.csproj", "Directory.Packages.props"}
    assert removed.notes == ("its central version goes too: no other project references Newtonsoft.Json",)
    with pytest.raises(InvalidArgument, match="No project of the solution is named 'Nope'"):
        project_edits.remove_package(session, "Nope", "Newtonsoft.Json")

    # A file changed after its preview is never overwritten.
    core_file = root / "src/Packages.Core/Packages.Core.csproj"
    core_file.write_bytes(core_file.read_bytes() + b"\r\n")
    with pytest.raises(FilesChangedSincePreview):
        project_edits.remove_package(
            session, "Packages.Core", "Newtonsoft.Json", apply=True, preview_token=removed.preview_token
        )


CLOCK = """namespace Tp;

public sealed class Clock
{
    private readonly Lock _gate = new();
    private long _ticks;

    public long Tick()
    {
        lock (_gate)
        {
            return ++_ticks;
        }
    }

#if NET9_0_OR_GREATER
    public static string Runtime => "nine or later";
#else
    public static Missing? Runtime => null;
#endif
}
"""


def test_a_new_target_s_errors_are_previewed_as_the_build_then_reports_them(tmp_path: Path) -> None:
    """``System.Threading.Lock`` is .NET 9's, and the ``#else`` branch names a type that does not exist:
    adding net8.0 breaks both, which the preview names before anything is written, as ``dotnet build``
    does after."""
    project = tmp_path / "Tp.csproj"
    project.write_text(
        '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net10.0</TargetFramework>'
        "<Nullable>enable</Nullable><ImplicitUsings>enable</ImplicitUsings></PropertyGroup></Project>\n"
    )
    (tmp_path / "Clock.cs").write_text(CLOCK)
    session = load_solution(project, watch=False)
    try:
        preview = project_edits.set_target_frameworks(session, "Tp", ["net10.0", "net8.0"])
        assert preview.notes[0].startswith("net8.0 previewed") and "C# 12" in preview.notes[0]
        previewed = {_error_place(n) for n in preview.notes if n.startswith("net8.0 error:")}

        applied = project_edits.set_target_frameworks(
            session, "Tp", ["net10.0", "net8.0"], apply=True, preview_token=preview.preview_token
        )
        reported = {_error_place(n) for n in applied.notes if n.startswith("error added:")}
        build = subprocess.run(["dotnet", "build", str(project), "-nologo", "-v", "q"], capture_output=True, text=True)
        built = {
            (code, Path(file).name, int(line))
            for file, line, code in set(re.findall(r"([^\s(]+)\((\d+),\d+\): error (CS\d+)", build.stdout))
        }
        assert previewed == reported == built and len(built) == 2, (previewed, reported, built)
    finally:
        session.close()


def _error_place(note: str) -> tuple[str, str, int]:
    code, file, line = re.search(r"(CS\d+) at (\S+):(\d+):", note).groups()
    return code, Path(file).name, int(line)
