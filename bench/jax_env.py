"""Batched JAX environments against pyspiel's loop and our PettingZoo env, in the same run.

Agent steps per second of uniformly random masked play, two players:

* ``jax B=…``: ``liars.jax`` Liar's Dice (and Love Letter), ``B`` games at once (``jax.vmap``), 100 steps a
  call (``lax.scan``) under one ``jax.jit``, each game reset when it ends (auto-reset, as a
  training loop runs it); only steps of games in play are counted.  The random policy picks
  uniformly among the legal actions from one hashed word of the step's key (the categorical
  sampler over all actions would cost more than the step), and the keys for the next step come
  from the same hash (see :func:`split`).  Compile time is reported apart.
* ``openspiel``: pyspiel's C++ ``liars_dice`` through its Python API (``legal_actions`` /
  ``apply_action``, chance sampled by the driver), one game at a time.
* ``pettingzoo``: our AEC environment (``env.last()`` then ``env.step(a)``); for Love Letter
  single rounds (``target_wins=1``) on both sides, and whole matches (the default, 7 rounds one-on-one)
  on both sides (``match``).

OpenSpiel's liars_dice is one round, so the comparison uses ``dice=1`` (one round for ours
too); ``dice=5`` is ours alone.  Rounds alternate between the drivers; the median is given.

    .venv/bin/python bench/jax_env.py [--rounds 3] [--seconds 2] [--batch 1024 4096 16384]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import jax
import jax.numpy as jnp
from rl import aec_loop, openspiel, pettingzoo

import liars.jax as ljax
from liars.jax.base import _hash, _words
from liars.rl.pettingzoo import env as pz_env

STEPS_PER_CALL = 100


def split(key: jax.Array) -> tuple[jax.Array, ...]:
    """Four new raw keys (``uint32[2]``) from one, by the env's own hash: the driver's RNG.

    ``jax.random.split`` is a threefry round per key and game and step, which cost this loop
    more than the environment's step; a game takes any key, typed or raw.
    """
    k0, k1 = _words(key)
    h = [_hash(k0, k1, jnp.uint32(0xA000 + i)) for i in range(5)]
    return tuple(jnp.stack([h[i], h[i + 1]]) for i in range(4))


def pick(key: jax.Array, mask: jax.Array) -> jax.Array:
    """A uniformly random legal action from one hashed word of ``key``."""
    k0, k1 = _words(key)
    r = _hash(k0, k1, jnp.uint32(0xFFFF)) % jnp.maximum(jnp.sum(mask), 1).astype(jnp.uint32)
    return jnp.argmax(jnp.cumsum(mask) > r.astype(jnp.int32))


def jax_driver(game: str, batch: int, **options: Any) -> tuple[Callable[[float], int], float]:
    env = ljax.make(game, players=2, **options)

    def one(carry: tuple[Any, jax.Array], _: Any) -> tuple[tuple[Any, jax.Array], jax.Array]:
        s, key = carry
        key, k_act, k_step, k_reset = split(key)
        live = ~s.terminated
        s = env.step(s, pick(k_act, s.legal_action_mask), k_step)
        s = jax.tree_util.tree_map(lambda a, b: jnp.where(s.terminated, a, b), env.init(k_reset), s)
        return (s, key), live

    @jax.jit
    def run(s: Any, keys: jax.Array) -> tuple[Any, jax.Array, jax.Array]:
        (s, keys), live = jax.lax.scan(jax.vmap(one), (s, keys), None, length=STEPS_PER_CALL)
        return s, keys, jnp.sum(live)

    keys = jax.random.split(jax.random.PRNGKey(0), batch)
    state = jax.jit(jax.vmap(env.init))(keys)
    t0 = time.perf_counter()
    out = run(state, keys)
    jax.block_until_ready(out)  # type: ignore[no-untyped-call]  # jax leaves it unannotated
    compile_s = time.perf_counter() - t0
    holder = {"s": out[0], "k": out[1]}

    def go(seconds: float) -> int:
        steps = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            s, k, live = run(holder["s"], holder["k"])
            holder["s"], holder["k"] = s, k
            steps += int(live)
        return steps

    return go, compile_s


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--seconds", type=float, default=2.0)
    p.add_argument("--batch", type=int, nargs="+", default=[1024, 4096, 16384])
    args = p.parse_args()
    drivers: dict[str, Callable[[float], int]] = {}
    compiles: dict[str, float] = {}
    for dice in (1, 5):
        for b in args.batch:
            name = f"jax dice={dice} B={b}"
            drivers[name], compiles[name] = jax_driver("liars-dice", b, dice=dice)
    for b in args.batch:
        name = f"jax love-letter B={b}"
        drivers[name], compiles[name] = jax_driver("love-letter", b, target_wins=1)
    for b in args.batch[-1:]:  # whole matches (to 7 rounds one-on-one): the next round is dealt too
        name = f"jax love-letter match B={b}"
        drivers[name], compiles[name] = jax_driver("love-letter", b)
    os_drv = openspiel(1, obs=False)
    if os_drv is not None:
        drivers["openspiel dice=1"] = os_drv
    drivers["pettingzoo dice=1"] = pettingzoo(1)
    drivers["pettingzoo dice=5"] = pettingzoo(5)
    drivers["pettingzoo love-letter"] = aec_loop(pz_env("love-letter", players=2, seed=1, target_wins=1))
    drivers["pettingzoo love-letter match"] = aec_loop(pz_env("love-letter", players=2, seed=1))
    rates: dict[str, list[float]] = {k: [] for k in drivers}
    for _ in range(args.rounds):
        for name, drv in drivers.items():
            t = time.perf_counter()
            n = drv(args.seconds)
            rates[name].append(n / (time.perf_counter() - t))
    med = {k: statistics.median(v) for k, v in rates.items()}
    base = med.get("openspiel dice=1")
    pz1, pz5, pzl = med["pettingzoo dice=1"], med["pettingzoo dice=5"], med["pettingzoo love-letter"]
    pzm = med["pettingzoo love-letter match"]
    print(f"{'driver':30s} {'steps/s':>14s} {'× openspiel':>12s} {'× pettingzoo':>13s} {'compile s':>10s}")
    for name, r in med.items():
        pz = pzm if "match" in name else pzl if "love-letter" in name else pz5 if "dice=5" in name else pz1
        vs_os = f"{r / base:.2f}" if base and "love-letter" not in name else "-"
        comp = f"{compiles[name]:.1f}" if name in compiles else ""
        print(f"{name:30s} {r:>14,.0f} {vs_os:>12s} {r / pz:>13.1f} {comp:>10s}")


if __name__ == "__main__":
    main()
