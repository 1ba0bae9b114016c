//! Each side's remaining time over the game as a small SVG line chart (White solid,
//! Black dashed, so the lines differ by more than colour), and the same numbers as an
//! HTML table: the chart's text alternative.

use std::fmt::Write;

use annabella_phonetic::{Language, messages::Messages};

use crate::escape;

/// Both clocks after one half-move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockPoint {
    /// The half-move, from 1.
    pub ply: usize,
    /// White's remaining time after it, ms.
    pub white_ms: u64,
    /// Black's remaining time after it, ms.
    pub black_ms: u64,
}

const W: f64 = 400.0;
const H: f64 = 176.0;
const LEFT: f64 = 44.0;
const RIGHT: f64 = 8.0;
const TOP: f64 = 8.0;
const BOTTOM: f64 = 40.0;

/// Milliseconds as "h:mm:ss" (whole seconds, rounded down).
pub fn hms(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// Round steps for a time axis, ms: 1, 2, 5, 10, 15, 20, 30 minutes, 1, 2, 3, 6 hours.
const TIME_STEPS: [u64; 11] = [
    60_000, 120_000, 300_000, 600_000, 900_000, 1_200_000, 1_800_000, 3_600_000, 7_200_000,
    10_800_000, 21_600_000,
];

/// A time axis up to at least `most` ms in round values: the step between its lines and
/// its top (a whole number of steps, at most six of them; never below one minute), so
/// that every tick is a value a clock shows with zero seconds.
///
/// ```
/// use annabella_board::chart::round_ticks;
/// assert_eq!(round_ticks(5_400_000), (900_000, 5_400_000)); // every 0:15:00 up to 1:30:00
/// assert_eq!(round_ticks(4_138_000), (900_000, 4_500_000));   // not 1:08:58
/// assert_eq!(round_ticks(0), (60_000, 60_000));
/// ```
pub fn round_ticks(most: u64) -> (u64, u64) {
    let most = most.max(1);
    let step = TIME_STEPS
        .into_iter()
        .find(|s| most.div_ceil(*s) <= 6)
        .unwrap_or_else(|| most.div_ceil(6).div_ceil(3_600_000) * 3_600_000);
    (step, most.div_ceil(step) * step)
}

/// The step between numbered moves on a move axis of `moves` moves: 1, 2, 5, 10, 20, 50…
/// so that at most about ten are numbered.
pub fn move_step(moves: usize) -> usize {
    let mut step = 1;
    for next in [2, 5, 10, 20, 50, 100] {
        if moves.div_ceil(step) <= 10 {
            break;
        }
        step = next;
    }
    step
}

/// The chart of `points` (in ply order); `id` makes its title and description ids
/// unique on the page; `table_id` names the table with the same numbers; its texts are
/// in `language`.
pub fn clock_chart(points: &[ClockPoint], id: &str, table_id: &str, language: Language) -> String {
    let m = Messages::get(language);
    let (step, most) = round_ticks(
        points
            .iter()
            .map(|p| p.white_ms.max(p.black_ms))
            .max()
            .unwrap_or(0),
    );
    let last = points.last().map_or(1, |p| p.ply).max(2);
    #[allow(clippy::cast_precision_loss)]
    let x = |ply: usize| LEFT + (W - LEFT - RIGHT) * (ply as f64 / last as f64);
    #[allow(clippy::cast_precision_loss)]
    let y = |ms: u64| TOP + (H - TOP - BOTTOM) * (1.0 - ms as f64 / most as f64);
    let mut s = String::with_capacity(4096);
    let desc = match (points.first(), points.last()) {
        (Some(_), Some(end)) => m.text(
            "board-chart-after",
            &[
                ("number", end.ply.to_string().into()),
                ("white", hms(end.white_ms).into()),
                ("black", hms(end.black_ms).into()),
            ],
        ),
        _ => m.text("board-chart-none", &[]),
    };
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" class="clock-chart" id="{id}" role="img" aria-labelledby="{id}-title {id}-desc" aria-describedby="{table_id}"><title id="{id}-title">{}</title><desc id="{id}-desc">{}</desc>"#,
        escape(&m.text("board-chart-title", &[])),
        escape(&desc)
    );
    // Grid and axes: a line at every round step of time.
    for q in 0..=most / step {
        let ms = step * q;
        let gy = y(ms);
        let _ = write!(
            s,
            r#"<path class="grid" d="M{LEFT} {gy:.1} H{}"/><text x="{}" y="{:.1}" text-anchor="end">{}</text>"#,
            W - RIGHT,
            LEFT - 4.0,
            gy + 4.0,
            short(ms)
        );
    }
    let _ = write!(
        s,
        r#"<path class="axis" d="M{LEFT} {TOP} V{} H{}"/>"#,
        H - BOTTOM,
        W - RIGHT
    );
    let moves = last.div_ceil(2);
    let every = move_step(moves);
    for m in (every..=moves).step_by(every) {
        let _ = write!(
            s,
            r#"<text x="{:.1}" y="{}" text-anchor="middle">{m}</text>"#,
            x(m * 2 - 1),
            H - BOTTOM + 14.0
        );
    }
    for (class, pick) in [
        (
            "white",
            (|p: &ClockPoint| p.white_ms) as fn(&ClockPoint) -> u64,
        ),
        ("black", |p: &ClockPoint| p.black_ms),
    ] {
        let mut d = String::new();
        for (i, p) in points.iter().enumerate() {
            let _ = write!(
                d,
                "{}{:.1} {:.1} ",
                if i == 0 { "M" } else { "L" },
                x(p.ply),
                y(pick(p))
            );
        }
        if !d.is_empty() {
            let _ = write!(
                s,
                r#"<path class="{class}" data-side="{class}" d="{}"/>"#,
                d.trim_end()
            );
        }
    }
    // The legend, under the move numbers.
    let ly = H - 8.0;
    let _ = write!(
        s,
        r#"<path class="white" d="M{LEFT} {ly} h24"/><text x="{}" y="{}">{white}</text><path class="black" d="M{} {ly} h24"/><text x="{}" y="{}">{black}</text></svg>"#,
        LEFT + 30.0,
        ly + 4.0,
        LEFT + 90.0,
        LEFT + 120.0,
        ly + 4.0,
        white = escape(&m.text("board-chart-white", &[])),
        black = escape(&m.text("board-chart-black", &[])),
    );
    s
}

/// A tick's label: `1:30` (hours and minutes) from an hour on, `45m` below.
fn short(ms: u64) -> String {
    let m = ms / 60_000;
    if m >= 60 {
        format!("{}:{:02}", m / 60, m % 60)
    } else {
        format!("{m}m")
    }
}

/// The chart's numbers as an HTML table with the id `id`: one row per move, each side's
/// time after its own half-move; its texts are in `language`.
pub fn clock_table(points: &[ClockPoint], id: &str, language: Language) -> String {
    let m = Messages::get(language);
    let t = |id: &str| escape(&m.text(id, &[]));
    let mut s = format!(
        r#"<table class="clock-table" id="{id}"><caption>{}</caption><thead><tr><th scope="col">{}</th><th scope="col">{}</th><th scope="col">{}</th></tr></thead><tbody>"#,
        t("board-chart-caption"),
        t("board-chart-move"),
        t("board-chart-white"),
        t("board-chart-black"),
    );
    for pair in points.chunks(2) {
        let white = pair.iter().find(|p| p.ply % 2 == 1);
        let black = pair.iter().find(|p| p.ply % 2 == 0);
        let ply = pair[0].ply;
        let _ = write!(
            s,
            r#"<tr><th scope="row">{}</th><td>{}</td><td>{}</td></tr>"#,
            ply.div_ceil(2),
            white.map_or(String::new(), |p| hms(p.white_ms)),
            black.map_or(String::new(), |p| hms(p.black_ms)),
        );
    }
    if points.is_empty() {
        let _ = write!(
            s,
            r#"<tr><td colspan="3">{}</td></tr>"#,
            t("board-chart-none")
        );
    }
    s.push_str("</tbody></table>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points() -> Vec<ClockPoint> {
        (1..=5)
            .map(|ply| ClockPoint {
                ply,
                white_ms: 600_000 - 10_000 * ply as u64,
                black_ms: 600_000 - 20_000 * ply as u64,
            })
            .collect()
    }

    #[test]
    fn one_line_per_side_and_a_table_of_the_same_numbers() {
        let svg = clock_chart(&points(), "c", "ct", Language::En);
        assert_eq!(svg.matches(r#"data-side="white""#).count(), 1);
        assert_eq!(svg.matches(r#"data-side="black""#).count(), 1);
        assert!(svg.contains(r#"aria-describedby="ct""#));
        assert!(svg.contains("After half-move 5: White 0:09:10, Black 0:08:20."));
        let table = clock_table(&points(), "ct", Language::En);
        // Moves 1..3: White after plies 1, 3, 5; Black after plies 2, 4.
        assert_eq!(table.matches("<tr><th scope=\"row\">").count(), 3);
        assert!(table.contains("<th scope=\"row\">1</th><td>0:09:50</td><td>0:09:20</td>"));
        assert!(table.contains("<th scope=\"row\">3</th><td>0:09:10</td><td></td>"));
    }

    #[test]
    fn ticks_fall_on_round_values() {
        for most in [
            1, 59_000, 61_000, 599_000, 2_700_000, 4_138_000, 5_400_000, 7_260_000,
        ] {
            let (step, top) = round_ticks(most);
            assert!(top >= most && top / step <= 6, "{most}: {step} {top}");
            assert_eq!(step % 60_000, 0, "{most}: whole minutes");
            assert!(TIME_STEPS.contains(&step), "{most}: {step}");
        }
        assert_eq!(move_step(8), 1);
        assert_eq!(move_step(41), 5);
        assert_eq!(move_step(130), 20);
        let svg = clock_chart(&points(), "c", "ct", Language::En);
        assert!(svg.contains(">10m<") && svg.contains(">4m<"), "{svg}");
    }

    #[test]
    fn no_moves_is_said_not_drawn() {
        assert!(clock_chart(&[], "c", "ct", Language::En).contains("No move yet."));
        assert!(clock_table(&[], "ct", Language::En).contains("No move yet."));
    }

    #[test]
    fn the_chart_and_its_table_speak_the_pages_language() {
        let svg = clock_chart(&points(), "c", "ct", Language::De);
        assert!(
            svg.contains("<title id=\"c-title\">Restbedenkzeit beider Seiten, Zug um Zug</title>"),
            "{svg}"
        );
        assert!(
            svg.contains("Nach Halbzug 5: Weiß 0:09:10, Schwarz 0:08:20."),
            "{svg}"
        );
        assert!(
            svg.contains(">Weiß</text>") && svg.contains(">Schwarz</text>"),
            "{svg}"
        );
        let table = clock_table(&points(), "ct", Language::De);
        assert!(
            table.contains("<caption>Restbedenkzeit nach jedem Zug</caption>"),
            "{table}"
        );
        assert!(
            table.contains(r#"<th scope="col">Zug</th><th scope="col">Weiß</th>"#),
            "{table}"
        );
        assert!(clock_table(&[], "ct", Language::Hu).contains("Még nincs lépés."));
        for language in Language::ALL {
            let both = clock_chart(&points(), "c", "ct", language)
                + &clock_table(&points(), "ct", language);
            assert!(!both.contains("board-chart"), "{language}: {both}");
            if language != Language::En {
                for english in ["Remaining", "White", "Black", "Move<", "half-move"] {
                    assert!(!both.contains(english), "{language}: {english}: {both}");
                }
            }
        }
    }
}
