//! Two listeners through the `Speakers` shell with the in-memory recorder back end:
//! routing to separate outputs and voices, or one shared speaker.

use std::{sync::mpsc, time::Instant};

use annabella_phonetic::{Form, Language, Lexicon};
use annabella_voice::{
    Hearer, MoveRef, Pace, Readout, Recorder, Routing, Speakers, Speech, VoiceSettings,
    queue::Outcome, recorder::Recorded,
};
use shakmaty::{Chess, Color, Move, Position, Role, Square};

fn knight_f3() -> (Chess, Move) {
    let m = Move::Normal {
        role: Role::Knight,
        from: Square::G1,
        capture: None,
        to: Square::F3,
        promotion: None,
    };
    (Chess::default(), m)
}

const MOVE1: MoveRef = MoveRef {
    number: 1,
    color: Color::White,
};

#[test]
fn separate_outputs_hear_their_own_language_and_voice() {
    let (tx, rx) = mpsc::channel();
    let vi = Recorder::new(tx.clone(), Pace::Instant);
    let sighted = Recorder::new(tx, Pace::Instant);
    let (vi_log, sighted_log) = (vi.log(), sighted.log());
    let mut vi_voice = VoiceSettings::for_language(Language::De);
    vi_voice.rate = 40;
    let sighted_voice = VoiceSettings::for_language(Language::En);
    let routing = Routing::separate(vi_voice.clone(), sighted_voice.clone());
    let mut speakers =
        Speakers::new(routing, vec![Box::new(vi), Box::new(sighted)]).expect("two outputs");

    let (pos, m) = knight_f3();
    let epoch = Instant::now();
    let now = epoch.elapsed();
    let de = Speech::for_move(&pos, m, Lexicon::get(Language::De), Form::Short);
    let en = Speech::for_move(&pos, m, Lexicon::get(Language::En), Form::Short);
    speakers.announce(now, Readout::of_move(Hearer::ViPlayer, de, MOVE1));
    speakers.announce(now, Readout::of_move(Hearer::SightedPlayer, en, MOVE1));
    speakers
        .run_until_idle(epoch, &rx, std::time::Duration::from_secs(2))
        .expect("recorder finishes at once");

    assert_eq!(vi_log.texts(), ["Springer Felix, drei"]);
    assert_eq!(sighted_log.texts(), ["Knight Felix, three"]);
    let Recorded::Spoke { voice, .. } = &vi_log.entries()[0] else {
        panic!("expected speech")
    };
    assert_eq!(voice, &vi_voice, "the VI player's rate and language");
    let reports: Vec<_> = std::iter::from_fn(|| speakers.poll_report()).collect();
    assert_eq!(reports.len(), 2);
    assert!(reports.iter().all(|r| r.outcome == Outcome::Spoken));
    assert!(reports.iter().all(|r| r.started.is_some()));
    assert!(reports.iter().all(|r| r.move_ref == Some(MOVE1)));
}

#[test]
fn one_shared_speaker_says_both_in_turn_with_each_voice() {
    let (tx, rx) = mpsc::channel();
    let speaker = Recorder::new(tx, Pace::Hold);
    let log = speaker.log();
    let mut routing = Routing::shared(VoiceSettings::for_language(Language::De));
    routing.sighted_player.voice = VoiceSettings::for_language(Language::En);
    let mut speakers = Speakers::new(routing, vec![Box::new(speaker)]).expect("one output");

    let epoch = Instant::now();
    let now = epoch.elapsed();
    speakers.announce(
        now,
        Readout::of_move(
            Hearer::SightedPlayer,
            Speech::words("Knight Felix three"),
            MOVE1,
        ),
    );
    speakers.announce(
        now,
        Readout::answer(Hearer::ViPlayer, Speech::words("Weiß eine Stunde")),
    );
    // One speaker: the answer waits until the move is said.
    assert_eq!(log.texts(), ["Knight Felix three"]);
    while let Ok(ev) = rx.try_recv() {
        speakers.handle_event(now, ev);
    }
    assert!(log.finish());
    speakers.handle_event(now, rx.recv().expect("finished event"));
    assert_eq!(log.texts(), ["Knight Felix three", "Weiß eine Stunde"]);
    let voices: Vec<String> = log
        .entries()
        .iter()
        .filter_map(|r| match r {
            Recorded::Spoke { voice, .. } => Some(voice.language.clone()),
            Recorded::Cancelled(_) => None,
        })
        .collect();
    assert_eq!(voices, ["en", "de"]);

    // "Ruhe" from the VI player cuts the answer off at the back end.
    speakers.stop(now, Hearer::ViPlayer);
    assert!(matches!(
        log.entries().last(),
        Some(Recorded::Cancelled(Some(_)))
    ));
    while let Ok(ev) = rx.try_recv() {
        speakers.handle_event(now, ev);
    }
    assert!(speakers.is_idle());
}

#[test]
fn a_routing_without_its_back_end_is_refused() {
    let (tx, _rx) = mpsc::channel();
    let routing = Routing::separate(
        VoiceSettings::for_language(Language::De),
        VoiceSettings::for_language(Language::De),
    );
    let err = Speakers::new(routing, vec![Box::new(Recorder::new(tx, Pace::Instant))])
        .expect_err("output 1 has no back end");
    assert_eq!(
        err.to_string(),
        "the routing uses output 1, but only 1 back end(s) were given"
    );
}

#[test]
fn a_move_goes_to_whoever_must_hear_it_in_their_scheme() {
    let (tx, rx) = mpsc::channel();
    let vi = Recorder::new(tx.clone(), Pace::Instant);
    let sighted = Recorder::new(tx, Pace::Instant);
    let (vi_log, sighted_log) = (vi.log(), sighted.log());
    let mut routing = Routing::separate(
        VoiceSettings::for_language(Language::Lt),
        VoiceSettings::for_language(Language::En),
    );
    routing.vi_player.form = Form::Full;
    let mut speakers =
        Speakers::new(routing, vec![Box::new(vi), Box::new(sighted)]).expect("two outputs");
    let (pos, m) = knight_f3();
    let epoch = Instant::now();
    let now = epoch.elapsed();
    // The VI player's move: read back to them (Lithuanian pieces, full form) and
    // announced to the sighted player (English).
    assert_eq!(
        speakers.announce_move(now, &pos, m, Hearer::ViPlayer).len(),
        2
    );
    // The sighted player's reply: only the VI player hears it.
    let after = pos.clone().play(m).expect("legal");
    let reply = Move::Normal {
        role: Role::Pawn,
        from: Square::E7,
        capture: None,
        to: Square::E5,
        promotion: None,
    };
    assert_eq!(
        speakers
            .announce_move(now, &after, reply, Hearer::SightedPlayer)
            .len(),
        1
    );
    speakers
        .run_until_idle(epoch, &rx, std::time::Duration::from_secs(2))
        .expect("done");
    assert_eq!(
        vi_log.texts(),
        // The FIDE scheme, respelled for the Lithuanian voice.
        ["špringer Gustav, ains Felix, drai", "Eva, zyben Eva, fünf"]
    );
    assert_eq!(sighted_log.texts(), ["Knight Felix, three"]);

    // One shared speaker, one scheme: the VI player's move is said once.
    let (tx, rx) = mpsc::channel();
    let shared = Recorder::new(tx, Pace::Instant);
    let log = shared.log();
    let mut speakers = Speakers::new(
        Routing::shared(VoiceSettings::for_language(Language::De)),
        vec![Box::new(shared)],
    )
    .expect("one output");
    assert_eq!(
        speakers.announce_move(now, &pos, m, Hearer::ViPlayer).len(),
        1
    );
    speakers
        .run_until_idle(epoch, &rx, std::time::Duration::from_secs(2))
        .expect("done");
    assert_eq!(log.texts(), ["Springer Felix, drei"]);
}

#[test]
fn a_back_end_that_never_finishes_is_cut_off_at_the_deadline() {
    let (tx, _rx) = mpsc::channel();
    let stuck = Recorder::new(tx, Pace::Hold);
    let log = stuck.log();
    let mut speakers = Speakers::new(
        Routing::shared(VoiceSettings::for_language(Language::De)),
        vec![Box::new(stuck)],
    )
    .expect("one output");
    let epoch = Instant::now();
    let now = epoch.elapsed();
    speakers.announce(
        now,
        Readout::answer(Hearer::ViPlayer, Speech::words("Weiß eine Stunde")),
    );
    speakers.announce(
        now,
        Readout::of_move(Hearer::SightedPlayer, Speech::words("Eva vier"), MOVE1),
    );
    // The move cut off the answer; the back end now never reports the move's end.
    let deadline = speakers.poll_timeout().expect("a deadline");
    speakers.handle_timeout(deadline);
    assert_eq!(
        log.texts(),
        ["Weiß eine Stunde", "Eva vier", "Weiß eine Stunde"]
    );
    let outcomes: Vec<Outcome> = std::iter::from_fn(|| speakers.poll_report())
        .map(|r| r.outcome)
        .collect();
    assert_eq!(outcomes, [Outcome::Interrupted, Outcome::Failed]);
    assert!(matches!(log.entries()[3], Recorded::Cancelled(Some(_))));
}
