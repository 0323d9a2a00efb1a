"""A solution kept loaded and current: the session's life cycle, loading (restore, MSBuild, the solution
boundary, restricted opens), reloads, the file watcher, the warm-up, and early answers from the index.

``engine.workspace.sessions`` is the one place front ends get a session from.
"""
