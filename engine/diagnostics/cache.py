"""A project's diagnostics, kept per version, so that a second call after an edit recomputes only the
projects the edit touched.

A project's diagnostics depend on its own text and options, and on the declarations (not the method
bodies) of the projects it references. The key says exactly that: the project's version, the newest
version of its documents and of its ``.editorconfig`` files, and the semantic version of it and its
dependencies, which a body edit in another project leaves alone. The values are plain views, never .NET objects.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

from ..host.interop import Operation

_SIZE = 512
_lock = threading.Lock()
_kept: OrderedDict[Hashable, Any] = OrderedDict()


def version_of(project: Any, operation: Operation) -> tuple[str, ...]:
    """What a project's diagnostics depend on (see the module docstring)."""
    documents = operation.wait(project.GetLatestDocumentVersionAsync(operation.token))
    dependencies = operation.wait(project.GetDependentSemanticVersionAsync(operation.token))
    settings = [str(operation.wait(d.GetTextVersionAsync(operation.token))) for d in project.AnalyzerConfigDocuments]
    return (str(project.Id.Id), str(project.Version), str(documents), str(dependencies), *settings)


def get(key: Hashable) -> Any | None:
    with _lock:
        value = _kept.get(key)
        if value is not None:
            _kept.move_to_end(key)
        return value


def put(key: Hashable, value: Any) -> None:
    with _lock:
        _kept[key] = value
        _kept.move_to_end(key)
        while len(_kept) > _SIZE:
            _kept.popitem(last=False)
