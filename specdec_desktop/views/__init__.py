"""Widgets: they show state and forward user input; they hold no figures of their own."""
