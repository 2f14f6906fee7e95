"""Strict schemas for everything a client sends: HTTP bodies and WebSocket messages.

Strict means the JSON types are taken as they are: ``true`` and ``0.0`` are
not ``0``, ``"5"`` is not ``5``, unknown keys are refused and NaN is not a
number.  The engine checks the action itself (it is strict too); here only
its envelope is checked.  Every message is bounded in size before it is
parsed (see ``MAX_MESSAGE`` and ``MAX_BODY``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

MAX_MESSAGE = 8192  # bytes of one WebSocket message
MAX_BODY = 16384  # bytes of one HTTP body
CHAT_LENGTH = 200  # characters of one chat line

INT_MIN, INT_MAX = -(2**63), 2**63 - 1  # what every client, database and JSON encoder holds
Int64 = Annotated[int, Field(ge=INT_MIN, le=INT_MAX)]
Name = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[^\x00-\x1f\x7f]+$")]
Seconds = Annotated[float, Field(ge=0.05, le=3600)]
OptionValue = bool | Int64 | str | None


def _bounded_ints(value: Any) -> Any:
    """Refuse an integer beyond 64 bits anywhere in a free-form value (an action's fields).

    Python reads ``2**64`` happily, but it cannot be stored, compared with the engine's
    bounds in a refusal's params and then encoded (orjson stops at 64 bits): such a number
    would crash the refusal itself.  No game has a use for one, so it is a bad message.
    """
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, bool):
            continue
        if isinstance(v, int):
            if not INT_MIN <= v <= INT_MAX:
                raise ValueError("integers are limited to 64 bits")
        elif isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return value


class Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", allow_inf_nan=False, frozen=True)


class CreateTable(Strict):
    game: Annotated[str, Field(max_length=32)]
    players: int | None = None
    options: Annotated[dict[Annotated[str, Field(max_length=64)], OptionValue], Field(max_length=16)] = {}
    seats: Annotated[list[Annotated[str, Field(max_length=32)]], Field(max_length=16)] | None = None
    name: Name = "Player"
    window_seconds: Seconds = 5.0
    turn_seconds: Seconds | None = None
    grace_seconds: Seconds | None = 60.0
    standin: Annotated[str, Field(max_length=16)] | None = None
    listed: bool = False  # shown in the web lobby's lists; else only the invite link leads to it
    coach: bool = True  # players may switch on the coach (the odds from their seat); false: nobody


class Join(Strict):
    name: Name = "Player"
    # the unlisted table's invite secret (the ``#k=`` of its invite link); listed tables need none
    key: Annotated[str, Field(min_length=1, max_length=64)] | None = None


class Rematch(Strict):
    token: Annotated[str, Field(min_length=1, max_length=128)]
    decline: bool = False  # this player wants no rematch: their held seat opens to anyone


class Act(Strict):
    type: Literal["act"]
    seq: Annotated[int, Field(ge=0, le=INT_MAX)]
    action: Annotated[dict[Annotated[str, Field(max_length=32)], Any], AfterValidator(_bounded_ints)]


class Auth(Strict):
    type: Literal["auth"]
    token: Annotated[str, Field(min_length=1, max_length=128)]


class Ping(Strict):
    type: Literal["ping"]


class Say(Strict):
    """A short line (or a quick reaction) from a player to the others at the table."""

    type: Literal["say"]
    text: Annotated[str, Field(min_length=1, max_length=CHAT_LENGTH, pattern=r"^[^\x00-\x1f\x7f]+$")]


class Coach(Strict):
    """This connection's coach on or off (the odds from its seat after every change)."""

    type: Literal["coach"]
    on: bool


class Review(Strict):
    """After the game: this seat's review (its decisions where the strong bot disagreed)."""

    type: Literal["review"]


Message = Annotated[Act | Auth | Ping | Say | Coach | Review, Field(discriminator="type")]
MESSAGE: TypeAdapter[Act | Auth | Ping | Say | Coach | Review] = TypeAdapter(Message)


def explain(exc: ValidationError) -> str:
    """A short, clear reason from pydantic's report (where and what), never a traceback."""
    parts = []
    for err in exc.errors(include_url=False, include_input=False)[:3]:
        where = ".".join(str(p) for p in err["loc"]) or "message"
        parts.append(f"{where}: {err['msg']}")
    return "; ".join(parts)
