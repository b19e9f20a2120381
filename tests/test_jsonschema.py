"""The JSON Schema of configs and rulesets comes from the loader's own schema tree and agrees with it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

from printkit.config.jsonschema import config_schema, ruleset_schema
from printkit.config.rulesets import bundled_ids, load_bundled

from .conftest import EXAMPLES, run, write

CONFIGS = sorted(p for p in EXAMPLES.glob("*.yaml") if "game:" in p.read_text("utf-8")
                 and "rows:" not in p.read_text("utf-8") and "circles:" not in p.read_text("utf-8"))  # fmt: skip


def as_editor_sees_it(value: Any) -> Any:
    """YAML as a language server hands it to JSON Schema: every mapping key is text."""
    if isinstance(value, dict):
        return {str(k): as_editor_sees_it(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_editor_sees_it(v) for v in value]
    return value


def errors(schema: dict[str, Any], path: Path) -> list[str]:
    data = as_editor_sees_it(yaml.safe_load(path.read_text("utf-8")))
    return [e.message for e in Draft202012Validator(schema).iter_errors(data)]


@pytest.mark.slow
def test_the_schemas_are_valid_json_schema() -> None:
    Draft202012Validator.check_schema(config_schema())
    Draft202012Validator.check_schema(ruleset_schema())


@pytest.mark.parametrize("path", CONFIGS, ids=lambda p: p.name)
def test_every_example_config_passes(path: Path) -> None:
    assert errors(config_schema(), path) == []


@pytest.mark.parametrize("game", bundled_ids())
def test_every_bundled_ruleset_passes(game: str) -> None:
    assert errors(ruleset_schema(), load_bundled(game).source) == []


@pytest.mark.parametrize(
    "text",
    [
        "game: strategiya\npaper: a3\n",
        "game: strategiya\nlanguag: ru\n",
        "game: strategiya\nplayers:\n  - name: A\n    heroes: [{strength: -1}]\n",
        "game: vs-2025\ncards: {size: 10x10x10}\n",
        "game: strategiya\ntitle: ''\n",
        "title: no game\n",
    ],
)
def test_what_validate_rejects_the_schema_rejects(text: str, tmp_path: Path) -> None:
    path = write(tmp_path / "bad.yaml", text)
    assert run("validate", path).exit_code == 3
    assert errors(config_schema(), path)


def test_the_schema_command_prints_them(tmp_path: Path) -> None:
    assert json.loads(run("schema", "config").output) == json.loads(json.dumps(config_schema()))
    assert json.loads(run("schema", "ruleset").output)["anyOf"]
