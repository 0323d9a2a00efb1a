"""The shared engine's serving side: the process that loads one solution and serves every front end of
its user over a Unix socket (``shared_engine`` is the front ends' side of the same link).

``python -m engine_host`` (``__main__``) starts it; ``server`` accepts the connections and leaves when
idle; ``sessions`` answers a terminal app's session requests; ``watchers`` carries the activity and the
writes to approve. ``launch`` is the one module a front end imports: the command line that starts it.
"""
