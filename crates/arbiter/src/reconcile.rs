//! Law D.2.9: when the two boards differ, the arbiter corrects them with both scoresheets.
//! If the scoresheets agree, the player who recorded the right move but executed another
//! puts their board right; if they differ, the game goes back to the last ply where they
//! agree and the clocks are set for it.

use annabella_rules::ClockTime;
use shakmaty::{Board, Chess, Color, EnPassantMode, Move, Position, fen::Fen};

mod diagnosis;
mod slips;

use diagnosis::{Agreed, diagnose};
use slips::explain;

use crate::{
    line::{Line, san, say_entry, say_move, say_ply},
    plan::{BoardFix, Case, ClockProposal, ClockReading, Finding, FindingKind, Plan},
    player::{Player, Words},
    restore::{RestoreStep, restore},
};

/// What one player brings to the arbiter: their scoresheet and their board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The moves as written, one entry per ply (SAN, German SAN or UCI).
    pub scoresheet: Vec<String>,
    /// The pieces on their board as observed now.
    pub board: Board,
}

/// Everything the arbiter looks at.
#[derive(Debug, Clone)]
pub struct Evidence {
    /// The starting position (standard or Chess960 castling).
    pub start: Chess,
    /// The VI player's scoresheet and board.
    pub vi: Record,
    /// The sighted player's scoresheet and board.
    pub sighted: Record,
    /// Clock readings from the journal, indexed by ply (0: the start); missing plies `None`.
    pub clocks: Vec<Option<ClockReading>>,
}

impl Evidence {
    fn record(&self, player: Player) -> &Record {
        match player {
            Player::Vi => &self.vi,
            Player::Sighted => &self.sighted,
        }
    }
}

/// Index 0 = VI, 1 = sighted.
fn idx(p: Player) -> usize {
    match p {
        Player::Vi => 0,
        Player::Sighted => 1,
    }
}

fn ply(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

/// Reconciles the two boards and scoresheets: the case, where they part, the steps
/// that put each board right and the clocks to set.
///
/// # Examples
/// ```
/// use annabella_arbiter::{reconcile, Case, Evidence, Player, Record};
/// use shakmaty::{Board, Chess};
/// let sheet: Vec<String> = ["e4", "e5", "Nf3"].map(String::from).to_vec();
/// let right: Board = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R".parse()?;
/// // The sighted player's board got the knight on h3 instead of f3.
/// let wrong: Board = "rnbqkbnr/pppp1ppp/8/4p3/4P3/7N/PPPP1PPP/RNBQKB1R".parse()?;
/// let plan = reconcile(&Evidence {
///     start: Chess::default(),
///     vi: Record { scoresheet: sheet.clone(), board: right.clone() },
///     sighted: Record { scoresheet: sheet, board: wrong.clone() },
///     clocks: vec![],
/// });
/// assert_eq!(plan.case, Case::ScoresheetsAgree);
/// assert_eq!(plan.diverge_ply, Some(3));
/// assert_eq!(plan.apply(Player::Sighted, &wrong).expect("steps fit"), right);
/// assert_eq!(plan.fix[0].words.de, "weißen Springer von Hektor drei nach Felix drei setzen");
/// # Ok::<_, shakmaty::fen::ParseFenError>(())
/// ```
pub fn reconcile(ev: &Evidence) -> Plan {
    let lines = [
        Line::replay(&ev.start, &ev.vi.scoresheet),
        Line::replay(&ev.start, &ev.sighted.scoresheet),
    ];
    let common = lines[0]
        .moves
        .iter()
        .zip(&lines[1].moves)
        .take_while(|(a, b)| a == b)
        .count();
    // The scoresheet with fewer entries (on a tie, one without an illegal entry).
    let short = match ev.vi.scoresheet.len().cmp(&ev.sighted.scoresheet.len()) {
        std::cmp::Ordering::Less => Player::Vi,
        std::cmp::Ordering::Greater => Player::Sighted,
        std::cmp::Ordering::Equal if lines[0].is_complete() => Player::Vi,
        std::cmp::Ordering::Equal => Player::Sighted,
    };
    let s = &lines[idx(short)];
    let consistent = s.is_complete() && s.moves.len() == common;
    if consistent {
        sheets_agree(ev, &lines, short)
    } else {
        sheets_differ(ev, &lines, common)
    }
}

struct Builder<'a> {
    ev: &'a Evidence,
    findings: Vec<Finding>,
    fix: Vec<BoardFix>,
    diverge: Option<u32>,
}

impl Builder<'_> {
    fn finding(&mut self, kind: FindingKind, words: Words) {
        self.findings.push(Finding { kind, words });
    }

    fn diverge_at(&mut self, ply: u32) {
        self.diverge = Some(self.diverge.map_or(ply, |d| d.min(ply)));
    }

    /// Steps for every board that differs from `target`.
    fn fix_boards(&mut self, target: &Board) {
        for player in Player::ALL {
            let board = &self.ev.record(player).board;
            if board == target {
                continue;
            }
            let steps: Vec<_> = restore(board, target)
                .into_iter()
                .map(RestoreStep::instruction)
                .collect();
            let mut words = Words::default();
            for (i, s) in steps.iter().enumerate() {
                let sep = if i == 0 { "" } else { "; " };
                words.de.push_str(sep);
                words.de.push_str(&s.words.de);
                words.en.push_str(sep);
                words.en.push_str(&s.words.en);
            }
            self.fix.push(BoardFix {
                board: player,
                steps,
                words,
            });
        }
    }

    fn finish(self, case: Case, target: &Chess, target_ply: usize, agreed: Vec<String>) -> Plan {
        let clocks = (case == Case::ScoresheetsDiffer).then(|| clock_proposal(self.ev, target_ply));
        let mut summary = case_words(case, self.ev, target_ply);
        for f in &self.findings {
            summary.push(&f.words);
        }
        for fix in &self.fix {
            summary.push(&Words::new(
                format!("Brett {}: {}.", fix.board.de_genitive(), fix.words.de),
                format!(
                    "{} puts their board right: {}.",
                    capitalize(fix.board.en()),
                    fix.words.en
                ),
            ));
        }
        if let Some(c) = &clocks {
            summary.push(&c.words);
        }
        Plan {
            case,
            diverge_ply: self.diverge,
            target_ply: ply(target_ply),
            target_fen: Fen::from_position(target, EnPassantMode::Legal),
            agreed,
            findings: self.findings,
            fix: self.fix,
            clocks,
            summary,
        }
    }
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

fn case_words(case: Case, ev: &Evidence, target_ply: usize) -> Words {
    let after = if target_ply == 0 {
        Words::new("zur Ausgangsstellung", "to the starting position")
    } else {
        let p = say_ply(&ev.start, ply(target_ply));
        Words::new(
            format!("zur Stellung nach {}", p.de),
            format!("to the position after {}", p.en),
        )
    };
    let upto = if target_ply == 0 {
        Words::new(" (Ausgangsstellung)", " (starting position)")
    } else {
        let p = say_ply(&ev.start, ply(target_ply));
        Words::new(format!(" (bis {})", p.de), format!(" (up to {})", p.en))
    };
    match case {
        Case::Agreement => Words::new(
            "Beide Bretter stimmen mit den Partieformularen überein.",
            "Both boards agree with the scoresheets.",
        ),
        Case::ScoresheetsAgree => Words::new(
            format!("Die Partieformulare stimmen überein{}.", upto.de),
            format!("The scoresheets agree{}.", upto.en),
        ),
        Case::ScoresheetsDiffer => Words::new(
            format!(
                "Die Partieformulare weichen voneinander ab. Die Partie geht zurück {}, der letzten Übereinstimmung.",
                after.de
            ),
            format!(
                "The scoresheets differ. The game goes back {}, where they last agree.",
                after.en
            ),
        ),
        Case::BoardsAgree => Words::new(
            "Beide Bretter stimmen überein; ein Partieformular wird berichtigt.",
            "Both boards agree; a scoresheet is corrected.",
        ),
    }
}

/// A recorded clock reading as the clock shows it (`h:mm:ss`).
fn format_ms(ms: u64) -> String {
    ClockTime(std::time::Duration::from_millis(ms)).hms()
}

fn clock_proposal(ev: &Evidence, target_ply: usize) -> ClockProposal {
    let reading = ev.clocks.get(target_ply).copied().flatten();
    let p = ply(target_ply);
    let (first, second) = if ev.start.turn() == Color::White {
        (p.div_ceil(2), p / 2)
    } else {
        (p / 2, p.div_ceil(2))
    };
    let words = match reading {
        Some(r) => Words::new(
            format!(
                "Uhren stellen: Weiß {}, Schwarz {}; Zugzähler Weiß {first}, Schwarz {second}.",
                format_ms(r.white_ms),
                format_ms(r.black_ms)
            ),
            format!(
                "Set the clocks: White {}, Black {}; move counters White {first}, Black {second}.",
                format_ms(r.white_ms),
                format_ms(r.black_ms)
            ),
        ),
        None => Words::new(
            format!(
                "Für diesen Zug sind keine Uhrzeiten aufgezeichnet; der Schiedsrichter stellt die Uhren. Zugzähler Weiß {first}, Schwarz {second}."
            ),
            format!(
                "No clock readings are recorded for that ply; the arbiter sets the clocks. Move counters White {first}, Black {second}."
            ),
        ),
    };
    ClockProposal {
        ply: p,
        white_ms: reading.map(|r| r.white_ms),
        black_ms: reading.map(|r| r.black_ms),
        white_moves: first,
        black_moves: second,
        words,
    }
}

/// The scoresheets agree: one is (a prefix of) the other and every entry is legal.
fn sheets_agree(ev: &Evidence, lines: &[Line; 2], short: Player) -> Plan {
    let long = short.other();
    let l = &lines[idx(long)];
    let n0 = lines[idx(short)].moves.len();
    let n = shown_on_a_board(ev, l, n0);
    let mut b = Builder {
        ev,
        findings: Vec::new(),
        fix: Vec::new(),
        diverge: None,
    };
    let mut agreed = l.sans(0, n);
    let mut target = l.after(n).clone();
    let mut moves: Vec<Move> = l.moves[..n].to_vec();
    let mut positions: Vec<Chess> = l.positions[..=n].to_vec();
    if n > n0 {
        unrecorded(&mut b, short, n0, l, n);
    }
    if l.entries.len() > n {
        moves_not_played(&mut b, long, l, n);
    } else if let Some((player, m)) = move_on_one_board(ev, &target) {
        // Both scoresheets are complete up to n: a move made on one board only and not yet
        // recorded by anyone is the next move of the game.
        next_move_unrecorded(&mut b, player, &target, m, n);
        let mut after = target.clone();
        after.play_unchecked(m);
        agreed.push(san(&target, m));
        moves.push(m);
        positions.push(after.clone());
        target = after;
    }
    let n = moves.len();
    let target_board = target.board().clone();
    for player in Player::ALL {
        let board = &ev.record(player).board;
        if *board != target_board {
            let agreed = Agreed {
                moves: &moves,
                positions: &positions,
            };
            diagnose(&mut b, player, board, agreed);
        }
    }
    b.fix_boards(&target_board);
    let case = if b.fix.is_empty() {
        Case::Agreement
    } else {
        Case::ScoresheetsAgree
    };
    b.finish(case, &target, n, agreed)
}

/// How many of the long sheet `l`'s moves stand: its extra moves past the short sheet's
/// `n0` count as far as a board shows them.
fn shown_on_a_board(ev: &Evidence, l: &Line, n0: usize) -> usize {
    let boards = [&ev.vi.board, &ev.sighted.board];
    let shown = |pos: &Chess| boards.iter().any(|b| *b == pos.board());
    (n0..=l.moves.len())
        .rev()
        .find(|&j| shown(l.after(j)))
        .unwrap_or(n0)
}

/// The long sheet's entries after the first `n`, which no board shows, are struck out
/// (and an illegal one among them named).
fn moves_not_played(b: &mut Builder<'_>, long: Player, l: &Line, n: usize) {
    let first = say_ply(&b.ev.start, ply(n + 1));
    b.finding(
        FindingKind::MovesNotPlayed {
            sheet: long,
            ply: ply(n + 1),
            entries: l.entries[n..].to_vec(),
        },
        Words::new(
            format!(
                "Das Partieformular {} enthält ab {} Züge, die auf keinem Brett stehen: {}; sie werden gestrichen.",
                long.de_genitive(),
                first.de,
                l.entries[n..].join(" ")
            ),
            format!(
                "The scoresheet of {} has moves from {} that no board shows: {}; they are struck out.",
                long.en(),
                first.en,
                l.entries[n..].join(" ")
            ),
        ),
    );
    if let Some(stop) = &l.stop {
        illegal(b, long, l, stop.index);
    }
}

/// A legal move from `target` that one player's board shows while the other's still
/// shows `target`: the player, and the move.
fn move_on_one_board(ev: &Evidence, target: &Chess) -> Option<(Player, Move)> {
    let target_board = target.board().clone();
    Player::ALL.into_iter().find_map(|player| {
        let mine = &ev.record(player).board;
        let theirs = &ev.record(player.other()).board;
        if *theirs != target_board || *mine == target_board {
            return None;
        }
        let next = target.legal_moves().into_iter().find(|&m| {
            let mut p = target.clone();
            p.play_unchecked(m);
            p.board() == mine
        });
        next.map(|m| (player, m))
    })
}

/// The move `m` on `player`'s board, ply `n + 1`, goes on both scoresheets.
fn next_move_unrecorded(b: &mut Builder<'_>, player: Player, target: &Chess, m: Move, n: usize) {
    for sheet in Player::ALL {
        let spoken = say_move(target, m);
        let at = say_ply(&b.ev.start, ply(n + 1));
        b.finding(
            FindingKind::UnrecordedMoves {
                sheet,
                ply: ply(n + 1),
                moves: vec![san(target, m)],
            },
            Words::new(
                format!(
                    "Auf dem Brett {} steht der noch nicht notierte Zug {} ({}); das Partieformular {} trägt ihn nach.",
                    player.de_genitive(),
                    spoken.de,
                    at.de,
                    sheet.de_genitive()
                ),
                format!(
                    "The board of {} shows the unrecorded move {} ({}); it goes on the scoresheet of {}.",
                    player.en(),
                    spoken.en,
                    at.en,
                    sheet.en()
                ),
            ),
        );
    }
}

fn unrecorded(b: &mut Builder<'_>, sheet: Player, from: usize, l: &Line, to: usize) {
    let at = say_ply(&b.ev.start, ply(from + 1));
    let spoken: Vec<Words> = (from..to)
        .map(|i| say_move(&l.positions[i], l.moves[i]))
        .collect();
    let join = |f: fn(&Words) -> &String| {
        spoken
            .iter()
            .map(|w| f(w).as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    b.finding(
        FindingKind::UnrecordedMoves {
            sheet,
            ply: ply(from + 1),
            moves: l.sans(from, to),
        },
        Words::new(
            format!(
                "Im Partieformular {} fehlen ab {} noch: {}.",
                sheet.de_genitive(),
                at.de,
                join(|w| &w.de)
            ),
            format!(
                "The scoresheet of {} still lacks, from {}: {}.",
                sheet.en(),
                at.en,
                join(|w| &w.en)
            ),
        ),
    );
}

fn illegal(b: &mut Builder<'_>, sheet: Player, l: &Line, index: usize) {
    let entry = l.entries[index].clone();
    let reason = l
        .stop
        .as_ref()
        .map_or(crate::EntryError::Illegal, |s| s.error);
    let at = say_ply(&b.ev.start, ply(index + 1));
    let (de_reason, en_reason) = match reason {
        crate::EntryError::Unreadable => ("unlesbar", "unreadable"),
        crate::EntryError::Illegal => ("kein regelgemäßer Zug", "not a legal move"),
        crate::EntryError::Ambiguous => ("mehrdeutig", "ambiguous"),
    };
    b.finding(
        FindingKind::IllegalMove {
            sheet,
            ply: ply(index + 1),
            entry: entry.clone(),
            reason,
        },
        Words::new(
            format!(
                "Das Partieformular {} hat bei {} „{entry}“: {de_reason}.",
                sheet.de_genitive(),
                at.de
            ),
            format!(
                "The scoresheet of {} has \"{entry}\" at {}: {en_reason}.",
                sheet.en(),
                at.en
            ),
        ),
    );
}

/// The scoresheets contradict each other from ply `common + 1`.
fn sheets_differ(ev: &Evidence, lines: &[Line; 2], common: usize) -> Plan {
    let mut b = Builder {
        ev,
        findings: Vec::new(),
        fix: Vec::new(),
        diverge: Some(ply(common + 1)),
    };
    // Boards that agree with each other and with one whole scoresheet: that game stands.
    if ev.vi.board == ev.sighted.board {
        let board = &ev.vi.board;
        let matching: Vec<Player> = Player::ALL
            .into_iter()
            .filter(|&p| {
                let l = &lines[idx(p)];
                l.is_complete() && l.last().board() == board
            })
            .collect();
        if let Some(&right) = matching.first() {
            let wrong = right.other();
            let r = &lines[idx(right)];
            let sure = matching.len() == 1;
            if !explain(&mut b, wrong, lines, common, sure) {
                different(&mut b, lines, common);
            }
            return b.finish(
                Case::BoardsAgree,
                r.last(),
                r.moves.len(),
                r.sans(0, r.moves.len()),
            );
        }
    }
    let explained = explain(&mut b, Player::Vi, lines, common, false)
        || explain(&mut b, Player::Sighted, lines, common, false);
    if !explained {
        let mut any = false;
        for p in Player::ALL {
            let l = &lines[idx(p)];
            if l.stop.as_ref().is_some_and(|s| s.index == common) {
                illegal(&mut b, p, l, common);
                any = true;
            }
        }
        if !any {
            different(&mut b, lines, common);
        }
    }
    let target = lines[0].after(common).clone();
    b.fix_boards(target.board());
    let agreed = lines[0].sans(0, common);
    b.finish(Case::ScoresheetsDiffer, &target, common, agreed)
}

fn different(b: &mut Builder<'_>, lines: &[Line; 2], common: usize) {
    let pos = lines[0].after(common);
    let entry = |p: Player| {
        lines[idx(p)]
            .entries
            .get(common)
            .cloned()
            .unwrap_or_default()
    };
    let (vi, sighted) = (entry(Player::Vi), entry(Player::Sighted));
    let at = say_ply(&b.ev.start, ply(common + 1));
    let (v, s) = (say_entry(pos, &vi), say_entry(pos, &sighted));
    b.finding(
        FindingKind::DifferentMove {
            ply: ply(common + 1),
            vi,
            sighted,
        },
        Words::new(
            format!(
                "Bei {} notiert der sehbehinderte Spieler {}, der sehende Spieler {}.",
                at.de, v.de, s.de
            ),
            format!(
                "At {} the VI player recorded {}, the sighted player {}.",
                at.en, v.en, s.en
            ),
        ),
    );
}
