//! Table-driven tests: `(language, fen, spoken, expected)` read from `spoken.txt`.

use annabella_phonetic::{Language, Lexicon, Verdict, resolve_words};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

fn position(fen: &str) -> Chess {
    let fen: Fen = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mode = CastlingMode::detect(&fen.clone().into_setup());
    fen.into_position(mode).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn spoken_table() {
    let text = include_str!("spoken.txt");
    let mut start = String::new();
    let mut cases = 0;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(fen) = line.strip_prefix("START = ") {
            start = fen.to_owned();
            continue;
        }
        let [lang, fen, said, want] = line.split(" | ").collect::<Vec<_>>()[..] else {
            panic!("spoken.txt:{}: four fields expected", n + 1)
        };
        let fen = if fen == "START" { start.as_str() } else { fen };
        let lang: Language = lang.parse().expect("language");
        let pos = position(fen);
        let mode = pos.castles().mode();
        let verdict = resolve_words(&pos, Lexicon::get(lang), said);
        let got = match &verdict {
            Verdict::Move(m) => m.to_uci(mode).to_string(),
            Verdict::Ambiguous(ms) => format!(
                "ambiguous: {}",
                ms.iter()
                    .map(|m| m.to_uci(mode).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            Verdict::Incomplete(m) => format!("incomplete: {m}"),
            Verdict::Illegal(i) => format!("illegal: {i}"),
            Verdict::Unrecognized(e) => format!("unrecognized: {e}"),
            Verdict::Command(c) => format!("command: {}", c.name()),
        };
        assert_eq!(got, want, "spoken.txt:{}: {lang} {said:?}", n + 1);
        cases += 1;
    }
    assert!(cases > 50, "only {cases} cases read");
}
