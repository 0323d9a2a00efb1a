"""The app's widgets: source view, solution tree, and the panels that show engine views."""
