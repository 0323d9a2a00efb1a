"""Who is at the other end of a Unix socket: its uid and pid from the kernel (``SO_PEERCRED``)."""

from __future__ import annotations

import os
import socket
import struct
from dataclasses import dataclass

_CREDENTIALS = struct.Struct("3i")  # struct ucred: pid, uid, gid


@dataclass(frozen=True)
class Peer:
    pid: int
    uid: int


def peer_of(connection: socket.socket) -> Peer:
    raw = connection.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, _CREDENTIALS.size)
    pid, uid, _ = _CREDENTIALS.unpack(raw)
    return Peer(pid, uid)


def same_user(connection: socket.socket) -> bool:
    """Whether the peer runs as this process's user (root included: another uid is refused)."""
    return peer_of(connection).uid == os.getuid()
