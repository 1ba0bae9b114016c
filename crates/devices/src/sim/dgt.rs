//! The simulated DGT e-board with a DGT 3000 on it.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use serde::Deserialize;
use shakmaty::{Board, Piece, Square};

use super::{SimDevice, SimError, board_move, parse_board, parse_square};
use crate::dgt::{self, ClockTimes, CommandDecoder, HostCommand, clk, cmd};

/// Actions of the simulated DGT board (JSON: `{"move":"e2e4"}`, `{"lift":"e2"}`,
/// `{"place":"Qd1"}`, `{"board":"<FEN>"}`, `{"clock_button":1}`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DgtAction {
    /// Move a piece (UCI; castling moves the rook too, en passant removes the pawn).
    Move(String),
    /// Take the piece off a square.
    Lift(String),
    /// Put a piece on a square: piece letter and square, `Qd1` / `pe5`.
    Place(String),
    /// Set up a whole board (FEN or its board part); sends one field update per change.
    Board(String),
    /// Press a DGT 3000 button (code).
    ClockButton(u8),
    /// Report clock times (seconds, right and left).
    ClockTimes([u64; 2]),
}

/// The simulated DGT board (with a DGT 3000 clock attached).
#[derive(Debug)]
pub struct DgtSim {
    board: Board,
    update_mode: bool,
    commands: CommandDecoder,
    out: VecDeque<u8>,
    /// Clock commands received (code, parameters), for tests.
    pub clock_log: Vec<(u8, Vec<u8>)>,
    /// Number of clock commands still to leave unacknowledged (to test retries).
    pub drop_clock_acks: u32,
    /// A hung board: reads and ignores everything, sends nothing.
    pub mute: bool,
    /// The DGT 3000: left and right time at `since`, and which side runs.
    clock: (Duration, Duration, dgt::ClockRun, Instant),
    next_clock_report: Option<Instant>,
}

impl DgtSim {
    /// A board with these pieces.
    pub fn new(board: Board) -> Self {
        DgtSim {
            board,
            update_mode: false,
            commands: CommandDecoder::default(),
            out: VecDeque::new(),
            clock_log: Vec::new(),
            drop_clock_acks: 0,
            mute: false,
            clock: (
                Duration::ZERO,
                Duration::ZERO,
                dgt::ClockRun::Paused,
                Instant::now(),
            ),
            next_clock_report: None,
        }
    }

    /// The pieces on the board now.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The DGT 3000's shown times (left, right) and which side runs.
    pub fn clock_times(&self, now: Instant) -> (Duration, Duration, dgt::ClockRun) {
        let (left, right, run, since) = self.clock;
        let ran = now.saturating_duration_since(since);
        match run {
            dgt::ClockRun::Left => (left.saturating_sub(ran), right, run),
            dgt::ClockRun::Right => (left, right.saturating_sub(ran), run),
            dgt::ClockRun::Paused => (left, right, run),
        }
    }

    fn report_clock(&mut self, now: Instant) {
        let (left, right, run) = self.clock_times(now);
        let status = if run == dgt::ClockRun::Paused { 0 } else { 1 };
        self.send(dgt::Message::ClockTimes(ClockTimes {
            right,
            left,
            status,
        }));
    }

    fn send(&mut self, m: dgt::Message) {
        let mut b = Vec::new();
        m.encode(&mut b);
        self.out.extend(b);
    }

    fn set(&mut self, sq: Square, piece: Option<Piece>) {
        match piece {
            Some(p) => self.board.set_piece_at(sq, p),
            None => self.board.discard_piece_at(sq),
        }
        if self.update_mode {
            self.send(dgt::Message::FieldUpdate { square: sq, piece });
        }
    }
}

impl SimDevice for DgtSim {
    type Action = DgtAction;

    fn handle_bytes(&mut self, now: Instant, bytes: &[u8]) {
        let commands = self.commands.push(bytes);
        if self.mute {
            return;
        }
        for c in commands {
            match c {
                HostCommand::Byte(cmd::RESET) => self.update_mode = false,
                HostCommand::Byte(cmd::SEND_BRD) => {
                    self.send(dgt::Message::BoardDump(self.board.clone()))
                }
                HostCommand::Byte(
                    cmd::SEND_UPDATE | cmd::SEND_UPDATE_BRD | cmd::SEND_UPDATE_NICE,
                ) => self.update_mode = true,
                HostCommand::Byte(cmd::RETURN_SERIALNR) => {
                    self.send(dgt::Message::SerialNumber("04711".into()))
                }
                HostCommand::Byte(cmd::SEND_VERSION) => {
                    self.send(dgt::Message::Version { major: 1, minor: 7 })
                }
                HostCommand::Byte(cmd::SEND_CLK) => self.report_clock(now),
                HostCommand::Byte(_) => {}
                HostCommand::Clock { code, params } => {
                    if code == clk::SETNRUN && params.len() == 7 {
                        let t = |h: u8, m: u8, s: u8| {
                            Duration::from_secs(
                                u64::from(h) * 3600 + u64::from(m) * 60 + u64::from(s),
                            )
                        };
                        let run = match params[6] {
                            0x01 => dgt::ClockRun::Left,
                            0x02 => dgt::ClockRun::Right,
                            _ => dgt::ClockRun::Paused,
                        };
                        let left = t(params[0], params[1], params[2]);
                        let right = t(params[3], params[4], params[5]);
                        self.clock = (left, right, run, now);
                        self.next_clock_report = Some(now);
                    }
                    self.clock_log.push((code, params));
                    if self.drop_clock_acks > 0 {
                        self.drop_clock_acks -= 1;
                    } else {
                        let data = if code == clk::VERSION { [2, 0] } else { [0, 0] };
                        self.send(dgt::Message::ClockAck {
                            command: code,
                            data,
                        });
                    }
                }
            }
        }
    }

    fn act(&mut self, _now: Instant, action: DgtAction) -> Result<(), SimError> {
        match action {
            DgtAction::Move(uci) => {
                for (sq, p) in board_move(&self.board, &uci)? {
                    self.set(sq, p);
                }
            }
            DgtAction::Lift(sq) => {
                let sq = parse_square(&sq)?;
                if self.board.piece_at(sq).is_none() {
                    return Err(SimError::NoPiece(sq));
                }
                self.set(sq, None);
            }
            DgtAction::Place(spec) => {
                let mut chars = spec.trim().chars();
                let piece = chars
                    .next()
                    .and_then(Piece::from_char)
                    .ok_or_else(|| SimError::Piece(spec.clone()))?;
                let sq = parse_square(chars.as_str())?;
                self.set(sq, Some(piece));
            }
            DgtAction::Board(fen) => {
                let target = parse_board(&fen)?;
                for sq in Square::ALL {
                    if self.board.piece_at(sq) != target.piece_at(sq) {
                        self.set(sq, target.piece_at(sq));
                    }
                }
            }
            DgtAction::ClockButton(code) => self.send(dgt::Message::ClockAck {
                command: clk::ACK_BUTTON,
                data: [0, code],
            }),
            DgtAction::ClockTimes([right, left]) => {
                self.send(dgt::Message::ClockTimes(ClockTimes {
                    right: Duration::from_secs(right),
                    left: Duration::from_secs(left),
                    status: 1,
                }))
            }
        }
        Ok(())
    }

    fn poll_transmit(&mut self, buf: &mut Vec<u8>) -> Option<usize> {
        if self.out.is_empty() {
            return None;
        }
        let n = self.out.len();
        buf.extend(self.out.drain(..));
        Some(n)
    }

    fn poll_timeout(&self) -> Option<Instant> {
        self.next_clock_report
            .filter(|_| self.update_mode && !self.mute)
    }

    /// In update mode the board reports the clock's times once a second while it runs.
    fn handle_timeout(&mut self, now: Instant) {
        let Some(due) = self.next_clock_report else {
            return;
        };
        if now < due || !self.update_mode || self.mute {
            return;
        }
        self.report_clock(now);
        self.next_clock_report =
            (self.clock.2 != dgt::ClockRun::Paused).then(|| now + Duration::from_secs(1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Color;

    #[test]
    fn dgt_move_steps_castling_and_en_passant() {
        let b: Board = "r3k2r/8/8/3pP3/8/8/8/R3K2R".parse().unwrap();
        let steps = board_move(&b, "e1g1").unwrap();
        assert_eq!(steps.len(), 4);
        assert_eq!(steps[3], (Square::F1, Some(Color::White.rook())));
        let steps = board_move(&b, "e5d6").unwrap();
        assert_eq!(steps.last(), Some(&(Square::D5, None)));
    }
}
