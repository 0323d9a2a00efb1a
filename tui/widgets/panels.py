"""Panels that show an engine view: a list (one option per item) or a tree (one node per line).

Each panel's ``plain_text()`` is the view's ``render()``: what the MCP tool returns for the same question.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual.message import Message
from textual.widgets import OptionList, Static, Tree
from textual.widgets.option_list import Option
from textual.widgets.tree import TreeNode

from engine import (
    CallHierarchy,
    CallNode,
    HierarchyNode,
    Location,
    ReferenceList,
    TypeHierarchy,
    site_label,
    where,
)


def item_location(item: Any) -> Location | None:
    """Where a list item lives, whatever kind of item it is."""
    for attribute in ("location", "symbol"):
        value = getattr(item, attribute, None)
        if isinstance(value, Location):
            return value
        if value is not None and isinstance(getattr(value, "location", None), Location):
            return value.location
    return None


class LocationChosen(Message):
    """An item with a place in the source was chosen in a panel."""

    def __init__(self, location: Location) -> None:
        super().__init__()
        self.location = location


class ListPanel(OptionList):
    """A list view: its header as the border title, then one option per item."""

    def __init__(self, empty: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.view: Any = None
        self.empty = empty
        self.border_title = empty
        self._row_items: list[int | None] = []

    def show(self, view: Any) -> None:
        """The view's header as the title; a view with ``rows()`` (grouped by file) gives each line
        and its item, a plain one a line per item."""
        self.view = view
        lines = view.render().splitlines()
        self.border_title = lines[0]
        if isinstance(view, ReferenceList):
            rows = view.rows(brief=True)  # the code gets the width; the Info tab names members in full
        elif hasattr(view, "rows"):
            rows = view.rows()
        else:
            rows = [(line, i) for i, line in enumerate(lines[1:])]
        self._row_items = [item for _, item in rows]
        self.clear_options()
        # A file's header line is there to read, not to choose.
        self.add_options([Option(text, disabled=item is None) for text, item in rows])
        first = next((i for i, item in enumerate(self._row_items) if item is not None), None)
        if first is not None:
            self.highlighted = first

    def plain_text(self) -> str:
        lines = [str(self.border_title)] + [str(self.get_option_at_index(i).prompt) for i in range(self.option_count)]
        return "\n".join(lines)

    def item_at(self, index: int) -> Any | None:
        """The view's item an option (by its index) shows; ``None`` for a file's header line."""
        if self.view is None or not 0 <= index < len(self._row_items):
            return None
        item = self._row_items[index]
        return None if item is None else self.view.items[item]

    def location_at(self, index: int) -> Location | None:
        item = self.item_at(index)
        return None if item is None else item_location(item)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        location = self.location_at(event.option_index)
        if location is not None:
            self.post_message(LocationChosen(location))


class InfoPanel(Static):
    """A view shown as text (symbol info, definition of a metadata symbol, the problems). Long lines
    wrap at words under their own indentation, so a wrapped doc comment reads as one paragraph."""

    def __init__(self, empty: str, **kwargs: Any) -> None:
        super().__init__(empty, markup=False, **kwargs)
        self.view: Any = None

    def show(self, view: Any) -> None:
        self.view = view
        self.update(reflow(view.render(), self.size.width))

    def on_resize(self) -> None:
        if self.view is not None:
            self.update(reflow(self.view.render(), self.size.width))

    def plain_text(self) -> str:
        return self.view.render() if self.view is not None else ""


class Expandable:
    """Data of a tree node cut short by depth: the query to ask for its children."""

    def __init__(self, documentation_id: str, location: Location | None) -> None:
        self.documentation_id = documentation_id
        self.location = location
        self.requested = False


class MoreCallers(Expandable):
    """Data of the node that stands for the callers after the page shown: expanding it asks for the next page."""

    def __init__(self, documentation_id: str, offset: int) -> None:
        super().__init__(documentation_id, None)
        self.offset = offset


class TreeExpansionRequested(Message):
    def __init__(self, panel: TreePanel, node: TreeNode[Any]) -> None:
        super().__init__()
        self.panel = panel
        self.node = node


class TreePanel(Tree[Any]):
    """A hierarchy: the view's first line is the root, each later line a node, indented as rendered."""

    def __init__(self, empty: str, **kwargs: Any) -> None:
        super().__init__(empty, **kwargs)
        self.view: Any = None
        self.show_root = True
        self.guide_depth = 2

    def show(self, view: TypeHierarchy | CallHierarchy) -> None:
        self.view = view
        self.clear()
        root_line = view.render().splitlines()[0]
        self.root.set_label(root_line)
        self.root.data = view.symbol.location
        if isinstance(view, TypeHierarchy):
            self._type_sections(view)
        else:
            self._call_sections(view)
        self.root.expand()

    def render_label(self, node: TreeNode[Any], base_style: Style, style: Style) -> Text:
        """The label cut to the panel's width with an ellipsis, rather than clipped unseen at the edge."""
        text = super().render_label(node, base_style, style)
        depth = 0
        parent = node.parent
        while parent is not None:
            depth += 1
            parent = parent.parent
        room = self.scrollable_content_region.width - depth * self.guide_depth
        if room > 1 and text.cell_len > room:
            text.truncate(room, overflow="ellipsis")
        return text

    def _type_sections(self, view: TypeHierarchy) -> None:
        root = view.root
        for title, nodes in (("bases", view.bases), ("interfaces", view.interfaces)):
            section = self.root.add(f"{title}: {len(nodes)}", expand=True)
            for node in nodes:
                section.add_leaf(node.label(root), data=node.symbol.location)
        derived = self.root.add(f"derived: {_count(view.derived)}", expand=True)
        self.add_hierarchy(derived, view.derived)
        if view.overrides:
            what = "implemented members" if view.symbol.kind == "interface" else "overridden members"
            section = self.root.add(f"{what}: {len(view.overrides)}", expand=True)
            for entry in view.overrides:
                member = section.add(
                    f"{entry.member.display}: {len(entry.overrides)} override{'s' if len(entry.overrides) != 1 else ''}",
                    data=entry.member.location,
                    expand=True,
                )
                for override in entry.overrides:
                    member.add_leaf(
                        f"{where(override.location, root, override.assembly)}  {override.display}",
                        data=override.location,
                    )

    def add_hierarchy(self, parent: TreeNode[Any], nodes: tuple[HierarchyNode, ...]) -> None:
        for node in nodes:
            if node.expandable and not node.children:
                child = parent.add(
                    node.label(self.view.root), data=Expandable(node.symbol.documentation_id, node.symbol.location)
                )
            elif node.children:
                child = parent.add(node.label(self.view.root), data=node.symbol.location, expand=True)
                self.add_hierarchy(child, node.children)
            else:
                parent.add_leaf(node.label(self.view.root), data=node.symbol.location)

    def _call_sections(self, view: CallHierarchy) -> None:
        if view.direction in ("incoming", "both"):
            section = self.root.add(view.incoming_heading(), expand=True)
            self.add_calls(section, view.incoming)
            self._more_callers(section, view)
        if view.direction in ("outgoing", "both"):
            section = self.root.add(f"outgoing: {len(view.outgoing)}", expand=True)
            self.add_calls(section, view.outgoing)

    def add_caller_page(self, more: TreeNode[Any], view: CallHierarchy) -> None:
        """The next page of callers in place of the node that stood for them."""
        section = more.parent
        assert section is not None
        more.remove()
        self.add_calls(section, view.incoming)
        self._more_callers(section, view)

    def _more_callers(self, section: TreeNode[Any], view: CallHierarchy) -> None:
        end = view.offset + len(view.incoming)
        if end < view.incoming_total:
            rest = view.incoming_total - end
            section.add(
                f"… {rest} more caller{'s' if rest != 1 else ''}", data=MoreCallers(view.symbol.documentation_id, end)
            )

    def add_calls(self, parent: TreeNode[Any], nodes: tuple[CallNode, ...]) -> None:
        root = self.view.root
        for node in nodes:
            data: Any = (
                Expandable(node.symbol.documentation_id, node.symbol.location)
                if node.expandable
                else node.symbol.location
            )
            # A node cut short by depth starts collapsed: expanding it asks for the next level.
            child = parent.add(node.label(root), data=data, expand=not node.expandable)
            for site in node.sites:
                child.add_leaf(site_label(site, root), data=site.location)
            self.add_calls(child, node.children)
            if not node.sites and not node.children and not node.expandable:
                child.allow_expand = False

    def plain_text(self) -> str:
        lines: list[str] = []

        def walk(node: TreeNode[Any], depth: int) -> None:
            lines.append("  " * max(depth - 1, 0) + str(node.label))
            for child in node.children:
                walk(child, depth + 1)

        walk(self.root, 0)
        return "\n".join(lines)

    def on_tree_node_selected(self, event: Tree.NodeSelected[Any]) -> None:
        event.stop()
        data = event.node.data
        location = data.location if isinstance(data, Expandable) else data
        if isinstance(location, Location):
            self.post_message(LocationChosen(location))

    def on_tree_node_expanded(self, event: Tree.NodeExpanded[Any]) -> None:
        event.stop()
        data = event.node.data
        if isinstance(data, Expandable) and not data.requested:
            data.requested = True
            self.post_message(TreeExpansionRequested(self, event.node))


def reflow(text: str, width: int) -> str:
    """``text`` with each line longer than ``width`` wrapped at words, its continuation lines indented two
    more than the line (``  summary: ...`` goes on under its words, not at the panel's edge)."""
    import textwrap

    if width < 20:
        return text
    lines = []
    for line in text.splitlines():
        if len(line) <= width:
            lines.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip()) + 2)
        lines.extend(textwrap.wrap(line, width, subsequent_indent=indent, break_on_hyphens=False) or [line])
    return "\n".join(lines)


def _count(nodes: tuple[HierarchyNode, ...]) -> int:
    return sum(1 + _count(n.children) for n in nodes)
