"""The app's themes: a dark default, a light one and a high-contrast one (Textual ``Theme`` objects)."""

from textual.theme import Theme

ROSLYN_DARK = Theme(
    name="roslyn-dark",
    primary="#569CD6",
    secondary="#4EC9B0",
    accent="#C586C0",
    warning="#D7BA7D",
    error="#F44747",
    success="#6A9955",
    foreground="#D4D4D4",
    background="#1E1E1E",
    surface="#252526",
    panel="#2D2D30",
    dark=True,
)

ROSLYN_LIGHT = Theme(
    name="roslyn-light",
    primary="#0451A5",
    secondary="#267F99",
    accent="#AF00DB",
    warning="#795E26",
    error="#CD3131",
    success="#098658",
    foreground="#1F1F1F",
    background="#FFFFFF",
    surface="#F3F3F3",
    panel="#E8E8E8",
    dark=False,
)

ROSLYN_HIGH_CONTRAST = Theme(
    name="roslyn-high-contrast",
    primary="#FFFF00",
    secondary="#00FFFF",
    accent="#FF00FF",
    warning="#FFA500",
    error="#FF3333",
    success="#00FF00",
    foreground="#FFFFFF",
    background="#000000",
    surface="#000000",
    panel="#1A1A1A",
    dark=True,
)

THEMES = (ROSLYN_DARK, ROSLYN_LIGHT, ROSLYN_HIGH_CONTRAST)
DEFAULT_THEME = ROSLYN_DARK.name

__all__ = ["DEFAULT_THEME", "ROSLYN_DARK", "ROSLYN_HIGH_CONTRAST", "ROSLYN_LIGHT", "THEMES"]
