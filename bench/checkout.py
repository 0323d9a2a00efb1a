"""A scratch copy of a real repository (or of a solution's directory) for a bench to load, edit and build,
prepared as this machine needs it, and a bench's result written out."""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any


def checkout(mirror: Path, prefix: str) -> Path:
    """A fresh clone of ``mirror`` (a git directory), or a copy of a directory without its build outputs."""
    root = Path(tempfile.mkdtemp(prefix=prefix)) / "repo"
    if (mirror / "HEAD").exists():
        subprocess.run(["git", "clone", "-q", str(mirror), str(root)], check=True)
    else:
        shutil.copytree(mirror, root, ignore=shutil.ignore_patterns("bin", "obj"))
    return root


def prepare(
    root: Path, properties: list[str], drop_nuget_config: bool = False, dropped: list[str] | None = None
) -> None:
    """``properties`` (``NAME=VALUE``: real repositories here need ``WarningsNotAsErrors=NU1603``) into the
    copy's ``Directory.Build.props``; its ``NuGet.Config`` removed when it names a feed this machine cannot
    reach; ``dropped`` files removed (a ``global.json`` pinning an SDK that is not here)."""
    if drop_nuget_config:
        for config in root.glob("[Nn]u[Gg]et.[Cc]onfig"):
            config.unlink()
    for name in dropped or []:
        (root / name).unlink()
    if properties:
        values = "".join(f"<{k}>{v}</{k}>" for k, v in (p.split("=", 1) for p in properties))
        props = root / "Directory.Build.props"
        text = props.read_text() if props.exists() else "<Project>\n</Project>\n"
        props.write_text(text.replace("</Project>", f"<PropertyGroup>{values}</PropertyGroup>\n</Project>", 1))


def write_result(result: Any, out: Path | None, indent: int = 2) -> None:
    """The result on stdout, and in ``out`` when given."""
    text = json.dumps(result, indent=indent)
    print(text)
    if out:
        out.write_text(text + "\n")
