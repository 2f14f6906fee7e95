"""Every refusal code, with its English template: the catalogue the edges translate.

The engine, the server and the command line refuse with a stable ``code`` and
JSON-able ``params`` (see :class:`liars.Refusal` and the server's
``TableError``) besides their English message.  This module lists each code
once, with an English sentence using ``{param}`` placeholders, so that

* the terminal (the gettext catalogs, keys ``error <code>``) and the web app
  (its ``errors.js``, which the server makes from those catalogs) can say a
  refusal in the player's language from data rather than by parsing English;
* a test can check that every code raised anywhere in the source is listed
  here and translated everywhere (``tests/test_errors.py``).

The templates are for players, so they are shorter than the engine's
messages, which are written for programmers and stay as ``str(exc)``.
Developer-only codes (a bad ``setup``, a bad view for ``sample_state``, RL
wrappers, command-line usage) carry their English detail as ``{detail}``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .core import GameConfigError

_PLACEHOLDER = re.compile(r"\{(\w+)\}")

# code -> English template: the msgids of the .po catalogs' ``error <code>`` entries follow it.
MESSAGES: dict[str, str] = {
    # defaults of the exception classes, for refusals raised without a code
    "refused": "Refused.",
    "illegal": "That move is not allowed.",
    "bad_config": "That game setting is not allowed.",
    # whose turn, and the game's course
    "game_over": "The game is over.",
    "not_your_turn": "It is not your turn.",
    "episode_over": "The episode is over: call reset().",
    "must_act": "{agent} must act.",
    # the form of an action
    "not_an_action": "“{text}” is not an action.",
    "action_not_object": "An action is an object with a type.",
    "action_type_unknown": "Unknown action type {type}.",
    "missing_keys": "The action lacks {keys}.",
    "unknown_keys": "The action has unknown parts: {keys}.",
    "null_key": "Leave out {key} rather than giving null.",
    "not_whole_number": "{name} must be a whole number.",
    "out_of_range": "{name} must be between {lo} and {hi}.",
    "action_id_not_int": "An action id is a whole number.",
    "action_id_illegal": "Action {id} is not allowed now.",
    "no_action_ids": "This game has no numbered actions.",
    "no_action_id": "A play of {count} cards has no number.",
    "not_a_card": "{value} is not a card.",
    "cards_not_list": "Cards are given as a list.",
    # Liar's Dice
    "bid_quantity": "A bid is for 1 to {max} dice.",
    "bid_face": "A bid's face is 1 to 6.",
    "bid_too_low": "{quantity}×{face} is not higher than {last_quantity}×{last_face}.",
    "no_bid_yet": "There is no bid yet: the opener must bid.",
    "spot_on_off": "Spot on is not played at this table.",
    # Poker Liar's Dice
    "claim_hand": "That is not a poker hand.",
    "claim_values": "Those values do not fit that hand.",
    "reroll_dice": "Re-roll a list of at most five dice.",
    "must_claim": "Pass the cup with a claim.",
    "claim_too_low": "Claim a higher hand than the one standing.",
    "must_answer": "Call liar or accept the cup.",
    "five_aces": "Nothing beats five aces: call liar.",
    "must_reroll": "Re-roll first: choose the dice, or none.",
    "reroll_not_held": "The dice under the cup do not include {dice}.",
    # Cheat
    "play_size": "A play holds {min} to {max} cards.",
    "play_too_big": "A play holds at most {max} cards here.",
    "card_twice": "{card} is named twice.",
    "rank_over_four": "A play cannot hold more than four of rank {rank}.",
    "not_in_hand": "You do not hold {cards}.",
    "must_challenge_or_pass": "Challenge or pass: this is not the time to play.",
    "must_play": "There is nothing to answer: play one or more cards.",
    "cannot_challenge": "You cannot challenge now.",
    # Liegen
    "must_accuse_or_pass": "Accuse or pass: this is not the time to play.",
    "not_an_announcement": "{value} is not an announcement.",
    "announce_rank_step": "After {prev}, announce a rank one above or below it.",
    "announce_suit": "After {prev}, announce a card of the same suit.",
    "announce_rank_or_suit": "After {prev}, announce a card of the same rank or suit.",
    # Love Letter
    "no_target_taken": "A {card} takes no target.",
    "no_guess_taken": "A {card} takes no guess.",
    "bad_guess": "{value} cannot be guessed: guess a card of 7 or higher.",
    "guess_needs_target": "A guess needs a target.",
    "guess_needed": "A {card} played at someone must guess a card.",
    "target_needed": "A {card} must choose a player.",
    "target_self": "A {card} must choose another player, not yourself.",
    "target_out": "{target} is out of the round.",
    "target_protected": "{target} is protected by a 9 until their next turn.",
    "must_play_q": "With the Q and a J or a 10 in hand you must play the Q.",
    # options and configuration
    "option_bool": "Option {option} is on or off.",
    "option_int": "Option {option} takes a whole number.",
    "option_range": "Option {option} must be between {min} and {max}.",
    "option_choice": "Option {option} takes one of {choices}.",
    "option_unknown": "Unknown option {options}.",
    "game_unknown": "Unknown game {game}.",
    "bad_seed": "The seed must be a whole number.",
    "bad_setup": "Bad setup: {detail}",
    "bad_view": "Bad view: {detail}",
    "bad_save": "Not a saved game: {detail}",
    "rl_unsupported": "Not supported: {detail}",
    "bot_not_an_action": "Bot {bot} answered something that is not an action.",
    "bot_illegal_action": "Bot {bot} answered a move that is not allowed.",
    "usage": "{detail}",
    # the server: tables and seats
    "seats_count": "List {players} seats, not {count}.",
    "seat_kind": "Seat {seat} must be a human or a bot.",
    "standin_unknown": "There is no {standin} bot to stand in.",
    "not_started": "The game has not started: seats are still free.",
    "waiting": "The game has not started.",
    "no_such_view": "The table has not got that far yet.",
    "stale": "The table moved on before your move arrived.",
    "already_answered": "You have already answered.",
    "no_window": "No challenge is open.",
    "full": "Every seat at this table is taken.",
    "invite_required": "This table is for the invited only: open the invite link you were sent.",
    "bad_invite": "This invite link is not good for this table.",
    "coach_off": "The coach is turned off at this table.",
    "no_coach": "There is no coach for this game yet.",
    "not_found": "There is no such table.",
    "not_over": "The game is not over yet.",
    "forbidden": "This link holds no seat at this table.",
    "spectator": "Spectators cannot play.",
    "busy": "Another server runs this table.",
    "broken": "This table cannot be loaded.",
    "reload": "The table is being reloaded; reconnecting.",
    "retry": "Your move could not be saved yet; send it again.",
    "internal": "Something went wrong on the server; reconnect.",
    "rate_limited": "Too many messages; slow down.",
    "too_large": "That message is too large.",
    "bad_message": "The server could not read that message.",
    "bad_request": "The server could not read that request.",
}


def english(code: str, params: Mapping[str, Any]) -> str | None:
    """The English sentence for ``code`` with ``params`` filled in; ``None`` for an unknown code."""
    template = MESSAGES.get(code)
    return None if template is None else fill(template, params)


def fill(template: str, params: Mapping[str, Any]) -> str:
    """``template`` with each ``{name}`` replaced; a missing parameter stays as ``{name}``.

    Not ``str.format``: a translation must never crash on a parameter it lacks
    or on braces in a value, and lists read better joined with commas.
    """

    def one(m: re.Match[str]) -> str:
        if m[1] not in params:
            return m[0]
        value = params[m[1]]
        return ", ".join(map(str, value)) if isinstance(value, list | tuple) else str(value)

    return _PLACEHOLDER.sub(one, template)


def usage_error(message: str) -> GameConfigError:
    """A command-line mistake, its message already in the user's language (``code`` ``usage``)."""
    return GameConfigError(message, code="usage", params={"detail": message})
