"""The checks every installed game passes, for printkit's own games and a plug-in's author alike."""
