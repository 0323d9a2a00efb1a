"""Every key binding of the app, each with an id so users can remap it (``App.set_keymap``)."""

from textual.binding import Binding

APP_BINDINGS = [
    Binding("ctrl+t", "search_symbols", "Symbol search", id="search_symbols"),
    Binding("f12", "go_to_definition", "Definition", id="go_to_definition"),
    Binding("shift+f12", "find_references", "References", id="find_references"),
    Binding("ctrl+f12", "find_implementations", "Implementations", id="find_implementations"),
    Binding("f6", "type_hierarchy", "Type hierarchy", id="type_hierarchy"),
    Binding("f7", "call_hierarchy", "Call hierarchy", id="call_hierarchy"),
    Binding("f8", "next_diagnostic", "Next diagnostic", id="next_diagnostic"),
    Binding("alt+left", "back", "Back", id="back"),
    Binding("alt+right", "forward", "Forward", id="forward"),
    Binding("f1,question_mark", "help", "Help", id="help", key_display="?"),
    Binding("ctrl+q", "quit", "Quit", id="quit", priority=True),
]
"""``ctrl+p`` (the command palette) is Textual's own binding; ``enter`` in the source view is bound
there (it would type a newline elsewhere)."""

SOURCE_BINDINGS = [
    Binding("enter", "app.go_to_definition", "Definition", id="source_go_to_definition", show=False),
    # TextArea takes f6 and f7 for selections; in a read-only source view the hierarchies matter more.
    Binding("f6", "app.type_hierarchy", "Type hierarchy", id="source_type_hierarchy", show=False),
    Binding("f7", "app.call_hierarchy", "Call hierarchy", id="source_call_hierarchy", show=False),
]

KEY_HELP = [
    ("ctrl+t", "search symbols as you type (fuzzy: camel humps, wildcards); enter opens the hit"),
    ("ctrl+p", "command palette: every action, themes, and symbols by name"),
    ("f12 / enter", "go to the definition of the symbol under the cursor, or open the selected item"),
    ("shift+f12", "references of the symbol under the cursor"),
    ("ctrl+f12", "implementations (interfaces, abstract and virtual members, derived classes)"),
    ("f6", "type hierarchy: bases, interfaces, derived types (expand nodes for more)"),
    ("f7", "call hierarchy: callers and callees (expand nodes for more)"),
    ("f8", "next diagnostic (errors first)"),
    ("alt+left / alt+right", "back / forward through the places you visited"),
    ("tab / shift+tab", "move between the tree, the source and the panels"),
    ("? / f1", "this help"),
    ("ctrl+q", "quit"),
]
