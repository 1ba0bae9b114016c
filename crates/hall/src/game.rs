//! One table's game as the hall builds it: from the start position the table announced,
//! every move it is sent is played under the Laws (an illegal move is refused), and the
//! game's PGN is written by the rules crate's writer from those moves. The hall never
//! takes a game's text from a message.

use annabella_hall_wire::WireEnd;
use annabella_rules::pgn::{PgnHeader, PgnPlayer, PgnWriter, known};
use shakmaty::{Chess, EnPassantMode, Position, fen::Fen, san::SanPlus};

use annabella_hall_wire::message::{MoveEvent, TableState};

/// A game replayed by the hall.
#[derive(Debug, Clone, Default)]
pub struct HallGame {
    start: Chess,
    start_fen: Option<String>,
    chess960: bool,
    position: Chess,
    moves: Vec<MoveEvent>,
}

/// Why a table's start or move does not fit the game the hall follows.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// The announced start is no FEN.
    #[error("start {text:?}: {error}")]
    StartFen {
        /// The FEN as announced.
        text: String,
        /// What is wrong with it.
        error: shakmaty::fen::ParseFenError,
    },
    /// The announced start is no legal position, or has castling rights only Chess960
    /// can have in a game not announced as Chess960 (the rules' one policy).
    #[error("start {text:?}: {error}")]
    StartPosition {
        /// The FEN as announced.
        text: String,
        /// Why it is not this game's start.
        #[source]
        error: annabella_rules::StartError,
    },
    /// A move for a ply beyond the next one.
    #[error("a move for ply {ply} when the game has {has} (a gap the next view closes)")]
    Gap {
        /// The move's ply.
        ply: usize,
        /// The plies the game has.
        has: usize,
    },
    /// A move that is not legal at its ply.
    #[error("move {uci} ({san}) is not legal at ply {ply}")]
    Illegal {
        /// The move in UCI.
        uci: String,
        /// The move as the table wrote it.
        san: String,
        /// Its ply.
        ply: usize,
    },
    /// A move of a table's view that is not legal at its ply.
    #[error("the view's move {san:?} is not legal at ply {ply}")]
    IllegalInView {
        /// The move as the view has it.
        san: String,
        /// Its ply.
        ply: usize,
    },
}

/// A game's tags as a table's state gives them (its event, site, date, round, board,
/// arbiter, players with their details, time control) and how it ended; every value a
/// table does not know in the PGN standard's form.
pub fn header(state: Option<&TableState>, end: Option<&WireEnd>) -> PgnHeader {
    let Some(s) = state else {
        return PgnHeader {
            result: end.map(|e| e.result),
            termination: end.map(|e| e.pgn_termination.clone()),
            ..PgnHeader::default()
        };
    };
    let player = |name: &str, details: &Option<annabella_table::PlayerDetails>| {
        let d = details.clone().unwrap_or_default();
        PgnPlayer {
            name: known(name),
            title: d.title,
            elo: d.rating,
            fide_id: d.fide_id,
            federation: d.federation,
        }
    };
    PgnHeader {
        event: known(&s.event),
        site: known(&s.site),
        date: known(&s.date),
        round: known(&s.round),
        board: s.board.clone(),
        white: player(&s.white, &s.white_player),
        black: player(&s.black, &s.black_player),
        result: end.map(|e| e.result),
        time_control: s.time_control.as_ref().map(ToString::to_string),
        termination: end.map(|e| e.pgn_termination.clone()),
        arbiter: s.arbiter.clone(),
    }
}

fn ms_clock(ms: u64) -> String {
    annabella_rules::ClockTime(std::time::Duration::from_millis(ms)).hms()
}

impl HallGame {
    /// A game from the start a table announced (`start_fen` when not the standard one).
    ///
    /// # Errors
    /// The FEN is not a position.
    pub fn new(start_fen: Option<&str>, chess960: bool) -> Result<HallGame, GameError> {
        let start = match start_fen {
            None => Chess::default(),
            Some(text) => {
                let fen: Fen = text.parse().map_err(|error| GameError::StartFen {
                    text: text.to_owned(),
                    error,
                })?;
                annabella_rules::start_position(&fen, chess960).map_err(|error| {
                    GameError::StartPosition {
                        text: text.to_owned(),
                        error,
                    }
                })?
            }
        };
        Ok(HallGame {
            position: start.clone(),
            start,
            start_fen: start_fen.map(str::to_owned),
            chess960,
            moves: Vec::new(),
        })
    }

    /// Whether this game starts where `state` says the table's game starts.
    pub fn starts_as(&self, state: &TableState) -> bool {
        self.start_fen == state.start_fen && self.chess960 == state.chess960
    }

    /// The position the game starts from.
    pub fn start(&self) -> &Chess {
        &self.start
    }

    /// The moves so far, in order.
    pub fn moves(&self) -> &[MoveEvent] {
        &self.moves
    }

    /// Back to the position after `plies` half-moves (a take-back).
    fn truncate(&mut self, plies: usize) {
        if plies >= self.moves.len() {
            return;
        }
        self.moves.truncate(plies);
        let mut position = self.start.clone();
        for m in &self.moves {
            // Every kept move was legal when it was played.
            if let Ok(mv) = m.uci.to_move(&position) {
                position.play_unchecked(mv);
            }
        }
        self.position = position;
    }

    fn push(&mut self, mv: shakmaty::Move, template: &MoveEvent) -> MoveEvent {
        let uci = mv.to_uci(self.start.castles().mode());
        let color = self.position.turn();
        let san = SanPlus::from_move_and_play_unchecked(&mut self.position, mv);
        let event = MoveEvent {
            ply: self.moves.len() + 1,
            color,
            san,
            uci,
            ..template.clone()
        };
        self.moves.push(event.clone());
        event
    }

    /// Plays a table's move at its ply: the next ply appends it; an earlier ply with
    /// another move takes back to there first; a move the game already has is nothing
    /// new (`None`).
    ///
    /// # Errors
    /// A ply beyond the next one, or a move that is not legal there.
    pub fn play(&mut self, m: &MoveEvent) -> Result<Option<MoveEvent>, GameError> {
        if m.ply == 0 || m.ply > self.moves.len() + 1 {
            return Err(GameError::Gap {
                ply: m.ply,
                has: self.moves.len(),
            });
        }
        if m.ply <= self.moves.len() {
            if self.moves[m.ply - 1].uci == m.uci {
                return Ok(None);
            }
            self.truncate(m.ply - 1);
        }
        let mv = m
            .uci
            .to_move(&self.position)
            .map_err(|_| GameError::Illegal {
                uci: m.uci.to_string(),
                san: m.san.to_string(),
                ply: self.moves.len() + 1,
            })?;
        Ok(Some(self.push(mv, m)))
    }

    /// Brings the game to the moves of a table's view (SAN, with the clock after each):
    /// keeps what agrees, takes back the rest, and plays the view's further moves under
    /// the Laws. Returns the moves added.
    ///
    /// # Errors
    /// A move of the view that is not legal (the moves before it stay played).
    pub fn follow(&mut self, state: &TableState) -> Result<Vec<MoveEvent>, GameError> {
        let view = &state.view;
        let agree = self
            .moves
            .iter()
            .zip(&view.moves)
            .take_while(|(m, san)| m.san == **san)
            .count();
        self.truncate(agree);
        // A move's clock is final at the clock press, which the view has.
        for (m, clock) in self.moves.iter_mut().zip(&view.move_clocks) {
            m.clock_ms = u64::try_from(clock.as_millis()).unwrap_or(u64::MAX);
        }
        let mut added = Vec::new();
        for (i, san) in view.moves.iter().enumerate().skip(agree) {
            let mv = san
                .san
                .to_move(&self.position)
                .map_err(|_| GameError::IllegalInView {
                    san: san.to_string(),
                    ply: i + 1,
                })?;
            let clock = view.move_clocks.get(i).copied().unwrap_or_default();
            // Ply, colour, SAN and UCI are the hall's own (push); the clocks the view's.
            let template = MoveEvent {
                ply: 0,
                color: self.position.turn(),
                san: *san,
                uci: mv.to_uci(self.start.castles().mode()),
                clock_ms: u64::try_from(clock.as_millis()).unwrap_or(u64::MAX),
                white_ms: u64::try_from(view.white_time.as_millis()).unwrap_or(u64::MAX),
                black_ms: u64::try_from(view.black_time.as_millis()).unwrap_or(u64::MAX),
            };
            added.push(self.push(mv, &template));
        }
        Ok(added)
    }

    /// The FEN of the position now.
    pub fn fen(&self) -> String {
        Fen::from_position(&self.position, EnPassantMode::Legal).to_string()
    }

    /// The game in PGN: the tags from the table's view (the day, the players with their
    /// titles and ratings, the table's board as `Board` …; [`header`]), the hall's own
    /// moves with their clocks, and the result.
    pub fn pgn(&self, board: &str, state: Option<&TableState>, end: Option<&WireEnd>) -> String {
        let mut header = header(state, end);
        header.board = Some(board.to_owned());
        let result = header.result_text();
        let mut pgn = PgnWriter::new();
        header.write(&mut pgn);
        if self.start_fen.is_some() || self.chess960 {
            pgn.setup_tags(&self.start, self.chess960);
        }
        let mut notes = annabella_hall_wire::ruling::comments(
            state.map_or(&[][..], |s| s.rulings.as_slice()),
            self.moves.len(),
        );
        for note in notes.remove(&0).unwrap_or_default() {
            pgn.comment(&note);
        }
        pgn.moves(
            &self.start,
            self.moves.iter().map(|m| {
                let mut comments = vec![format!("[%clk {}]", ms_clock(m.clock_ms))];
                comments.extend(notes.remove(&m.ply).unwrap_or_default());
                (m.san.to_string(), comments)
            }),
        );
        pgn.finish(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(ply: usize, uci: &str) -> MoveEvent {
        MoveEvent {
            ply,
            color: shakmaty::Color::Black,
            san: "Qh5".parse().unwrap(),
            uci: uci.parse().unwrap(),
            clock_ms: 60_000,
            white_ms: 0,
            black_ms: 0,
        }
    }

    #[test]
    fn a_start_follows_the_rules_one_policy() {
        let chess960 = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1";
        // Announced as Chess960: read with Chess960 castling.
        let g = HallGame::new(Some(chess960), true).unwrap();
        assert_eq!(g.start().castles().mode(), shakmaty::CastlingMode::Chess960);
        // Not announced as Chess960: refused, not read as Chess960 behind the table's back.
        let err = HallGame::new(Some(chess960), false).unwrap_err();
        assert!(
            matches!(
                err,
                GameError::StartPosition {
                    error: annabella_rules::StartError::NeedsChess960 { .. },
                    ..
                }
            ),
            "{err}"
        );
        assert!(err.to_string().contains("only Chess960"), "{err}");
        // A standard start announced as Chess960 keeps its rights.
        let standard = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let g = HallGame::new(Some(standard), true).unwrap();
        assert!(
            g.start()
                .castles()
                .has(shakmaty::Color::White, shakmaty::CastlingSide::QueenSide)
        );
        assert!(HallGame::new(Some("8/8/8/8/8/8/8/8 w - - 0 1"), false).is_err());
    }

    #[test]
    fn moves_are_played_under_the_laws_and_the_san_is_the_halls() {
        let mut g = HallGame::new(None, false).unwrap();
        let e4 = g.play(&mv(1, "e2e4")).unwrap().unwrap();
        assert_eq!(
            (e4.san.to_string(), e4.color),
            ("e4".to_owned(), shakmaty::Color::White)
        );
        assert!(g.play(&mv(2, "e7e4")).is_err(), "illegal");
        assert!(g.play(&mv(5, "e7e5")).is_err(), "a gap");
        assert_eq!(g.play(&mv(1, "e2e4")).unwrap(), None, "known");
        g.play(&mv(2, "e7e5")).unwrap();
        // A take-back of Black's move, then another.
        g.play(&mv(2, "c7c5")).unwrap();
        let sans: Vec<String> = g.moves().iter().map(|m| m.san.to_string()).collect();
        assert_eq!(sans, ["e4", "c5"]);
        let pgn = g.pgn("7", None, None);
        assert!(pgn.contains("[Board \"7\"]"), "{pgn}");
        assert!(pgn.contains("1. e4 {[%clk 0:01:00]} 1... c5"), "{pgn}");
        assert!(!pgn.contains("Qh5"), "the sender's SAN is not taken: {pgn}");
    }
}
