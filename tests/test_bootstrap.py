"""Finding dotnet, the SDK and Roslyn, and the named errors when one is missing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import DotnetNotFound, RoslynNotFound, find_dotnet, find_roslyn
from engine.workspace.targets import choose, target_from_symbols

ROOT = Path(__file__).parent.parent


def test_dotnet_and_the_sdks_roslyn_are_found():
    dotnet = find_dotnet()
    roslyn = find_roslyn(dotnet)
    assert int(dotnet.sdk_version.split(".")[0]) >= 8
    assert roslyn.directory == dotnet.sdk_dir / "DotnetTools" / "dotnet-format"
    assert (roslyn.directory / "BuildHost-netcore").is_dir()
    assert roslyn.version[0].isdigit()


def test_an_empty_roslyn_directory_is_a_named_error(tmp_path, monkeypatch):
    monkeypatch.setenv("ROSLYN_TUI_ROSLYN_DIR", str(tmp_path))
    with pytest.raises(RoslynNotFound) as raised:
        find_roslyn(find_dotnet())
    assert str(tmp_path) in str(raised.value)
    assert "ROSLYN_TUI_ROSLYN_DIR" in raised.value.hint


def test_a_missing_dotnet_is_a_named_error(tmp_path, monkeypatch):
    monkeypatch.delenv("DOTNET_ROOT", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(DotnetNotFound) as raised:
        find_dotnet()
    assert "dotnet" in str(raised.value)
    assert "Install the .NET SDK" in raised.value.hint


def test_global_json_pinning_a_missing_sdk_is_reported(tmp_path):
    (tmp_path / "global.json").write_text(json.dumps({"sdk": {"version": "6.0.100", "rollForward": "disable"}}))
    with pytest.raises(DotnetNotFound) as raised:
        find_dotnet(tmp_path)
    assert "global.json" in raised.value.hint


def test_the_runtime_config_is_written_whole_into_the_user_cache_and_never_rewritten(tmp_path, monkeypatch):
    # Two processes starting at once once met a shared /tmp config half rewritten (InvalidConfigFile).
    from engine.host.runtime import _runtime_config

    monkeypatch.setenv("ROSLYN_TUI_CACHE_DIR", str(tmp_path))
    dotnet = find_dotnet()
    roslyn = find_roslyn(dotnet)
    first = _runtime_config(roslyn.directory, dotnet)
    written = first.stat()
    again = _runtime_config(roslyn.directory, dotnet)
    assert again == first and first.is_relative_to(tmp_path)
    assert (again.stat().st_ino, again.stat().st_mtime_ns) == (written.st_ino, written.st_mtime_ns)
    options = json.loads(first.read_text())["runtimeOptions"]
    assert options["configProperties"]["System.GC.Server"] is False
    assert options["framework"]["name"] == "Microsoft.NETCore.App"
    assert [p.name for p in first.parent.iterdir()] == [first.name]  # no temporary file left


def _doctor(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "doctor", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **(env or {})},
    )


def test_doctor_exits_1_naming_a_broken_roslyn_directory(tmp_path):
    completed = _doctor("--json", env={"ROSLYN_TUI_ROSLYN_DIR": str(tmp_path)})
    assert completed.returncode == 1
    result = json.loads(completed.stdout)
    assert result["ok"] is False
    assert result["error"]["type"] == "RoslynNotFound"


def test_doctor_exits_1_without_dotnet(tmp_path):
    env = {"PATH": str(Path(sys.executable).parent), "DOTNET_ROOT": str(tmp_path)}
    completed = _doctor("--json", env=env)
    assert completed.returncode == 1
    assert json.loads(completed.stdout)["error"]["type"] == "DotnetNotFound"


def test_doctor_exits_1_for_a_missing_solution(tmp_path):
    completed = _doctor(str(tmp_path / "nothing.sln"))
    assert completed.returncode == 1
    assert "does not exist" in completed.stdout


def test_doctor_loads_the_slnx_fixture_and_exits_0():
    completed = _doctor("tests/fixtures/Shop/Shop.slnx", "--json")
    assert completed.returncode == 0, completed.stdout + completed.stderr
    result = json.loads(completed.stdout)
    assert result["ok"] is True
    dotnet = find_dotnet()
    assert result["roslyn_version"] == find_roslyn(dotnet).version
    assert Path(result["compiler_directory"]) in (find_roslyn(dotnet).directory, dotnet.sdk_dir / "Roslyn" / "bincore")
    names = [p["name"] for p in result["load"]["projects"]]
    assert names == ["Shop.App", "Shop.Broken", "Shop.Core", "Shop.Data", "Shop.Generators", "Shop.Multi"]


def test_the_multi_target_rule_prefers_the_newest_plain_dotnet_target():
    assert choose(["net10.0-browser", "net10.0"]) == "net10.0"
    assert choose(["net8.0", "net10.0"]) == "net10.0"
    assert choose(["netstandard2.0", "net8.0-windows"]) == "net8.0-windows"
    assert choose(["net48", "netstandard2.0"]) == "netstandard2.0"
    assert choose(["net8.0", "net8.0"]) == "net8.0"


def test_target_frameworks_are_recovered_from_preprocessor_symbols():
    assert target_from_symbols(["NET", "NET10_0", "NET10_0_OR_GREATER", "NETCOREAPP"]) == "net10.0"
    assert target_from_symbols(["NET10_0", "BROWSER"]) == "net10.0-browser"
    assert target_from_symbols(["NETSTANDARD", "NETSTANDARD2_0"]) == "netstandard2.0"
    assert target_from_symbols(["NETFRAMEWORK", "NET48"]) == "net48"


def test_the_compiler_is_hosted_from_the_sdks_precompiled_copies_of_the_same_build(tmp_path):
    from engine.host.precompiled import COMPILER_ASSEMBLIES, precompiled_compiler
    from engine.host.runtime import ensure_runtime

    ensure_runtime()
    from System import AppDomain  # type: ignore[import-not-found]

    dotnet = find_dotnet()
    roslyn = find_roslyn(dotnet).directory
    chosen = precompiled_compiler(dotnet.sdk_dir, roslyn)
    loaded = {str(a.GetName().Name): str(a.Location) for a in AppDomain.CurrentDomain.GetAssemblies()}
    for name in COMPILER_ASSEMBLIES:
        assert loaded[name] == str(chosen.get(name, roslyn / f"{name}.dll"))
    # Another build (here: the Workspaces assembly under the compiler's name) is never taken for it.
    other = tmp_path / "Roslyn" / "bincore"
    other.mkdir(parents=True)
    (other / "Microsoft.CodeAnalysis.dll").write_bytes((roslyn / "Microsoft.CodeAnalysis.Workspaces.dll").read_bytes())
    assert precompiled_compiler(tmp_path, roslyn) == {}
    # Two unreadable files are not the same build either.
    (other / "Microsoft.CodeAnalysis.dll").write_bytes(b"not an assembly")
    unreadable = tmp_path / "roslyn"
    unreadable.mkdir()
    (unreadable / "Microsoft.CodeAnalysis.dll").write_bytes(b"not one either")
    assert precompiled_compiler(tmp_path, unreadable) == {}


CHILD_ENVIRONMENT = """
import sys
sys.path.insert(0, {root!r})
from engine.host.runtime import ensure_runtime
ensure_runtime()
from System.Diagnostics import Process, ProcessStartInfo
info = ProcessStartInfo("env")
info.RedirectStandardOutput = True
info.UseShellExecute = False
child = Process.Start(info)
print(child.StandardOutput.ReadToEnd())
child.WaitForExit()
"""


@pytest.mark.parametrize(("given", "expected"), [(None, "0"), ("1", "1")])
def test_processes_dotnet_starts_run_without_dynamic_pgo_unless_told_and_find_our_dotnet(given, expected):
    # BuildHost is started by .NET, which hands on its own copy of the environment, not Python's.
    environment = {k: v for k, v in os.environ.items() if k not in ("DOTNET_TieredPGO", "DOTNET_HOST_PATH")}
    if given is not None:
        environment["DOTNET_TieredPGO"] = given
    done = subprocess.run(
        [sys.executable, "-c", CHILD_ENVIRONMENT.format(root=str(ROOT))],
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    seen = dict(line.split("=", 1) for line in done.stdout.splitlines() if "=" in line)
    assert seen["DOTNET_TieredPGO"] == expected
    assert Path(seen["DOTNET_HOST_PATH"]) == find_dotnet().dotnet
