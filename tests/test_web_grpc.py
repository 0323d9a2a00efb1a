"""gRPC services in ``endpoints`` (``engine.web.grpc``), on ``tests/fixtures/Grpc`` (Grpc.AspNetCore from
NuGet, its code generated from ``greet.proto`` by the design-time build): each method the mapped service
implements, at the route gRPC serves it on, as the generated method descriptors name it."""

from __future__ import annotations

import re

import pytest

from engine import load_solution
from engine.web import endpoints

from .conftest import FIXTURES
from .test_web_razor import _place

GRPC = FIXTURES / "Grpc"


@pytest.fixture(scope="module")
def listed():
    session = load_solution(GRPC / "Grpc.slnx", watch=False, warm_up=False)
    try:
        yield session.run(endpoints)
    finally:
        session.close()


def test_each_implemented_rpc_is_an_endpoint_named_as_the_generated_descriptors_name_it(listed):
    generated = next((GRPC / "Greet" / "obj").rglob("GreetGrpc.cs")).read_text()
    service = re.search(r'__ServiceName = "([^"]+)"', generated).group(1)
    described = set(re.findall(r"grpc::MethodType\.\w+,\s*__ServiceName,\s*\"(\w+)\"", generated))
    assert service == "greet.Greeter" and described == {"SayHello", "SayGoodbye", "SayNothing"}
    routes = {item.route: item for item in listed.items if item.kind == "gRPC"}
    # SayNothing is not implemented: gRPC answers it UNIMPLEMENTED, no code of the app runs.
    assert set(routes) == {f"/{service}/{name}" for name in described - {"SayNothing"}}
    assert all(item.methods == ("POST",) for item in routes.values())


def test_handlers_and_authorization(listed):
    by_route = {item.route: item for item in listed.items}
    hello = by_route["/greet.Greeter/SayHello"]
    code = GRPC / "Greet" / "Services" / "GreeterService.cs"
    assert hello.handler == "GreeterService.SayHello(HelloRequest, ServerCallContext)"
    assert (hello.location.path, hello.location.line) == (str(code), _place(code, "SayHello(")[0])
    assert hello.authorization == "anonymous"  # [AllowAnonymous] on the method wins
    assert by_route["/greet.Greeter/SayGoodbye"].authorization == "authorized"  # the mapping's RequireAuthorization
    assert listed.render().splitlines()[0] == "Endpoints: 2 (gRPC 2; Greet 2)"
