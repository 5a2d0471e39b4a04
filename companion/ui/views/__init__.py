"""One module per screen; each has ``build(ctx, ...) -> ft.View``."""
