"""One module per printed artefact: page data from the model, then its PDF."""
