"""The solution boundary: the engine reads, shows and writes files inside the solution directory only.

Every path is resolved with its symlinks before the check, so a link inside the solution that points
outside it is outside. The one exception is metadata (reference assemblies), which is shown as
signatures, never as file content.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..errors import OutsideSolution


def real(path: str | Path) -> Path:
    return Path(os.path.realpath(path))


def is_inside(root: Path, path: str | Path) -> bool:
    """True when ``path``, symlinks resolved, is ``root`` or lies beneath it."""
    resolved, base = real(path), real(root)
    return resolved == base or base in resolved.parents


def check_inside(root: Path, path: str | Path) -> Path:
    """The resolved path, or ``OutsideSolution`` naming the rule."""
    if not is_inside(root, path):
        raise OutsideSolution(
            f"{path} is outside the solution directory {root}: roslyn-tui reads and writes only files inside it"
            " (symlinks are followed before the check).",
            "Give a file of the solution, absolute or relative to the solution directory.",
        )
    return real(path)


def leave_out_outside_documents(solution: Any, root: Path, sdk: Path) -> tuple[Any, tuple[str, ...]]:
    """``solution`` without the documents whose real path lies outside ``root``, and their paths.

    MSBuild may list such files (``<Compile Include="/etc/passwd" />``, a symlink, a linked file in a
    sibling folder). Their text is never read: they are removed before anything asks for it. The
    SDK's own analyzer settings (``.globalconfig`` files under ``sdk``) stay: they are the SDK's, not
    the solution's, and no answer shows them.
    """
    outside: list[str] = []
    for project in list(solution.Projects):
        for documents, remove, allowed in (
            (project.Documents, "RemoveDocument", ()),
            (project.AdditionalDocuments, "RemoveAdditionalDocument", ()),
            (project.AnalyzerConfigDocuments, "RemoveAnalyzerConfigDocument", (sdk,)),
        ):
            for document in list(documents):
                path = str(document.FilePath or "")
                if not os.path.isabs(path) or is_inside(root, path) or any(is_inside(a, path) for a in allowed):
                    continue
                outside.append(path)
                solution = getattr(solution, remove)(document.Id)
    return solution, tuple(dict.fromkeys(outside))
