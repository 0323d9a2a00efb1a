"""The app's service registrations (``engine.web.services``) on ``tests/fixtures/Web``: every lifetime
and form of registration, the ones inside the solution's own extension method, their consumers, and
the two problems the fixture keeps on purpose."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import load_solution
from engine.web import service_registrations

from .mcp_client import McpClient
from .test_web_razor import WEB, _place

SERVER = WEB / "Web.Server"


@pytest.fixture(scope="module")
def services():
    return load_solution(WEB / "Web.slnx", watch=False).run(service_registrations)


def _registered(view, service: str, key: str = ""):
    (found,) = [item for item in view.items if item.service == service and item.key == key]
    return found


def test_every_form_of_registration_with_its_lifetime_and_place(services):
    program = SERVER / "Program.cs"
    own = {(i.lifetime, i.service, i.implementation, i.how, i.key) for i in services.items if not i.added_by}
    assert own == {
        ("singleton", "IClock", "SystemClock", "AddSingleton", ""),
        ("singleton", "IClock", "UtcClock", "AddKeyedSingleton", '"utc"'),
        ("scoped", "ICart", "Cart", "AddScoped", ""),
        ("singleton", "PriceCache", "PriceCache", "AddSingleton", ""),
        ("transient", "ReportService", "ReportService", "AddTransient", ""),
        ("scoped", "ITodoStore", "TodoStore", "TryAddScoped", ""),
    }
    cart = _registered(services, "ICart")
    assert (cart.location.path, cart.location.line) == (str(program), _place(program, "AddScoped<ICart, Cart>")[0])
    store = _registered(services, "ITodoStore")
    extension = SERVER / "Services/TodoServices.cs"
    assert store.via == "AddTodoServices"
    assert (store.location.path, store.location.line) == (str(extension), _place(extension, "TryAddScoped")[0])
    # What AddDbContextFactory adds, read from EF Core's code, at the app's call.
    context = _registered(services, "ShopContext")
    assert (context.lifetime, context.added_by) == ("scoped", "AddDbContextFactory")
    assert (context.location.path, context.location.line) == (str(program), _place(program, "AddDbContextFactory")[0])
    assert _registered(services, "IDbContextFactory<ShopContext>").lifetime == "singleton"
    assert _registered(services, "DbContextOptions<ShopContext>").lifetime == "singleton"


def test_consumers_are_constructors_handlers_and_injections(services):
    def consumers(service: str, key: str = "") -> set[tuple[str, str, str]]:
        return {(c.by, c.how, Path(c.location.path).name) for c in _registered(services, service, key).consumers}

    assert consumers("IClock") == {
        ("Cart.Cart(IClock)", "constructor", "Cart.cs"),
        ("PrivacyModel.PrivacyModel(IClock)", "constructor", "Privacy.cshtml.cs"),
        ("Home (Clock)", "@inject", "Home.razor"),
        ("CustomersController.List(IClock)", "[FromServices]", "CustomersController.cs"),
    }
    assert consumers("IClock", '"utc"') == {("ReportService.ReportService(IMailer, IClock)", "constructor", "Cart.cs")}
    assert consumers("ITodoStore") == {
        ("a minimal API lambda", "handler", "Program.cs"),
        ("TodoEndpoints.GetById(int, ITodoStore)", "handler", "TodoEndpoints.cs"),
        ("TodoEndpoints.Create(TodoItem, ITodoStore)", "handler", "TodoEndpoints.cs"),
    }
    assert len(_registered(services, "ITodoStore").consumers) == 5  # three lambdas in Program.cs
    assert consumers("ShopContext") == {
        ("CustomersController.CustomersController(ShopContext)", "constructor", "CustomersController.cs"),
        ("Orders (Context)", "@inject", "Orders.razor"),
    }
    # A closed generic named in full in Razor, and one resolved from the provider.
    assert consumers("IDbContextFactory<ShopContext>") == {
        ("Orders (Factory)", "@inject", "Orders.razor"),
        ("Program", "GetRequiredService", "Program.cs"),
    }


def test_a_captive_and_a_missing_dependency_are_named_with_their_place(services):
    cart_file = SERVER / "Services/Cart.cs"
    problems = {(p.kind, p.text, p.location.line) for p in services.problems}
    assert problems == {
        (
            "captive",
            "PriceCache (singleton) holds ICart (scoped, Cart) for the app's lifetime",
            _place(cart_file, "PriceCache(ICart cart)")[0],
        ),
        (
            "unregistered",
            "ReportService needs IMailer (mailer), which nothing registers",
            _place(cart_file, "IMailer mailer")[0],
        ),
    }
    assert services.render().splitlines()[1].startswith("! captive  PriceCache (singleton) holds ICart")


def test_service_registrations_over_mcp():
    with McpClient({"DOTNET_SOLUTION_PATH": str(WEB / "Web.slnx")}) as mcp:
        answer = mcp.call("service_registrations", service="clock")
        assert not answer.is_error, answer.content[0].text
        lines = answer.content[0].text.splitlines()
        # The app's own two, then Blazor Server's clock, which AddInteractiveServerComponents adds.
        assert lines[0] == "Service registrations: 3 (singleton 3; Web.Server 3); 1 added by library calls; 2 problems"
        assert [line.split("  ")[1] for line in lines if line.startswith("singleton")] == [
            "IClock",
            'IClock (key "utc")',
            "ISystemClock",
        ]
