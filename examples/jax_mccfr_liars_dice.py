"""Train two-player one-die Liar's Dice on the batched JAX env; measure exact exploitability.

The method is outcome-sampling Monte Carlo CFR (Lanctot et al., 2009), batched: every
iteration plays ``batch`` sampled games at once on :mod:`liars.jax` (``vmap`` + ``jit``),
alternating the player whose regrets are updated, and adds all their regret and average-policy
increments to two tables at once.  MCCFR's average policy converges to a Nash equilibrium in
two-player zero-sum games (plain self-play PPO need not).  The policy is tabular over the
information states of the seat's view: its die, the bids made this round, and whether it
opened.

The exploitability is exact: the trained average policy becomes a :class:`liars.solver.Strategy`
and the solver's best response (``liars.solver.exploit``) is computed against it, in the
solver's units (a win +1, a loss -1; OpenSpiel's convention, ``NashConv / 2``).

    .venv/bin/python examples/jax_mccfr_liars_dice.py [--seconds 600] [--plot docs/jax-mccfr.png]
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

import liars.jax as ljax
from liars.solver.exploit import exploitability
from liars.solver.round import Round
from liars.solver.strategy import Strategy, normalise

BIDS = 12  # two dice in play: quantities 1-2 of six faces
ACTIONS = 2 + BIDS
STATES = 6 * (1 << BIDS) * 2  # die x bids made x opened
STEPS = BIDS + 1  # the longest round: every bid, then a call


@dataclass
class Tables:
    regret: jax.Array  # [STATES, ACTIONS]
    average: jax.Array  # [STATES, ACTIONS]


def info_state(s: Any) -> jax.Array:
    """The acting seat's information state: (die, the bids made, whether it opened) as one id."""
    cp = s.current_player
    die = s.dice[cp, 0] - 1
    mine, theirs = s.made[cp, 0], s.made[1 - cp, 0]
    union = mine | theirs
    lowest = union & (~union + jnp.uint32(1))
    opened = (union == 0) | ((lowest & mine) != 0)
    state_id: jax.Array = (die * (1 << BIDS) + union.astype(jnp.int32)) * 2 + opened.astype(jnp.int32)
    return state_id.astype(jnp.int32)


def regret_matching(r: jax.Array, legal: jax.Array) -> jax.Array:
    pos = jnp.where(legal, jnp.maximum(r, 0.0), 0.0)
    total = pos.sum()
    uniform = legal / jnp.maximum(legal.sum(), 1)
    return jnp.where(total > 0, pos / jnp.where(total > 0, total, 1.0), uniform)


def make_iteration(batch: int, epsilon: float = 0.6) -> Any:
    env = ljax.make("liars-dice", players=2, dice=1)

    def play(tables: Tables, key: jax.Array, update: jax.Array) -> tuple[jax.Array, ...]:
        """One sampled game: per step the state id, actor, policy, sampled action and probabilities."""
        k_init, key = jax.random.split(key)
        s = env.init(k_init)

        def step(carry: Any, k: jax.Array) -> Any:
            s = carry
            live = ~s.terminated
            i = info_state(s)
            legal = s.legal_action_mask
            sigma = regret_matching(tables.regret[i], legal)
            uniform = legal / jnp.maximum(legal.sum(), 1)
            mine = s.current_player == update
            sample = jnp.where(mine, epsilon * uniform + (1 - epsilon) * sigma, sigma)
            k_a, k_s = jax.random.split(k)
            a = jax.random.choice(k_a, ACTIONS, p=sample)
            after = env.step(s, a, k_s)
            out = (i, mine, sigma, a, sample[a], sigma[a], live, after.rewards[update])
            return jax.lax.cond(live, lambda: after, lambda: s), out

        trace: tuple[jax.Array, ...]
        _, trace = jax.lax.scan(step, s, jax.random.split(key, STEPS))
        return trace

    def backward(trace: tuple[jax.Array, ...]) -> tuple[jax.Array, jax.Array, jax.Array, jax.Array]:
        """Regret and average-policy increments of one game, outcome sampling's estimators."""
        i, mine, sigma, a, s_a, sig_a, live, reward = trace
        u = 2.0 * jnp.sum(reward * live) - 1.0  # the update player's result, +1 or -1
        # reaches before each step: the update player's, the other's, the sampling's
        opp_f = jnp.where(live & ~mine, sig_a, 1.0)
        samp_f = jnp.where(live, s_a, 1.0)
        opp = jnp.concatenate([jnp.ones(1), jnp.cumprod(opp_f)[:-1]])
        samp = jnp.concatenate([jnp.ones(1), jnp.cumprod(samp_f)[:-1]])
        # value below each step: v_t = sigma(a_t) / s(a_t) * v_{t+1}, v after the last step = u
        ratio = jnp.where(live, sig_a / s_a, 1.0)
        tail = jnp.cumprod(ratio[::-1])[::-1]  # product of ratios from t to the end
        v_next = u * jnp.concatenate([tail[1:], jnp.ones(1)])
        child = jax.nn.one_hot(a, ACTIONS) * (v_next / s_a)[:, None]
        value = sig_a * v_next / s_a
        w = (opp / samp)[:, None]
        d_regret = jnp.where((live & mine)[:, None], (child - value[:, None]) * w, 0.0)
        d_avg = jnp.where((live & ~mine)[:, None], sigma * w, 0.0)
        return i, d_regret, d_avg, live

    @jax.jit
    def iteration(tables: Tables, key: jax.Array, update: jax.Array) -> Tables:
        keys = jax.random.split(key, batch)
        traces = jax.vmap(play, in_axes=(None, 0, None))(tables, keys, update)
        i, d_regret, d_avg, _ = jax.vmap(backward)(traces)
        i = i.reshape(-1)
        return Tables(
            regret=tables.regret.at[i].add(d_regret.reshape(-1, ACTIONS)),
            average=tables.average.at[i].add(d_avg.reshape(-1, ACTIONS)),
        )

    return iteration


jax.tree_util.register_dataclass(Tables, data_fields=["regret", "average"], meta_fields=[])


def to_strategy(average: np.ndarray) -> Strategy:
    """The tabular average policy as the solver's behaviour strategy for the 1-1 round."""
    rnd = Round(1, 1)
    table = average.reshape(6, 1 << BIDS, 2, ACTIONS)
    edges, liars_ = [], []
    for player in (0, 1):
        flag = 1 if player == 0 else 0  # the opener is the solver's player 0
        e = np.zeros((rnd.nodes, 6))
        liar = np.zeros((rnd.nodes, 6))
        for b in range(BIDS):
            parents = np.arange(1 << b)
            e[(1 << b) + parents] = table[:, parents, flag, 2 + b].T
        liar[:] = table[:, :, flag, 0].T
        pe, pl = normalise(rnd, player, e, liar)
        edges.append(pe)
        liars_.append(pl)
    return Strategy(rnd, (edges[0], edges[1]), (liars_[0], liars_[1]), {"source": "jax mccfr"})


def train(
    seconds: float, batch: int, seed: int = 0, report_every: float = 30.0, iterations: int | None = None
) -> list[tuple[int, float, float]]:
    """Train for ``seconds`` of wall time (or exactly ``iterations`` batches, whatever the machine's
    speed: what a test needs); the curve as (games played, seconds, exploitability)."""
    iteration = make_iteration(batch)
    tables = Tables(jnp.zeros((STATES, ACTIONS)), jnp.zeros((STATES, ACTIONS)))
    key = jax.random.PRNGKey(seed)
    curve = [(0, 0.0, exploitability(to_strategy(np.asarray(tables.average))))]
    start = time.perf_counter()
    games, n, next_report = 0, 0, report_every
    while True:
        key, sub = jax.random.split(key)
        tables = iteration(tables, sub, jnp.int32(n % 2))
        n += 1
        games += batch
        elapsed = time.perf_counter() - start
        done = n >= iterations if iterations is not None else elapsed >= seconds
        if done or (iterations is None and elapsed >= next_report):
            jax.block_until_ready(tables.average)  # type: ignore[no-untyped-call]  # jax leaves it unannotated
            curve.append((games, elapsed, exploitability(to_strategy(np.asarray(tables.average)))))
            print(f"{games:>12,d} games  {elapsed:7.1f} s  exploitability {curve[-1][2]:.4f}", flush=True)
            next_report += report_every
            if done:
                return curve


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=600.0)
    p.add_argument("--batch", type=int, default=4096)
    p.add_argument("--every", type=float, default=30.0, help="seconds between exploitability reports")
    p.add_argument("--plot", help="write the curve as a PNG here (needs matplotlib)")
    args = p.parse_args()
    uniform = exploitability(to_strategy(np.zeros((STATES, ACTIONS))))
    print(f"uniform random play: exploitability {uniform:.4f}")
    curve = train(args.seconds, args.batch, report_every=args.every)
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(6, 3.5))
        ax.plot([c[0] for c in curve], [c[2] for c in curve], marker="o")
        ax.axhline(0.05, color="grey", linestyle="--", label="0.05")
        ax.set_xlabel("games sampled")
        ax.set_ylabel("exploitability (win +1, loss -1)")
        ax.set_yscale("log")
        ax.set_title("Batched outcome-sampling MCCFR, 1-die Liar's Dice")
        ax.legend()
        fig.tight_layout()
        fig.savefig(args.plot, dpi=110)


if __name__ == "__main__":
    main()
