//! The VI player's scoresheet in Braille (Appendix D: "the VI player keeps the score in
//! Braille"): a BRF file (Braille ASCII, 40 cells × 25 lines a page, pages separated by
//! form feeds) for a Braille display or an embosser.
//!
//! The text is written with the player's own piece letters (de `K D T L S`, en
//! `K Q R B N`, lt `K V B R Ž`, lv `K D T L Z`, hu `K V B F H`) and translated by
//! liblouis's `lou_translate` (Debian package `liblouis-bin`) with an uncontracted table
//! (the configuration's default for each language: `de-g0.utb` German Basisschrift,
//! `en-us-g1.ctb` English grade 1, `lt.ctb`, `lv.tbl`, `hu-hu-g1.ctb`) and the display
//! table `en-us-brf.dis`, which maps cells to the standard North American Braille ASCII
//! of BRF files. Uncontracted tables keep move text such as `e4` as it is written.

use std::{
    collections::HashSet,
    io::Write,
    process::{Command, Stdio},
    time::Duration,
};

use annabella_phonetic::Language;
/// The scoresheet's piece letters, from the crate that owns words.
pub use annabella_phonetic::{localize_san, piece_letters};

/// Cells per line of a BRF page.
pub const CELLS: usize = 40;
/// Lines per BRF page.
pub const LINES: usize = 25;
/// The liblouis display table giving BRF's Braille ASCII.
pub const DISPLAY_TABLE: &str = "en-us-brf.dis";

/// What a scoresheet shows besides the moves.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Header {
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// Event.
    pub event: String,
    /// Date (`YYYY.MM.DD`).
    pub date: String,
    /// Time control (PGN notation).
    pub time_control: String,
}

/// The scoresheet as print lines (before Braille translation): header, one line per move
/// number (`12. Sf3 Sc6`, or `12. ... Sc6` when the game starts with Black), result.
///
/// `moves` are English SAN from the game's first move; `first_move` is the full-move
/// number of the start position and `black_first` whether Black moves first.
pub fn scoresheet_lines(
    header: &Header,
    moves: &[String],
    first_move: u32,
    black_first: bool,
    result: &str,
    language: Language,
) -> Vec<String> {
    let (white, black, event, res) = match language {
        Language::De => ("Weiß", "Schwarz", "Turnier", "Ergebnis"),
        _ => ("White", "Black", "Event", "Result"),
    };
    let mut lines = vec![
        format!("{white}: {}", header.white),
        format!("{black}: {}", header.black),
        format!("{event}: {}, {}", header.event, header.date),
        format!("{}", header.time_control),
        String::new(),
    ];
    let mut number = first_move;
    let mut sans = moves.iter().map(|m| localize_san(m, language));
    if black_first && let Some(first) = sans.next() {
        lines.push(format!("{number}. ... {first}"));
        number += 1;
    }
    let rest: Vec<String> = sans.collect();
    for pair in rest.chunks(2) {
        lines.push(format!("{number}. {}", pair.join(" ")));
        number += 1;
    }
    lines.push(String::new());
    lines.push(format!("{res}: {result}"));
    lines
}

/// Why a Braille file could not be made.
#[derive(Debug, thiserror::Error)]
pub enum BrailleError {
    /// `lou_translate` is not installed.
    #[error("lou_translate not found ({0}); install liblouis-bin (scripts/setup.sh)")]
    Missing(std::io::Error),
    /// `lou_translate` failed (e.g. an unknown table).
    #[error("lou_translate with table {table} failed: {stderr}")]
    Louis {
        /// The table.
        table: String,
        /// What liblouis said.
        stderr: String,
    },
    /// `lou_translate` ran past its time (liblouis loops on a few inputs) and was stopped.
    #[error(
        "lou_translate with table {table} did not finish within {secs} s (liblouis loops on some inputs) and was stopped"
    )]
    Stopped {
        /// The table.
        table: String,
        /// The time it had.
        secs: u64,
    },
    /// The output has a line count different from the input.
    #[error("lou_translate gave {got} lines for {sent}")]
    Lines {
        /// Lines sent.
        sent: usize,
        /// Lines received.
        got: usize,
    },
    /// A character has no cell in the table (it comes back untranslated).
    #[error("line {line}: {character:?} has no Braille cell in table {table}")]
    NoCell {
        /// Line of the scoresheet, from 1.
        line: usize,
        /// The character.
        character: char,
        /// The table.
        table: String,
    },
}

/// How long liblouis may take for a translation (plus 10 ms a line): `lou_translate`
/// loops forever on a few inputs (seen with `de-g0.utb` and "4 -.bb-----"), and a table
/// must never wait on it.
pub const LOUIS_TIME: Duration = Duration::from_secs(3);

enum Finished {
    Io(std::io::Error),
    TooLong,
}

/// `child`'s output once it exits, or [`Finished::TooLong`] (the child killed) when it
/// runs past `limit`; its pipes are drained on threads so a full pipe never stalls it.
fn finish_within(
    mut child: std::process::Child,
    limit: Duration,
) -> Result<std::process::Output, Finished> {
    use std::io::Read;
    use wait_timeout::ChildExt;
    fn drain(pipe: Option<impl Read + Send + 'static>) -> std::thread::JoinHandle<Vec<u8>> {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    }
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());
    let Some(status) = child.wait_timeout(limit).map_err(Finished::Io)? else {
        let _ = child.kill();
        let _ = child.wait();
        return Err(Finished::TooLong);
    };
    Ok(std::process::Output {
        status,
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
    })
}

/// Dot 4 (`@` in Braille ASCII), the accent sign: written before the plain letter when an
/// accented letter has no cell in the table (`Ž` → dot 4, `Z`).
pub const ACCENT_SIGN: char = '@';
/// The full cell (dots 1–6, `=` in Braille ASCII): stands for a character with no cell and
/// no plain letter under its accent (CJK, emoji, control characters); the sheet then ends
/// with a note saying so.
pub const PLACEHOLDER: char = '=';

/// Translates print lines into Braille ASCII lines with liblouis (`lou_translate`).
///
/// A character the table has no cell for never drops the scoresheet: it is written as the
/// [`ACCENT_SIGN`] and its letter without the accent when it has one, else as the
/// [`PLACEHOLDER`] cell, and a note line saying so is added at the end.
///
/// # Errors
///
/// [`BrailleError`] when liblouis is missing, refuses the table, or runs too long.
pub fn translate(table: &str, lines: &[String]) -> Result<Vec<String>, BrailleError> {
    let plain = lines
        .iter()
        .all(|l| l.chars().all(|c| c == ' ' || c.is_ascii_graphic()));
    if plain {
        match translate_whole(table, lines) {
            Ok(out) if out.iter().all(|l| is_braille_ascii(l)) => return Ok(out),
            Ok(_) | Err(BrailleError::Louis { .. } | BrailleError::Lines { .. }) => {}
            Err(e) => return Err(e),
        }
    }
    // A table liblouis refuses is named as such, not taken for missing cells.
    translate_whole(table, &["a".to_owned()])?;
    translate_with_fallback(table, lines)
}

/// True for text BRF can carry: Braille ASCII (space to underscore) only.
fn is_braille_ascii(text: &str) -> bool {
    text.chars().all(|c| (' '..='_').contains(&c))
}

/// Which of `chars` the table gives a cell: all in one call, one call each when a
/// character makes liblouis fail the whole call.
fn cells(table: &str, chars: &[char]) -> Result<Vec<bool>, BrailleError> {
    // liblouis writes a character some tables lack as an escape (`'\X674E'`), not a cell.
    let escaped = |out: &str| {
        out.match_indices('\\').any(|(at, _)| {
            let rest = &out.as_bytes()[at + 1..];
            matches!(rest.first(), Some(b'X' | b'Y'))
                && rest.get(1).is_some_and(u8::is_ascii_hexdigit)
        })
    };
    let good = |out: &str| !out.trim().is_empty() && is_braille_ascii(out) && !escaped(out);
    let lines: Vec<String> = chars.iter().map(|c| c.to_string()).collect();
    match translate_whole(table, &lines) {
        Ok(out) => return Ok(out.iter().map(|l| good(l)).collect()),
        Err(BrailleError::Louis { .. } | BrailleError::Lines { .. }) => {}
        Err(e) => return Err(e),
    }
    lines
        .iter()
        .map(|l| match translate_whole(table, std::slice::from_ref(l)) {
            Ok(out) => Ok(out.first().is_some_and(|o| good(o))),
            Err(BrailleError::Louis { .. } | BrailleError::Lines { .. }) => Ok(false),
            Err(e) => Err(e),
        })
        .collect()
}

/// One piece of a line in the fallback: print text for liblouis, or cells written as
/// they are.
enum Piece {
    Print(String),
    Cells(String),
}

/// One line of the fallback: its words, each as pieces.
type PlannedLine = Vec<Vec<Piece>>;

/// The fallback of [`translate`]: each character without a cell is written as the accent
/// sign and its plain letter, or as the placeholder cell (with a note at the end).
fn translate_with_fallback(table: &str, lines: &[String]) -> Result<Vec<String>, BrailleError> {
    let without = chars_without_cells(table, lines)?;
    let nfd = icu_normalizer::DecomposingNormalizerBorrowed::new_nfd();
    let mut planned: Vec<PlannedLine> = lines
        .iter()
        .map(|line| plan_line(line, &without, &nfd))
        .collect();
    let placeholder_used = planned
        .iter()
        .flatten()
        .flatten()
        .any(|p| matches!(p, Piece::Cells(c) if c.chars().eq([PLACEHOLDER])));
    if placeholder_used {
        planned.push(placeholder_note(table));
    }
    // Every print piece is sent to liblouis on a line of its own.
    let print: Vec<String> = planned
        .iter()
        .flatten()
        .flatten()
        .filter_map(|p| match p {
            Piece::Print(t) => Some(t.clone()),
            Piece::Cells(_) => None,
        })
        .collect();
    let translated = if print.is_empty() {
        Vec::new()
    } else {
        translate_whole(table, &print)?
    };
    assemble(table, planned, translated)
}

/// The characters of `lines` that have no cell in `table`.
fn chars_without_cells(table: &str, lines: &[String]) -> Result<HashSet<char>, BrailleError> {
    // Letters, digits and signs of ASCII have cells in every table; the rest is asked.
    let mut distinct: Vec<char> = lines
        .iter()
        .flat_map(|l| l.chars())
        .filter(|c| *c != ' ' && !c.is_ascii_graphic())
        .collect();
    distinct.sort_unstable();
    distinct.dedup();
    let verdicts = cells(table, &distinct)?;
    Ok(distinct
        .iter()
        .zip(verdicts)
        .filter_map(|(c, good)| (!good).then_some(*c))
        .collect())
}

/// A line as words of pieces: the whole line as print when all its characters have
/// cells, else each word split around the characters `without` a cell.
fn plan_line(
    line: &str,
    without: &HashSet<char>,
    nfd: &icu_normalizer::DecomposingNormalizerBorrowed<'_>,
) -> PlannedLine {
    if !line.chars().any(|c| without.contains(&c)) {
        return if line.is_empty() {
            Vec::new()
        } else {
            vec![vec![Piece::Print(line.to_owned())]]
        };
    }
    let mut words = Vec::new();
    for word in line.split(' ') {
        let mut pieces = Vec::new();
        let mut run = String::new();
        for c in word.chars() {
            if !without.contains(&c) {
                run.push(c);
                continue;
            }
            if !run.is_empty() {
                pieces.push(Piece::Print(std::mem::take(&mut run)));
            }
            pieces.extend(stand_in(c, nfd));
        }
        if !run.is_empty() {
            pieces.push(Piece::Print(run));
        }
        words.push(pieces);
    }
    words
}

/// What stands for a character without a cell: the accent sign and its plain letter
/// when it is an accented ASCII letter, else the placeholder cell.
fn stand_in(c: char, nfd: &icu_normalizer::DecomposingNormalizerBorrowed<'_>) -> Vec<Piece> {
    let mut buf = [0u8; 4];
    let base = nfd
        .normalize(c.encode_utf8(&mut buf))
        .chars()
        .next()
        .filter(|b| *b != c && b.is_ascii_alphabetic());
    match base {
        Some(b) => vec![
            Piece::Cells(ACCENT_SIGN.to_string()),
            Piece::Print(b.to_string()),
        ],
        None => vec![Piece::Cells(PLACEHOLDER.to_string())],
    }
}

/// The note at the end that says what the placeholder cell stands for.
fn placeholder_note(table: &str) -> PlannedLine {
    let note = format!(
        "Note: {PLACEHOLDER} is the full cell, for a character without a Braille cell in {table}"
    );
    // The note's own text is ASCII; its placeholder is written as the cell.
    let (before, after) = note.split_once(PLACEHOLDER).expect("the note names it");
    vec![vec![
        Piece::Print(before.trim_end().to_owned()),
        Piece::Cells(format!(" {PLACEHOLDER} ")),
        Piece::Print(after.trim_start().to_owned()),
    ]]
}

/// The planned lines with each print piece replaced by its `translated` line, in order;
/// an error names the first line that still holds a character without a cell.
fn assemble(
    table: &str,
    planned: Vec<PlannedLine>,
    translated: Vec<String>,
) -> Result<Vec<String>, BrailleError> {
    let mut next = translated.into_iter();
    let mut out = Vec::with_capacity(planned.len());
    for (i, words) in planned.into_iter().enumerate() {
        let mut line = Vec::with_capacity(words.len());
        for pieces in words {
            let mut word = String::new();
            for p in pieces {
                match p {
                    Piece::Print(_) => word.push_str(next.next().unwrap_or_default().trim()),
                    Piece::Cells(c) => word.push_str(&c),
                }
            }
            line.push(word);
        }
        let line = line.join(" ").trim_end().to_owned();
        if let Some(c) = line.chars().find(|c| !(' '..='_').contains(c)) {
            return Err(BrailleError::NoCell {
                line: i + 1,
                character: c,
                table: table.to_owned(),
            });
        }
        out.push(line);
    }
    Ok(out)
}

/// One `lou_translate` run over `lines`, each line giving one line back.
fn translate_whole(table: &str, lines: &[String]) -> Result<Vec<String>, BrailleError> {
    let mut child = Command::new("lou_translate")
        .arg("--forward")
        .arg(format!("{DISPLAY_TABLE},{table}"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(BrailleError::Missing)?;
    // Empty lines are kept by sending a lone space; they come back as blank lines.
    let input: String = lines
        .iter()
        .map(|l| {
            if l.is_empty() {
                " \n".into()
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let deadline =
        LOUIS_TIME + Duration::from_millis(10) * u32::try_from(lines.len()).unwrap_or(u32::MAX);
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = finish_within(child, deadline).map_err(|e| match e {
        Finished::Io(e) => BrailleError::Missing(e),
        Finished::TooLong => BrailleError::Stopped {
            table: table.to_owned(),
            secs: deadline.as_secs(),
        },
    })?;
    let _ = writer.join();
    let stderr = String::from_utf8_lossy(&output.stderr).trim().to_owned();
    if !output.status.success() || !stderr.is_empty() {
        return Err(BrailleError::Louis {
            table: table.to_owned(),
            stderr: if stderr.is_empty() {
                format!("exit status {}", output.status)
            } else {
                stderr
            },
        });
    }
    let text = String::from_utf8_lossy(&output.stdout);
    let out: Vec<String> = text.lines().map(|l| l.trim_end().to_owned()).collect();
    if out.len() != lines.len() {
        return Err(BrailleError::Lines {
            sent: lines.len(),
            got: out.len(),
        });
    }
    Ok(out)
}

/// Lays Braille ASCII lines out as BRF pages: lines longer than [`CELLS`] are broken at a
/// space (or hard) with continuation lines indented by two cells; [`LINES`] lines a page;
/// pages end with a form feed; CR LF line ends.
pub fn paginate(lines: &[String]) -> String {
    let mut wrapped = Vec::new();
    for line in lines {
        let mut rest = line.as_str();
        let mut indent = "";
        loop {
            let room = CELLS - indent.len();
            if rest.len() <= room {
                wrapped.push(format!("{indent}{rest}"));
                break;
            }
            let cut = rest[..=room].rfind(' ').filter(|&i| i > 0).unwrap_or(room);
            wrapped.push(format!("{indent}{}", rest[..cut].trim_end()));
            rest = rest[cut..].trim_start();
            indent = "  ";
        }
    }
    let mut brf = String::new();
    for (i, page) in wrapped.chunks(LINES).enumerate() {
        if i > 0 {
            brf.push('\x0c');
        }
        for line in page {
            brf.push_str(line);
            brf.push_str("\r\n");
        }
    }
    brf
}

/// The whole BRF file of a scoresheet.
///
/// # Errors
///
/// As [`translate`].
pub fn scoresheet_brf(table: &str, lines: &[String]) -> Result<String, BrailleError> {
    Ok(paginate(&translate(table, lines)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// liblouis 3.x loops forever on this board line with the German table; the
    /// translation is stopped and named instead of hanging the display (and the table).
    #[test]
    fn a_looping_liblouis_is_stopped_and_named() {
        let start = std::time::Instant::now();
        match translate("de-g0.utb", &["4 -.bb-----".to_owned()]) {
            Err(e @ BrailleError::Stopped { .. }) => {
                assert!(e.to_string().contains("de-g0.utb"), "{e}");
            }
            // A liblouis without the bug translates it: then it must be quick.
            Ok(lines) => assert_eq!(lines.len(), 1),
            Err(e) => panic!("{e}"),
        }
        assert!(start.elapsed() < LOUIS_TIME + Duration::from_secs(2));
        // Ordinary lines still translate.
        assert_eq!(
            translate("de-g0.utb", &["4 -.b------".to_owned()])
                .unwrap()
                .len(),
            1
        );
    }

    #[test]
    fn lines_pair_moves_and_start_with_black_when_it_moves_first() {
        let moves: Vec<String> = ["e5", "Nf3", "Nc6"].map(String::from).to_vec();
        let lines = scoresheet_lines(&Header::default(), &moves, 1, true, "*", Language::De);
        assert_eq!(lines[5], "1. ... e5");
        assert_eq!(lines[6], "2. Sf3 Sc6");
        assert_eq!(lines.last().unwrap(), "Ergebnis: *");
        let lines = scoresheet_lines(&Header::default(), &moves, 7, false, "1-0", Language::En);
        assert_eq!(lines[5], "7. e5 Nf3");
        assert_eq!(lines[6], "8. Nc6");
    }

    #[test]
    fn long_lines_wrap_at_spaces_and_pages_hold_25_lines() {
        let long = "AB ".repeat(30);
        let mut lines = vec![long.trim_end().to_owned()];
        lines.extend((0..30).map(|i| format!("L{i}")));
        let brf = paginate(&lines);
        let pages: Vec<&str> = brf.split('\x0c').collect();
        assert_eq!(pages.len(), 2);
        let first: Vec<&str> = pages[0].split("\r\n").filter(|l| !l.is_empty()).collect();
        assert_eq!(first.len(), LINES);
        assert!(first.iter().all(|l| l.len() <= CELLS));
        assert!(first[1].starts_with("  AB"), "{}", first[1]);
        assert_eq!(first[0].len(), 38);
        let word = "X".repeat(90);
        let brf = paginate(&[word]);
        assert!(brf.split("\r\n").all(|l| l.len() <= CELLS));
    }

    #[test]
    fn liblouis_translates_a_german_scoresheet_into_braille_ascii() {
        let lines: Vec<String> = ["1. e4 e5", "2. Sf3 Sc6", ""].map(String::from).to_vec();
        let out = translate("de-g0.utb", &lines).unwrap_or_else(|e| panic!("{e}"));
        // German Basisschrift: number sign #, digits as a–j, period dot 3 (').
        assert_eq!(out, ["#A' E#D E#E", "#B' SF#C SC#F", ""]);
    }

    /// Issue 26, item 6: lt.ctb has no 6-dot cell for capital Ž and Š; the sheet is
    /// written with the accent sign before the plain letter, never dropped.
    #[test]
    fn a_lithuanian_capital_without_a_cell_is_written_after_the_accent_sign() {
        let lines: Vec<String> = ["Žalgiris Šarūnas", "1. Žf3 Žc6", "", "Ąžuolas"]
            .map(String::from)
            .to_vec();
        let out = translate("lt.ctb", &lines).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(out.len(), 4, "{out:?}");
        assert!(out.iter().all(|l| is_braille_ascii(l)), "{out:?}");
        assert!(out[0].starts_with("@ZALGIRIS @SAR"), "{out:?}");
        assert!(out[1].contains("@Z"), "{out:?}");
        assert_eq!(out[2], "");
        assert!(out[3].starts_with("@A"), "{out:?}");
        // Lower-case ž has its own cell and keeps it.
        assert!(!out[3][2..].contains('@'), "{out:?}");
    }

    /// CJK, emoji and control characters have no cell and no plain letter: the full cell
    /// stands for each, and a note at the end says what it means.
    #[test]
    fn characters_without_a_cell_or_a_letter_become_the_full_cell_with_a_note() {
        for table in ["lt.ctb", "de-g0.utb", "en-us-g1.ctb"] {
            let lines: Vec<String> = ["White: 李 Anna", "Black: Bob 😀", "Event: a\u{7}b", "1. e4"]
                .map(String::from)
                .to_vec();
            let out = translate(table, &lines).unwrap_or_else(|e| panic!("{table}: {e}"));
            assert_eq!(out.len(), 5, "{table}: {out:?}");
            assert!(out.iter().all(|l| is_braille_ascii(l)), "{table}: {out:?}");
            for line in &out[..3] {
                assert!(line.contains(PLACEHOLDER), "{table}: {out:?}");
            }
            assert!(!out[3].contains(PLACEHOLDER), "{table}: {out:?}");
            assert!(out[4].contains(" = "), "{table}: the note: {out:?}");
            let whole = translate(table, &["1. e4".to_owned()]).unwrap();
            assert_eq!(
                out[3], whole[0],
                "{table}: plain lines are translated whole"
            );
        }
    }

    #[test]
    fn an_unknown_table_is_named() {
        let e = translate("xx-none.ctb", &["1. e4".into()]).unwrap_err();
        assert!(e.to_string().contains("xx-none.ctb"), "{e}");
        let e = translate("xx-none.ctb", &["Žalgiris".into()]).unwrap_err();
        assert!(e.to_string().contains("xx-none.ctb"), "{e}");
    }
}
