"""Renderers: the ReportLab canvas for fixed geometry, WeasyPrint + jinja2 for flowing text."""
