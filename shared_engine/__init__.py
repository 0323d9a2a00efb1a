"""One engine per solution, shared by every front end of the same user.

The first front end on a solution starts an engine process; the others attach to it over a Unix
socket in the user's runtime directory. This package is the link between them and imports nothing
but the standard library, so a front end that attaches starts in milliseconds (the engine's own
imports, pythonnet and the MCP SDK stay in the engine process).
"""
