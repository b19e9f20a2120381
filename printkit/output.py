"""Split into printkit.pipeline's staging, swap, manifest, naming and files: old names answer for one release."""

from ._moved import forward

_MOVED = {
    "KitWriter": "printkit.pipeline.staging",
    "default_folder": "printkit.pipeline.naming",
    "MANIFEST": "printkit.pipeline.manifest",
    "MANIFEST_FORMAT": "printkit.pipeline.manifest",
    "plain_name": "printkit.pipeline.files",
    "read_regular": "printkit.pipeline.files",
    "on_termination": "printkit.termination",
}
__getattr__ = forward(__name__, _MOVED)
