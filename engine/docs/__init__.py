"""XML documentation: ``///`` comments of the solution, the framework's reference packs and restored
packages, parsed to plain text with ``<inheritdoc>`` followed."""

from ..views.doc_comments import Documentation, parse
from .from_symbols import documentation
from .lookup import get_documentation

__all__ = ["Documentation", "documentation", "get_documentation", "parse"]
