"""Every question the engine answers.

Contract, the same for every query:

- A query is a function ``query(snapshot, operation, ...) -> View``. Front ends call it through
  ``session.run(query, ..., timeout=...)``, which supplies the current snapshot and an
  ``Operation`` (deadline + cancellation token; wait on Roslyn tasks with ``operation.wait(task)``).
- A symbol argument is a ``SymbolRef`` (``engine.symbols.naming``): a name, a documentation ID, or a
  file position; resolve it with ``naming.resolve``.
- The result is a frozen dataclass from ``engine.views``: plain Python values, 1-based positions,
  absolute paths, and a ``render()`` giving the plain text both front ends show.
"""

from .calls import call_hierarchy
from .classification import semantic_classes
from .definition import go_to_definition
from .diagnostics import diagnostics
from .hierarchy import type_hierarchy
from .holdings import holds_file, holds_project, holds_symbol
from .implementations import find_implementations, find_overrides
from .info import method_overloads, symbol_info
from .members import type_members
from .outline import containing_member, file_outline
from .problems import workspace_problems
from .project import list_namespaces, project_structure
from .references import find_references
from .search import find_symbols
from .source import get_source, read_file

__all__ = [
    "call_hierarchy",
    "containing_member",
    "diagnostics",
    "file_outline",
    "find_implementations",
    "find_overrides",
    "find_references",
    "find_symbols",
    "get_source",
    "go_to_definition",
    "holds_file",
    "holds_project",
    "holds_symbol",
    "list_namespaces",
    "method_overloads",
    "project_structure",
    "read_file",
    "semantic_classes",
    "symbol_info",
    "type_hierarchy",
    "type_members",
    "workspace_problems",
]
