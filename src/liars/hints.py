"""Whether a JSON-like value is of a type hint: one reading of ``X | None``, lists, dicts and scalars.

Why a module of its own: two things check values against the types the code
already declares, a built-in bot's options against its ``__init__``
(:mod:`liars.bots.options`) and the views against their ``TypedDict``
(``tests/test_view_types.py``), and the two must read a hint the same way.
Standard library only, like the core.
"""

from __future__ import annotations

import math
import types
import typing
from collections.abc import Mapping
from typing import Any


def fits(value: Any, hint: Any) -> bool:
    """Whether ``value`` is of type ``hint``, one level into lists and dicts.

    Strict where JSON and Python blur: a bool is not an int or a float, an
    int is not a bool, a float must be finite (NaN is no number of
    seconds), and a ``dict`` hint wants a real ``dict`` (a ``Mapping`` hint,
    any mapping).  A hint this does not know is taken as fitting: the
    caller checks such a value itself.
    """
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(fits(value, h) for h in typing.get_args(hint))
    if hint is Any:
        return True
    if hint is type(None):
        return value is None
    if hint is bool:
        return type(value) is bool
    if hint is int:
        return type(value) is int
    if hint is float:
        return type(value) in (int, float) and math.isfinite(value)
    if origin is list:
        (item,) = typing.get_args(hint) or (Any,)
        return isinstance(value, list) and all(fits(v, item) for v in value)
    if origin is dict or origin is Mapping:
        key, item = typing.get_args(hint) or (Any, Any)
        kind = dict if origin is dict else Mapping
        return isinstance(value, kind) and all(fits(k, key) and fits(v, item) for k, v in value.items())
    if isinstance(hint, type):
        return isinstance(value, hint)
    return True
