"""The global usings read from a project's XML without evaluating it are MSBuild's own."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from engine import find_dotnet
from engine.workspace.implicit_usings import global_usings, global_usings_text

from .conftest import FIXTURES, copy_fixture

SDKS = find_dotnet().sdk_dir / "Sdks"


def msbuild_usings(project: Path) -> list[tuple[str, str, bool]]:
    """The ``Using`` items as MSBuild evaluates them (the fixtures and these projects are ours: trusted)."""
    printed = subprocess.run(
        ["dotnet", "msbuild", str(project), "-getItem:Using", "-nologo"], capture_output=True, text=True, check=True
    ).stdout
    items = json.loads(printed)["Items"]["Using"] if printed.strip().startswith("{") else []
    return [(u["Identity"], u.get("Alias", ""), u.get("Static", "").lower() == "true") for u in items]


def ours(project: Path, root: Path) -> list[tuple[str, str, bool]]:
    return [(u.namespace, u.alias, u.static) for u in global_usings(project, root, SDKS)]


PROJECTS = {
    "web": """<Project Sdk="Microsoft.NET.Sdk.Web">
  <PropertyGroup><TargetFramework>net10.0</TargetFramework><ImplicitUsings>enable</ImplicitUsings></PropertyGroup>
  <ItemGroup>
    <Using Remove="System.IO" />
    <Using Include="System.Text" Alias="Txt" />
    <Using Include="System.Math" Static="true" />
  </ItemGroup>
</Project>""",
    "worker": """<Project Sdk="Microsoft.NET.Sdk.Worker">
  <PropertyGroup><TargetFramework>net10.0</TargetFramework><ImplicitUsings>true</ImplicitUsings></PropertyGroup>
</Project>""",
    "off": """<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net10.0</TargetFramework><ImplicitUsings>disable</ImplicitUsings></PropertyGroup>
  <ItemGroup><Using Include="System.Text.Json" /></ItemGroup>
</Project>""",
}


@pytest.mark.parametrize("name", sorted(PROJECTS))
def test_a_projects_usings_are_msbuilds(tmp_path, name):
    project = tmp_path / name / f"{name}.csproj"
    project.parent.mkdir()
    project.write_text(PROJECTS[name])
    assert ours(project, tmp_path) == msbuild_usings(project)


def test_usings_turned_on_by_a_directory_build_props_and_a_project_without_any(tmp_path):
    shop = copy_fixture("Shop", tmp_path)
    core = shop / "src" / "Shop.Core" / "Shop.Core.csproj"
    assert ours(core, shop) == msbuild_usings(core) != []
    hostile = FIXTURES / "Hostile" / "Hostile.csproj"
    assert ours(hostile, hostile.parent) == [] and global_usings_text(hostile, hostile.parent, SDKS) == ""
    assert global_usings_text(core, shop, SDKS).splitlines()[0] == "global using global::System;"
