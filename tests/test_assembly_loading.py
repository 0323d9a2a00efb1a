"""Loading assemblies without the GIL in the loader's way: pythonnet scans only the default context's
assemblies (``engine.host.assembly_scan``; its scan inside the load event deadlocked two threads loading
analyzers at once), and the Roslyn folder is resolved by a compiled handler (``engine.host.resolver``)."""

from __future__ import annotations

from pathlib import Path


def _scanned() -> int:
    from System import Type  # type: ignore[import-not-found]
    from System.Reflection import BindingFlags  # type: ignore[import-not-found]

    manager = Type.GetType("Python.Runtime.AssemblyManager, Python.Runtime")
    return int(manager.GetField("assemblies", BindingFlags.NonPublic | BindingFlags.Static).GetValue(None).Count)


def test_an_analyzer_context_is_not_scanned_and_the_default_context_still_is():
    from engine.host.runtime import ensure_runtime

    info = ensure_runtime()
    from System.Reflection import Assembly  # type: ignore[import-not-found]
    from System.Runtime.Loader import AssemblyLoadContext  # type: ignore[import-not-found]

    # The SDK's regex generator, loaded as Roslyn loads an analyzer: into a context of its own.
    generators = sorted(Path(info.dotnet.root, "packs", "Microsoft.NETCore.App.Ref").glob("*/analyzers/dotnet/cs"))
    generator = generators[-1] / "System.Text.RegularExpressions.Generator.dll"
    before = _scanned()
    loaded = AssemblyLoadContext("analyzers", True).LoadFromAssemblyPath(str(generator))
    assert loaded.GetName().Name == "System.Text.RegularExpressions.Generator"
    assert _scanned() == before

    # A framework assembly loaded into the default context is scanned: its namespace imports.
    Assembly.Load("System.Net.Mail")
    assert _scanned() == before + 1
    from System.Net.Mail import MailAddress  # type: ignore[import-not-found]

    assert str(MailAddress("a@b.c").Host) == "b.c"


def test_an_assembly_of_the_roslyn_folder_is_resolved_by_name():
    from engine.host.runtime import ensure_runtime

    info = ensure_runtime()
    from System import AppDomain  # type: ignore[import-not-found]
    from System.Reflection import Assembly, AssemblyName  # type: ignore[import-not-found]

    loaded = {str(a.GetName().Name) for a in AppDomain.CurrentDomain.GetAssemblies()}
    folder = Path(str(info.roslyn.directory))
    # Not on the runtime's probing paths: only the resolver knows where it is.
    name = next(p.stem for p in sorted(folder.glob("Microsoft.CodeAnalysis*.dll")) if p.stem not in loaded)
    assembly = Assembly.Load(AssemblyName(name))
    assert Path(str(assembly.Location)).parent in (folder, info.compiler_directory)
