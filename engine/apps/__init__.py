"""File-based apps (.NET 10's ``dotnet run app.cs``): opened as a solution of one project per app
(``virtual_project``), written from a REPL session (``export``), and run confined (``run``).

Only the loading side is imported here: the workspace needs it, and ``export``/``run`` need the
workspace."""

from .directives import Directive, directives, looks_like_app
from .virtual_project import project_file, write_project, write_virtual_solution

__all__ = ["Directive", "directives", "looks_like_app", "project_file", "write_project", "write_virtual_solution"]
