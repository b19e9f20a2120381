"""Referee engines used at the table: pure functions, no printing, no files."""
