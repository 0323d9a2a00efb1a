"""What each query may do is declared on it (``engine.workspace.declared``): these lists are what an
untrusted solution may run and what may answer before the load, so a change to them is a diff here."""

from engine import queries
from engine.workspace.declared import declaration, declared_queries


def _named(what: str) -> list[str]:
    return [d.name for d in declared_queries() if getattr(d, what)]


def test_what_an_untrusted_solution_may_run() -> None:
    assert _named("restricted") == [
        "containing_member",
        "file_outline",
        "find_symbols",
        "get_source",
        "holds_file",  # what a server with several solutions asks each, to route a call
        "holds_project",
        "holds_symbol",
        "list_namespaces",
        "project_structure",
        "read_file",
        "symbol_info",
    ]


def test_what_may_answer_before_the_load() -> None:
    assert _named("early") == ["file_outline", "find_references", "find_symbols", "go_to_definition"]
    assert _named("syntax") == ["file_outline", "find_symbols", "go_to_definition"]


def test_what_a_focus_leaves_out_of() -> None:
    every_project = [d.name for d in declared_queries() if d.scope == "every_project"]
    assert every_project == [
        "call_hierarchy",
        "code_lens",
        "data_model",
        "dependency_graph",
        "diagnostics",
        "endpoints",
        "find_implementations",
        "find_overrides",
        "find_references",
        "find_symbols",
        "find_tests",
        "find_unused",
        "list_namespaces",
        "project_structure",
        "review_changes",
        "service_registrations",
        "type_hierarchy",
    ]
    assert _named("updates_every_use") == [
        "apply_code_action",
        "change_signature",
        "delete_symbol",
        "insert_member",
        "rename_symbol",
        "replace_symbol",
    ]


def test_every_public_query_is_declared_under_its_own_name() -> None:
    for name in queries.__all__:
        query = getattr(queries, name)
        assert getattr(query, "__query__", None) is not None, f"{name} has no @query declaration"
        assert declaration(query).name == name


def test_a_query_never_declared_may_not_run_restricted() -> None:
    def ad_hoc(snapshot: object, operation: object) -> None: ...

    assert not declaration(ad_hoc).restricted and declaration(ad_hoc).name == "ad_hoc"
