"""Where a project's restore output, ``project.assets.json``, lies: in ``obj/`` beside the project, or,
with the SDK's artifacts layout (``UseArtifactsOutput``), in ``artifacts/obj/<project>/`` under the
folder of the ``Directory.Build.props`` that turns it on. The file says whether a project was restored,
what its restore logged, and which package folders its compilation may read files from.
"""

from __future__ import annotations

from pathlib import Path

ASSETS = "project.assets.json"
_LEVELS = 8
"""How many folders up from a project the artifacts folder is looked for."""


def assets_file(project_file: str | Path) -> Path | None:
    """The project's ``project.assets.json``, or ``None`` when it was never restored."""
    project = Path(project_file)
    beside = project.parent / "obj" / ASSETS
    if beside.is_file():
        return beside
    for folder in list(project.parents)[:_LEVELS]:
        candidate = folder / "artifacts" / "obj" / project.stem / ASSETS
        if candidate.is_file():
            return candidate
    return None
