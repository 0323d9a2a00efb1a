"""The services ``service_registrations`` lists, held to the container, and the endpoints ``endpoints``
lists, held to the endpoint data source. ``tests/fixtures/WebServices`` runs Web.Server's Program up to the
moment its host is built and prints the collection then, and the same for an app that registers nothing
(what the app's code adds is the first less the second); with ``endpoints`` it lets the app start on a
loopback port, prints its ``EndpointDataSource`` and stops it."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections import Counter

import pytest

from engine import load_solution
from engine.views.endpoints import ANY
from engine.web import endpoints, service_registrations

from .conftest import FIXTURES, copy_fixture


@pytest.fixture(scope="module")
def both(tmp_path_factory):
    root = tmp_path_factory.mktemp("container")
    web = copy_fixture("Web", root)
    shutil.copytree(FIXTURES / "WebServices", root / "WebServices", ignore=shutil.ignore_patterns("bin", "obj"))
    printer = ["dotnet", "run", "--project", str(root / "WebServices")]
    printed = subprocess.run(printer, capture_output=True, text=True, timeout=600)
    assert printed.returncode == 0, printed.stdout + printed.stderr
    served = subprocess.run([*printer, "--no-build", "--", "endpoints"], capture_output=True, text=True, timeout=300)
    assert served.returncode == 0, served.stdout + served.stderr
    session = load_solution(web / "Web.slnx", watch=False, warm_up=False)
    try:
        yield (
            json.loads(printed.stdout.strip().splitlines()[-1]),  # the app's own logging comes first
            session.run(service_registrations),
            json.loads(served.stdout.strip().splitlines()[-1]),
            session.run(endpoints),
        )
    finally:
        session.close()


def _shape(service: str, implementation: str, lifetime: str, key: str) -> tuple[str, str, str, str]:
    return service, implementation, lifetime, key


def test_what_the_app_adds_is_what_the_container_holds(both):
    container, ours, _, _ = both
    app = Counter(_shape(d["service"], d["implementation"], d["lifetime"], d["key"]) for d in container["app"])
    defaults = Counter(
        _shape(d["service"], d["implementation"], d["lifetime"], d["key"]) for d in container["defaults"]
    )
    added = app - defaults
    instances = {(d["service"], d["lifetime"], d["key"]) for d in container["app"] if d["how"] == "instance"}
    services_there = {d["service"] for d in container["app"]}

    def held(item) -> bool:
        shape = _shape(item.service, item.implementation, item.lifetime, item.key)
        if item.implementation == "instance":  # an instance the code takes from elsewhere: its type is the runtime's
            return (item.service, item.lifetime, item.key) in instances
        if item.how.startswith("TryAdd"):  # added only when not there yet: the service is there, by it or before it
            return shape in app or item.service in services_there
        return shape in added

    wrong = [item for item in ours.items if not item.condition and not held(item)]
    assert not wrong, "\n".join(
        f"{i.lifetime} {i.service} -> {i.implementation} ({i.how}, {i.added_by})" for i in wrong
    )
    listed = Counter(_shape(i.service, i.implementation, i.lifetime, i.key) for i in ours.items)
    listed_instances = {(i.service, i.lifetime, i.key) for i in ours.items if i.implementation == "instance"}
    missing = [
        shape for shape in added if shape not in listed and (shape[0], shape[2], shape[3]) not in listed_instances
    ]
    # One of 334 is not read today: a factory whose internal type two framework assemblies declare alike
    # (ServerComponentSerializer), which binding with every internal visible cannot tell apart.
    assert len(missing) <= len(added) // 100, missing


def test_the_apps_own_calls_and_the_libraries_are_told_apart(both):
    _, ours, _, _ = both
    by_app = {i.service for i in ours.items if not i.added_by}
    assert {"IClock", "ICart", "PriceCache", "ReportService", "ITodoStore"} <= by_app
    (context,) = [i for i in ours.items if i.service == "ShopContext"]
    assert (context.lifetime, context.added_by, context.how) == ("scoped", "AddDbContextFactory", "TryAdd")
    (client,) = [i for i in ours.items if i.service == "WeatherClient"]
    assert (client.lifetime, client.implementation, client.added_by, client.via) == (
        "transient",
        "factory",
        "AddHttpClient",
        "AddTodoServices",
    )


def _route(route: str) -> str:
    """A route as the data source's raw text and ours both read: rooted, no closing slash."""
    route = route if route.startswith(("/", "{")) else "/" + route
    return route.rstrip("/") or "/"


def test_every_endpoint_is_the_data_sources(both):
    _, _, served, ours = both
    files = [e for e in served if not e["name"] and not e["route"].startswith("/")]
    assets = [e for e in files if not e["route"].startswith("_framework/resource-collection")]
    collection = [e for e in files if e["route"].startswith("_framework/resource-collection")]
    named = Counter((tuple(e["methods"]) or ANY, _route(e["route"])) for e in served if e not in files)
    listed = Counter(
        (tuple(sorted(i.methods)) if i.methods != ANY else ANY, _route(i.route))
        for i in ours.items
        if i.kind != "static assets" and not i.route.endswith("resource-collection.js")
    )
    assert listed == named
    (static,) = [i for i in ours.items if i.kind == "static assets"]
    assert static.count == len(assets)
    (resources,) = [i for i in ours.items if i.route.endswith("resource-collection.js")]
    assert resources.count == len(collection)
