"""Code beyond the solution's own files: what source generators add to it (``generated``)."""

from . import hooks as hooks  # registers its part of the warm-up with the workspace
from .generated import GeneratedFile, any_document, generated_document, generated_files

__all__ = ["GeneratedFile", "any_document", "generated_document", "generated_files"]
