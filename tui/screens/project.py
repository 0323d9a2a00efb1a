"""The Project view (``p`` on a project in the solution tree, or the palette): a project's target
frameworks, references, key properties and packages with the newest on the feed, the text of the
``project_overview`` MCP tool. Its keys ask for an edit (add, update or remove a package, a reference,
the frameworks, a property); the app previews it as any edit, with the same diff, apply and undo."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from engine import EngineError, PackageItem, ProjectOverview, project_edits
from shared_engine.session import Session

from ..widgets.footer import FittingFooter
from ..widgets.panels import ListPanel
from .edits import PromptScreen


@dataclass(frozen=True)
class ProjectEdit:
    """An edit the Project view asks for: ``edit(session, project, **arguments)``."""

    edit: Any
    project: str
    arguments: dict[str, Any] = field(default_factory=dict)


class ProjectScreen(Screen[ProjectEdit | None]):
    BINDINGS = [
        Binding("escape", "dismiss(None)", "Back", id="project_back", tooltip="back to the solution"),
        Binding("a", "add_package", "Add package"),
        Binding("u", "update_package", "Update", tooltip="the chosen package to the newest on the feed"),
        Binding("delete,d", "remove_package", "Remove", tooltip="the chosen package"),
        Binding("r", "add_reference", "Reference", tooltip="add a project reference"),
        Binding("R", "remove_reference", "Unreference", tooltip="remove a project reference"),
        Binding("t", "frameworks", "Frameworks"),
        Binding("p", "property", "Property"),
    ]
    DEFAULT_CSS = """
    ProjectScreen #project-facts { height: auto; max-height: 16; padding: 0 1; border: round $panel; }
    ProjectScreen ListPanel { height: 1fr; border: round $panel; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(self, session: Session, project: str) -> None:
        super().__init__()
        self.session = session
        self.project = project
        self.overview: ProjectOverview | None = None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"Reading {self.project}…", id="project-facts", markup=False)
            yield ListPanel(f"Packages of {self.project}: asking the feed…", id="packages-panel")
        yield FittingFooter()

    def on_mount(self) -> None:
        self.read()

    @work(thread=True, group="project")
    def read(self) -> None:
        try:
            overview = self.session.call(project_edits.project_overview, self.project, True)
        except EngineError as error:
            self.app.call_from_thread(self._problem, error.describe().replace("\n", " "))
            return
        self.app.call_from_thread(self._show, overview)

    def _show(self, overview: ProjectOverview) -> None:
        self.overview = overview
        self.query_one("#project-facts", Static).update("\n".join(overview.facts()))
        panel = self.query_one("#packages-panel", ListPanel)
        panel.show(overview.packages())
        panel.focus()

    def _problem(self, message: str) -> None:
        self.query_one("#project-facts", Static).update(message)

    def chosen(self) -> PackageItem | None:
        panel = self.query_one("#packages-panel", ListPanel)
        return None if panel.highlighted is None else panel.item_at(panel.highlighted)

    def _ask(self, title: str, value: str, hint: str, then: Any) -> None:
        def answered(text: str | None) -> None:
            if text:
                then(text)

        self.app.push_screen(PromptScreen(title, value, hint), answered)

    def action_add_package(self) -> None:
        def add(text: str) -> None:
            package, _, version = text.partition(" ")
            self.dismiss(
                ProjectEdit(
                    project_edits.add_package, self.project, {"package": package, "version": version.strip() or None}
                )
            )

        self._ask(
            f"Add a package to {self.project}",
            "",
            "Package id, and a version after a space (default: the newest stable).",
            add,
        )

    def action_update_package(self) -> None:
        item = self.chosen()
        if item is None or not item.latest:
            self.notify("Choose a package the feed has a newer version of.", severity="warning")
            return
        self.dismiss(
            ProjectEdit(project_edits.add_package, self.project, {"package": item.package, "version": item.latest})
        )

    def action_remove_package(self) -> None:
        item = self.chosen()
        if item is not None:
            self.dismiss(ProjectEdit(project_edits.remove_package, self.project, {"package": item.package}))

    def action_add_reference(self) -> None:
        self._ask(
            f"Reference a project from {self.project}",
            "",
            "A project of the solution, by name.",
            lambda name: self.dismiss(
                ProjectEdit(project_edits.add_project_reference, self.project, {"reference": name})
            ),
        )

    def action_remove_reference(self) -> None:
        first = self.overview.references[0] if self.overview and self.overview.references else ""
        self._ask(
            f"Remove a project reference of {self.project}",
            first,
            "The referenced project, by name.",
            lambda name: self.dismiss(
                ProjectEdit(project_edits.remove_project_reference, self.project, {"reference": name})
            ),
        )

    def action_frameworks(self) -> None:
        current = ";".join(self.overview.target_frameworks) if self.overview else ""

        def chosen(text: str) -> None:
            frameworks = [f.strip() for f in text.split(";") if f.strip()]
            self.dismiss(
                ProjectEdit(project_edits.set_target_frameworks, self.project, {"target_frameworks": frameworks})
            )

        self._ask(f"Target frameworks of {self.project}", current, "Separated by ';' (net10.0;net8.0).", chosen)

    def action_property(self) -> None:
        def chosen(text: str) -> None:
            name, _, value = text.partition("=")
            where = "directory" if name.startswith("*") else "project"
            arguments = {"name": name.lstrip("*").strip(), "value": value.strip() or None, "where": where}
            self.dismiss(ProjectEdit(project_edits.set_project_property, self.project, arguments))

        self._ask(
            f"Set a property of {self.project}",
            "Nullable=enable",
            "Name=value (Name= removes it); *Name=value sets it in Directory.Build.props for every project under it.",
            chosen,
        )
