//! The sentences the table speaks, from the Fluent messages of the listener's language
//! (`annabella_phonetic::messages`: de, en, lt, lv, hu); moves, squares and pieces inside
//! them are in the listener's announcement scheme (the FIDE scheme for de, lt, lv, hu).

use std::time::Duration;

use annabella_phonetic::{
    Form, Language, Lexicon,
    messages::{Arg, FluentValue, Messages, color_arg, piece_args, role_arg},
    number, render, spoken_time,
};
use annabella_rules::GameResult;
use shakmaty::{Chess, Color, Move, Piece, Role, Square};

use crate::{detect::Difference, touch::captured_square};

/// How many fix-up steps are spoken at once.
pub(crate) const SPOKEN_FIXES: usize = 4;

/// `text` (from outside: a chat line, a server's reason) ending as a sentence does.
fn sentence(text: &str) -> String {
    let text = text.trim();
    if text.ends_with(['.', '?', '!', '…']) {
        text.to_owned()
    } else {
        format!("{text}.")
    }
}

/// The words of one listener.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Phrases {
    pub(crate) lex: &'static Lexicon,
    messages: &'static Messages,
}

impl Phrases {
    pub(crate) fn new(language: Language) -> Phrases {
        Phrases {
            lex: Lexicon::get(language),
            messages: Messages::get(language),
        }
    }

    fn language(self) -> Language {
        self.lex.language()
    }

    /// The message `id` with `args`.
    fn say(self, id: &str, args: &[Arg<'_>]) -> String {
        self.messages.text(id, args)
    }

    /// A message whose only argument is a colour.
    fn by(self, id: &str, c: Color) -> String {
        self.say(id, &[("color", color_arg(c))])
    }

    pub(crate) fn square(self, sq: Square) -> String {
        self.lex.square_words(sq)
    }

    pub(crate) fn role(self, r: Role) -> String {
        self.lex.piece_name(r).into()
    }

    /// The piece as the object of a sentence: "den weißen Springer", "the white Knight".
    fn piece_accusative(self, p: Piece) -> String {
        self.say("piece-accusative", &piece_args(p, self.lex))
    }

    /// A piece's arguments and a square.
    fn piece_on(self, id: &str, sq: Square, p: Piece) -> String {
        let [c, r, n] = piece_args(p, self.lex);
        self.say(id, &[c, r, n, ("square", self.square(sq).into())])
    }

    /// The move in full form ("Springer Gustav eins Felix drei").
    pub(crate) fn full(self, pos: &Chess, m: Move) -> String {
        render(pos, m, self.lex, Form::Full)
    }

    /// A message whose only argument is a move in full form.
    fn with_move(self, id: &str, pos: &Chess, m: Move) -> String {
        self.say(id, &[("move", self.full(pos, m).into())])
    }

    /// The opponent is gone; a practice question waits for it.
    pub(crate) fn opponent_away(self) -> String {
        self.say("opponent-away", &[])
    }

    /// A practice question passed to the opponent.
    pub(crate) fn consult_waiting(self) -> String {
        self.say("consult-waiting", &[])
    }

    /// The opponent's hint: its best move for the VI player.
    pub(crate) fn hint(self, pos: &Chess, m: Move) -> String {
        self.with_move("practice-hint", pos, m)
    }

    /// The opponent had no answer to the question.
    pub(crate) fn no_hint(self) -> String {
        self.say("practice-no-answer", &[])
    }

    /// The evaluation from the VI player's side.
    pub(crate) fn evaluation(self, score: crate::Score) -> String {
        use crate::Score;
        match score {
            Score::Mate(n) if n > 0 => self.say(
                "evaluation-mate-for",
                &[("count", self.number(n.unsigned_abs() as usize))],
            ),
            Score::Mate(n) => self.say(
                "evaluation-mate-against",
                &[("count", self.number(n.unsigned_abs() as usize))],
            ),
            Score::Centipawns(cp) if cp.abs() < 20 => self.say("evaluation-equal", &[]),
            Score::Centipawns(cp) => {
                let tenths = (cp.unsigned_abs() + 5) / 10;
                let point = if self.language() == Language::En {
                    '.'
                } else {
                    ','
                };
                let pawns = format!("{}{point}{}", tenths / 10, tenths % 10);
                let id = if cp > 0 {
                    "evaluation-better"
                } else {
                    "evaluation-worse"
                };
                self.say(id, &[("pawns", pawns.into())])
            }
        }
    }

    /// Take-back with no move of the VI player to take back.
    pub(crate) fn nothing_to_take_back(self) -> String {
        self.say("nothing-to-take-back", &[])
    }

    /// `plies` half-moves taken back; the VI player is to move.
    pub(crate) fn taken_back(self, plies: usize) -> String {
        self.say("taken-back", &[("count", self.number(plies))])
    }

    /// The opponent is gone: `failure` in the table's words, else its own `reason`;
    /// the game is kept.
    pub(crate) fn opponent_lost(
        self,
        reason: &str,
        failure: Option<&crate::OpponentFailure>,
    ) -> String {
        let reason = match failure {
            Some(f) => {
                let seconds = match f {
                    crate::OpponentFailure::Hung { within_ms } => within_ms.div_ceil(1000),
                    _ => 0,
                };
                self.say(
                    "opponent-failure",
                    &[
                        ("failure", f.as_str().into()),
                        (
                            "seconds",
                            self.number(usize::try_from(seconds).unwrap_or(usize::MAX)),
                        ),
                    ],
                )
            }
            None => reason.to_owned(),
        };
        self.say("opponent-lost", &[("reason", reason.into())])
    }

    /// The opponent `name` is back.
    pub(crate) fn opponent_back(self, name: &str) -> String {
        self.say("opponent-back", &[("name", name.to_owned().into())])
    }

    /// Abort and a claimed win exist only in an online game.
    pub(crate) fn online_only(self) -> String {
        self.say("online-only", &[])
    }

    /// The abort is sent to the server.
    pub(crate) fn abort_asked(self) -> String {
        self.say("abort-asked", &[])
    }

    /// A win is claimed only when the opponent left.
    pub(crate) fn opponent_is_here(self) -> String {
        self.say("opponent-is-here", &[])
    }

    /// The opponent left, but the win may not be claimed yet.
    pub(crate) fn victory_not_yet(self) -> String {
        self.say("victory-not-yet", &[])
    }

    /// The claim of the win is sent to the server.
    pub(crate) fn victory_claimed(self) -> String {
        self.say("victory-claimed", &[])
    }

    /// The opponent asks to take back a move.
    pub(crate) fn takeback_asked(self) -> String {
        self.say("takeback-asked", &[])
    }

    /// The VI player's answer to the takeback request is sent.
    pub(crate) fn takeback_answered(self, accept: bool) -> String {
        self.say(
            if accept {
                "takeback-accepted"
            } else {
                "takeback-declined"
            },
            &[],
        )
    }

    /// The takeback request was not answered in time and is declined.
    pub(crate) fn takeback_lapsed(self) -> String {
        self.say("takeback-lapsed", &[])
    }

    /// The opponent left; a win may be claimed in `secs` seconds, if known.
    pub(crate) fn opponent_left(self, secs: Option<u64>) -> String {
        match secs {
            Some(0) => self.say("opponent-left-claim-now", &[]),
            Some(s) => self.say(
                "opponent-left-claim-in",
                &[(
                    "count",
                    self.number(usize::try_from(s).unwrap_or(usize::MAX)),
                )],
            ),
            None => self.say("opponent-left", &[]),
        }
    }

    /// The win may be claimed now.
    pub(crate) fn victory_claimable(self) -> String {
        self.say("victory-claimable", &[])
    }

    /// The opponent came back.
    pub(crate) fn opponent_returned(self) -> String {
        self.say("opponent-returned", &[])
    }

    /// `user` wrote `text` in the players' chat.
    pub(crate) fn opponent_chat(self, user: &str, text: &str) -> String {
        self.say(
            "opponent-chat",
            &[
                ("user", user.to_owned().into()),
                ("text", sentence(text).into()),
            ],
        )
    }

    /// The server aborted the game.
    pub(crate) fn game_aborted(self) -> String {
        self.say("game-aborted", &[])
    }

    /// The server refused the VI player's request, saying `reason`.
    pub(crate) fn online_refused(self, reason: &str) -> String {
        self.say("online-refused", &[("reason", sentence(reason).into())])
    }

    pub(crate) fn start(self, turn: Color) -> String {
        self.by("game-starts", turn)
    }

    /// "Schwarz: Springer Gustav acht Felix sechs"; an en passant capture also says which
    /// pawn to take off the board (it is not on the square moved to).
    pub(crate) fn opponent_move(self, pos: &Chess, m: Move, by: Color) -> String {
        let said = self.move_by(pos, m, by);
        match (m.is_en_passant(), captured_square(&m)) {
            (true, Some(sq)) => format!("{said}. {}", self.take_off_captured_pawn(sq)),
            _ => said,
        }
    }

    /// "Weiß: Eva zwei Eva vier": a move announced to the sighted player, who sees the board.
    pub(crate) fn move_by(self, pos: &Chess, m: Move, by: Color) -> String {
        self.say(
            "move-by",
            &[("color", color_arg(by)), ("move", self.full(pos, m).into())],
        )
    }

    /// "Nehmen Sie den geschlagenen Bauern von Cäsar vier." (en passant).
    pub(crate) fn take_off_captured_pawn(self, sq: Square) -> String {
        self.say(
            "take-off-captured-pawn",
            &[
                ("pawn", self.lex.piece_name(Role::Pawn).into()),
                ("square", self.square(sq).into()),
            ],
        )
    }

    pub(crate) fn read_back(self, pos: &Chess, m: Move) -> String {
        self.full(pos, m)
    }

    pub(crate) fn not_started(self) -> String {
        self.say("not-started", &[])
    }

    pub(crate) fn game_is_over(self) -> String {
        self.say("game-is-over", &[])
    }

    pub(crate) fn not_your_turn(self) -> String {
        self.say("not-your-turn", &[])
    }

    pub(crate) fn paused(self) -> String {
        self.say("clocks-stopped", &[])
    }

    pub(crate) fn resumed(self) -> String {
        self.say("clocks-run-again", &[])
    }

    pub(crate) fn say_move_again(self) -> String {
        self.say("say-move-again", &[])
    }

    /// A correction or a new announcement after the move was made (4.6, D.2.3).
    pub(crate) fn already_made(self) -> String {
        self.say("already-made", &[])
    }

    /// The piece of a made move lifted again: a touch of a released piece.
    pub(crate) fn released_touched(self) -> String {
        self.say("released-touched", &[])
    }

    pub(crate) fn nothing_to_correct(self) -> String {
        self.say("nothing-to-correct", &[])
    }

    pub(crate) fn not_announced(self) -> String {
        self.say("not-announced", &[])
    }

    pub(crate) fn placed_not_announced(self, pos: &Chess, m: Move) -> String {
        self.with_move("placed-not-announced", pos, m)
    }

    pub(crate) fn placed_other(self, pos: &Chess, placed: Move, said: Move) -> String {
        self.say(
            "placed-other",
            &[
                ("said", self.full(pos, said).into()),
                ("placed", self.full(pos, placed).into()),
            ],
        )
    }

    pub(crate) fn capture_not_removed(self, sq: Square, p: Piece) -> String {
        self.piece_on("capture-not-removed", sq, p)
    }

    pub(crate) fn not_placed(self, role: Role, to: Square) -> String {
        self.say(
            "not-placed",
            &[
                ("role", role_arg(role)),
                ("name", self.lex.piece_name(role).into()),
                ("square", self.square(to).into()),
            ],
        )
    }

    pub(crate) fn touch_move(self, sq: Square, p: Piece) -> String {
        self.piece_on("touch-move", sq, p)
    }

    pub(crate) fn touch_capture(self, sq: Square, p: Piece) -> String {
        self.piece_on("touch-capture", sq, p)
    }

    /// One step that puts the board right: "Take the piece off Eva vier.", "Setzen Sie die
    /// weiße Dame auf David eins.", "Replace the black Knight on Cäsar drei with …".
    pub(crate) fn fix(self, d: &Difference) -> String {
        let square: Arg<'_> = ("square", self.square(d.square()).into());
        match *d {
            Difference::Remove { .. } => self.say("fix-remove", &[square]),
            Difference::Place { piece, .. } => self.say(
                "fix-place",
                &[square, ("piece", self.piece_accusative(piece).into())],
            ),
            Difference::Replace { found, piece, .. } => self.say(
                "fix-replace",
                &[
                    square,
                    ("found", self.piece_accusative(found).into()),
                    ("piece", self.piece_accusative(piece).into()),
                ],
            ),
        }
    }

    /// A board without sensors goes from `from` to `to`: each piece that changed squares
    /// as one step ("Setzen Sie den weißen Springer von Gustav eins auf Felix drei."), then
    /// what is only taken off or only put on. Empty when the boards agree.
    pub(crate) fn plain_fixes(self, from: &shakmaty::Board, to: &shakmaty::Board) -> String {
        let mut gone: Vec<(Square, Piece)> = Vec::new();
        let mut new: Vec<(Square, Piece)> = Vec::new();
        for sq in Square::ALL {
            let (a, b) = (from.piece_at(sq), to.piece_at(sq));
            if a != b {
                gone.extend(a.map(|p| (sq, p)));
                new.extend(b.map(|p| (sq, p)));
            }
        }
        let mut steps = Vec::new();
        let mut removals = Vec::new();
        for (sq, piece) in gone {
            match new.iter().position(|&(_, p)| p == piece) {
                Some(i) => {
                    let (dest, _) = new.remove(i);
                    steps.push(self.say(
                        "fix-move",
                        &[
                            ("piece", self.piece_accusative(piece).into()),
                            ("from", self.square(sq).into()),
                            ("to", self.square(dest).into()),
                        ],
                    ));
                }
                None => removals.push(Difference::Remove { square: sq }),
            }
        }
        let rest: Vec<Difference> = removals
            .into_iter()
            .chain(
                new.into_iter()
                    .map(|(square, piece)| Difference::Place { square, piece }),
            )
            .collect();
        steps.extend(rest.iter().map(|d| self.fix_on(from, d)));
        steps.join(" ")
    }

    /// How a move is made at a board without sensors (added to "Hilfe" there).
    pub(crate) fn help_plain(self) -> String {
        self.say("help-plain", &[])
    }

    /// The clock device is lost: the table keeps the time and presses the clocks.
    pub(crate) fn clock_lost(self) -> String {
        self.say("clock-lost", &[])
    }

    /// The clock device is back.
    pub(crate) fn clock_back(self) -> String {
        self.say("clock-back", &[])
    }

    /// The VI player's lever is already down (a board without sensors): "gesetzt"
    /// completes the move now.
    pub(crate) fn lever_down_plain(self) -> String {
        self.say("lever-down-plain", &[])
    }

    /// The listener's lever is already down: the move seen on their board completes it.
    pub(crate) fn lever_down_board(self) -> String {
        self.say("lever-down-board", &[])
    }

    /// The clock is away (a board without sensors): "gesetzt" completes each move.
    pub(crate) fn clock_away_plain(self) -> String {
        self.say("clock-away-plain", &[])
    }

    /// The clock is away (the peg board): each move completes itself once on the board.
    pub(crate) fn clock_away_board(self) -> String {
        self.say("clock-away-board", &[])
    }

    /// The start waits for the opponent's board to show the start position.
    pub(crate) fn start_waits(self) -> String {
        self.say("start-waits", &[])
    }

    /// "gesetzt" completed the move: the opponent's clock runs.
    pub(crate) fn placed_done(self) -> String {
        self.say("placed-done", &[])
    }

    /// "gesetzt" made the move; the clock press is still to come.
    pub(crate) fn placed_press(self) -> String {
        self.say("placed-press", &[])
    }

    /// The steps to put the board right; at most [`SPOKEN_FIXES`] are said, then how
    /// many more there are.
    pub(crate) fn fixes(self, fixes: &[Difference]) -> String {
        self.steps(fixes, |d| self.fix(d)).join(" ")
    }

    /// At most [`SPOKEN_FIXES`] steps in words, then how many more there are.
    fn steps(self, fixes: &[Difference], say: impl Fn(&Difference) -> String) -> Vec<String> {
        let mut out: Vec<String> = fixes.iter().take(SPOKEN_FIXES).map(say).collect();
        let more = fixes.len().saturating_sub(SPOKEN_FIXES);
        if more > 0 {
            out.push(self.say("fixes-more", &[("count", self.number(more))]));
        }
        out
    }

    pub(crate) fn board_right(self) -> String {
        self.say("board-right", &[])
    }

    pub(crate) fn time(self, white: Duration, black: Duration) -> String {
        self.say(
            "time",
            &[
                ("white", self.duration(white).into()),
                ("black", self.duration(black).into()),
            ],
        )
    }

    /// A number said alone: in words for German and English ("drei", "three"); as a
    /// number for the others, whose voices read digits in their own language and whose
    /// messages pick the plural form by it.
    fn number(self, n: usize) -> FluentValue<'static> {
        let n = u32::try_from(n).unwrap_or(u32::MAX);
        match self.language() {
            Language::De => number::german(n, number::Usage::Alone).into(),
            Language::En => number::english(n).into(),
            Language::Lt | Language::Lv | Language::Hu => n.into(),
        }
    }

    /// A counted unit ("hours", "moves") for languages said with digits.
    fn counted(self, id: &str, n: u32) -> String {
        self.say(id, &[("count", n.into())])
    }

    /// A clock time: hours, minutes, and seconds below ten minutes (as `spoken_time`).
    fn duration(self, d: Duration) -> String {
        let language = self.language();
        if matches!(language, Language::De | Language::En) {
            return spoken_time::duration_words(d, language);
        }
        let total = d.as_secs();
        let hours = u32::try_from(total / 3600).unwrap_or(u32::MAX);
        let minutes = (total / 60 % 60) as u32;
        let seconds = (total % 60) as u32;
        let mut parts = Vec::new();
        if hours > 0 {
            parts.push(self.counted("hours", hours));
        }
        if minutes > 0 {
            parts.push(self.counted("minutes", minutes));
        }
        if d < spoken_time::SECONDS_BELOW && (seconds > 0 || parts.is_empty()) {
            parts.push(self.counted("seconds", seconds));
        }
        parts.join(" ")
    }

    /// A number of moves ("drei Züge", "3 gājieni").
    fn moves(self, n: u32) -> String {
        match self.language() {
            language @ (Language::De | Language::En) => spoken_time::moves_words(n, language),
            Language::Lt | Language::Lv | Language::Hu => self.counted("moves", n),
        }
    }

    /// Moves played by each side, and, with a move-count time control, how many moves
    /// `to_control` are left to the VI player until the next control.
    pub(crate) fn moves_played(self, white: u32, black: u32, to_control: Option<u32>) -> String {
        let played = self.say(
            "moves-played",
            &[
                ("white", self.moves(white).into()),
                ("black", self.moves(black).into()),
            ],
        );
        match to_control {
            None => played,
            Some(n) => self.say(
                "moves-to-control",
                &[("played", played.into()), ("left", self.moves(n).into())],
            ),
        }
    }

    /// "Weiß ist am Zug: Sie." / "Black to move: your opponent."
    pub(crate) fn whose_turn(self, turn: Color, you: bool) -> String {
        let id = if you {
            "whose-turn-you"
        } else {
            "whose-turn-opponent"
        };
        self.by(id, turn)
    }

    /// The opponent's name from the event, or that it is not known.
    pub(crate) fn opponent_name(self, name: &str) -> String {
        let name = name.trim();
        if name.is_empty() || name == "?" {
            self.say("opponent-name-unknown", &[])
        } else {
            self.say("opponent-name", &[("name", name.into())])
        }
    }

    /// D.2.10.5 duty e: the opponent had touched a piece before their move.
    pub(crate) fn opponent_touched(self, sq: Square, p: Piece) -> String {
        self.say(
            "opponent-touched",
            &[
                ("piece", self.piece_accusative(p).into()),
                ("square", self.square(sq).into()),
            ],
        )
    }

    /// The arbiter adjourns: `turn` seals the next move.
    pub(crate) fn adjourned(self, turn: Color) -> String {
        self.by("adjourned", turn)
    }

    /// The sealed move, confirmed to the VI player who sealed it (never to the opponent).
    pub(crate) fn sealed_by_you(self, pos: &Chess, m: Move) -> String {
        self.with_move("sealed-by-you", pos, m)
    }

    /// `by` has sealed a move (which is not said).
    pub(crate) fn sealed(self, by: Color) -> String {
        self.by("sealed", by)
    }

    pub(crate) fn adjourned_sealed(self) -> String {
        self.say("adjourned-sealed", &[])
    }

    /// The arbiter has been alerted (to the VI player).
    pub(crate) fn arbiter_informed(self) -> String {
        self.say("arbiter-informed", &[])
    }

    /// After the VI player's own press completed the move (`press_confirmation`).
    pub(crate) fn pressed(self) -> String {
        self.say("clock-pressed", &[])
    }

    pub(crate) fn no_capture_yet(self) -> String {
        self.say("no-capture-yet", &[])
    }

    /// What can be said, grouped and short, with an example each.
    pub(crate) fn help(self) -> String {
        self.say("help", &[])
    }

    /// A question for analysis refused, saying why (11.3.1) and what may be asked.
    pub(crate) fn analysis_refused(self) -> String {
        self.say("analysis-refused", &[])
    }

    pub(crate) fn no_moves_yet(self) -> String {
        self.say("no-moves-yet", &[])
    }

    pub(crate) fn draw_offered(self, by: Color) -> String {
        self.by("draw-offered", by)
    }

    pub(crate) fn draw_declined(self, by: Color) -> String {
        self.by("draw-declined", by)
    }

    pub(crate) fn no_offer(self) -> String {
        self.say("no-draw-offer", &[])
    }

    pub(crate) fn confirm_resign(self) -> String {
        self.say("confirm-resign", &[])
    }

    pub(crate) fn confirm_accept(self) -> String {
        self.say("confirm-accept-draw", &[])
    }

    pub(crate) fn cancelled(self) -> String {
        self.say("cancelled", &[])
    }

    pub(crate) fn nothing_to_confirm(self) -> String {
        self.say("nothing-to-confirm", &[])
    }

    pub(crate) fn claim_rejected(self) -> String {
        self.say("claim-rejected", &[])
    }

    /// After a rejected claim: the intended move must now be made (9.5.2).
    pub(crate) fn make_intended(self, pos: &Chess, m: Move) -> String {
        self.with_move("make-intended-move", pos, m)
    }

    pub(crate) fn claim_needs_move(self) -> String {
        self.say("claim-needs-move", &[])
    }

    pub(crate) fn claim_right_lost(self) -> String {
        self.say("claim-right-lost", &[])
    }

    pub(crate) fn flag_not_fallen(self) -> String {
        self.say("flag-not-fallen", &[])
    }

    /// The arbiter is called; with `paused`, the clocks have been stopped for it.
    pub(crate) fn arbiter_called_clocks(self, paused: bool) -> String {
        if paused {
            self.say("arbiter-called-clocks-stopped", &[])
        } else {
            self.arbiter_called()
        }
    }

    pub(crate) fn arbiter_called(self) -> String {
        self.say("arbiter-called", &[])
    }

    pub(crate) fn flag_fell(self, c: Color) -> String {
        self.by("flag-fell", c)
    }

    pub(crate) fn time_added(self, c: Color, d: Duration) -> String {
        self.say(
            "time-added",
            &[("color", color_arg(c)), ("time", self.duration(d).into())],
        )
    }

    pub(crate) fn illegal_move_penalty(self, by: Color, strike: u8) -> String {
        self.say(
            "illegal-move-penalty",
            &[
                ("color", color_arg(by)),
                ("count", self.number(strike.into())),
            ],
        )
    }

    pub(crate) fn position_restored(self, ply: usize) -> String {
        self.say("position-restored", &[("count", self.number(ply))])
    }

    pub(crate) fn sighted_illegal(self, text: &str, why: &str) -> String {
        self.say(
            "sighted-illegal",
            &[("move", text.into()), ("why", why.into())],
        )
    }

    pub(crate) fn execute_on_board(self) -> String {
        self.say("execute-on-board", &[])
    }

    /// A piece-aware board's step: the piece named on removal too ("Nehmen Sie den weißen
    /// Bauern von David vier.").
    pub(crate) fn fix_on(self, board: &shakmaty::Board, d: &Difference) -> String {
        match (*d, board.piece_at(d.square())) {
            (Difference::Remove { square }, Some(found)) => self.say(
                "fix-remove-piece",
                &[
                    ("piece", self.piece_accusative(found).into()),
                    ("square", self.square(square).into()),
                ],
            ),
            _ => self.fix(d),
        }
    }

    /// The sighted player's board differs from the game: what to put right, piece and
    /// squares ("Ihr Brett stimmt nicht. Nehmen Sie den weißen Bauern von David vier. …").
    pub(crate) fn sighted_fixes(self, board: &shakmaty::Board, fixes: &[Difference]) -> String {
        let mut out = vec![self.say("sighted-board-wrong", &[])];
        out.extend(self.steps(fixes, |d| self.fix_on(board, d)));
        out.join(" ")
    }

    /// To the VI player: the opponent's board is wrong and is being put right.
    pub(crate) fn opponent_board_fixing(self) -> String {
        self.say("opponent-board-fixing", &[])
    }

    /// To the VI player: the opponent's board shows the game again.
    pub(crate) fn opponent_board_right(self) -> String {
        self.say("opponent-board-right", &[])
    }

    /// A move as the board shows it, legal or not: "Läufer Felix acht Bella vier",
    /// "Eva sieben Eva fünf".
    pub(crate) fn shown_move(self, role: Role, from: Square, to: Square) -> String {
        let squares = format!("{} {}", self.square(from), self.square(to));
        if role == Role::Pawn {
            squares
        } else {
            format!("{} {squares}", self.role(role))
        }
    }

    /// ": Läufer Felix acht Bella vier" for a move of one piece, nothing otherwise.
    fn shown_way(self, way: Option<(Role, Square, Square)>) -> String {
        way.map_or(String::new(), |(role, from, to)| {
            format!(": {}", self.shown_move(role, from, to))
        })
    }

    /// To the sighted player: their completed move is illegal (7.5.1).
    pub(crate) fn illegal_by_you(self, way: Option<(Role, Square, Square)>) -> String {
        self.say("illegal-by-you", &[("shown", self.shown_way(way).into())])
    }

    /// To the sighted player: their pawn left unpromoted is replaced by a queen (7.5.2).
    pub(crate) fn unpromoted_by_you(self) -> String {
        self.say("unpromoted-by-you", &[])
    }

    /// To the VI player: the opponent's pawn left unpromoted becomes a queen (7.5.2).
    pub(crate) fn unpromoted_by_opponent(self) -> String {
        self.say("unpromoted-by-opponent", &[])
    }

    /// To the VI player: the opponent completed an illegal move (7.5.1); the position
    /// before it stands and it is still their move.
    pub(crate) fn illegal_by_opponent(self, way: Option<(Role, Square, Square)>) -> String {
        self.say(
            "illegal-by-opponent",
            &[("shown", self.shown_way(way).into())],
        )
    }

    pub(crate) fn game_over(self, end: &crate::GameEnd) -> String {
        let result = match end.result {
            GameResult::WhiteWins => "white-wins",
            GameResult::BlackWins => "black-wins",
            GameResult::Draw => "draw",
        };
        self.say(
            "game-over",
            &[
                ("result", result.into()),
                ("termination", end.termination.as_str().into()),
            ],
        )
    }
}

impl Difference {
    /// The instruction that fixes this difference, in the words the table speaks
    /// (square and piece names from the `phonetic` lexicon of `language`).
    ///
    /// # Examples
    /// ```
    /// use annabella_phonetic::Language;
    /// use annabella_table::detect::Difference;
    /// use shakmaty::{Color, Square};
    /// let d = Difference::Place { square: Square::D1, piece: Color::White.queen() };
    /// assert_eq!(d.instruction(Language::En), "Put the white Queen on David one.");
    /// assert_eq!(d.instruction(Language::De), "Setzen Sie die weiße Dame auf David eins.");
    /// ```
    pub fn instruction(&self, language: Language) -> String {
        Phrases::new(language).fix(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Board;

    #[test]
    fn a_touched_pawn_is_den_bauern() {
        let de = Phrases::new(Language::De);
        assert_eq!(
            de.opponent_touched(Square::E7, Color::Black.pawn()),
            "Ihr Gegner hatte den schwarzen Bauern auf Eva sieben berührt."
        );
        assert_eq!(
            de.opponent_touched(Square::D8, Color::Black.queen()),
            "Ihr Gegner hatte die schwarze Dame auf David acht berührt."
        );
    }

    #[test]
    fn the_sighted_board_names_the_piece_to_take_off() {
        let mut board = Board::default();
        board.discard_piece_at(Square::D2);
        board.set_piece_at(Square::D4, Color::White.pawn());
        let fixes = [
            Difference::Remove { square: Square::D4 },
            Difference::Place {
                square: Square::D2,
                piece: Color::White.pawn(),
            },
        ];
        assert_eq!(
            Phrases::new(Language::De).sighted_fixes(&board, &fixes),
            "Ihr Brett stimmt nicht. Nehmen Sie den weißen Bauern von David vier. \
             Setzen Sie den weißen Bauern auf David zwei."
        );
        assert_eq!(
            Phrases::new(Language::En).sighted_fixes(&board, &fixes),
            "Your board is wrong. Take the white Pawn off David four. \
             Put the white Pawn on David two."
        );
        assert_eq!(
            Phrases::new(Language::En).illegal_by_you(Some((Role::Bishop, Square::F8, Square::B4))),
            "Illegal move: Bishop Felix eight Bella four. The arbiter has been informed."
        );
    }

    #[test]
    fn latvian_lithuanian_and_hungarian_players_hear_their_language_and_the_fide_scheme() {
        let lv = Phrases::new(Language::Lv);
        assert_eq!(
            lv.touch_move(Square::G1, Color::White.knight()),
            "Aizskarta figūra: Springer uz Gustavs eins. Ar šo figūru jāizdara gājiens."
        );
        assert_eq!(
            lv.time(Duration::from_secs(3600 + 21 * 60), Duration::from_secs(62)),
            "Baltajiem 1 stunda 21 minūte, melnajiem 1 minūte 2 sekundes."
        );
        assert_eq!(lv.draw_offered(Color::Black), "Melnie piedāvā neizšķirtu.");
        let lt = Phrases::new(Language::Lt);
        assert_eq!(
            lt.moves_played(12, 11, Some(28)),
            "Sužaista: baltieji 12 ėjimų, juodieji 11 ėjimų. Iki laiko kontrolės liko 28 ėjimai."
        );
        let hu = Phrases::new(Language::Hu);
        let fixes = [Difference::Place {
            square: Square::D1,
            piece: Color::White.queen(),
        }];
        assert_eq!(
            hu.fixes(&fixes),
            "Tegye a világos Damét a David eins mezőre."
        );
        let end = crate::GameEnd::from(annabella_rules::Outcome::draw(
            annabella_rules::Termination::Stalemate,
        ));
        assert_eq!(hu.game_over(&end), "A játszma véget ért: döntetlen, patt.");
    }
}
