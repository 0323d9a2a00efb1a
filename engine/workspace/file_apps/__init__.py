"""File-based apps (``app.cs`` with ``#:`` directives) as a way of loading: their directives and the
virtual project and solution the workspace opens them through."""
