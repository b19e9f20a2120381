"""Tests of one game."""
