"""The referee on every phone at the table: `printkit serve`'s web application (see app.make_app)."""
