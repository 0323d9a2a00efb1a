"""A SCIP index of the solution (sourcegraph/scip's format) for code intelligence beyond one machine:
``roslyn-index SOLUTION -o index.scip [--project NAME ...]``. Indexes made per project on separate
machines join on their symbols (scip-dotnet's scheme); Sourcegraph (``src code-intel upload``) and
Glean read them."""

from .export import IndexSummary, write_index

__all__ = ["IndexSummary", "write_index"]
