"""The MCP server in this process, over stdio: the engine loaded here."""

from __future__ import annotations

import argparse
import faulthandler
import logging
import signal
import sys

from shared_engine import protocol

from .config import Settings
from .toolsets import UnknownToolset


def serve_in_process(parser: argparse.ArgumentParser, solution: str | None) -> None:
    try:
        settings = Settings.from_environment(solution)
    except UnknownToolset as error:
        parser.error(str(error))
    logging.basicConfig(
        stream=sys.stderr,
        level=getattr(logging, settings.log_level, logging.WARNING),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    from engine import prepare_first_answers, set_write_approver

    if solution:  # its runtime and first answers start while the server's modules import (as the engine's)
        prepare_first_answers(solution)
    from . import shutdown
    from .approval import ClientOnly, ask_the_client, set_person_asker
    from .server import create_server

    set_person_asker(ClientOnly(settings.approve_timeout_seconds))  # for writes routed to another engine
    if protocol.approval_asked():  # no terminal app can attach here: the client asks its user
        set_write_approver(lambda pending: ask_the_client(pending, settings.approve_timeout_seconds))
    shutdown.on_signals()
    # `kill -USR1 <pid>` writes every thread's stack to the log: what a server that seems stuck waits on.
    faulthandler.register(signal.SIGUSR1, file=sys.stderr, all_threads=True)
    # The SDK's stdio transport keeps the protocol on a private copy of fd 1 and points fd 1 itself at
    # stderr, so a stray print (or a child process) cannot corrupt the stream.
    try:
        create_server(settings).run()
    except Exception:
        # The transport failed (a broken pipe: the client is gone). A query nobody waits for any more
        # would otherwise keep the process alive for good.
        logging.getLogger("roslyn_tui").exception("the stdio transport failed; leaving")
        shutdown.leave(1)
    # stdin closed: the client is gone. Leave now rather than wait for the runtime to unload.
    shutdown.leave(0)
