"""Information-set Monte Carlo tree search over the public engine API, for any game.

Why this shape: a bot only ever sees a **view**, so it cannot search the real
state.  Each iteration draws a *determinization* (a full state that agrees
with the view, from ``game.sample_state(view, rng)`` or a sampler you pass),
then walks one shared tree whose nodes are keyed by actions, not by states
(single-observer ISMCTS, Cowling, Powley & Whitehouse 2012).  Statistics
therefore pool over everything the searcher might be facing, and a move is
judged by how it does across the hidden possibilities, not in one lucky guess.
Every node keeps one reward total per seat, so each seat in the tree picks
what is best for itself (multi-player, not just two-player zero-sum).

All randomness comes from the searcher's own :class:`random.Random`; the real
game and its RNG are never touched (we only read the view), and with a fixed
``iterations`` count the result is deterministic for a seed.

How to use it in a strong bot::

    from liars.bots.search import Search

    class MyStrongBot:
        def __init__(self, game_id: str = "my-game", seed: int | None = None,
                     budget: float | None = 0.08, iterations: int | None = 400, **_: Any) -> None:
            self.search = Search(seed=seed, budget=budget, iterations=iterations)

        def act(self, view, legal_actions):
            return self.search.choose(view, legal_actions)

Knobs (all optional, keyword arguments of :class:`Search`):

- ``budget``: seconds of thinking per decision (a cap; ``None`` = no cap).
- ``iterations``: number of iterations (``None`` = until the budget runs out).
  Set it for reproducible play; keep ``budget`` as a safety cap (if the cap
  is hit first, the result depends on machine speed).
- ``sampler(view, rng) -> State``: the determinization; defaults to
  ``game.sample_state``.  Pass a belief-weighted one to make the bot read
  claims and bids (the best way to make it strong).
- ``rollout(state, rng) -> (seat, action)``: the playout policy after the
  tree (default: uniform random).  It sees a sampled state; a good policy
  reads only the acting seat's own secrets.
- ``leaf(state) -> per-seat values | None``: stop a playout early and score
  it (for example at the end of a round), in the game's ``info.utility``
  range; ``None`` means keep playing.
  Without it, playouts run to the end and score ``state.returns()``.
- ``candidates(state, seat, actions) -> actions``: prune the actions the
  tree considers (for example only the smallest few raises of a bid); the
  root then picks among the legal actions that survived.
- ``depth``: how many decisions deep the tree grows (``None``: no limit).
  The tree's other seats choose by statistics pooled over samples in which
  the searcher's own secrets are always the true ones, so deep trees let
  them play as if they could see the searcher's hand; ``depth=1`` (flat
  Monte Carlo over a good playout policy) avoids that where it hurts.
- ``max_steps``: a bound on the actions of one playout (then ``leaf`` or a
  draw, every seat scored equally).
- ``c``: the UCB exploration constant (rewards are scaled to ``[0, 1]``).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from .. import core

Sampler = Callable[[Mapping[str, Any], random.Random], core.State]
Rollout = Callable[[core.State, random.Random], tuple[int, Any]]
Leaf = Callable[[core.State], Sequence[float] | None]
Candidates = Callable[[core.State, int, list[Any]], list[Any]]


class Node:
    """Per-seat reward totals, visits and availability (how often it could have been chosen)."""

    __slots__ = ("children", "visits", "avail", "total")

    def __init__(self, players: int) -> None:
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = [0.0] * players


def game_of(view: Mapping[str, Any], seed: int = 0) -> core.Game:
    """The configured game a view belongs to (players and options are public)."""
    game_id: str = view["game"]
    return core.make(game_id, players=view["players"], seed=seed, **view["options"])


def action_key(action: Any) -> Hashable:
    """A dict key for an action: the action itself if hashable, else its sorted JSON."""
    try:
        hash(action)
    except TypeError:
        return repr(sorted(action.to_json().items()))
    key: Hashable = action
    return key


def random_rollout(state: core.State, rng: random.Random) -> tuple[int, Any]:
    seat = state.to_act[0]
    return seat, rng.choice(state.legal_actions(seat))


class Search:
    """A reusable searcher: one per bot, holding its RNG and settings."""

    def __init__(
        self,
        seed: int | None = None,
        budget: float | None = 0.08,
        iterations: int | None = None,
        sampler: Sampler | None = None,
        rollout: Rollout | None = None,
        leaf: Leaf | None = None,
        candidates: Candidates | None = None,
        depth: int | None = None,
        max_steps: int = 2000,
        c: float = 0.7,
        rng: random.Random | None = None,
    ) -> None:
        if budget is None and iterations is None:
            raise ValueError("a search needs a time budget or an iteration count")
        if budget is not None and budget <= 0:
            raise ValueError(f"budget must be positive seconds, not {budget!r}")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations!r}")
        self.rng = rng if rng is not None else random.Random(seed)
        self.budget = budget
        self.iterations = iterations
        self.sampler = sampler
        self.rollout = rollout or random_rollout
        self.leaf = leaf
        self.candidates = candidates
        self.depth = depth
        self.max_steps = max_steps
        self.c = c
        self._games: dict[str, core.Game] = {}
        self.last_iterations = 0  # how many iterations the last decision used (for tuning)

    def _game(self, view: Mapping[str, Any]) -> core.Game:
        key = repr((view["game"], view["players"], sorted(view["options"].items())))
        game = self._games.get(key)
        if game is None:
            game = self._games[key] = game_of(view)
        return game

    def stats(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> dict[Hashable, Node]:
        """Run the search and return the root's children (action key -> node)."""
        game = self._game(view)
        sampler: Sampler = self.sampler or game.sample_state
        seat: int = view["seat"]
        players: int = view["players"]
        lo, hi = game.info.utility
        scale = 1.0 / (hi - lo) if hi > lo else 1.0
        root = Node(players)
        deadline = None if self.budget is None else time.perf_counter() + self.budget
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            state = sampler(view, self.rng)
            self._iterate(state, root, seat, players, lo, scale)
            done += 1
        self.last_iterations = done
        return root.children

    def choose(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any:
        """The most visited of ``legal_actions`` after searching (one of them, always)."""
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        game = self._game(view)
        children = self.stats(view, legal)
        best, best_visits = legal[0], -1
        for action in legal:
            node = children.get(action_key(game.parse_action(action)))
            visits = node.visits if node is not None else 0
            if visits > best_visits:
                best, best_visits = action, visits
        return best

    def _iterate(
        self, state: core.State, root: Node, seat: int, players: int, lo: float, scale: float
    ) -> None:
        rng = self.rng
        c = self.c
        path = [root]
        node = root
        steps = 0
        value: Sequence[float] | None = None
        actor = seat  # the root decision is the viewer's, whatever else to_act holds
        depth = self.depth if self.depth is not None else 1 << 30
        # Selection and expansion down the shared tree.
        while not state.over and steps < depth:
            actions = state.legal_actions(actor)
            if self.candidates is not None:
                actions = self.candidates(state, actor, actions)
            keyed = [(action_key(a), a) for a in actions]
            if not keyed:  # nothing to choose here (a pruned-away turn): let the playout go on
                break
            untried = [ka for ka in keyed if ka[0] not in node.children]
            for k, _ in keyed:
                child = node.children.get(k)
                if child is not None:
                    child.avail += 1
            if untried:
                k, a = untried[rng.randrange(len(untried))]
                child = node.children[k] = Node(players)
                child.avail = 1
                state.act(actor, a)
                path.append(child)
                steps += 1
                break
            best_k, best_a, best_u = keyed[0][0], keyed[0][1], -1.0
            for k, a in keyed:
                ch = node.children[k]
                u = ch.total[actor] / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if u > best_u:
                    best_k, best_a, best_u = k, a, u
            state.act(actor, best_a)
            node = node.children[best_k]
            path.append(node)
            steps += 1
            if self.leaf is not None and not state.over:
                value = self.leaf(state)
                if value is not None:
                    break
            if not state.over:
                actor = state.to_act[0]
        # Playout.
        if value is None and self.leaf is not None and not state.over:
            value = self.leaf(state)
        while value is None and not state.over and steps < self.max_steps:
            who, a = self.rollout(state, rng)
            state.act(who, a)
            steps += 1
            if self.leaf is not None and not state.over:
                value = self.leaf(state)
        if value is None:
            value = state.returns() if state.over else (lo + (1.0 / scale) / players,) * players
        scaled = [(v - lo) * scale for v in value]
        for n in path:
            n.visits += 1
            tot = n.total
            for p in range(players):
                tot[p] += scaled[p]
