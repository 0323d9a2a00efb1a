"""Diagnostics as a build reports them: which analyzers run, at which severities, for which targets; kept per project version."""
