//! The VI player's utterances as table inputs. The speech crate hears
//! ([`annabella_speech::Hearing`]); each utterance becomes the same table input as typed
//! words ([`Input::Heard`] with the recognizer's n-best readings) and its timings
//! ([`HeardTiming`]), which the shell journals beside it.

use std::{
    path::Path,
    time::{Duration, Instant},
};

use annabella_speech::Heard;
use annabella_table::{Hypothesis, Input};
use serde::Serialize;

use crate::session::TableTime;

pub use annabella_view::line::HeardTiming;

/// The table input and timings of one utterance.
pub fn heard(h: &Heard, time: TableTime) -> (Input, HeardTiming) {
    let table_ms = |at: Instant| time.ms_of(at);
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let alternatives = h
        .alternatives
        .iter()
        .map(|r| Hypothesis {
            text: r.text.clone(),
            score: r.probability,
        })
        .collect::<Vec<_>>();
    let alternatives = if alternatives.is_empty() {
        vec![Hypothesis {
            text: h.text.clone(),
            score: 1.0,
        }]
    } else {
        alternatives
    };
    let timing = HeardTiming {
        speech_start_ms: table_ms(h.speech_start),
        last_word_end_ms: table_ms(h.last_word_end),
        final_ms: table_ms(h.final_at),
        speech_end_to_final_ms: ms(h.speech_end_to_final()),
        decode_ms: ms(h.decode),
        rtf: h.rtf(),
        ended_by: serde_json::to_value(h.ended_by)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default(),
        words: h.text.clone(),
        audio: Vec::new(),
    };
    (Input::Heard { alternatives }, timing)
}

/// The journal meta key of the timings of record `seq` (a `heard` input).
pub fn timing_key(seq: u64) -> String {
    format!("heard.{seq}")
}

/// One journalled utterance: its record number and timings.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JournalledUtterance {
    /// The `heard` record.
    pub seq: u64,
    /// Its timings.
    pub timing: HeardTiming,
}

/// The timings journalled beside the `heard` records of a journal (read-only).
///
/// # Errors
/// The journal cannot be opened or a stored timing does not decode.
pub fn journalled(path: &Path) -> Result<Vec<JournalledUtterance>, crate::JournalError> {
    let (journal, recovery) =
        crate::Journal::<Input>::open(path, crate::journal::OpenMode::ReadOnly)?;
    let mut out = Vec::new();
    for r in &recovery.records {
        if matches!(r.input, Input::Heard { .. })
            && let Some(timing) = journal.meta::<HeardTiming>(&timing_key(r.seq))?
        {
            out.push(JournalledUtterance { seq: r.seq, timing });
        }
    }
    Ok(out)
}
