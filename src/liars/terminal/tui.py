"""The full-screen table: one game in a Textual app, for an interactive terminal.

The line mode (``loop.py``) stays for pipes and screen readers; this is the
same game on one screen.  Nothing here knows a game's rules or words: the
seats, the public state, the hand, the narration, the parsing of what is
typed and every sentence come from the game's :class:`~liars.terminal.ui.GameUI`
and the catalogs, and the state lives in a :class:`~liars.terminal.loop.Table`
as in the line mode (its narration, moves, saving and end-of-game lines are
the line mode's own, written into the log panel instead of the terminal).
Bots get their seat's view only, through :func:`liars.bots.checked_act`, in a
thread so the screen stays alive while they think; a bots-only game stops at
:func:`liars.bots.action_bound` actions.

:func:`run_tui` is the entry point ``liars play`` / ``liars watch`` call when
stdout is a terminal and ``--plain`` is not given.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from rich.console import Console, RenderableType
from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, RichLog, Static

from .. import Game, IllegalAction, State
from ..bots import Bot, action_bound, checked_act
from . import coach, i18n, screens, setup
from .i18n import _, game_name
from .loop import Table, again_help, file_named, save, save_to_help, skip_help
from .refusals import refusal
from .tui_forms import ActionSuggester, Form, reads_back, suited, typed_forms
from .ui import NO, YES, GameUI, InputError, asks_help

# What run_tui returns when the person asked for another game (never a process exit code).
AGAIN = -1
LEFT = 130  # left before the end, as after Ctrl-C in the line mode
HELP_WORDS = frozenset({"?", "h", "help", "hjelp", "hulp"})  # as the line mode's turn prompt


class LogConsole(Console):
    """A console whose output goes to the log panel, so the line mode's own printing can be reused.

    ``Table.say``, ``narrate``, ``finish`` and ``loop.save`` all print
    through ``table.console``; here each printed renderable becomes a log
    entry (suits coloured).  ``last`` is the last line, for a dialog that must
    show what ``save`` said; ``lines`` counts them, to pace the narration.
    """

    def __init__(self, write: Callable[[RenderableType], None]) -> None:
        super().__init__(file=io.StringIO(), highlight=False, markup=False)
        self._write = write
        self.last = ""
        self.lines = 0

    def print(self, *objects: Any, **kwargs: Any) -> None:
        for obj in objects:
            if isinstance(obj, str):
                obj = Text(obj)
            if isinstance(obj, Text):
                self.last = obj.plain
                obj = suited(obj)
            self.lines += 1
            self._write(obj)


def _plain(content: RenderableType) -> str:
    """What a panel's content shows, to compare with what it showed (a rich Table drawn as text)."""
    if isinstance(content, Text):
        return content.plain + repr(content.spans)
    console = Console(file=io.StringIO(), width=200, color_system=None)
    with console.capture() as capture:
        console.print(content)
    return capture.get()


class SaveScreen(ModalScreen[bool]):
    """Where to save before leaving, asked as the line mode asks (``loop.offer_save``), in a dialog.

    With a ``--save`` path: "Save the game to PATH? [Y/n]"; Enter or yes saves
    there.  Without one, or when that file cannot be written: a file name,
    Enter meaning don't save; a path that fails is explained and asked again.
    Escape goes back to the game; dismissed with True to leave.
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", show=False)]

    def __init__(self, table: Table, console: LogConsole, default: str | None) -> None:
        super().__init__()
        self.table, self.out, self.default = table, console, default
        self.saved = False

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self._question(), id="question")
            yield Static("", id="why")
            yield Input(id="answer")

    def _question(self) -> Text:
        """As Text, never markup: ``[Y/n]`` and a path like ``a[1].json`` are shown as they are."""
        if self.default:
            return Text(_("Save the game to {path}? [Y/n] ").format(path=self.default))
        return Text(_("Save the game? File name (Enter = don't save): "))

    def on_mount(self) -> None:
        self.query_one("#answer", Input).focus()

    @on(Input.Submitted, "#answer")
    def answered(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        event.input.value = ""
        if self.default:
            if asks_help(text):  # «?» is no «no»: it had left the game unsaved, as the line mode once did
                self.query_one("#why", Static).update(Text(save_to_help(self.default)))
                return
            if text.lower() not in YES and text != "":
                self.dismiss(True)
                return
            path: str | None = self.default
        else:
            try:
                path = file_named(text)
            except InputError as refused:
                self.query_one("#why", Static).update(Text(str(refused), style="bold red"))
                return
        if path is None:
            self.dismiss(True)
            return
        if save(self.table, path):
            self.saved = True
            self.dismiss(True)
            return
        self.query_one("#why", Static).update(Text(self.out.last, style="bold red"))
        self.default = None  # ask for another name, as the line mode does
        self.query_one("#question", Static).update(self._question())

    def action_back(self) -> None:
        self.dismiss(False)


class TableApp(App[int]):
    """One game: the table at the left, the narrated log at the right, the input at the bottom."""

    CSS = """
    #main { height: 1fr; }
    #board { width: 1fr; min-width: 40; padding: 0 1; }
    #title { text-style: bold; margin-bottom: 1; }
    #status { margin-top: 1; }
    #hand { margin-top: 1; }
    #fill { height: 0.01fr; }
    #side { width: 1fr; }
    #coachbox { height: auto; max-height: 80%; padding: 0 1; display: none; }
    #coach { color: $accent; }
    #log { height: 1fr; min-height: 3; border: round $primary; overflow-x: hidden; }
    #prompt { padding: 0 1; text-style: bold; }
    #message { padding: 0 1; color: $error; text-style: bold; display: none; }
    SaveScreen { align: center middle; }
    #dialog { width: 80%; height: auto; border: thick $primary; background: $surface; padding: 1 2; }
    #why { color: $error; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "leave", show=False, priority=True),
        Binding("ctrl+q", "leave", show=False, priority=True),
        Binding("f2", "coach", show=False, priority=True),
        # The input keeps the focus, so the log scrolls from here: at 80×24 the help (?) is taller
        # than the log, and its start could not be read.
        Binding("pageup", "log(-1)", show=False, priority=True),
        Binding("pagedown", "log(1)", show=False, priority=True),
    ]

    def __init__(
        self,
        game: Game,
        ui: GameUI,
        bots: Mapping[int, Bot],
        human: int | None,
        save_path: str | None = None,
        delay: float = 0.4,
        again: bool = False,
        levels: Sequence[str] | None = None,
        state: State | None = None,
        moves: Sequence[Sequence[Any]] = (),
    ) -> None:
        super().__init__()
        self.title = game_name(game.id)  # the terminal window's title
        self.game, self.ui, self.human = game, ui, human
        self.save_path, self.delay, self.again = save_path, delay, again
        self.levels = list(levels) if levels is not None else None
        self.out = LogConsole(self._write_log)
        # A resumed game (``liars play --load``) brings its state and the moves that led there; the log
        # then tells the story so far, so the person sees where they are.
        start = state if state is not None else game.new_game()
        self.table = Table(state=start, ui=ui, bots=dict(bots), human=human, console=self.out)
        if self.levels is not None:  # saved with the game, so that --load brings the same bots back
            seats = [s for s in range(game.players) if s != human]
            self.table.levels = dict(zip(seats, self.levels, strict=False))
        self.table.moves = [(int(m[0]), m[1]) for m in moves]
        self.bound = action_bound(game) if human is None else None
        self.saved = False  # the game is in a file already: leaving need not ask
        self.waiting = False  # the input waits for the person
        self.asked = 0  # questions asked so far: a driver (the tests) waits for the next one
        self.skipping = False  # out for good and chose to skip: no pauses between events
        self.asked_out = False
        self.forms: list[Form] = []
        self._shown: dict[str, str] = {}
        self._answer: asyncio.Future[str] | None = None
        self._go = asyncio.Event()
        self._go.set()

    # -- layout -----------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            with VerticalScroll(id="board"):
                yield Static("", id="title")
                yield Static("", id="seats")
                yield Static("", id="status")
                yield Static("", id="hand")
                # Fills what the panels leave: an anchored board shorter than its room is otherwise
                # drawn at the room's foot (Textual scrolls it to a negative offset), with blank rows
                # over the title.  Its height is 0.01fr, not 1fr: with no room left Textual sizes
                # 1fr as one row, and a board that just fitted would scroll by that row.
                yield Static("", id="fill")
            with Vertical(id="side"):
                # The coach's advice stands beside the table, above the log, not under the hand: at
                # 80×24 it made the board too tall, and the seats and the bid to beat scrolled away
                # while the person read the odds of that very bid.  The log gives it the rows for
                # the turn; the panel empties, and the log has them back, once the person has moved.
                with VerticalScroll(id="coachbox"):
                    yield Static("", id="coach")
                yield RichLog(id="log", wrap=True, markup=False, highlight=False, min_width=10)
        yield Static("", id="prompt")
        yield Static("", id="message")
        yield Input(id="action")

    def _write_log(self, renderable: RenderableType) -> None:
        # Expanded to the panel's width: a Rule or a Table measured alone would be drawn too narrow.
        self.query_one("#log", RichLog).write(renderable, expand=True)

    def on_mount(self) -> None:
        field = self.query_one("#action", Input)
        field.focus()
        if self.human is None:  # a watch: an empty field with no prompt said nothing of what to do
            field.placeholder = _("Ctrl-C to leave · PageUp/PageDown: scroll the log")
        # A board taller than its room stays scrolled to its end, however its panels or the prompt
        # under it change: the hand, and under it the coach's advice when asked for (F2), are what
        # the person answers with, so the title goes first.  Liegen at eight in nl on 80×24 hid the
        # hand's second line, and at 80×24 the coach's advice was wholly below the fold.
        self.query_one("#board", VerticalScroll).anchor()
        self.run_worker(self.drive(), exclusive=True)

    def show(self) -> None:
        """Draw the table from the watching seat's view (the person's, or a spectator's)."""
        view = self.table.state.view(self.table.viewer)
        ui = self.ui
        title = " · ".join(p for p in (game_name(view["game"]), ui.title(view)) if p)
        self._put("#title", Text(title))
        self._put("#seats", ui.table(view))
        self._put("#status", Text("\n".join(ui.status(view))))
        self._put("#hand", suited(Text("\n".join(ui.mine(view)), style="bold")))

    def show_coach(self) -> None:
        """The coach panel from the person's view at their turn, when switched on (F2 or ``coach``)."""
        state, seat = self.table.state, self.human
        shown: list[str] = []
        if self.table.coach and seat is not None and not state.over and seat in state.to_act:
            shown = coach.lines(self.ui, state.view(seat))
        self._put("#coach", Text("\n".join(shown)))
        box = self.query_one("#coachbox", VerticalScroll)
        box.display = bool(shown)
        box.anchor()  # taller than its room: the strong bot's advice, its last line, stays in sight

    def action_log(self, pages: int) -> None:
        """PageUp / PageDown: the log a page up or down (back at its end, it follows new lines again)."""
        log = self.query_one("#log", RichLog)
        if pages < 0:
            log.scroll_page_up(animate=False)
        else:
            log.scroll_page_down(animate=False)

    def action_coach(self) -> None:
        """F2: switch the coach on or off, and say so in the log."""
        self.table.coach = not self.table.coach
        self.table.say(coach.switched(self.table.coach))
        self.show_coach()

    def _put(self, wid: str, content: RenderableType) -> None:
        """Update a panel only when what it shows changed: each update costs the screen a new layout."""
        key = _plain(content)
        if self._shown.get(wid) != key:
            self._shown[wid] = key
            panel = self.query_one(wid, Static)
            panel.update(content)
            # An empty panel takes no room (its margin was a blank row on a 24-row screen).
            panel.display = not (isinstance(content, Text) and not content.plain.strip())

    def prompt(self, lines: list[str]) -> None:
        self._put("#prompt", suited("\n".join(lines)))

    def refuse(self, why: str) -> None:
        """A bad entry: said under the prompt (and in the log), and nothing changes."""
        message = self.query_one("#message", Static)
        message.update(Text(why))
        message.display = True
        self.table.say(why, style="red")

    # -- the game ---------------------------------------------------------
    async def drive(self) -> None:
        """Play until the end (or the bound of a bots-only game), then the result and the last question."""
        table, state = self.table, self.table.state
        table.say(setup.players_line(self.players(), self.human is not None, self.game.seed))
        if self.human is not None:
            table.say(_("Type ? for help, Ctrl-C to leave."))
        self.narrate()
        while not state.over and (self.bound is None or len(table.moves) < self.bound):
            seat = state.to_act[0]
            if seat == self.human or (self.delay and not self.skipping):
                self.show()  # with no pause between moves nobody sees the table in between: skip the redraws
            if seat == self.human:
                await self.human_turn(seat)
                self.show_coach()  # the turn is over: the panel empties until the next one
            else:
                await self.offer_skip()
                await self._go.wait()  # the save dialog is open: the bots wait too
                view, legal = state.view(seat), state.legal_actions(seat)
                action = await asyncio.to_thread(
                    checked_act, table.bots[seat], self.ui.name(seat), view, legal
                )
                table.act(seat, action)
            if self.narrate() and self.delay and not self.skipping and seat != self.human:
                self.show()  # the table as the log now tells it, through the pause (it lagged a move)
                await asyncio.sleep(self.delay)
        self.show()
        table.finish()
        if self.save_path:
            self.saved = save(table, self.save_path)
            if not self.saved:  # the file could not be written after all: ask for another name
                dialog = SaveScreen(table, self.out, None)
                await self.push_screen_wait(dialog)
                self.saved = dialog.saved
        await self.last_question()

    def players(self) -> list[str]:
        """The bots at the table, with their levels when known, as the line mode lists them."""
        seats = [s for s in range(self.game.players) if s != self.human]
        if self.levels is None or len(self.levels) != len(seats):
            return [self.ui.name(s) for s in seats]
        return setup.with_levels([self.ui.name(s) for s in seats], self.levels)

    def narrate(self) -> int:
        """The line mode's narration of everything new, into the log; how many lines it told."""
        before = self.out.lines
        self.table.narrate(pause=False)
        return self.out.lines - before

    async def ask(
        self, lines: list[str], forms: list[Form] | None = None, check: Callable[[Form], bool] | None = None
    ) -> str:
        """Show ``lines`` above the input and wait for Enter; completion from ``forms`` if given."""
        self.prompt(lines)
        field = self.query_one("#action", Input)
        self.forms = forms or []
        field.suggester = ActionSuggester(self.forms, check) if forms and check else None
        self._answer = asyncio.get_running_loop().create_future()
        self.waiting = True
        self.asked += 1
        try:
            return await self._answer
        finally:
            self.waiting = False

    @on(Input.Submitted, "#action")
    def submitted(self, event: Input.Submitted) -> None:
        if self._answer is None or self._answer.done():
            return  # typed while the bots play: nothing asked yet, the text stays
        message = self.query_one("#message", Static)
        message.update("")
        message.display = False  # no blank row under the prompt while there is nothing to say
        event.input.value = ""
        self._answer.set_result(event.value)

    async def human_turn(self, seat: int) -> None:
        """The person's turn or challenge question: parse with the game's parser, refuse what it refuses."""
        table, ui = self.table, self.ui
        view, legal = table.state.view(seat), table.state.legal_actions(seat)
        window = ui.is_window(legal)
        lines = [ui.window_question(view)] if window else ui.prompt_help(view, legal)
        forms, check = typed_forms(ui, view, legal), reads_back(ui, view, legal)
        self.show_coach()
        while True:
            text = await self.ask(lines, forms, check)
            if text.strip() in HELP_WORDS:
                for line in [*screens.help_lines(ui, view, legal), coach.hint()]:
                    table.say(line)
                continue
            if " ".join(text.strip().lower().split()) in coach.COACH_WORDS:
                self.action_coach()
                continue
            try:
                action = ui.parse_window(text) if window else ui.parse(text, view, legal)
                table.act(seat, action)
                return
            except InputError as exc:
                self.refuse(str(exc))
            except IllegalAction as exc:  # the engine's last word, should the screen's checks miss a rule
                self.refuse(_("Not allowed: {reason}").format(reason=refusal(exc, ui.name)))

    async def offer_skip(self) -> None:
        """Once the person is out for good, ask once whether to run the bots' rounds without pauses."""
        if self.human is None or self.asked_out:
            return
        if not self.ui.eliminated(self.table.state.view(self.human)):
            return
        self.asked_out = True
        while True:
            answer = (await self.ask([_("You are out. Skip to the result? [y/N] ")])).strip().lower()
            if answer in YES or answer in NO:
                self.skipping = answer in YES and answer not in NO
                return
            if asks_help(answer):  # what each answer does, as the line mode says it
                self.table.say(skip_help())
                continue
            self.refuse(_("Answer y (yes) or n (no); Enter means no."))

    async def last_question(self) -> None:
        """Another game (when offered), else Enter leaves; the screen stays until then."""
        self.query_one("#action", Input).placeholder = ""  # the field answers this question now
        if not self.again:
            await self.ask([_("Game over")])
            self.exit(0)
            return
        while True:
            answer = (await self.ask([_("Play again? [y/N] ")])).strip().lower()
            if answer in NO:
                self.exit(0)
                return
            if answer in YES:
                self.exit(AGAIN)
                return
            if asks_help(answer):
                self.table.say(again_help())
                continue
            self.refuse(_("Answer y (yes) or n (no); Enter means no."))

    # -- leaving ----------------------------------------------------------
    def action_leave(self) -> None:
        """Ctrl-C: offer to save (unless saved already), then leave; Ctrl-C in that dialog leaves unsaved."""
        if isinstance(self.screen, SaveScreen):
            self.exit(self._code())
            return
        if self.saved:
            self.exit(self._code())
            return
        self._go.clear()
        self.push_screen(SaveScreen(self.table, self.out, self.save_path), self._left)

    def _left(self, leave: bool | None) -> None:
        if leave:
            self.exit(self._code())
        else:
            self._go.set()
            self.query_one("#action", Input).focus()

    def _code(self) -> int:
        return 0 if self.table.state.over else LEFT


def run_tui(
    game: Game,
    ui: GameUI,
    bots: Mapping[int, Bot],
    human_seat: int | None,
    lang: str,
    save_path: str | None = None,
    delay: float = 0.4,
    again: bool = False,
    levels: Sequence[str] | None = None,
    state: State | None = None,
    moves: Sequence[Sequence[Any]] = (),
) -> int:
    """Play (or, with ``human_seat`` None, watch) one game of ``game`` full screen.

    ``ui`` is the game's screen module for the same names and seat,
    ``bots`` one bot per other seat (``levels`` their level names, in seat
    order, for the opening line).  ``state`` and ``moves`` continue a saved
    game (``liars play --load``) instead of dealing ``game`` anew.  Returns
    0 when the game was played to the end, 130 when the person left before
    it (after offering to save), :data:`AGAIN` when ``again`` offered
    another game and they said yes, and non-zero after an error (a bot that
    answers no legal action).
    """
    i18n.use(lang)
    app = TableApp(
        game, ui, bots, human_seat, save_path, delay, again=again, levels=levels, state=state, moves=moves
    )
    code = app.run()
    if app.table.saved_to:
        # The log that said «Saved to …» went with the screen: say it again where the person is left.
        Console().print(Text(_("Saved to {path}.").format(path=app.table.saved_to)))
    # No result: the app stopped on an error (a broken bot, a bug), whose traceback Textual has printed.
    return code if code is not None else (app.return_code or 1)
