"""File-based apps (.NET 10's ``dotnet run app.cs``) as a feature: written from a REPL session
(``export``), run confined (``run``) and profiled so (``profile``). Opening one is a way of loading, so its directives and virtual
project live below the workspace (``engine.workspace.file_apps``)."""

from ..workspace.file_apps.directives import Directive, directives, looks_like_app
from ..workspace.file_apps.virtual_project import project_file, write_project, write_virtual_solution
from .export import export_app
from .profile import profile_app
from .run import run_app

__all__ = [
    "Directive",
    "directives",
    "export_app",
    "looks_like_app",
    "profile_app",
    "project_file",
    "run_app",
    "write_project",
    "write_virtual_solution",
]
