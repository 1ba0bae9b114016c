//! The sentences the table speaks: German for `de`, English otherwise (with the
//! lexicon's piece and square names, so Lithuanian, Latvian and Hungarian players hear
//! their piece names).

use std::time::Duration;

use annabella_phonetic::{Form, Language, Lexicon, number, render, spoken_time};
use shakmaty::{Chess, Color, Move, Piece, Role, Square};

use crate::{detect::Difference, touch::captured_square};

/// How many fix-up steps are spoken at once.
pub(crate) const SPOKEN_FIXES: usize = 4;

/// The words of one listener.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Phrases {
    pub(crate) lex: &'static Lexicon,
}

impl Phrases {
    pub(crate) fn new(language: Language) -> Phrases {
        Phrases {
            lex: Lexicon::get(language),
        }
    }

    fn de(self) -> bool {
        self.lex.language() == Language::De
    }

    fn pick(self, de: &str, en: &str) -> String {
        if self.de() { de.into() } else { en.into() }
    }

    pub(crate) fn color(self, c: Color) -> String {
        match (self.de(), c) {
            (true, Color::White) => "Weiß".into(),
            (true, Color::Black) => "Schwarz".into(),
            (false, Color::White) => "White".into(),
            (false, Color::Black) => "Black".into(),
        }
    }

    pub(crate) fn square(self, sq: Square) -> String {
        self.lex.square_words(sq)
    }

    pub(crate) fn role(self, r: Role) -> String {
        self.lex.piece_name(r).into()
    }

    /// "weißer Springer" / "white Knight".
    pub(crate) fn piece(self, p: Piece) -> String {
        let name = self.lex.piece_name(p.role);
        if self.de() {
            let stem = p.color.fold_wb("weiß", "schwarz");
            let ending = if p.role == Role::Queen { "e" } else { "er" };
            format!("{stem}{ending} {name}")
        } else {
            format!("{} {name}", p.color.fold_wb("white", "black"))
        }
    }

    /// The move in full form ("Springer Gustav eins Felix drei").
    pub(crate) fn full(self, pos: &Chess, m: Move) -> String {
        render(pos, m, self.lex, Form::Full)
    }

    pub(crate) fn start(self, turn: Color) -> String {
        if self.de() {
            format!("Die Partie beginnt. {} am Zug.", self.color(turn))
        } else {
            format!("The game starts. {} to move.", self.color(turn))
        }
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
        format!("{}: {}", self.color(by), self.full(pos, m))
    }

    /// "Nimm den geschlagenen Bauern von Cäsar vier." (en passant).
    pub(crate) fn take_off_captured_pawn(self, sq: Square) -> String {
        if self.de() {
            format!(
                "Nimm den geschlagenen {} von {}.",
                self.lex.piece_name(Role::Pawn).to_owned() + "n",
                self.square(sq)
            )
        } else {
            format!(
                "Take the captured {} off {}.",
                self.lex.piece_name(Role::Pawn).to_lowercase(),
                self.square(sq)
            )
        }
    }

    pub(crate) fn read_back(self, pos: &Chess, m: Move) -> String {
        self.full(pos, m)
    }

    pub(crate) fn not_started(self) -> String {
        self.pick(
            "Die Partie hat noch nicht begonnen.",
            "The game has not started.",
        )
    }

    pub(crate) fn game_is_over(self) -> String {
        self.pick("Die Partie ist beendet.", "The game is over.")
    }

    pub(crate) fn not_your_turn(self) -> String {
        self.pick("Sie sind nicht am Zug.", "It is not your move.")
    }

    pub(crate) fn paused(self) -> String {
        self.pick("Die Uhren sind angehalten.", "The clocks are stopped.")
    }

    pub(crate) fn resumed(self) -> String {
        self.pick("Die Uhren laufen wieder.", "The clocks run again.")
    }

    pub(crate) fn say_move_again(self) -> String {
        self.pick("Bitte den Zug ansagen.", "Please say your move.")
    }

    /// A correction or a new announcement after the move was made (4.6, D.2.3).
    pub(crate) fn already_made(self) -> String {
        self.pick(
            "Der Zug ist bereits ausgeführt.",
            "The move has already been made.",
        )
    }

    /// The piece of a made move lifted again: a touch of a released piece.
    pub(crate) fn released_touched(self) -> String {
        self.pick(
            "Der Zug ist bereits ausgeführt, die Figur war losgelassen.",
            "The move has already been made and the piece was released.",
        )
    }

    pub(crate) fn nothing_to_correct(self) -> String {
        self.pick("Es ist kein Zug angesagt.", "No move has been announced.")
    }

    pub(crate) fn not_announced(self) -> String {
        self.pick(
            "Der Zug ist nicht angesagt.",
            "The move has not been announced.",
        )
    }

    pub(crate) fn placed_not_announced(self, pos: &Chess, m: Move) -> String {
        if self.de() {
            format!("Gesetzt, aber nicht angesagt: {}?", self.full(pos, m))
        } else {
            format!("Placed but not announced: {}?", self.full(pos, m))
        }
    }

    pub(crate) fn placed_other(self, pos: &Chess, placed: Move, said: Move) -> String {
        if self.de() {
            format!(
                "Angesagt: {}. Gesetzt: {}.",
                self.full(pos, said),
                self.full(pos, placed)
            )
        } else {
            format!(
                "Announced: {}. Placed: {}.",
                self.full(pos, said),
                self.full(pos, placed)
            )
        }
    }

    pub(crate) fn capture_not_removed(self, sq: Square, p: Piece) -> String {
        if self.de() {
            let (article, stem) = if p.role == Role::Queen {
                ("Die", "geschlagene")
            } else {
                ("Der", "geschlagene")
            };
            format!(
                "{article} {stem} {}e {} auf {} ist noch nicht entfernt.",
                p.color.fold_wb("weiß", "schwarz"),
                self.lex.piece_name(p.role),
                self.square(sq)
            )
        } else {
            format!(
                "The captured {} on {} has not been removed.",
                self.piece(p),
                self.square(sq)
            )
        }
    }

    pub(crate) fn not_placed(self, role: Role, to: Square) -> String {
        if self.de() {
            let article = if role == Role::Queen { "Die" } else { "Der" };
            format!(
                "{article} {} ist noch nicht auf {} gesetzt.",
                self.role(role),
                self.square(to)
            )
        } else {
            format!(
                "The {} has not been placed on {}.",
                self.role(role),
                self.square(to)
            )
        }
    }

    pub(crate) fn touch_move(self, sq: Square, p: Piece) -> String {
        if self.de() {
            format!(
                "Berührt: {} auf {}. Diese Figur muss ziehen.",
                self.role(p.role),
                self.square(sq)
            )
        } else {
            format!(
                "Touched: {} on {}. This piece must move.",
                self.role(p.role),
                self.square(sq)
            )
        }
    }

    pub(crate) fn touch_capture(self, sq: Square, p: Piece) -> String {
        if self.de() {
            format!(
                "Berührt: gegnerische Figur {} auf {}. Sie muss geschlagen werden.",
                self.role(p.role),
                self.square(sq)
            )
        } else {
            format!(
                "Touched: the opponent's {} on {}. It must be captured.",
                self.role(p.role),
                self.square(sq)
            )
        }
    }

    /// One step that puts the board right: "Take the piece off Eva vier.", "Setze die
    /// weiße Dame auf David eins.", "Replace the black Knight on Cäsar drei with …".
    pub(crate) fn fix(self, d: &Difference) -> String {
        let sq = self.square(d.square());
        match (*d, self.de()) {
            (Difference::Remove { .. }, true) => format!("Nimm die Figur von {sq}."),
            (Difference::Remove { .. }, false) => format!("Take the piece off {sq}."),
            (Difference::Place { piece, .. }, true) => {
                format!("Setze {} auf {sq}.", self.german_accusative(piece))
            }
            (Difference::Place { piece, .. }, false) => {
                format!("Put the {} on {sq}.", self.piece(piece))
            }
            (Difference::Replace { found, piece, .. }, true) => format!(
                "Ersetze {} auf {sq} durch {}.",
                self.german_accusative(found),
                self.german_accusative(piece)
            ),
            (Difference::Replace { found, piece, .. }, false) => format!(
                "Replace the {} on {sq} with the {}.",
                self.piece(found),
                self.piece(piece)
            ),
        }
    }

    /// "die weiße Dame", "den schwarzen Springer".
    fn german_accusative(self, p: Piece) -> String {
        let name = self.lex.piece_name(p.role);
        match (p.role, p.color) {
            (Role::Queen, Color::White) => format!("die weiße {name}"),
            (Role::Queen, Color::Black) => format!("die schwarze {name}"),
            // The pawn is a weak noun: "den Bauern".
            (Role::Pawn, color) => format!("den {}en {name}n", color.fold_wb("weiß", "schwarz")),
            (_, color) => format!("den {}en {name}", color.fold_wb("weiß", "schwarz")),
        }
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
            out.push(if self.de() {
                format!("Und {} weitere Abweichungen.", self.number(more))
            } else {
                format!("And {} more differences.", self.number(more))
            });
        }
        out
    }

    pub(crate) fn board_right(self) -> String {
        self.pick("Das Brett stimmt.", "The board is right.")
    }

    pub(crate) fn time(self, white: Duration, black: Duration) -> String {
        format!(
            "{} {}, {} {}.",
            self.color(Color::White),
            self.duration(white),
            self.color(Color::Black),
            self.duration(black)
        )
    }

    /// A number in words, said alone ("drei", "three").
    fn number(self, n: usize) -> String {
        let n = u32::try_from(n).unwrap_or(u32::MAX);
        if self.de() {
            number::german(n, number::Usage::Alone)
        } else {
            number::english(n)
        }
    }

    fn duration(self, d: Duration) -> String {
        spoken_time::duration_words(d, self.lex.language())
    }

    /// Moves played by each side, and, with a move-count time control, how many moves
    /// `to_control` are left to the VI player until the next control.
    pub(crate) fn moves_played(self, white: u32, black: u32, to_control: Option<u32>) -> String {
        let language = self.lex.language();
        let (w, b) = (
            spoken_time::moves_words(white, language),
            spoken_time::moves_words(black, language),
        );
        let played = if self.de() {
            format!("Gespielt: Weiß {w}, Schwarz {b}.")
        } else {
            format!("Played: White {w}, Black {b}.")
        };
        match to_control {
            None => played,
            Some(n) => {
                let left = spoken_time::moves_words(n, language);
                if self.de() {
                    format!("{played} Noch {left} bis zur Zeitkontrolle.")
                } else {
                    format!("{played} {left} left to the time control.")
                }
            }
        }
    }

    /// "Weiß ist am Zug: Sie." / "Black to move: your opponent."
    pub(crate) fn whose_turn(self, turn: Color, you: bool) -> String {
        match (self.de(), you) {
            (true, true) => format!("{} ist am Zug: Sie.", self.color(turn)),
            (true, false) => format!("{} ist am Zug: Ihr Gegner.", self.color(turn)),
            (false, true) => format!("{} to move: you.", self.color(turn)),
            (false, false) => format!("{} to move: your opponent.", self.color(turn)),
        }
    }

    /// The opponent's name from the event, or that it is not known.
    pub(crate) fn opponent_name(self, name: &str) -> String {
        let name = name.trim();
        match (self.de(), name.is_empty() || name == "?") {
            (true, true) => "Der Name des Gegners ist nicht bekannt.".into(),
            (true, false) => format!("Ihr Gegner ist {name}."),
            (false, true) => "The opponent's name is not known.".into(),
            (false, false) => format!("Your opponent is {name}."),
        }
    }

    /// D.2.10.5 duty e: the opponent had touched a piece before their move.
    pub(crate) fn opponent_touched(self, sq: Square, p: Piece) -> String {
        if self.de() {
            format!(
                "Ihr Gegner hatte {} auf {} berührt.",
                self.german_accusative(p),
                self.square(sq)
            )
        } else {
            format!(
                "Your opponent had touched the {} on {}.",
                self.piece(p),
                self.square(sq)
            )
        }
    }

    /// The arbiter adjourns: `turn` seals the next move.
    pub(crate) fn adjourned(self, turn: Color) -> String {
        if self.de() {
            format!(
                "Die Partie wird unterbrochen. {} gibt den Abgabezug ab.",
                self.color(turn)
            )
        } else {
            format!(
                "The game is adjourned. {} seals the next move.",
                self.color(turn)
            )
        }
    }

    /// The sealed move, confirmed to the VI player who sealed it (never to the opponent).
    pub(crate) fn sealed_by_you(self, pos: &Chess, m: Move) -> String {
        if self.de() {
            format!(
                "Abgabezug notiert: {}. Die Uhren sind angehalten.",
                self.full(pos, m)
            )
        } else {
            format!(
                "Sealed move recorded: {}. The clocks are stopped.",
                self.full(pos, m)
            )
        }
    }

    /// `by` has sealed a move (which is not said).
    pub(crate) fn sealed(self, by: Color) -> String {
        if self.de() {
            format!(
                "{} hat den Abgabezug abgegeben. Die Uhren sind angehalten.",
                self.color(by)
            )
        } else {
            format!(
                "{} has sealed a move. The clocks are stopped.",
                self.color(by)
            )
        }
    }

    pub(crate) fn adjourned_sealed(self) -> String {
        self.pick(
            "Die Partie ist unterbrochen, der Abgabezug ist abgegeben.",
            "The game is adjourned; the move is sealed.",
        )
    }

    /// The arbiter has been alerted (to the VI player).
    pub(crate) fn arbiter_informed(self) -> String {
        self.pick(
            "Der Schiedsrichter ist informiert.",
            "The arbiter has been informed.",
        )
    }

    /// After the VI player's own press completed the move (`press_confirmation`).
    pub(crate) fn pressed(self) -> String {
        self.pick("Uhr gedrückt.", "Clock pressed.")
    }

    pub(crate) fn no_capture_yet(self) -> String {
        self.pick("Noch nichts geschlagen.", "Nothing has been captured yet.")
    }

    /// What can be said, grouped and short, with an example each.
    pub(crate) fn help(self) -> String {
        self.pick(
            "Züge: Springer Felix drei. Korrektur: Korrektur. \
             Brett: wo ist meine Dame, alle meine Figuren, was steht auf Eva vier, \
             Reihe vier, Linie Eva, Diagonale Cäsar eins, wer greift Eva vier an, \
             Material, letzter Schlagzug. \
             Partie: wer ist am Zug, letzter Zug, Zeit, wie viele Züge, wer ist mein Gegner. \
             Erklärungen: Remis, Remis angenommen, ich gebe auf, \
             Reklamation Stellungswiederholung Springer Gustav eins. \
             Schiedsrichter, Pause, Ruhe.",
            "Moves: Knight Felix three. Correction: correction. \
             Board: where is my queen, where are my pieces, what is on Eva four, \
             rank four, file Eva, diagonal Caesar one, who attacks Eva four, \
             material, last capture. \
             Game: whose turn, last move, time, how many moves, who is my opponent. \
             Declarations: draw, draw accepted, I resign, claim repetition Knight Gustav one. \
             Call the arbiter, pause, stop.",
        )
    }

    pub(crate) fn no_moves_yet(self) -> String {
        self.pick("Noch kein Zug gespielt.", "No move has been played yet.")
    }

    pub(crate) fn draw_offered(self, by: Color) -> String {
        if self.de() {
            format!("{} bietet Remis an.", self.color(by))
        } else {
            format!("{} offers a draw.", self.color(by))
        }
    }

    pub(crate) fn draw_declined(self, by: Color) -> String {
        if self.de() {
            format!("{} lehnt das Remis ab.", self.color(by))
        } else {
            format!("{} declines the draw.", self.color(by))
        }
    }

    pub(crate) fn no_offer(self) -> String {
        self.pick("Es liegt kein Remisangebot vor.", "There is no draw offer.")
    }

    pub(crate) fn confirm_resign(self) -> String {
        self.pick(
            "Wirklich aufgeben? Bitte ja oder nein.",
            "Really resign? Please say yes or no.",
        )
    }

    pub(crate) fn confirm_accept(self) -> String {
        self.pick(
            "Remis annehmen? Bitte ja oder nein.",
            "Accept the draw? Please say yes or no.",
        )
    }

    pub(crate) fn cancelled(self) -> String {
        self.pick("Abgebrochen.", "Cancelled.")
    }

    pub(crate) fn nothing_to_confirm(self) -> String {
        self.pick(
            "Es gibt nichts zu bestätigen.",
            "There is nothing to confirm.",
        )
    }

    pub(crate) fn claim_rejected(self) -> String {
        self.pick(
            "Reklamation abgelehnt. Sie gilt als Remisangebot.",
            "Claim rejected. It stands as a draw offer.",
        )
    }

    /// After a rejected claim: the intended move must now be made (9.5.2).
    pub(crate) fn make_intended(self, pos: &Chess, m: Move) -> String {
        if self.de() {
            format!(
                "Bitte den beabsichtigten Zug ausführen: {}.",
                self.full(pos, m)
            )
        } else {
            format!("Please make the intended move: {}.", self.full(pos, m))
        }
    }

    pub(crate) fn claim_needs_move(self) -> String {
        self.pick(
            "Reklamation: bitte den beabsichtigten Zug nennen.",
            "Claim: please name the intended move.",
        )
    }

    pub(crate) fn claim_right_lost(self) -> String {
        self.pick(
            "Nach dem Berühren einer Figur ist keine Reklamation mehr möglich.",
            "After touching a piece you can no longer claim.",
        )
    }

    pub(crate) fn flag_not_fallen(self) -> String {
        self.pick(
            "Die Zeit ist nicht abgelaufen.",
            "The time has not run out.",
        )
    }

    /// The arbiter is called; with `paused`, the clocks have been stopped for it.
    pub(crate) fn arbiter_called_clocks(self, paused: bool) -> String {
        if !paused {
            return self.arbiter_called();
        }
        self.pick(
            "Der Schiedsrichter wird gerufen. Die Uhren sind angehalten.",
            "The arbiter has been called. The clocks are stopped.",
        )
    }

    pub(crate) fn arbiter_called(self) -> String {
        self.pick(
            "Der Schiedsrichter wird gerufen.",
            "The arbiter has been called.",
        )
    }

    pub(crate) fn flag_fell(self, c: Color) -> String {
        if self.de() {
            format!("Die Zeit von {} ist abgelaufen.", self.color(c))
        } else {
            format!("{}'s time has run out.", self.color(c))
        }
    }

    pub(crate) fn time_added(self, c: Color, d: Duration) -> String {
        if self.de() {
            format!("{} erhält {}.", self.color(c), self.duration(d))
        } else {
            format!("{} receives {}.", self.color(c), self.duration(d))
        }
    }

    pub(crate) fn illegal_move_penalty(self, by: Color, strike: u8) -> String {
        if self.de() {
            format!(
                "Unzulässiger Zug von {} (Nummer {}).",
                self.color(by),
                self.number(strike.into())
            )
        } else {
            format!(
                "Illegal move by {} (number {}).",
                self.color(by),
                self.number(strike.into())
            )
        }
    }

    pub(crate) fn position_restored(self, ply: usize) -> String {
        if self.de() {
            format!(
                "Die Stellung nach Halbzug {} ist wiederhergestellt.",
                self.number(ply)
            )
        } else {
            format!(
                "The position after half-move {} is restored.",
                self.number(ply)
            )
        }
    }

    pub(crate) fn sighted_illegal(self, text: &str, why: &str) -> String {
        if self.de() {
            format!("{text}: kein zulässiger Zug ({why}).")
        } else {
            format!("{text}: not a legal move ({why}).")
        }
    }

    pub(crate) fn execute_on_board(self) -> String {
        self.pick(
            "Bitte den Zug des Gegners auf Ihrem Brett ausführen.",
            "Please execute the opponent's move on your board.",
        )
    }

    /// A piece-aware board's step: the piece named on removal too ("Nimm den weißen
    /// Bauern von David vier.").
    pub(crate) fn fix_on(self, board: &shakmaty::Board, d: &Difference) -> String {
        match (*d, board.piece_at(d.square())) {
            (Difference::Remove { square }, Some(found)) if self.de() => format!(
                "Nimm {} von {}.",
                self.german_accusative(found),
                self.square(square)
            ),
            (Difference::Remove { square }, Some(found)) => {
                format!(
                    "Take the {} off {}.",
                    self.piece(found),
                    self.square(square)
                )
            }
            _ => self.fix(d),
        }
    }

    /// The sighted player's board differs from the game: what to put right, piece and
    /// squares ("Ihr Brett stimmt nicht. Nimm den weißen Bauern von David vier. …").
    pub(crate) fn sighted_fixes(self, board: &shakmaty::Board, fixes: &[Difference]) -> String {
        let mut out = vec![self.pick("Ihr Brett stimmt nicht.", "Your board is wrong.")];
        out.extend(self.steps(fixes, |d| self.fix_on(board, d)));
        out.join(" ")
    }

    /// To the VI player: the opponent's board is wrong and is being put right.
    pub(crate) fn opponent_board_fixing(self) -> String {
        self.pick(
            "Das Brett Ihres Gegners wird berichtigt.",
            "Your opponent's board is being put right.",
        )
    }

    /// To the VI player: the opponent's board shows the game again.
    pub(crate) fn opponent_board_right(self) -> String {
        self.pick(
            "Das Brett Ihres Gegners stimmt wieder.",
            "Your opponent's board is right again.",
        )
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
        let shown = self.shown_way(way);
        if self.de() {
            format!("Unzulässiger Zug{shown}. Der Schiedsrichter ist informiert.")
        } else {
            format!("Illegal move{shown}. The arbiter has been informed.")
        }
    }

    /// To the VI player: the opponent completed an illegal move (7.5.1); the position
    /// before it stands and it is still their move.
    pub(crate) fn illegal_by_opponent(self, way: Option<(Role, Square, Square)>) -> String {
        let shown = self.shown_way(way);
        if self.de() {
            format!("Ihr Gegner hat einen unzulässigen Zug ausgeführt{shown}.")
        } else {
            format!("Your opponent has completed an illegal move{shown}.")
        }
    }

    pub(crate) fn game_over(self, end: &crate::GameEnd) -> String {
        let who = match (end.result.as_str(), self.de()) {
            ("1-0", true) => "Weiß gewinnt".to_string(),
            ("0-1", true) => "Schwarz gewinnt".to_string(),
            (_, true) => "Remis".to_string(),
            ("1-0", false) => "White wins".to_string(),
            ("0-1", false) => "Black wins".to_string(),
            (_, false) => "Draw".to_string(),
        };
        let how = termination_words(&end.termination, self.de());
        if self.de() {
            format!("Partie beendet: {who}, {how}.")
        } else {
            format!("Game over: {who}, {how}.")
        }
    }
}

fn termination_words(t: &str, de: bool) -> &'static str {
    match (t, de) {
        ("checkmate", true) => "Schachmatt",
        ("checkmate", false) => "checkmate",
        ("stalemate", true) => "Patt",
        ("stalemate", false) => "stalemate",
        ("dead-position", true) => "tote Stellung",
        ("dead-position", false) => "dead position",
        ("fivefold-repetition", true) => "fünfmalige Stellungswiederholung",
        ("fivefold-repetition", false) => "fivefold repetition",
        ("seventy-five-moves", true) => "75-Züge-Regel",
        ("seventy-five-moves", false) => "seventy-five-move rule",
        ("resignation", true) => "Aufgabe",
        ("resignation", false) => "resignation",
        ("agreement", true) => "Einigung",
        ("agreement", false) => "agreement",
        ("threefold-claim", true) => "dreimalige Stellungswiederholung reklamiert",
        ("threefold-claim", false) => "threefold repetition claimed",
        ("fifty-moves-claim", true) => "50-Züge-Regel reklamiert",
        ("fifty-moves-claim", false) => "fifty-move rule claimed",
        ("flag-fall", true) => "Zeitüberschreitung",
        ("flag-fall", false) => "time forfeit",
        ("illegal-moves", true) => "unzulässige Züge",
        ("illegal-moves", false) => "illegal moves",
        (_, true) => "Entscheidung des Schiedsrichters",
        (_, false) => "arbiter's decision",
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
            "Ihr Brett stimmt nicht. Nimm den weißen Bauern von David vier. \
             Setze den weißen Bauern auf David zwei."
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
}
