"""Whole-program review at preview for Python programs (hand-written, beside the generated SDK).

The provider's check of one resource sees only that resource's inputs, and during a preview the
id of a resource the program has not made yet is unknown: ``subnet=net.id`` reaches the provider
as an unknown value. The TypeScript classes therefore send, with each resource, the facts the
provider's rules need of every other vmcloud resource of the program that one of its inputs
refers to by id (``__program``: sdk/program-facts.ts and
provider/resources/program/program-input.ts of the npm package). This module does the same for
Python programs: importing ``pulumi_vmcloud`` registers one stack transformation, which sees
each vmcloud resource's inputs before they are sent, remembers what each resource declared
(``REFERENCE_FACTS``: a disk's zone, a subnet's range, never a secret), and adds ``__program``
to the inputs of every vmcloud resource: its name, the program's language (so that the plugin's
messages name inputs as Python writes them, ``adopt_id``), and the facts of each resource
declared before it that it refers to by ``<resource>.id``. The
provider takes that input off in its check: it is never recorded, compared or sent to the
service. See docs/api-decisions/program-review.md of the npm package.
"""

import re
from typing import Any, Optional

import pulumi
from pulumi import _types

__all__: list = []

# What a reference to each kind carries, and which kinds take the input: written by
# scripts/generate-sdks.sh from provider/rules/references.ts and provider/type-tokens.ts.
_TABLES: dict = @REVIEW_TABLES@
REFERENCE_FACTS: dict = _TABLES["facts"]
_RESOURCES = frozenset(_TABLES["resources"])

_PREFIX = "vmcloud:index:"
# How deep into the inputs references are looked for (a VM's interfaces[0].securityGroups[0] is 3).
_MAX_DEPTH = 4
_IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")

# The program's vmcloud resources seen so far: (resource, class, Pulumi name, facts).
_declared: list = []
# The declared resources by the identity of their `id` output, filled as the ids appear.
_by_id: dict = {}


def _camel(name: str) -> str:
    """A Python input name in the schema's spelling (`availability_zone` → `availabilityZone`)."""
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def _path(keys: list) -> str:
    """The property path of `keys` as the provider writes it: `interfaces[0].subnet`."""
    out = ""
    for i, key in enumerate(keys):
        if isinstance(key, int):
            out += f"[{key}]"
        elif not _IDENTIFIER.match(key):
            out += "[" + repr(key).replace("'", '"') + "]"
        else:
            out += key if i == 0 else "." + key
    return out


def _fields(value: Any) -> Optional[dict]:
    """The fields of a nested input (an `…Args` class or a plain dict), by schema name."""
    if isinstance(value, dict):
        return {_camel(k): v for k, v in value.items() if isinstance(k, str)}
    if _types.is_input_type(type(value)):
        names = _types.input_type_py_to_pulumi_names(type(value))
        untranslated = _types.input_type_to_untranslated_dict(value)
        return {names.get(k, _camel(k)): v for k, v in untranslated.items()}
    return None


def _find(value: Any) -> Optional[dict]:
    """The declared resource whose `id` output `value` is (the output itself, not one derived)."""
    if not isinstance(value, pulumi.Output):
        return None
    for entry in _declared:
        if entry["key"] is None:
            own_id = getattr(entry["resource"], "__dict__", {}).get("id")
            if own_id is not None:
                entry["key"] = id(own_id)
                _by_id[id(own_id)] = entry
    return _by_id.get(id(value))


def _references(value: Any, keys: list, found: dict, depth: int) -> None:
    """Every input under `value` given as a declared resource's id, by property path."""
    declared = _find(value)
    if declared is not None:
        found[_path(keys)] = {
            "typeName": declared["typeName"],
            "name": declared["name"],
            "facts": declared["facts"],
        }
        return
    if depth >= _MAX_DEPTH or value is None or isinstance(value, (str, bytes, pulumi.Output)):
        return
    if isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            _references(item, keys + [i], found, depth + 1)
        return
    fields = _fields(value)
    if fields is not None:
        for key, item in fields.items():
            _references(item, keys + [key], found, depth + 1)


def _review(args: pulumi.ResourceTransformationArgs) -> Optional[pulumi.ResourceTransformationResult]:
    if not args.type_.startswith(_PREFIX):
        return None
    type_name = args.type_[len(_PREFIX):]
    if type_name not in _RESOURCES or not isinstance(args.props, dict):
        return None
    props = {_camel(k): v for k, v in args.props.items() if isinstance(k, str)}
    facts = {key: props[key] for key in REFERENCE_FACTS.get(type_name, []) if props.get(key) is not None}
    # A resource read by id (`opts.id`) declares nothing, and is read, not checked.
    if args.opts is not None and args.opts.id is not None:
        return None
    _declared.append(
        {"resource": args.resource, "typeName": type_name, "name": args.name, "facts": facts, "key": None}
    )
    refs: dict = {}
    for key, value in props.items():
        _references(value, [key], refs, 1)
    props_out = dict(args.props)
    # The language, on every resource: the plugin then names inputs in the program's spelling
    # (`set adopt_id to …`: provider/plugin/program-language.ts of the npm package).
    props_out["__program"] = {"name": args.name, "language": "python", **({"refs": refs} if refs else {})}
    return pulumi.ResourceTransformationResult(props_out, args.opts)


def _register() -> None:
    """Registers the review once per program; outside a Pulumi program it does nothing."""
    try:
        pulumi.runtime.register_stack_transformation(_review)
    except Exception:  # noqa: BLE001 - not in a program (a plain import): nothing to review
        pass


_register()
