"""Code health, read-only: symbols nothing uses (``unused``), the most complex members
(``complexity``), and the dependencies between projects or namespaces with their cycles
(``dependencies``). Each is a query as ``engine.queries`` describes them."""

from .complexity import complexity
from .dependencies import dependency_graph
from .unused import find_unused

__all__ = ["complexity", "dependency_graph", "find_unused"]
