"""Both kinds of session a front end may hold offer exactly ``shared_engine.session.Session``: the same
members with the same signatures (mypy holds the types where the app assigns either kind)."""

import inspect

import pytest

from engine import SolutionSession
from shared_engine.remote import RemoteSession
from shared_engine.session import Session


def _declared(kind: type) -> dict[str, object]:
    return {name: value for name, value in vars(kind).items() if not name.startswith("_")}


PROTOCOL = _declared(Session)


@pytest.mark.parametrize("kind", [SolutionSession, RemoteSession])
def test_each_session_has_every_member_of_the_protocol(kind: type) -> None:
    missing = sorted(name for name in PROTOCOL if not hasattr(kind, name) and name not in _attributes_set_in_init(kind))
    assert missing == []


@pytest.mark.parametrize("kind", [SolutionSession, RemoteSession])
def test_each_method_takes_what_the_protocol_says(kind: type) -> None:
    differing = []
    for name, member in PROTOCOL.items():
        if not callable(member) or isinstance(member, property):
            continue
        expected = _shape(inspect.signature(member))
        actual = _shape(inspect.signature(getattr(kind, name)))
        if actual != expected:
            differing.append(f"{kind.__name__}.{name}{actual} != Session.{name}{expected}")
    assert differing == []


def test_the_remote_session_offers_nothing_a_front_end_could_come_to_rely_on_beyond_the_protocol() -> None:
    """What the terminal app may use of a remote session and not of its own (``gone``, ``refresh``) is
    about the link itself; anything else would be a member the in-process session lacks."""
    extra = sorted(set(_declared(RemoteSession)) - set(PROTOCOL))
    assert extra == ["gone", "refresh"]


def _shape(signature: inspect.Signature) -> tuple[tuple[str, str, object], ...]:
    """Names, kinds and defaults: what a caller relies on (annotations are mypy's)."""
    return tuple((p.name, p.kind.name, p.default) for p in signature.parameters.values())


def _attributes_set_in_init(kind: type) -> set[str]:
    """``self.x = ...`` in ``__init__``: instance attributes stand for the protocol's read-only properties."""
    source = inspect.getsource(kind.__init__)
    return {
        line.split("=")[0].strip().removeprefix("self.").split(":")[0]
        for line in source.splitlines()
        if line.strip().startswith("self.")
    }
