//! The audio record fed from the queue's reports, rendered by the real espeak-ng.

use std::{sync::mpsc, time::Duration};

use annabella_phonetic::{Form, Language, Lexicon};
use annabella_voice::{
    Hearer, MoveRef, Pace, Readout, Recorder, Routing, Speakers, Speech, VoiceSettings,
    espeak::Espeak,
    queue::Outcome,
    record::{AudioRecord, Source, entry_at, read_index},
};
use shakmaty::{Chess, Position, uci::UciMove};

#[test]
fn every_said_announcement_is_in_the_record_and_found_by_time() {
    if let Err(e) = Espeak::check() {
        panic!("espeak-ng is needed for this test (scripts/setup.sh installs it): {e}");
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let (wav, idx) = (dir.path().join("game.wav"), dir.path().join("game.jsonl"));
    let mut record = AudioRecord::create(&wav, &idx).expect("record");

    let (tx, rx) = mpsc::channel();
    let voice = VoiceSettings::for_language(Language::De);
    let mut speakers = Speakers::new(
        Routing::shared(voice.clone()),
        vec![Box::new(Recorder::new(tx, Pace::Instant))],
    )
    .expect("speakers");

    let game_start = Duration::from_secs(1000);
    let de = Lexicon::get(Language::De);
    let mut pos = Chess::default();
    let moves = ["e2e4", "e7e5", "g1f3"];
    for (i, uci) in moves.iter().enumerate() {
        let m = uci
            .parse::<UciMove>()
            .expect("uci")
            .to_move(&pos)
            .expect("legal");
        let move_ref = MoveRef {
            number: pos.fullmoves().get(),
            color: pos.turn(),
        };
        let now = game_start + Duration::from_secs(10 * (i as u64 + 1));
        let speech = Speech::for_move(&pos, m, de, Form::Short);
        speakers.announce(now, Readout::of_move(Hearer::ViPlayer, speech, move_ref));
        // The recorder starts and finishes at once; the events come back with `now`.
        while let Ok(event) = rx.try_recv() {
            speakers.handle_event(now, event);
        }
        assert!(speakers.is_idle());
        pos.play_unchecked(m);
    }
    let mut written = Vec::new();
    while let Some(report) = speakers.poll_report() {
        assert_eq!(report.outcome, Outcome::Spoken);
        if let Some(e) = record
            .append_report(&report, game_start, &voice)
            .expect("append")
        {
            written.push(e);
        }
    }
    record.finish().expect("finish");

    let entries = read_index(&idx).expect("index");
    assert_eq!(entries, written);
    let texts: Vec<&str> = entries.iter().map(|e| e.text.as_str()).collect();
    assert_eq!(texts, ["Eva vier", "Eva fünf", "Springer Felix drei"]);
    let moves: Vec<(Option<u32>, Option<&str>)> = entries
        .iter()
        .map(|e| (e.move_number, e.side.as_deref()))
        .collect();
    assert_eq!(
        moves,
        [
            (Some(1), Some("white")),
            (Some(1), Some("black")),
            (Some(2), Some("white"))
        ]
    );
    assert_eq!(
        entries.iter().map(|e| e.time_ms).collect::<Vec<_>>(),
        [10_000, 20_000, 30_000]
    );
    assert!(entries.iter().all(|e| e.source == Source::Announcement));
    // The middle of each stretch of audio maps back to its move.
    for e in &entries {
        let mid = (e.start_ms + e.end_ms) / 2;
        assert_eq!(entry_at(&entries, mid), Some(e));
        assert!(e.end_ms > e.start_ms + 300, "{e:?}");
    }
    // The WAV holds exactly what the index says.
    let r = hound::WavReader::open(&wav).expect("wav");
    let ms = u64::from(r.duration()) * 1000 / u64::from(r.spec().sample_rate);
    assert!(
        ms.abs_diff(entries[2].end_ms) <= 1,
        "{ms} vs {}",
        entries[2].end_ms
    );
}
