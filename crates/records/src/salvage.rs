//! A PGN salvaged from a damaged journal: the moves before the damage, saying so inside.

/// A PGN salvaged from a damaged journal, saying so inside: a `Salvaged` tag after the
/// tags and a comment before the result.
pub fn salvaged(pgn: &str, why: &str) -> String {
    let clean: String = why.chars().filter(|c| !c.is_control()).collect();
    let tag = format!(
        "[Salvaged \"{}\"]\n",
        clean.replace('\\', "\\\\").replace('"', "\\\"")
    );
    let comment = format!(
        "{{annabella: salvaged from a damaged journal, the moves before the damage: {}}}",
        clean.replace('}', ")")
    );
    let (head, moves) = pgn.split_once("\n\n").unwrap_or(("", pgn));
    let moves = moves.trim_end();
    let (before, result) = moves
        .rsplit_once(char::is_whitespace)
        .unwrap_or(("", moves));
    let head = if head.is_empty() {
        String::new()
    } else {
        format!("{head}\n")
    };
    let before = if before.is_empty() {
        String::new()
    } else {
        format!("{before} ")
    };
    format!("{head}{tag}\n{before}{comment} {result}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_salvaged_pgn_has_its_tag_and_comment_and_stays_pgn() {
        let pgn = "[Event \"E\"]\n[Result \"*\"]\n\n1. e4 {[%clk 1:00:00]} *\n";
        let out = salvaged(pgn, "record 5 is damaged: \"x\"");
        assert!(
            out.contains("[Salvaged \"record 5 is damaged: \\\"x\\\"\"]\n\n"),
            "{out}"
        );
        assert!(out.ends_with("{annabella: salvaged from a damaged journal, the moves before the damage: record 5 is damaged: \"x\"} *\n"), "{out}");
        let games = annabella_rules::pgn::read_games(&out);
        let game = games[0].as_ref().unwrap();
        assert_eq!(game.tag("Salvaged"), Some("record 5 is damaged: \"x\""));
        assert_eq!(game.move_texts(), ["e4"]);
    }
}
