"""The API's documentation page (``/docs``), made on the server from the app's OpenAPI document: no script,
nothing from another site (the page works offline and under the app's Content-Security-Policy)."""

from __future__ import annotations

import json
from html import escape
from typing import Any


def _type(schema: dict[str, Any]) -> str:
    """A field's JSON type in words (``integer``, ``string or list of string``, ``RulesBody``)."""
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    if "anyOf" in schema:
        return " or ".join(dict.fromkeys(_type(s) for s in schema["anyOf"]))
    t = schema.get("type", "any")
    if t == "array":
        return f"list of {_type(schema.get('items', {}))}"
    if t == "object" and "additionalProperties" in schema:
        return f"object of {_type(schema['additionalProperties'])}"
    return str(t)


def _limits(schema: dict[str, Any]) -> str:
    words = {"minimum": ">=", "maximum": "<=", "maxLength": "length <=", "maxItems": "items <=",
             "maxProperties": "entries <="}
    out = [f"{w} {schema[k]:,}" for k, w in words.items() if isinstance(schema.get(k), int)]
    for s in schema.get("anyOf", []):
        out += [f"{w} {s[k]:,}" for k, w in words.items() if isinstance(s.get(k), int)]
    return ", ".join(dict.fromkeys(out))


def docs_page(spec: dict[str, Any]) -> str:
    """The HTML page: every operation (method, path, summary, its body's fields) and each body's schema."""
    info = spec.get("info", {})
    schemas = spec.get("components", {}).get("schemas", {})
    ops = []
    for path, item in spec.get("paths", {}).items():
        for method, op in item.items():
            body = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {})
            ref = body.get("$ref", "").rsplit("/", 1)[-1]
            params = ", ".join(p["name"] for p in op.get("parameters", []))
            ops.append(f"<tr><td><code>{escape(method.upper())}</code></td><td><code>{escape(path)}</code></td>"
                       f"<td>{escape(op.get('summary', ''))}"
                       + (f" (path: {escape(params)})" if params else "")
                       + (f" &mdash; body: <a href=\"#{escape(ref)}\">{escape(ref)}</a>" if ref else "")
                       + "</td></tr>")
    bodies = []
    for name, sch in schemas.items():
        if not name.endswith("Body"):
            continue
        required = set(sch.get("required", []))
        rows = "".join(
            f"<tr><td><code>{escape(f)}</code></td><td>{escape(_type(fs))}</td>"
            f"<td>{'required' if f in required else escape(json.dumps(fs.get('default')))}</td>"
            f"<td>{escape(_limits(fs))}</td></tr>"
            for f, fs in sch.get("properties", {}).items())
        bodies.append(f"<h3 id=\"{escape(name)}\">{escape(name)}</h3><p>{escape(sch.get('description', ''))}</p>"
                      f"<table><tr><th>field</th><th>type</th><th>default</th><th>limits</th></tr>{rows}</table>")
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{escape(info.get('title', 'API'))} API</title>
<link rel="stylesheet" href="/static/style.css"></head>
<body><header><h1>{escape(info.get('title', ''))} {escape(info.get('version', ''))}: the JSON API</h1>
<p class="sub">{escape(info.get('description', ''))} The whole description: <a href="/openapi.json">/openapi.json</a>
(OpenAPI {escape(spec.get('openapi', ''))}). <a href="/">The page</a>.</p></header>
<main class="docs"><section class="panel"><h2>Operations</h2>
<table><tr><th>method</th><th>path</th><th>what it does</th></tr>{''.join(ops)}</table></section>
<section class="panel"><h2>Request bodies</h2>{''.join(bodies)}</section></main></body></html>
"""
