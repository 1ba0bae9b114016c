//! The arbiter's decisions a game's record shows: an illegal move penalised (7.5), a
//! position restored (7.5.1, D.2.9: a reconciliation), an adjournment, its sealed move
//! and the resumption. The station's replica notes each as a [`Ruling`] in the table's
//! view; the hall writes it as a PGN comment after the move it followed, so that the
//! move text holds only the legal moves of the game as it stands (what Lichess accepts)
//! and nothing the arbiter decided is hidden.

use std::{collections::BTreeMap, time::Duration};

use annabella_table::{ArbiterAction, Effect, Input, Table};
use serde::{Deserialize, Serialize};
use shakmaty::{Chess, Color, Position};

/// What the arbiter decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RulingKind {
    /// An illegal move penalised (7.5.5): time to the opponent, or the game lost.
    IllegalMove,
    /// The game taken back to an earlier position (the moves after it withdrawn).
    PositionRestored,
    /// The game adjourned: the player on move seals their next move.
    Adjourned,
    /// The sealed move is with the arbiter (kept secret until play resumes).
    Sealed,
    /// Play resumed after an adjournment: the sealed move is made.
    Resumed,
}

/// One decision, placed in the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruling {
    /// What.
    pub kind: RulingKind,
    /// Half-moves of the game when it was decided: its comment follows that move (0:
    /// before the first).
    pub ply: usize,
    /// In words (the PGN comment, without the leading `Arbiter:`).
    pub text: String,
    /// The moves a restored position took back (SAN, from `ply + 1`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub withdrawn: Vec<String>,
    /// The journal record of the decision.
    pub seq: u64,
}

/// What the replica notes of the table before an input, to see afterwards what the
/// arbiter's decision changed.
#[derive(Debug, Clone)]
pub struct Before {
    sans: Vec<String>,
    strikes: [u8; 2],
    times: [Duration; 2],
    sealed: bool,
    open: bool,
}

fn side(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn clock(d: Duration) -> String {
    annabella_rules::ClockTime(d).hms()
}

impl Before {
    /// The table as it is before `now`'s input.
    pub fn of(table: &Table, now: Duration) -> Before {
        Before {
            sans: table.records().iter().map(|r| r.san.clone()).collect(),
            strikes: [Color::White, Color::Black].map(|c| table.game().strikes(c)),
            times: [Color::White, Color::Black].map(|c| table.clock().remaining(c, now)),
            sealed: table.sealed_move().is_some(),
            open: table.snapshot().started && table.end().is_none(),
        }
    }
}

/// The moves `sans` numbered as in a PGN, the first being half-move `first_ply + 1` of a
/// game from `start` (`3... Nc6 4. Bb5`).
pub fn numbered(start: &Chess, first_ply: usize, sans: &[String]) -> String {
    let white_first = start.turn() == Color::White;
    let mut out = Vec::new();
    for (i, san) in sans.iter().enumerate() {
        // Half-moves from the start of move 1 with White to move.
        let half = first_ply + i + usize::from(!white_first);
        let number = start.fullmoves().get() as usize + half / 2;
        if half.is_multiple_of(2) {
            out.push(format!("{number}. {san}"));
        } else if i == 0 {
            out.push(format!("{number}... {san}"));
        } else {
            out.push(san.clone());
        }
    }
    out.join(" ")
}

/// The decisions `input` (handled at `now`, giving `effects`) took at the table, noted
/// from the table `before` it and after it; `alert` is the table's illegal-move alert
/// the decision is about, if any: its detail (what the table saw) and its ply (where
/// the penalty's comment goes).
pub fn observe(
    before: &Before,
    table: &Table,
    now: Duration,
    input: &Input,
    effects: &[Effect],
    seq: u64,
    alert: Option<(&str, usize)>,
) -> Vec<Ruling> {
    let plies = table.records().len();
    let ruling = |kind, ply, text: String| Ruling {
        kind,
        ply,
        text,
        withdrawn: Vec::new(),
        seq,
    };
    let action = match input {
        Input::Arbiter(a)
        | Input::ByArbiter {
            action: Some(a), ..
        } => Some(a),
        _ => None,
    };
    let mut rulings: Vec<Ruling> = match action {
        Some(ArbiterAction::IllegalMove { by }) => penalty(before, table, now, *by, alert)
            .map(|(ply, text)| ruling(RulingKind::IllegalMove, ply, text))
            .into_iter()
            .collect(),
        Some(ArbiterAction::RestorePosition { ply }) if *ply == plies => {
            let (text, withdrawn) = restored(before, table, *ply);
            vec![Ruling {
                withdrawn,
                ..ruling(RulingKind::PositionRestored, *ply, text)
            }]
        }
        Some(ArbiterAction::Adjourn) if before.open && !before.sealed => {
            let turn = table.game().turn();
            vec![ruling(
                RulingKind::Adjourned,
                plies,
                format!("the game is adjourned; {} seals the next move", side(turn)),
            )]
        }
        Some(ArbiterAction::Resume) if before.sealed && table.sealed_move().is_none() => {
            vec![ruling(
                RulingKind::Resumed,
                before.sans.len(),
                "play resumes after the adjournment; the sealed move is made".to_owned(),
            )]
        }
        _ => Vec::new(),
    };
    rulings.extend(effects.iter().filter_map(|e| match e {
        Effect::Sealed(s) => Some(ruling(
            RulingKind::Sealed,
            s.ply.saturating_sub(1),
            format!(
                "{} has sealed a move, kept by the arbiter until play resumes",
                side(s.color)
            ),
        )),
        _ => None,
    }));
    rulings
}

/// The penalty for an illegal move by `by`, when the table gave one (a strike more than
/// `before`): where its comment goes and what it says (the game's end, or the time the
/// opponent got; with the table's alert, what the table saw).
fn penalty(
    before: &Before,
    table: &Table,
    now: Duration,
    by: Color,
    alert: Option<(&str, usize)>,
) -> Option<(usize, String)> {
    let i = usize::from(by == Color::Black);
    if table.game().strikes(by) <= before.strikes[i] {
        return None;
    }
    let plies = table.records().len();
    let text = match table.end() {
        Some(end) if before.open => format!(
            "illegal move by {} (Law 7.5.5), the position before it stands; the game ends {} \
             ({})",
            side(by),
            end.result,
            end.pgn_termination
        ),
        _ => {
            let to = !by;
            let j = usize::from(to == Color::Black);
            let added = table
                .clock()
                .remaining(to, now)
                .saturating_sub(before.times[j]);
            format!(
                "illegal move by {} (Law 7.5.5), the position before it stands; {} gets {} more",
                side(by),
                side(to),
                clock(added)
            )
        }
    };
    let saw = alert.map_or_else(String::new, |(a, _)| format!("; the table's alert: {a}"));
    let at = alert.map_or(plies, |(_, ply)| ply.min(plies));
    Some((at, text + &saw))
}

/// The restored position after `ply` half-moves: what the ruling says and the moves it
/// took back (as the table had them `before`).
fn restored(before: &Before, table: &Table, ply: usize) -> (String, Vec<String>) {
    let start = table.game().start();
    let withdrawn: Vec<String> = before.sans.get(ply..).unwrap_or_default().to_vec();
    let at = if ply == 0 {
        "the start position".to_owned()
    } else {
        let last = before.sans.get(ply - 1).cloned().unwrap_or_default();
        format!("the position after {}", numbered(start, ply - 1, &[last]))
    };
    let taken = if withdrawn.is_empty() {
        String::new()
    } else {
        format!("; taken back: {}", numbered(start, ply, &withdrawn))
    };
    (
        format!("{at} is restored (Law 7.5.1, reconciliation){taken}; the game goes on from there"),
        withdrawn,
    )
}

/// The comments of `rulings` by the half-move they follow in a game of `plies`
/// half-moves: each after the move it was decided at, or, when a later restored
/// position took that move back, at the restored position (where the game went on).
pub fn comments(rulings: &[Ruling], plies: usize) -> BTreeMap<usize, Vec<String>> {
    let mut by_ply: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for (i, r) in rulings.iter().enumerate() {
        let floor = rulings[i + 1..]
            .iter()
            .filter(|later| later.kind == RulingKind::PositionRestored)
            .map(|later| later.ply)
            .fold(r.ply, usize::min);
        by_ply
            .entry(floor.min(plies))
            .or_default()
            .push(format!("Arbiter: {}", r.text));
    }
    by_ply
}

#[cfg(test)]
mod tests {
    use super::*;

    fn restored(ply: usize, seq: u64) -> Ruling {
        Ruling {
            kind: RulingKind::PositionRestored,
            ply,
            text: format!("restored to {ply}"),
            withdrawn: Vec::new(),
            seq,
        }
    }

    #[test]
    fn moves_are_numbered_from_any_half_move() {
        let start = Chess::default();
        let sans = ["e5", "Bc4", "Nc6"].map(String::from);
        assert_eq!(numbered(&start, 1, &sans), "1... e5 2. Bc4 Nc6");
        assert_eq!(numbered(&start, 2, &sans[1..]), "2. Bc4 Nc6");
        let black_first: Chess = "4k3/8/8/8/8/8/8/4K3 b - - 0 30"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        let sans = ["Kd7", "Kd2"].map(String::from);
        assert_eq!(numbered(&black_first, 0, &sans), "30... Kd7 31. Kd2");
    }

    #[test]
    fn a_ruling_on_a_move_taken_back_later_goes_to_the_restored_position() {
        let illegal = Ruling {
            kind: RulingKind::IllegalMove,
            ply: 5,
            text: "illegal".into(),
            withdrawn: Vec::new(),
            seq: 1,
        };
        let rulings = [illegal.clone(), restored(3, 2), restored(4, 3)];
        let c = comments(&rulings, 6);
        assert_eq!(
            c.get(&3).map(Vec::as_slice),
            Some(
                [
                    "Arbiter: illegal".to_owned(),
                    "Arbiter: restored to 3".to_owned()
                ]
                .as_slice()
            )
        );
        assert_eq!(
            c.get(&4).map(Vec::as_slice),
            Some(["Arbiter: restored to 4".to_owned()].as_slice())
        );
        // A game shorter than the ruling's ply (a view not yet caught up) ends with it.
        assert_eq!(comments(&[illegal], 2).keys().collect::<Vec<_>>(), [&2]);
    }
}
