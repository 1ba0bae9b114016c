//! A scoresheet's slips: the other scoresheet's game with one move left out, or two
//! moves swapped — each a finding naming the scoresheet and the plies.

use shakmaty::{Chess, Move};

use super::{Builder, idx, illegal, ply};
use crate::{
    entry::resolve_entry,
    line::{Line, san, say_move, say_ply},
    plan::FindingKind,
    player::{Player, Words},
};

/// Whether entry `text` names `m` in `pos`.
fn names(pos: &Chess, text: &str, m: Move) -> bool {
    resolve_entry(pos, text) == Ok(m)
}

/// Tries to explain `wrong`'s scoresheet as the other's game with one move left out or
/// two moves swapped; records the finding and returns whether it did. `unknown`: both
/// `sure`: the boards have shown which scoresheet is wrong (otherwise two swapped moves
/// could be on either scoresheet).
pub(super) fn explain(
    b: &mut Builder<'_>,
    wrong: Player,
    lines: &[Line; 2],
    k: usize,
    sure: bool,
) -> bool {
    let w = &lines[idx(wrong)].entries;
    let r = &lines[idx(wrong.other())];
    let rn = r.moves.len();
    if w.len() <= k || rn <= k {
        return false;
    }
    // One move left out: w[j] is the right game's move j + 1 for every later entry.
    if (k..w.len()).all(|j| j + 1 < rn && names(&r.positions[j + 1], &w[j], r.moves[j + 1])) {
        missing_move(b, wrong, r, k);
        return true;
    }
    if let Some(j) = swapped_with(w, r, k) {
        let who = (sure || !lines[idx(wrong)].is_complete()).then_some(wrong);
        swapped_moves(b, who, r, k, j);
        return true;
    }
    if let Some(stop) = &lines[idx(wrong)].stop
        && stop.index == k
        && r.moves.len() > k
    {
        illegal(b, wrong, &lines[idx(wrong)], k);
        return true;
    }
    false
}

/// `wrong`'s scoresheet lacks the right game `r`'s move at ply `k + 1`.
fn missing_move(b: &mut Builder<'_>, wrong: Player, r: &Line, k: usize) {
    let spoken = say_move(&r.positions[k], r.moves[k]);
    let at = say_ply(&b.ev.start, ply(k + 1));
    b.finding(
        FindingKind::MissingMove {
            sheet: wrong,
            ply: ply(k + 1),
            san: san(&r.positions[k], r.moves[k]),
        },
        Words::new(
            format!(
                "Im Partieformular {} fehlt {} ({}); die folgenden Züge sind verschoben.",
                wrong.de_genitive(),
                spoken.de,
                at.de
            ),
            format!(
                "The scoresheet of {} lacks {} ({}); the moves after it are shifted.",
                wrong.en(),
                spoken.en,
                at.en
            ),
        ),
    );
}

/// The later ply (index `j`) whose entry the entries `w` swapped with ply `k + 1`
/// (usually the same player's next move), every other entry naming the right game
/// `r`'s move.
fn swapped_with(w: &[String], r: &Line, k: usize) -> Option<usize> {
    let rn = r.moves.len();
    let i = k;
    (k + 1..w.len().min(rn)).find(|&j| {
        names(&r.positions[i], &w[j], r.moves[i])
            && names(&r.positions[j], &w[i], r.moves[j])
            && (i + 1..j).all(|x| names(&r.positions[x], &w[x], r.moves[x]))
            && (j + 1..w.len().min(rn)).all(|x| names(&r.positions[x], &w[x], r.moves[x]))
    })
}

/// A scoresheet (`who`'s, or one of them when it is not known which) has the right
/// game `r`'s moves at indices `i` and `j` the wrong way round.
fn swapped_moves(b: &mut Builder<'_>, who: Option<Player>, r: &Line, i: usize, j: usize) {
    let (a, c) = (
        say_move(&r.positions[i], r.moves[i]),
        say_move(&r.positions[j], r.moves[j]),
    );
    let (pa, pc) = (
        say_ply(&b.ev.start, ply(i + 1)),
        say_ply(&b.ev.start, ply(j + 1)),
    );
    let (de_who, en_who) = match who {
        Some(p) => (
            format!("Das Partieformular {}", p.de_genitive()),
            format!("The scoresheet of {}", p.en()),
        ),
        None => (
            "Eines der Partieformulare".to_owned(),
            "One of the scoresheets".to_owned(),
        ),
    };
    b.finding(
        FindingKind::SwappedMoves {
            sheet: who,
            plies: [ply(i + 1), ply(j + 1)],
            moves: [
                san(&r.positions[i], r.moves[i]),
                san(&r.positions[j], r.moves[j]),
            ],
        },
        Words::new(
            format!(
                "{de_who} hat {} ({}) und {} ({}) vertauscht.",
                a.de, pa.de, c.de, pc.de
            ),
            format!(
                "{en_who} has {} ({}) and {} ({}) the wrong way round.",
                a.en, pa.en, c.en, pc.en
            ),
        ),
    );
}
