//! The printed scoresheet of a real game: `annabella demo` writes `game.pdf` beside the
//! PGN and Braille records, and `annabella export pdf JOURNAL --out FILE` writes the same
//! sheet from the journal. Read back with poppler (Debian's poppler-utils): `pdftotext`
//! gives both players, every move (in the German table's letters) with its clock time,
//! and the result; `pdftoppm` renders every page, and page 1 is not blank. With
//! `ANNABELLA_SCREENS` set (`scripts/screens.sh`), page 1 goes into the gallery.
//!
//! FAILS (never skips) when poppler-utils or the font is missing.

use std::{path::Path, process::Command, time::Duration};

use annabella_phonetic::{Language, localize_san};
use annabella_test_support::{
    pixels::{self, Shot},
    process::{DEMO_LIMIT, output_within},
};

const BIN: &str = env!("CARGO_BIN_EXE_annabella");

fn pdftotext(pdf: &Path) -> String {
    let out = Command::new("pdftotext")
        .args(["-layout"])
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext (install the Debian package poppler-utils)");
    assert!(out.status.success(), "pdftotext failed: {out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The moves of a PGN with their `[%clk]` times, in order.
fn moves_with_clocks(pgn: &str) -> Vec<(String, String)> {
    let movetext: String = pgn
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ");
    let mut out: Vec<(String, String)> = Vec::new();
    let mut tokens = movetext.split_whitespace();
    while let Some(t) = tokens.next() {
        if t == "{[%clk" {
            let time = tokens.next().unwrap_or_default().trim_end_matches("]}");
            if let Some(last) = out.last_mut() {
                last.1 = time.to_owned();
            }
        } else if !t.ends_with('.') && !["1-0", "0-1", "1/2-1/2", "*"].contains(&t) {
            out.push((t.to_owned(), String::new()));
        }
    }
    out
}

#[test]
fn the_demo_writes_a_scoresheet_with_every_move_its_time_and_the_result() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("demo");
    let mut demo = Command::new(BIN);
    demo.args(["demo", "--text", "--typed", "--out"]).arg(&out);
    let run = output_within(&mut demo, DEMO_LIMIT);
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "demo failed:\n{err}");
    let pdf = out.join("game.pdf");
    assert!(
        err.contains(&format!("Die Datei {} ist geschrieben.", pdf.display())),
        "the demo names game.pdf among its records:\n{err}"
    );
    let text = pdftotext(&pdf);
    let pgn = std::fs::read_to_string(out.join("game.pgn")).unwrap();
    let moves = moves_with_clocks(&pgn);
    assert_eq!(
        moves.len(),
        7,
        "the sample game has seven half-moves: {moves:?}"
    );
    for needle in [
        "Anna Muster",
        "Bella Beispiel",
        "Club championship",
        "Berlin",
    ] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
    for (i, (san, clock)) in moves.iter().enumerate() {
        // The demo's table is German: Lc4, Sc6, Dh5, Sf6, Dxf7#.
        let german = localize_san(san, Language::De);
        let row = text
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{} ", i / 2 + 1)))
            .unwrap_or_else(|| panic!("no row for move {}:\n{text}", i / 2 + 1));
        assert!(
            row.contains(&german) && row.contains(clock.as_str()),
            "move {german} at {clock} is not in its row {row:?}"
        );
    }
    assert!(
        text.contains("Dxf7#") && text.contains("Sc6"),
        "German letters:\n{text}"
    );
    let result = text
        .lines()
        .skip_while(|l| !l.contains("Ergebnis"))
        .nth(1)
        .unwrap_or_default();
    assert!(
        result.contains("1-0"),
        "the result under its label: {result:?}\n{text}"
    );

    // The same sheet from the journal.
    let exported = dir.path().join("exported.pdf");
    let mut export = Command::new(BIN);
    export
        .args(["export", "pdf"])
        .arg(out.join("game.journal"))
        .arg("--out")
        .arg(&exported);
    let run = output_within(&mut export, Duration::from_secs(60));
    assert!(run.status.success(), "export failed: {run:?}");
    let said = String::from_utf8_lossy(&run.stderr);
    assert!(
        said.contains(&format!(
            "Die Datei {} ist geschrieben.",
            exported.display()
        )),
        "export names the sheet it wrote, in the table's language:\n{said}"
    );
    assert_eq!(
        pdftotext(&exported),
        text,
        "export pdf gives the demo's sheet"
    );

    // Every page renders; page 1 is a sheet, not a blank page.
    let prefix = dir.path().join("page");
    let status = Command::new("pdftoppm")
        .args(["-r", "60", "-png"])
        .arg(&pdf)
        .arg(&prefix)
        .status()
        .expect("pdftoppm (install the Debian package poppler-utils)");
    assert!(status.success());
    let mut rendered: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "png"))
        .collect();
    rendered.sort();
    assert_eq!(
        rendered.len(),
        2,
        "the moves and the clock figure: {rendered:?}"
    );
    let page1 = Shot::decode(&std::fs::read(&rendered[0]).unwrap());
    assert!(
        page1.width > 400 && page1.height > page1.width,
        "A4 upright"
    );
    let ink = page1
        .pixels
        .iter()
        .filter(|p| pixels::luminance(**p) < 0.3)
        .count();
    assert!(
        ink * 100 > page1.pixels.len(),
        "page 1 is nearly blank ({ink} dark pixels)"
    );
    pixels::gallery("scoresheet-page-1.png", &page1, 1);
}
