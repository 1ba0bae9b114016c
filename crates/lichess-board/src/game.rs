//! The online game as the client knows it: the moves told to the table (each once), the
//! position they lead to, the offers standing; a `gameState` or a resumed `gameFull`
//! becomes the events of what changed since.

use shakmaty::{
    ByColor, CastlingMode, Chess, Color, EnPassantMode, Position as _, fen::Fen, uci::UciMove,
};

use crate::{
    event::{Event, Fatal},
    wire::{GameFull, GameState, Variant},
};

/// One game on Lichess.
#[derive(Debug, Clone)]
pub struct OnlineGame {
    /// The player's side.
    pub side: Color,
    mode: CastlingMode,
    initial: Chess,
    position: Chess,
    moves: Vec<UciMove>,
    draw_offer: ByColor<bool>,
    takeback: ByColor<bool>,
    clock: Option<ByColor<std::time::Duration>>,
    over: bool,
}

impl OnlineGame {
    /// The game of `full`, with no move told yet.
    ///
    /// # Errors
    /// A variant the table does not play, or an initial position that is not legal.
    pub fn new(full: &GameFull, side: Color) -> Result<OnlineGame, Fatal> {
        let (mode, chess960) = match full.variant {
            Variant::Standard => (CastlingMode::Standard, false),
            Variant::Chess960 => (CastlingMode::Chess960, true),
            Variant::Other => return Err(Fatal::Variant(full.id.to_string())),
        };
        let initial = match &full.initial_fen {
            None => Chess::default(),
            Some(fen) => {
                annabella_rules::start_position(fen, chess960).map_err(|why| Fatal::Start {
                    game: full.id.to_string(),
                    why,
                })?
            }
        };
        Ok(OnlineGame {
            side,
            mode,
            position: initial.clone(),
            initial,
            moves: Vec::new(),
            draw_offer: ByColor::default(),
            takeback: ByColor::default(),
            clock: None,
            over: false,
        })
    }

    /// The moves told so far.
    pub fn moves(&self) -> &[UciMove] {
        &self.moves
    }

    /// Whether it is the player's turn.
    pub fn players_turn(&self) -> bool {
        !self.over && self.position.turn() == self.side
    }

    /// Whether Lichess reported the end.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The position now, as FEN (for the journal's notes and the tests).
    pub fn fen(&self) -> Fen {
        Fen::from_position(&self.position, EnPassantMode::Legal)
    }

    /// The player's `uci` in this game's notation, if it is legal now.
    pub fn legal(&self, uci: &UciMove) -> Option<UciMove> {
        if self.over {
            return None;
        }
        let m = uci.to_move(&self.position).ok()?;
        Some(m.to_uci(self.mode))
    }

    /// The events of `state` against what was told before, in order.
    pub fn update(&mut self, state: &GameState, out: &mut Vec<Event>) {
        // Lichess's moves in this game's notation (castling as the king's two squares in
        // standard chess, whichever spelling came), each checked from the initial position.
        let mut replay = self.initial.clone();
        let mut told = Vec::with_capacity(state.moves.len());
        let mut illegal = None;
        for uci in &state.moves {
            match uci.to_move(&replay) {
                Ok(m) => {
                    told.push((replay.turn(), m.to_uci(self.mode)));
                    replay.play_unchecked(m);
                }
                Err(_) => {
                    illegal = Some(*uci);
                    break;
                }
            }
        }
        let common = self
            .moves
            .iter()
            .zip(&told)
            .take_while(|(a, (_, b))| *a == b)
            .count();
        if common < self.moves.len() {
            self.moves.truncate(common);
            out.push(Event::TakenBack { plies: common });
        }
        for (side, uci) in &told[common..] {
            self.moves.push(*uci);
            out.push(Event::Moved {
                ply: self.moves.len(),
                side: *side,
                uci: *uci,
            });
        }
        self.position = replay;
        if let Some(uci) = illegal {
            out.push(Event::Fatal(Fatal::IllegalMove(uci.to_string())));
            self.over = true;
            return;
        }
        if self.clock != Some(state.clock) {
            self.clock = Some(state.clock);
            out.push(Event::Clock(state.clock));
        }
        let opponent = !self.side;
        if state.draw_offer[opponent] && !self.draw_offer[opponent] {
            out.push(Event::DrawOffered);
        }
        if self.draw_offer[self.side] && !state.draw_offer[self.side] && !state.status.is_over() {
            out.push(Event::DrawDeclined);
        }
        if state.takeback[opponent] && !self.takeback[opponent] {
            out.push(Event::TakebackProposed);
        }
        self.draw_offer = state.draw_offer;
        self.takeback = state.takeback;
        if state.status.is_over() && !self.over {
            self.over = true;
            out.push(Event::Ended {
                status: state.status,
                winner: state.winner,
            });
        }
    }

    /// The player's draw offer stands, as far as the client knows.
    pub fn offer_sent(&mut self) {
        self.draw_offer[self.side] = true;
    }

    /// Whether the opponent's draw offer stands.
    pub fn opponent_offers_draw(&self) -> bool {
        self.draw_offer[!self.side]
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::wire::{GameMessage, Status};

    fn full(moves: &str) -> GameFull {
        let line = format!(
            r#"{{"type":"gameFull","id":"abcd1234","rated":true,"variant":{{"key":"standard"}},"speed":"rapid","perf":{{}},"createdAt":1,"white":{{"id":"a","name":"A"}},"black":{{"id":"b","name":"B"}},"initialFen":"startpos","state":{{"type":"gameState","moves":"{moves}","wtime":60000,"btime":60000,"winc":0,"binc":0,"status":"started"}}}}"#
        );
        match GameMessage::decode(&line).unwrap() {
            GameMessage::Full(f) => *f,
            _ => unreachable!(),
        }
    }

    fn state(moves: &str) -> GameState {
        full(moves).state
    }

    #[test]
    fn each_move_is_told_once_in_order_and_castling_in_either_spelling() {
        let f = full("e2e4 e7e5");
        let mut g = OnlineGame::new(&f, Color::White).unwrap();
        let mut out = Vec::new();
        g.update(&f.state, &mut out);
        assert!(matches!(
            &out[..],
            [
                Event::Moved {
                    ply: 1,
                    side: Color::White,
                    ..
                },
                Event::Moved {
                    ply: 2,
                    side: Color::Black,
                    ..
                },
                Event::Clock(_)
            ]
        ));
        out.clear();
        // The same state again (a resumed stream): nothing new.
        g.update(&f.state, &mut out);
        assert_eq!(out, []);
        g.update(&state("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1"), &mut out);
        let last = out.iter().rev().find_map(|e| match e {
            Event::Moved { uci, .. } => Some(uci.to_string()),
            _ => None,
        });
        assert_eq!(
            last.as_deref(),
            Some("e1g1"),
            "king-to-rook told as standard"
        );
        out.clear();
        g.update(&state("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1"), &mut out);
        assert_eq!(
            out,
            [],
            "the same castling in the other spelling is no new move"
        );
        assert!(!g.players_turn());
    }

    #[test]
    fn offers_takebacks_and_the_end_are_told_when_they_change() {
        let f = full("e2e4");
        let mut g = OnlineGame::new(&f, Color::White).unwrap();
        let mut out = Vec::new();
        g.update(&f.state, &mut out);
        out.clear();
        let mut s = state("e2e4");
        s.draw_offer.black = true;
        s.takeback.black = true;
        g.update(&s, &mut out);
        assert_eq!(out, [Event::DrawOffered, Event::TakebackProposed]);
        assert!(g.opponent_offers_draw());
        out.clear();
        g.update(&state(""), &mut out);
        assert_eq!(out, [Event::TakenBack { plies: 0 }]);
        g.offer_sent();
        out.clear();
        g.update(&state("e2e4"), &mut out);
        assert!(out.contains(&Event::DrawDeclined), "{out:?}");
        let mut end = state("e2e4");
        end.status = Status::Resign;
        end.winner = Some(Color::White);
        end.clock.white = Duration::from_secs(5);
        out.clear();
        g.update(&end, &mut out);
        assert_eq!(
            out,
            [
                Event::Clock(ByColor {
                    white: Duration::from_secs(5),
                    black: Duration::from_secs(60)
                }),
                Event::Ended {
                    status: Status::Resign,
                    winner: Some(Color::White)
                }
            ]
        );
        assert!(g.is_over());
    }

    #[test]
    fn an_illegal_move_from_the_server_stops_the_game_instead_of_playing_it() {
        let f = full("");
        let mut g = OnlineGame::new(&f, Color::Black).unwrap();
        let mut out = Vec::new();
        g.update(&state("e2e5"), &mut out);
        assert_eq!(out, [Event::Fatal(Fatal::IllegalMove("e2e5".into()))]);
        assert_eq!(g.moves(), []);
        assert_eq!(g.legal(&"e2e4".parse().unwrap()), None, "over");
    }

    #[test]
    fn a_start_follows_the_variant_by_the_rules_one_policy() {
        let chess960 = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1";
        let mut f = full("");
        f.initial_fen = Some(chess960.parse().unwrap());
        // A standard (or from-position) game with rights only Chess960 has: refused,
        // naming the game and the position.
        let err = OnlineGame::new(&f, Color::White).unwrap_err();
        assert!(
            matches!(
                &err,
                Fatal::Start {
                    why: annabella_rules::StartError::NeedsChess960 { .. },
                    ..
                }
            ),
            "{err}"
        );
        assert!(err.to_string().contains("abcd1234"), "{err}");
        // The same position in a Chess960 game: played from there.
        f.variant = Variant::Chess960;
        let g = OnlineGame::new(&f, Color::White).unwrap();
        assert!(g.fen().to_string().starts_with("bqnbrkrn/"), "{}", g.fen());
        assert!(g.players_turn());
        // An impossible position: refused in either variant.
        f.initial_fen = Some("8/8/8/8/8/8/8/8 w - - 0 1".parse().unwrap());
        assert!(matches!(
            OnlineGame::new(&f, Color::White),
            Err(Fatal::Start { .. })
        ));
    }
}
