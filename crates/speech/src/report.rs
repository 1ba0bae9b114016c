//! An utterance as the lines `annabella listen` prints: one readable line, or one JSON
//! object whose keys keep their documented order.

use std::time::Duration;

use annabella_phonetic::Lexicon;
use annabella_phonetic::verdict_json::verdict_json;
use serde_json::json;

use crate::Heard;
use crate::read_ahead::Outcome;

/// A duration in milliseconds, to a tenth.
fn ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 10_000.0).round() / 10.0
}

/// One utterance as the JSON line of `annabella listen --json` (documented in the README),
/// times counted from the hearing's epoch (its start). `first_audio`: the wall time from asking for the read-back
/// (when the result was final) to its first audio sample; `read_ahead`: what became of
/// the read-back rendered ahead at a leaf.
pub fn heard_json(
    h: &Heard,
    lexicon: &'static Lexicon,
    first_audio: Option<Duration>,
    read_ahead: Option<Outcome>,
) -> String {
    let resolution = match (&h.resolution, &h.position) {
        (Some(v), Some(pos)) => {
            serde_json::from_str(&verdict_json(pos, v, lexicon)).unwrap_or(serde_json::Value::Null)
        }
        _ => serde_json::Value::Null,
    };
    let alternatives: Vec<_> = h
        .alternatives
        .iter()
        .map(|r| json!({"words": r.text, "probability": r.probability, "score": r.score}))
        .collect();
    let timings = [
        ("speech_start", h.speech_start),
        ("last_word_end", h.last_word_end),
        ("endpoint", h.endpoint),
        ("final", h.final_at),
        ("speech_end_to_final", h.speech_end_to_final()),
        ("endpoint_to_final", h.final_at.saturating_sub(h.endpoint)),
        ("decode", h.decode),
        ("audio", h.audio),
    ]
    .map(|(k, d)| format!("{}:{}", json!(k), json!(ms(d))))
    .join(",");
    // The read-back is asked for when the result is final (stream time) and takes the
    // wall time espeak-ng needs for its first sample.
    let read_back = match first_audio {
        Some(took) => {
            let first = h.final_at + took;
            format!(
                "{{\"request_to_first_audio\":{},\"first_audio\":{},\"last_word_end_to_first_audio\":{}}}",
                json!(ms(took)),
                json!(ms(first)),
                json!(ms(first.saturating_sub(h.last_word_end))),
            )
        }
        None => "null".to_owned(),
    };
    // Keys in the documented order (serde_json's map would sort them).
    format!(
        "{{\"words\":{},\"alternatives\":{},\"resolution\":{},\"timings_ms\":{{{timings}}},\"rtf\":{},\"ended_by\":{},\"word_times\":{},\"read_back_ms\":{read_back},\"snr_db\":{},\"doubt\":{},\"read_ahead\":{}}}",
        json!(h.text),
        json!(alternatives),
        resolution,
        json!((h.rtf() * 10_000.0).round() / 10_000.0),
        json!(h.ended_by),
        json!(
            h.words
                .iter()
                .map(|w| json!({
                    "word": w.word,
                    "start": seconds(w.start),
                    "end": seconds(w.end),
                    "confidence": w.confidence.map(seconds),
                }))
                .collect::<Vec<_>>()
        ),
        json!((f64::from(h.snr_db) * 10.0).round() / 10.0),
        json!(h.doubt),
        json!(read_ahead),
    )
}

/// Rounds an `f32` to three decimals as an `f64` (no `0.6000000238` in the JSON).
fn seconds(v: f32) -> f64 {
    (f64::from(v) * 1000.0).round() / 1000.0
}

/// One utterance as the line of `annabella listen`: the words, what they mean in the
/// position, how the utterance ended and how soon after the speech the result came.
pub fn heard_text(h: &Heard, lexicon: &'static Lexicon) -> String {
    let meaning = match (&h.resolution, &h.position) {
        (Some(v), Some(pos)) => v
            .describe(pos, lexicon)
            .map(|d| format!(" → {d}"))
            .unwrap_or_default(),
        _ => String::new(),
    };
    let text = if h.text.is_empty() {
        "(nothing understood)"
    } else {
        h.text.as_str()
    };
    format!(
        "{text}{meaning}  ({:?}, result {} ms after the speech ended)",
        h.ended_by,
        ms(h.speech_end_to_final())
    )
}
