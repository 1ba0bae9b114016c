//! A finished game reviewed by voice, typed lines or the Braille display's keys, sans-IO:
//! a [`Review`] holds the game (its start and moves) and where the listener stands in
//! it; each [`Request`] ([`Request::parse`] reads one from words in the listener's
//! language, [`Request::from_key`] from a display key's name) gives back the sentence to
//! say. After a practice game the shell gives each position's engine [`Analysis`]
//! (computed outside, by the engine), and the review also tells the evaluation, the
//! best move and the next mistake (a move that lost at least a pawn's worth).

use annabella_phonetic::{
    Command, Form, Language, Lexicon, Side, Utterance, answer,
    messages::{Arg, Messages, color_arg},
    number, render,
};
use shakmaty::{Chess, Color, Move, Position, Rank, Role, uci::UciMove};

/// A move that loses this much (hundredths of a pawn, from the mover's side) is a
/// mistake.
pub const MISTAKE_CP: i32 = 100;

/// The longest game a review holds (plies): a record longer is cut there.
pub const MAX_PLIES: usize = 2000;

/// The highest move number understood in words ("Zug dreihundert").
pub const SPOKEN_MOVES: u32 = 300;

/// An engine's evaluation of one position, from the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Eval {
    /// Hundredths of a pawn.
    Centipawns(i32),
    /// Mate in this many moves (negative: mated).
    Mate(i32),
}

impl Eval {
    /// As centipawns for comparisons (a mate counts as 100 pawns, sooner more).
    pub fn centipawns(self) -> i32 {
        match self {
            Eval::Centipawns(cp) => cp,
            Eval::Mate(n) if n >= 0 => 10_000 - n.min(1000),
            Eval::Mate(n) => -10_000 + (-n).min(1000),
        }
    }

    fn flipped(self) -> Eval {
        match self {
            Eval::Centipawns(cp) => Eval::Centipawns(-cp),
            Eval::Mate(n) => Eval::Mate(-n),
        }
    }
}

/// The engine's view of one position: its best move there and its evaluation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The best move.
    pub best: Option<UciMove>,
    /// The evaluation, from the side to move.
    pub eval: Option<Eval>,
}

/// What the listener asks of the review.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Request {
    /// The next move ("vor", "next").
    Forward,
    /// The move before ("zurück", "back").
    Back,
    /// To the position after this many moves of White ("Zug 12", "move 12").
    Move(u32),
    /// The start position ("Anfang", "start").
    Start,
    /// The final position ("Ende", "end").
    End,
    /// Where the pieces of a kind stand ("wo ist mein Springer").
    WhereIs(Role, Side),
    /// The position rank by rank, eight to one ("Stellung", "position").
    Position,
    /// The moves so far ("Züge", "moves").
    Moves,
    /// The engine's evaluation after the move shown ("Bewertung", "evaluation").
    Evaluation,
    /// The engine's best move instead of the move shown ("bester Zug", "best move").
    Best,
    /// The next move that lost at least a pawn's worth ("nächster Fehler", "next mistake").
    NextMistake,
    /// What can be said ("Hilfe", "help").
    Help,
}

/// One request's words, by language.
type Words = &'static [(Language, &'static [&'static str])];

/// Words of the review in each language, beyond the table's own commands.
const KEYWORDS: &[(Request, Words)] = &[
    (
        Request::Forward,
        &[
            (Language::De, &["vor", "weiter", "vorwärts"]),
            (Language::En, &["forward", "next", "on"]),
            (Language::Lt, &["pirmyn", "toliau"]),
            (Language::Lv, &["uz priekšu", "tālāk"]),
            (Language::Hu, &["előre", "tovább"]),
        ],
    ),
    (
        Request::Back,
        &[
            (Language::De, &["zurück"]),
            (Language::En, &["back", "previous"]),
            (Language::Lt, &["atgal"]),
            (Language::Lv, &["atpakaļ"]),
            (Language::Hu, &["vissza"]),
        ],
    ),
    (
        Request::Start,
        &[
            (Language::De, &["anfang", "start"]),
            (Language::En, &["start", "beginning"]),
            (Language::Lt, &["pradžia"]),
            (Language::Lv, &["sākums"]),
            (Language::Hu, &["kezdet", "eleje"]),
        ],
    ),
    (
        Request::End,
        &[
            (Language::De, &["ende", "schluss"]),
            (Language::En, &["end"]),
            (Language::Lt, &["pabaiga"]),
            (Language::Lv, &["beigas"]),
            (Language::Hu, &["vége"]),
        ],
    ),
    (
        Request::Position,
        &[
            (Language::De, &["stellung"]),
            (Language::En, &["position", "board"]),
            (Language::Lt, &["pozicija"]),
            (Language::Lv, &["pozīcija"]),
            (Language::Hu, &["állás"]),
        ],
    ),
    (
        Request::Moves,
        &[
            (Language::De, &["züge", "partie"]),
            (Language::En, &["moves", "game"]),
            (Language::Lt, &["ėjimai"]),
            (Language::Lv, &["gājieni"]),
            (Language::Hu, &["lépések"]),
        ],
    ),
    (
        Request::Evaluation,
        &[
            (Language::De, &["bewertung"]),
            (Language::En, &["evaluation"]),
            (Language::Lt, &["įvertinimas"]),
            (Language::Lv, &["novērtējums"]),
            (Language::Hu, &["értékelés"]),
        ],
    ),
    (
        Request::Best,
        &[
            (Language::De, &["bester zug", "bester", "tipp"]),
            (Language::En, &["best move", "best"]),
            (Language::Lt, &["geriausias"]),
            (Language::Lv, &["labākais"]),
            (Language::Hu, &["legjobb"]),
        ],
    ),
    (
        Request::NextMistake,
        &[
            (Language::De, &["nächster fehler", "fehler"]),
            (Language::En, &["next mistake", "mistake"]),
            (Language::Lt, &["klaida"]),
            (Language::Lv, &["kļūda"]),
            (Language::Hu, &["hiba"]),
        ],
    ),
    (
        Request::Help,
        &[
            (Language::De, &["hilfe"]),
            (Language::En, &["help"]),
            (Language::Lt, &["pagalba"]),
            (Language::Lv, &["palīdzība"]),
            (Language::Hu, &["segítség"]),
        ],
    ),
];

/// The review's own words in `language` and what each asks.
fn keywords(language: Language) -> impl Iterator<Item = (&'static str, Request)> {
    KEYWORDS.iter().flat_map(move |(request, by_language)| {
        by_language
            .iter()
            .filter(move |(l, _)| *l == language)
            .flat_map(move |(_, words)| words.iter().map(move |w| (*w, *request)))
    })
}

/// The request of the review's own words `word` (lower case) in `language`.
fn keyword(language: Language, word: &str) -> Option<Request> {
    keywords(language).find(|(w, _)| *w == word).map(|(_, r)| r)
}

/// The phrases a speech recognizer listens for in a review in `language` of a game of
/// `last_move` moves (lower case, words separated by single spaces): the review's own
/// words, "Zug" with each move's number in words (German and English), and the table's
/// questions where a piece stands.
pub fn phrases(language: Language, last_move: u32) -> Vec<String> {
    let mut phrases: Vec<String> = keywords(language).map(|(w, _)| w.to_owned()).collect();
    for n in 1..=last_move.min(SPOKEN_MOVES) {
        let said = match language {
            Language::De => number::german(n, number::Usage::Alone),
            Language::En => number::english(n),
            _ => break,
        };
        phrases.push(format!("{} {}", move_word(language), said.to_lowercase()));
    }
    for template in Lexicon::get(language).command_templates() {
        if !template.contains('{')
            && matches!(
                Request::parse(language, template),
                Some(Request::WhereIs(..) | Request::Help)
            )
        {
            phrases.push(template.to_lowercase());
        }
    }
    phrases.sort();
    phrases.dedup();
    phrases
}

/// The word for "move" before a number ("Zug 12").
fn move_word(language: Language) -> &'static str {
    match language {
        Language::De => "zug",
        Language::En => "move",
        Language::Lt => "ėjimas",
        Language::Lv => "gājiens",
        Language::Hu => "lépés",
    }
}

impl Request {
    /// The request in `text` (words in `language`, digits or number words), if any.
    pub fn parse(language: Language, text: &str) -> Option<Request> {
        let text = text.trim().to_lowercase();
        let words: Vec<&str> = text.split_whitespace().collect();
        let joined = words.join(" ");
        if let Some(r) = keyword(language, &joined) {
            return Some(r);
        }
        if let [first, rest @ ..] = words.as_slice()
            && *first == move_word(language)
            && !rest.is_empty()
        {
            return move_number(language, &rest.join(" ")).map(Request::Move);
        }
        // "wo ist mein Springer": the table's own question.
        match annabella_phonetic::parse(Lexicon::get(language), text.trim()) {
            Ok(Utterance::Command(Command::WhereIs { role, side })) => {
                Some(Request::WhereIs(role, side))
            }
            Ok(Utterance::Command(Command::Help)) => Some(Request::Help),
            _ => None,
        }
    }

    /// The request of a Braille display key (brltty's command name: `LNDN` forward,
    /// `LNUP` back, `TOP` start, `BOT` end, `FWINRT` the next mistake, `FWINLT` the
    /// position, `SAY_LINE` the evaluation, `INFO` the moves).
    pub fn from_key(name: &str) -> Option<Request> {
        Some(match name.trim().to_ascii_uppercase().as_str() {
            "LNDN" => Request::Forward,
            "LNUP" => Request::Back,
            "TOP" => Request::Start,
            "BOT" => Request::End,
            "FWINRT" => Request::NextMistake,
            "FWINLT" => Request::Position,
            "SAY_LINE" => Request::Evaluation,
            "INFO" => Request::Moves,
            _ => return None,
        })
    }
}

/// A move number in digits or words (1–999).
fn move_number(language: Language, text: &str) -> Option<u32> {
    if let Ok(n) = text.parse::<u32>() {
        return (1..=999).contains(&n).then_some(n);
    }
    (1..=SPOKEN_MOVES).find(|&n| {
        let said = match language {
            Language::De => number::german(n, number::Usage::Alone),
            Language::En => number::english(n),
            _ => return false,
        };
        said.to_lowercase() == text
    })
}

/// A game under review and where the listener stands in it.
#[derive(Debug, Clone)]
pub struct Review {
    language: Language,
    listener: Color,
    start: Chess,
    moves: Vec<Move>,
    /// The positions before each move and after the last.
    positions: Vec<Chess>,
    /// The engine's analysis of each position (empty: none).
    analysis: Vec<Option<Analysis>>,
    /// Plies played in the position shown.
    at: usize,
    /// The game has no result (`*`): adjourned, or stopped and never resumed.
    unfinished: bool,
}

impl Review {
    /// The game from `start` through `moves` (those that are legal, at most
    /// [`MAX_PLIES`]), for a listener playing `listener` who speaks `language`; the
    /// review starts at the beginning.
    pub fn new(language: Language, listener: Color, start: Chess, moves: &[Move]) -> Review {
        let mut positions = vec![start.clone()];
        let mut kept = Vec::new();
        for &m in moves.iter().take(MAX_PLIES) {
            let pos = positions.last().expect("one position at least");
            if !pos.is_legal(m) {
                break;
            }
            let mut next = pos.clone();
            next.play_unchecked(m);
            positions.push(next);
            kept.push(m);
        }
        Review {
            language,
            listener,
            start,
            moves: kept,
            positions,
            analysis: Vec::new(),
            at: 0,
            unfinished: false,
        }
    }

    /// The game has no result (`*`, adjourned or never resumed): past its last move the
    /// review says so and who is to move.
    pub fn set_unfinished(&mut self, unfinished: bool) {
        self.unfinished = unfinished;
    }

    /// The positions of the game, the start first and the final last (what the engine
    /// analyses).
    pub fn positions(&self) -> &[Chess] {
        &self.positions
    }

    /// The engine's analysis of each of [`positions`](Self::positions).
    pub fn set_analysis(&mut self, analysis: Vec<Option<Analysis>>) {
        self.analysis = analysis;
    }

    /// Plies played in the position shown.
    pub fn at(&self) -> usize {
        self.at
    }

    fn say(&self, id: &str, args: &[Arg<'_>]) -> String {
        Messages::get(self.language).text(id, args)
    }

    fn lex(&self) -> &'static Lexicon {
        Lexicon::get(self.language)
    }

    fn number(&self, n: usize) -> annabella_phonetic::messages::FluentValue<'static> {
        let n = u32::try_from(n).unwrap_or(u32::MAX);
        match self.language {
            Language::De => number::german(n, number::Usage::Alone).into(),
            Language::En => number::english(n).into(),
            _ => n.into(),
        }
    }

    /// The ply `ply` (from 0) in words: "Zug zwölf, Weiß: Springer Gustav eins Felix drei".
    fn ply_words(&self, ply: usize) -> String {
        let pos = &self.positions[ply];
        let color = pos.turn();
        let number = pos.fullmoves().get() as usize;
        let said = render(pos, self.moves[ply], self.lex(), Form::Full);
        self.say(
            "review-move",
            &[
                ("number", self.number(number)),
                ("color", color_arg(color)),
                ("move", said.into()),
            ],
        )
    }

    /// What the review says at the start: the game in one sentence, its result (`1-0`,
    /// `0-1`, `1/2-1/2`, `*`) in words ("Schwarz hat gewonnen", "nicht beendet").
    pub fn opening(&self, white: &str, black: &str, result: &str) -> String {
        let result = match result.trim() {
            "1-0" => "white-wins",
            "0-1" => "black-wins",
            "1/2-1/2" | "½-½" => "draw",
            _ => "unfinished",
        };
        self.say(
            "review-game",
            &[
                ("white", white.to_owned().into()),
                ("black", black.to_owned().into()),
                ("result", result.into()),
                ("count", self.number(self.moves.len())),
            ],
        )
    }

    /// What the review says after its opening when the file holds `count` games: which
    /// one this is and how to choose another.
    pub fn games_note(&self, count: usize, number: usize) -> String {
        self.say(
            "review-games",
            &[
                ("count", self.number(count)),
                ("number", self.number(number)),
            ],
        )
    }

    /// Carries out `request`: the sentence to say.
    pub fn handle(&mut self, request: Request) -> String {
        match request {
            Request::Forward if self.at >= self.moves.len() && self.unfinished => {
                let turn = self.positions[self.at].turn();
                self.say("review-at-end-unfinished", &[("color", color_arg(turn))])
            }
            Request::Forward if self.at >= self.moves.len() => self.say("review-at-end", &[]),
            Request::Forward => {
                self.at += 1;
                self.ply_words(self.at - 1)
            }
            Request::Back if self.at == 0 => self.say("review-at-start", &[]),
            Request::Back => {
                self.at -= 1;
                match self.at {
                    0 => self.say("review-start", &[]),
                    n => self.ply_words(n - 1),
                }
            }
            Request::Start => {
                self.at = 0;
                self.say("review-start", &[])
            }
            Request::End => {
                self.at = self.moves.len();
                match self.at {
                    0 => self.say("review-start", &[]),
                    n => self.ply_words(n - 1),
                }
            }
            Request::Move(n) => self.go_to_move(n),
            Request::WhereIs(role, side) => {
                let color = match side {
                    Side::Own => self.listener,
                    Side::Opponent => !self.listener,
                    Side::White => Color::White,
                    Side::Black => Color::Black,
                };
                answer::where_is(self.positions[self.at].board(), role, color, self.lex())
            }
            Request::Position => {
                let board = self.positions[self.at].board();
                Rank::ALL
                    .into_iter()
                    .rev()
                    .map(|r| answer::read_rank(board, r, self.lex()))
                    .collect::<Vec<_>>()
                    .join(". ")
            }
            Request::Moves => self.moves_so_far(),
            Request::Evaluation => self.evaluation(),
            Request::Best => self.best(),
            Request::NextMistake => self.next_mistake(),
            Request::Help => self.say("review-help", &[]),
        }
    }

    /// To the position after White's `n`-th move (Black's when the game starts with
    /// Black to move).
    fn go_to_move(&mut self, n: u32) -> String {
        let found = (0..self.moves.len()).find(|&ply| {
            self.positions[ply].fullmoves().get() == n
                && (self.positions[ply].turn() == Color::White || ply == 0)
        });
        match found {
            Some(ply) => {
                self.at = ply + 1;
                self.ply_words(ply)
            }
            None => self.say(
                "review-no-such-move",
                &[("number", self.number(n as usize))],
            ),
        }
    }

    fn moves_so_far(&self) -> String {
        if self.at == 0 {
            return self.say("review-no-moves", &[]);
        }
        let said: Vec<String> = (0..self.at)
            .map(|ply| {
                render(
                    &self.positions[ply],
                    self.moves[ply],
                    self.lex(),
                    Form::Full,
                )
            })
            .collect();
        self.say("review-moves", &[("moves", said.join(", ").into())])
    }

    fn analysis_at(&self, at: usize) -> Option<&Analysis> {
        self.analysis.get(at).and_then(Option::as_ref)
    }

    /// The evaluation of the position shown, from the listener's side.
    fn evaluation(&self) -> String {
        if self.analysis.is_empty() {
            return self.say("review-no-analysis", &[]);
        }
        let pos = &self.positions[self.at];
        let Some(eval) = self.analysis_at(self.at).and_then(|a| a.eval) else {
            return self.say("practice-no-answer", &[]);
        };
        let eval = if pos.turn() == self.listener {
            eval
        } else {
            eval.flipped()
        };
        match eval {
            Eval::Mate(n) if n > 0 => self.say(
                "evaluation-mate-for",
                &[("count", self.number(n.unsigned_abs() as usize))],
            ),
            Eval::Mate(n) => self.say(
                "evaluation-mate-against",
                &[("count", self.number(n.unsigned_abs() as usize))],
            ),
            Eval::Centipawns(cp) if cp.abs() < 20 => self.say("evaluation-equal", &[]),
            Eval::Centipawns(cp) => {
                let id = if cp > 0 {
                    "evaluation-better"
                } else {
                    "evaluation-worse"
                };
                self.say(id, &[("pawns", self.pawns(cp).into())])
            }
        }
    }

    fn pawns(&self, cp: i32) -> String {
        let tenths = (cp.unsigned_abs() + 5) / 10;
        let point = if self.language == Language::En {
            '.'
        } else {
            ','
        };
        format!("{}{point}{}", tenths / 10, tenths % 10)
    }

    /// The engine's best move in the position before the move shown.
    fn best(&self) -> String {
        if self.analysis.is_empty() {
            return self.say("review-no-analysis", &[]);
        }
        let ply = self.at.saturating_sub(1);
        let pos = &self.positions[ply];
        match self
            .analysis_at(ply)
            .and_then(|a| a.best.as_ref())
            .and_then(|u| u.to_move(pos).ok())
        {
            Some(m) => self.say(
                "review-best",
                &[("move", render(pos, m, self.lex(), Form::Full).into())],
            ),
            None => self.say("practice-no-answer", &[]),
        }
    }

    /// What the move `ply` cost its mover by the engine (centipawns), if known.
    fn loss(&self, ply: usize) -> Option<i32> {
        let before = self.analysis_at(ply)?.eval?.centipawns();
        let after = self.analysis_at(ply + 1)?.eval?.centipawns();
        // `after` is the opponent's: the mover stands at -after.
        Some(before + after)
    }

    /// The next move after the one shown that lost at least [`MISTAKE_CP`]; the review
    /// goes there.
    fn next_mistake(&mut self) -> String {
        if self.analysis.is_empty() {
            return self.say("review-no-analysis", &[]);
        }
        let found = (self.at..self.moves.len())
            .find(|&ply| self.loss(ply).is_some_and(|l| l >= MISTAKE_CP));
        let Some(ply) = found else {
            return self.say("review-no-mistake", &[]);
        };
        self.at = ply + 1;
        let lost = self.loss(ply).unwrap_or(0);
        let pos = &self.positions[ply];
        let best = self
            .analysis_at(ply)
            .and_then(|a| a.best.as_ref())
            .and_then(|u| u.to_move(pos).ok())
            .map(|m| render(pos, m, self.lex(), Form::Full));
        let played = ("played", self.ply_words(ply).into());
        let pawns = ("pawns", self.pawns(lost.min(9999)).into());
        match best {
            Some(best) => self.say("review-mistake", &[played, pawns, ("best", best.into())]),
            None => self.say("review-mistake-plain", &[played, pawns]),
        }
    }

    /// The start position.
    pub fn start(&self) -> &Chess {
        &self.start
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::san::San;

    fn game(sans: &[&str]) -> (Chess, Vec<Move>) {
        let mut pos = Chess::default();
        let mut moves = Vec::new();
        for s in sans {
            let m = s.parse::<San>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(m);
            moves.push(m);
        }
        (Chess::default(), moves)
    }

    const OPERA: &[&str] = &["e4", "e5", "Nf3", "d6", "d4", "Bg4", "dxe5", "Bxf3"];

    #[test]
    fn every_phrase_a_recognizer_hears_is_a_request() {
        for language in [
            Language::De,
            Language::En,
            Language::Lt,
            Language::Lv,
            Language::Hu,
        ] {
            let phrases = phrases(language, 40);
            for p in &phrases {
                assert!(Request::parse(language, p).is_some(), "{language:?}: {p:?}");
                assert_eq!(p, &p.to_lowercase());
            }
        }
        let de = phrases(Language::De, 40);
        for p in [
            "vor",
            "zurück",
            "zug zwölf",
            "zug vierzig",
            "wo ist mein springer",
            "nächster fehler",
        ] {
            assert!(de.iter().any(|d| d == p), "{p:?} in {de:?}");
        }
        assert!(!de.iter().any(|d| d == "zug einundvierzig"), "{de:?}");
        assert_eq!(
            Request::parse(Language::En, "move forty"),
            Some(Request::Move(40))
        );
    }

    #[test]
    fn past_the_last_move_of_an_unfinished_game_it_says_who_is_to_move() {
        let (start, moves) = game(&OPERA[..3]);
        let mut r = Review::new(Language::De, Color::White, start.clone(), &moves);
        r.set_unfinished(true);
        assert!(
            r.opening("Anna", "Bert", "*")
                .starts_with("Partie Anna gegen Bert, nicht beendet, drei Halbzüge."),
        );
        r.handle(Request::End);
        assert_eq!(
            r.handle(Request::Forward),
            "Das war der letzte gespielte Zug; die Partie ist nicht beendet, Schwarz ist am Zug."
        );
        let mut r = Review::new(Language::En, Color::White, start, &[]);
        r.set_unfinished(true);
        assert_eq!(
            r.handle(Request::Forward),
            "That was the last move played; the game is not finished, White is to move."
        );
    }

    #[test]
    fn navigation_in_german() {
        let (start, moves) = game(OPERA);
        let mut r = Review::new(Language::De, Color::White, start, &moves);
        let say = |r: &mut Review, text: &str| {
            r.handle(Request::parse(Language::De, text).unwrap_or_else(|| panic!("{text}")))
        };
        assert_eq!(say(&mut r, "zurück"), "Sie sind am Anfang der Partie.");
        assert_eq!(say(&mut r, "vor"), "Zug eins, Weiß: Eva zwei Eva vier.");
        assert_eq!(
            say(&mut r, "vor"),
            "Zug eins, Schwarz: Eva sieben Eva fünf."
        );
        assert_eq!(
            say(&mut r, "Zug drei"),
            "Zug drei, Weiß: David zwei David vier."
        );
        assert_eq!(r.at(), 5);
        assert_eq!(say(&mut r, "Zug 12"), "Die Partie hat keinen Zug zwölf.");
        assert_eq!(
            say(&mut r, "Ende"),
            "Zug vier, Schwarz: Läufer Gustav vier schlägt Felix drei."
        );
        assert_eq!(say(&mut r, "vor"), "Das war der letzte Zug der Partie.");
        assert!(say(&mut r, "wo ist mein Springer").contains("Bella eins"));
        assert_eq!(say(&mut r, "Anfang"), "Die Ausgangsstellung.");
        let position = say(&mut r, "Stellung");
        assert!(
            position.starts_with("Anna acht schwarzer Turm"),
            "{position}"
        );
        assert!(position.ends_with("Hektor eins weißer Turm"), "{position}");
        assert_eq!(say(&mut r, "Züge"), "Noch kein Zug.");
        assert_eq!(
            say(&mut r, "Bewertung"),
            "Für diese Partie gibt es keine Engine-Bewertung."
        );
        assert_eq!(Request::parse(Language::De, "Quatsch"), None);
    }

    #[test]
    fn navigation_in_english() {
        let (start, moves) = game(OPERA);
        let mut r = Review::new(Language::En, Color::Black, start, &moves);
        let say = |r: &mut Review, text: &str| {
            r.handle(Request::parse(Language::En, text).unwrap_or_else(|| panic!("{text}")))
        };
        assert_eq!(say(&mut r, "next"), "Move one, White: Eva two Eva four.");
        assert_eq!(
            say(&mut r, "move 2"),
            "Move two, White: Knight Gustav one Felix three."
        );
        assert_eq!(
            say(&mut r, "moves"),
            "The moves so far: Eva two Eva four, Eva seven Eva five, Knight Gustav one Felix three."
        );
        assert_eq!(say(&mut r, "back"), "Move one, Black: Eva seven Eva five.");
        assert_eq!(say(&mut r, "start"), "The starting position.");
        assert_eq!(
            say(&mut r, "end"),
            "Move four, Black: Bishop Gustav four takes Felix three."
        );
        assert_eq!(Request::from_key("LNUP"), Some(Request::Back));
    }

    #[test]
    fn the_engine_tells_the_evaluation_the_best_move_and_the_next_mistake() {
        let (start, moves) = game(OPERA);
        let mut r = Review::new(Language::En, Color::White, start, &moves);
        let n = r.positions().len();
        // Level until Black's 3... Bg4 (ply 5) loses 1.5 pawns; 2... d6 lost only half a pawn.
        let mut analysis = vec![
            Some(Analysis {
                best: None,
                eval: Some(Eval::Centipawns(20))
            });
            n
        ];
        analysis[3] = Some(Analysis {
            best: Some("b8c6".parse().unwrap()),
            eval: Some(Eval::Centipawns(-20)),
        });
        analysis[4] = Some(Analysis {
            best: None,
            eval: Some(Eval::Centipawns(70)),
        });
        analysis[5] = Some(Analysis {
            best: Some("e5d4".parse().unwrap()),
            eval: Some(Eval::Centipawns(-60)),
        });
        analysis[6] = Some(Analysis {
            best: None,
            eval: Some(Eval::Centipawns(210)),
        });
        analysis[7] = Some(Analysis {
            best: None,
            eval: Some(Eval::Centipawns(-210)),
        });
        analysis[8] = Some(Analysis {
            best: None,
            eval: Some(Eval::Centipawns(230)),
        });
        r.set_analysis(analysis);
        assert_eq!(
            r.handle(Request::NextMistake),
            "The next mistake: Move three, Black: Bishop Caesar eight Gustav four. It loses 1.5 pawns; better was Eva five takes David four."
        );
        assert_eq!(r.at(), 6);
        assert_eq!(
            r.handle(Request::Evaluation),
            "Evaluation: you stand better by 2.1 pawns."
        );
        assert_eq!(
            r.handle(Request::Best),
            "The best move was Eva five takes David four."
        );
        assert_eq!(r.handle(Request::NextMistake), "No further mistake.");
    }
}
