"""Diagnostics as a build reports them: which analyzers run, at which severities, for which targets; kept per project version."""

from . import hooks as hooks  # registers its part of the warm-up with the workspace
