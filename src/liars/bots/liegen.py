"""Bots for Liegen: ``basic`` (rules of thumb) and ``strong`` (card counting, lie odds, hand planning).

Both read only the view.  What makes this game: a player whose card leaves
them one card and survives the window wins at their next turn (the last card
cannot be accused), so that play must always be accused -- and so a player
on two cards wins for sure if the card it plays then is honest; an honest
card can never be punished; a claim is a sure lie when the claimed card is in
your hand, in the pile from your own hand, or was turned and taken by someone
else who has not lost it since.

``basic`` does just that and otherwise trusts, accusing only now and then.

``strong`` (see :class:`StrongBot`) plans its hand for those last turns (it
keeps cards that can follow whatever comes round, and a joker for the
two-card play), sheds a useless card under the name of one it keeps when that
is safer than spending the good card (nobody else can disprove a card still in
its hand), names a card it put in the pile itself when it must lie, prices
every accusation by what the pile would do to everyone's chances, and always
calls a last-but-one card unless its own last card goes down first (if that
card is true the round is lost whoever calls it, so there is nothing to save
by leaving the call to someone else).

The parts: :mod:`liars.bots.liegen_beliefs` (:class:`Knowledge`, read
incrementally from the history's tail), :mod:`liars.bots.liegen_odds` (habit
rates and lie odds) and :mod:`liars.bots.liegen_plan` (which card to play
under which name); this module holds the two bots and the accusing.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..games.liegen import CARD_INDEX, Accuse, Pass, Play
from . import options, register
from .liegen_beliefs import LONG_ROUND, Knowledge, win_chances
from .liegen_plan import HandPlan

__all__ = ["GAME", "BasicBot", "Knowledge", "StrongBot", "win_chances"]

GAME = "liegen"


def _pick(legal: Sequence[Any], wanted: Any) -> Any:
    for a in legal:
        if a == wanted:
            return a
    return legal[0]


def _plays(legal: Sequence[Any]) -> list[Play]:
    return [a for a in legal if isinstance(a, Play)]


class BasicBot:
    """Honest when a card follows, else a plausible lie; accuses sure lies and last-but-one cards."""

    def __init__(
        self, game_id: str = GAME, seed: int | None = None, accuse_rate: float = 0.08, **_: Any
    ) -> None:
        self.rng = random.Random(seed)
        self.accuse_rate = accuse_rate
        self.knowledge: Knowledge | None = None

    def know(self, view: Mapping[str, Any]) -> Knowledge:
        """The seat's knowledge, brought up to date with the view's new entries only."""
        k = self.knowledge
        if k is None or k.seat != view["seat"]:
            k = self.knowledge = Knowledge(view)
        else:
            k.update(view)
        return k

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any:
        k = self.know(view)
        if any(isinstance(a, Accuse) for a in legal_actions):
            return _pick(legal_actions, self.window(k))
        return self.play(k, _plays(legal_actions))

    def window(self, k: Knowledge) -> Accuse | Pass:
        if not k.possible(k.claim or "", k.claimant) or k.sizes[k.claimant] == 1:
            return Accuse()
        cheap = k.pile_size <= 3
        return (
            Accuse() if self.rng.random() < (self.accuse_rate if cheap else self.accuse_rate / 3) else Pass()
        )

    def play(self, k: Knowledge, plays: list[Play]) -> Play:
        prev = k.claim
        honest = [p for p in plays if p.card != "X" and p.announce == k.honest_code(CARD_INDEX[p.card], prev)]
        if len(k.hand) == 1:
            return self.rng.choice(plays)  # the last card cannot be accused
        if honest:
            return self.rng.choice(honest)
        jokers = [p for p in plays if p.card == "X"]
        if jokers:
            return self.rng.choice(jokers)
        plausible = [p for p in plays if k.possible(p.announce, k.seat)]
        return self.rng.choice(plausible or plays)


register(GAME, "basic")(BasicBot)


class StrongBot(HandPlan, BasicBot):
    """Lie odds from sampled hands, accusations priced by hand sizes, hands planned for the last turns.

    Options (all fixed work, so a seed gives the same play on any machine):
    ``samples`` (200): sampled hands per lie estimate; ``bluff`` (0.02): the
    prior rate at which a player lies when it could be honest; ``forced``
    (0.35): how much a sampled hand that cannot follow counts as a lie (the
    plain hypergeometric odds overstate it: players keep cards that follow);
    ``plan`` (1.0): how much keeping a flexible hand weighs against the cards
    a lie risks; ``min_odds`` (0.45): the least lie odds for a call that is not
    sure (a last-but-one card is always called); under ``follow = "suit"``:
    ``suit_trust`` (0.75: how often an earlier claim of the trick used a card
    of the suit), ``suit_bar`` (1.01: the squared lie odds a call needs
    besides paying; above 1, only sure lies and last-but-one cards are
    called after the round's first trick; 0.85 lifts three Trackers from 18.5% to 40.0% at seed 5, but
    costs 15-20 points against every other style, see docs/benchmarks.md),
    ``suit_lead_sheds`` (False: a lead may be named after a kept suit while
    the askers' measured rate of calling leads keeps the risk at most
    ``suit_shed_risk``), ``suit_turn`` (False) and ``turn_prior`` (0.5: the
    prior calls in two asks of :meth:`HandPlan.called_chance`; a called
    honest card ends the trick and the caller leads another suit, which the
    plan then weighs when it chooses the cards to keep; both measured only
    against three Trackers, +1 point, within the noise),
    ``suit_first_bar`` (0.85: the bar in the round's first trick, where no card
    was turned and every hand is as dealt, so the suit odds hold; held-out
    seed 5, 200 games, against three Trackers 18.5% -> 40.5%, Honest 47.5 ->
    64.5, Suspicious 47.0 -> 53.5, mixed 51.5 -> 59.5, Bluffer 50.5 -> 49.0;
    with jokers Trackers 18.5 -> 38.5; later tricks only, the gain was nil),
    ``suit_need`` (3: how many cards of the trick's suit a hand must keep to
    count as able to follow, or all it has left if fewer; callers of small
    hands call the plays from three and four cards as well as the two-card
    one, so one kept card of the suit is not enough; 1 is the old plan;
    tuning seeds 7 and 9, held-out seed 5, 200 games: against three Hoarders
    23.5% -> 50.0%, Grudges 22.5 -> 45.5, Trackers 40.5 -> 55.0, but Honest
    64.5 -> 55.5, Bluffer 49.0 -> 45.0, mixed 59.5 -> 48.0; gating it by the
    askers' records, small-hand calls or the first trick, lost the gain),
    ``mid_pool`` (20) and ``mid_asks`` (4): a play that leaves four cards is
    priced by the record of such plays alone (see
    :meth:`LieOdds._mid_call_rate`: a seat's answers, shrunk by ``mid_pool``
    asks' weight towards the table's, and the table's by ``mid_asks`` towards
    the big-hand rate; 0 for ``mid_pool`` files them with the big hands, as
    before): a table that calls every play from five cards down calls the
    plan's sheds from five most of the time (three Misers, ``suit``: tuning
    seed 7, 600 games, 25.8% -> 33.0%; held out, seed 5 28.7 -> 32.3, seed 17
    26.8 -> 33.0), while a table of Hoarders, who call only the last few,
    never does (42.5% to the decimal; the other styles within a point);
    ``heavy_pool`` (1): a play that leaves two or three cards onto a pile of
    :data:`~liars.bots.liegen_beliefs.HEAVY` or more (with the play) is priced
    by the record of such plays (and one onto a lighter pile by the rest of
    the small-hand record), each seat's shrunk by ``heavy_pool`` asks' weight
    towards its small-hand rate (0: one record for every pile, as before):
    players who call small hands wait for a pile worth the gamble, so over
    all piles their rate looked half what it is where a lie costs most; the
    record starts empty each game and a seat answers few such plays, so
    one ask's weight (4 at first) lets the first calls count (three
    Sentries, ``suit``, held-out seed 17, 1,000 games: 34.5% -> 38.4%);
    ``suit_grudge`` (2; 0: never): under ``suit``, a claim that leaves five
    cards or more is called when its player's lies were turned that many
    times this round with none of its cards turned true since: honest
    players lie there only when they cannot follow, so such a seat is out of
    the suits that come up, which the sampled hands' odds (squared, behind
    ``suit_bar``) never say.  The gauntlet's Grudge calls so and beat the
    tables strong lost to (two Sentries at three players: strong 32.3%,
    Grudge 44.3%, seed 7).  Not a small hand's claim, where a hoarder turns
    honest (calling those cost Suspicious 85.8 -> 81.7%), nor a seat the
    piles show lying by choice (``shown_bar``), whose record already prices
    its claims with the hand sizes (without that, three Misers at four
    players 61.7 -> 51.8%).  Figures in docs/benchmarks.md;
    ``joker_weigh`` (True): with no ordinary card that follows, a hand of
    three or more weighs playing its joker against the lie it would tell to
    keep it (False: it is kept while the pile is at most ``joker_pile``, as
    before); with jokers the
    small-hand callers called those lies (see docs/benchmarks.md, "Small
    hands onto heavy piles");
    ``shown_bar`` (0.6), ``shown_pool`` (6) and ``shown_prior`` (0.2): the
    taker of a pile sees its cards in play order, so the bot counts which of
    each seat's claims from a big hand early in a trick were lies
    (:meth:`Knowledge._shown`, :meth:`LieOdds.shown_rate`); a seat whose rate
    reaches ``shown_bar`` (above 1: never) has its big-hand claims, not its
    leads, priced at that rate and called when the call pays, past the
    ``suit`` bar: most players lie there only when they must, but a player
    who hoards the cards that follow lies four times in five, which nobody
    can prove (three Misers, ``suit``, tuning seed 7, 200 games: 33.5% ->
    58.5%; held out, seed 17, 1,000 games, 33.0 -> 57.2%; every other style
    the same to the decimal; see docs/benchmarks.md);
    ``suit_sheds`` (True: shed under a kept card's name there too, which keeps
    the trick's suit for the two-card play), but only while the odds of being
    called stay at most ``suit_shed_risk`` (0.15) and fewer than
    ``suit_caught`` (2) of its own unforced lies were caught (tuning seed 301,
    100 games: against Honest 35% -> 50%, Bluffer 34% -> 58%, Suspicious 36% ->
    50%, but against three Trackers 33% -> 15%); ``joker_pile`` (99): with
    ``joker_weigh`` false, a joker is kept for the two-card play while an
    honest card exists or the pile is at most this (99: always; seed 5, 200 games, jokers: against Honest and
    Suspicious 32.5% -> 37.5%, Bluffer 46.5% -> 50.5%, Tracker 38.0% ->
    35.5%, mixed 47.5% -> 52.0%, the old default 2); under
    ``follow = "rank_step"``: ``step_sheds`` (False: no shedding under a kept
    card's name there, since nobody can prove a rank lie and callers gamble
    on hand sizes instead: with sheds strong told such lies at five to seven
    cards and three Trackers called 32 of 45), except from ``step_shed_hand``
    (4) cards or fewer while the odds of being called stay at most
    ``step_shed_risk`` (0.15: at first the prior allows it, a record of calls on
    small hands stops it): a card that steps from two cards is what wins, and
    played honestly from four the one that follows often leaves two that
    cannot (tuning seeds 7 and 9, 200 games: against Honest 34.0 -> 51.0% and
    45.0 -> 49.5%, Bluffer 39.0 -> 43.5% and 35.5 -> 46.5%, Tracker and
    Suspicious within a point; ungated, Trackers and Suspicious call them:
    53.0 -> 24.5%, 59.5 -> 29.5%), and
    ``step_bar`` (0.8: the lie odds a call needs besides paying; the odds come
    true less often than they say, and every call of a small pile hands the
    caller or the liar the lead; tuning seeds 8-10, 16 games a cell: against
    three Trackers 0-19% -> 38-56%, Suspicious 25% -> 50-56%); ``budget``:
    accepted for the shared interface (a decision takes a few ms whatever it
    says).
    """

    def __init__(
        self,
        game_id: str = GAME,
        seed: int | None = None,
        samples: int = 200,
        bluff: float = 0.02,
        forced: float = 0.35,
        min_odds: float = 0.45,
        suit_trust: float = 0.75,
        suit_bar: float = 1.01,
        suit_sheds: bool = True,
        plan: float = 1.0,
        joker_pile: int = 99,
        suit_shed_risk: float = 0.15,
        suit_caught: int = 2,
        step_sheds: bool = False,
        step_bar: float = 0.8,
        step_shed_hand: int = 4,
        step_shed_risk: float = 0.15,
        suit_lead_sheds: bool = False,
        suit_turn: bool = False,
        turn_prior: float = 0.5,
        suit_first_bar: float = 0.85,
        suit_need: int = 3,
        mid_pool: float = 20.0,
        mid_asks: float = 4.0,
        shown_bar: float = 0.6,
        shown_pool: float = 6.0,
        shown_prior: float = 0.2,
        heavy_pool: float = 1.0,
        joker_weigh: bool = True,
        suit_grudge: int = 2,
        budget: float | None = None,
        **kw: Any,
    ) -> None:
        super().__init__(game_id, seed, **kw)
        options.at_least("samples", samples, 1)
        self.samples = samples
        self.bluff = bluff
        self.forced = forced
        self.min_odds = min_odds
        self.suit_trust = suit_trust
        self.suit_bar = suit_bar
        self.suit_sheds = suit_sheds
        self.plan = plan
        self.joker_pile = joker_pile
        self.suit_shed_risk = suit_shed_risk
        self.suit_caught = suit_caught
        self.step_sheds = step_sheds
        self.step_bar = step_bar
        self.step_shed_hand = step_shed_hand
        self.step_shed_risk = step_shed_risk
        self.suit_lead_sheds = suit_lead_sheds
        self.suit_turn = suit_turn
        self.turn_prior = turn_prior
        self.suit_first_bar = suit_first_bar
        if type(suit_need) is not int or suit_need < 1:  # it divides the suit count in the plan
            raise ValueError(f"suit_need must be a whole number of cards, at least 1, not {suit_need!r}")
        self.suit_need = suit_need
        if type(suit_grudge) is not int or suit_grudge < 0:  # a count of caught lies
            raise ValueError(f"suit_grudge must be a whole number of lies, at least 0, not {suit_grudge!r}")
        self.suit_grudge = suit_grudge
        for name, value, least, says in (
            ("mid_pool", mid_pool, 0.0, "at least 0"),
            ("mid_asks", mid_asks, 1e-9, "above 0"),
            ("shown_pool", shown_pool, 1e-9, "above 0"),
            ("heavy_pool", heavy_pool, 0.0, "at least 0"),
        ):
            # Weights of a record: a negative one, or no weight at all for the table's, divides by zero.
            if type(value) not in (int, float) or not least <= value < float("inf"):
                raise ValueError(f"{name} must be a number of asks, {says}, not {value!r}")
        if type(shown_bar) not in (int, float) or not 0.0 <= shown_bar < float("inf"):
            raise ValueError(f"shown_bar must be a rate from 0 (above 1: never), not {shown_bar!r}")
        if type(joker_weigh) is not bool:
            raise ValueError(f"joker_weigh must be true or false, not {joker_weigh!r}")
        if type(shown_prior) not in (int, float) or not 0.0 <= shown_prior <= 1.0:
            raise ValueError(f"shown_prior must be a rate from 0 to 1, not {shown_prior!r}")
        self.mid_pool = float(mid_pool)
        self.mid_asks = float(mid_asks)
        self.heavy_pool = float(heavy_pool)
        self.joker_weigh = joker_weigh
        self.shown_pool = float(shown_pool)
        self.shown_bar = float(shown_bar)
        self.shown_prior = float(shown_prior)
        self.budget = budget

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any:
        k = self.know(view)
        # A position met again this round: vary the answer so that no cycle of play can last.
        key = (tuple(k.hand), tuple(k.sizes), k.pile_size, k.claim, k.claimant, tuple(k.window))
        seen = k.positions[key] = k.positions.get(key, 0) + 1
        public = (tuple(k.sizes), k.pile_size, k.claimant)
        again = k.public[public] = k.public.get(public, 0) + 1
        if any(isinstance(a, Accuse) for a in legal_actions):
            choice: Any = self.window(k)
            if seen > 2 and self.rng.random() < 0.5:
                choice = Pass() if isinstance(choice, Accuse) else Accuse()
            elif (
                again > 2
                and isinstance(choice, Accuse)
                and k.sizes[k.claimant] > 1
                and self.rng.random() < 0.5
            ):
                # The same hand sizes and pile again: the table is trading small piles round and
                # round (each taker leads, the next player must lie, is called, takes the pile...),
                # and our own hand need not change for it.  Letting a call go lets the pile grow
                # and the small hands play out, which is what ends such a cycle.
                choice = Pass()
            return _pick(legal_actions, choice)
        plays = _plays(legal_actions)
        if seen > 2 and self.rng.random() < 0.5:
            return self.rng.choice(plays)
        return self.play(k, plays)

    # -- accusing ------------------------------------------------------------------
    def window(self, k: Knowledge) -> Accuse | Pass:
        c = k.claimant
        me = k.seat
        if not k.possible(k.claim or "", c):
            return Accuse()
        if k.sizes[c] == 1:
            return self.last_but_one(k)
        if k.sizes[me] == 1:
            return Pass()  # my last card goes down before the claimant's next turn: risk nothing
        if k.calls >= LONG_ROUND:
            return Pass()  # a round that trades piles for ever: only sure lies (above) and last cards
        if (
            k.follow == "suit"
            and self.suit_grudge
            and k.grudges[c] >= self.suit_grudge
            and k.sizes[c] >= 5
            and self.shown_rate(k, c) < self.shown_bar
        ):
            # Under suit an honest player lies only when it cannot follow, so a big hand whose lies
            # were turned again and again this round (none of its cards turned true since) is out
            # of the suits that come up: its next claim is as likely a lie, whatever its hand's
            # odds say.  Not a small hand's (there hoarders turn honest), nor a seat the piles show
            # lying by choice: its record prices its claims below (see ``suit_grudge``).
            return Accuse()
        p = self.lie_chance(k)
        if k.follow == "suit":
            # Measured against the gauntlet the suit estimate is overconfident (0.75 came true
            # about 0.4 of the time): square it, which matches those odds.
            p *= p
        # (Not a lead: it follows nothing, so it is honest unless its player bluffs a new suit.)
        read = k.sizes[c] >= 5 and k.prev_ann is not None
        shown = self.shown_rate(k, c) if read else 0.0
        liar = shown >= self.shown_bar
        if liar:
            # A seat the piles we took show lying from big hands, where others seldom must: its
            # claim is as likely a lie as its record says, whatever the cards alone would say.
            p = max(p, shown)
        now = win_chances(k.sizes)
        lie = list(k.sizes)
        lie[c] += k.pile_size
        true = list(k.sizes)
        true[me] += k.pile_size
        ev = p * win_chances(lie)[me] + (1 - p) * win_chances(true)[me]
        # Later askers may catch a lie this seat lets pass (or take a truth's pile): passing gains that.
        rest = k.window[1:]
        miss = 1.0
        for s in rest:
            miss *= 1.0 - self.call_rate(k, s, k.sizes[c], pile=k.pile_size)
        ev_pass = now[me] + (1 - miss) * p * (win_chances(lie)[me] - now[me])
        if p < self.min_odds:
            # A call that is likelier wrong than right loses cards on average; only hand-size odds
            # could justify it, and far behind they say every gamble is free -- a seat that keeps
            # calling then keeps taking piles and the round never ends.
            return Pass()
        if (
            k.follow == "suit"
            and not liar
            and p < (min(self.suit_bar, self.suit_first_bar) if k.first_trick else self.suit_bar)
        ):
            # A call there ends a long trick: right, it hands one player the pile; wrong, it hands
            # it to us while every other seat gains.  Measured against the gauntlet, even calls at
            # odds of 0.85 lost more than they won, so by default only sure lies are called --
            # except in the round's first trick, where every hand is as dealt and the odds hold.
            return Pass()
        if k.follow == "rank_step" and p < self.step_bar:
            # Nobody can prove a rank: the estimate overstates lies (players keep cards that step),
            # and a right call of a small pile only hands the liar a few cards and the lead.
            return Pass()
        return Accuse() if ev > ev_pass else Pass()

    def last_but_one(self, k: Knowledge) -> Accuse | Pass:
        """A card that leaves one wins at its player's next turn unless it is turned: call it.

        If it is true the round is lost whoever called it, so there is nothing
        to save by leaving the call to a later asker.  The exception: with one
        card of our own we play it before the claimant comes round again, and a
        wrong call would take that win away.
        """
        return Pass() if k.sizes[k.seat] == 1 else Accuse()


register(GAME, "strong")(StrongBot)
