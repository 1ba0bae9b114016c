//! Property tests over random positions (random playouts from the standard start and from
//! Chess960 starts): render → parse → resolve gives back the same move, for every legal
//! move, every lexicon and every form; every grammar phrase of a move resolves to that
//! move; and arbitrary word sequences never panic nor resolve to an illegal move.

use annabella_phonetic::{
    Alternative, Form, Language, Lexicon, Verdict, Vocabulary, render, resolve_nbest, resolve_words,
};
use proptest::prelude::*;
use shakmaty::{Board, CastlingMode, Chess, FromSetup, Move, Position, Setup};

/// The start position, or Chess960 start number `n` (0..960).
fn start(chess960: Option<u32>) -> Chess {
    match chess960 {
        None => Chess::default(),
        Some(n) => {
            let mut setup = Setup::initial();
            setup.board = Board::chess960(n);
            setup.castling_rights = setup.board.rooks();
            Chess::from_setup(setup, CastlingMode::Chess960).expect("Chess960 start")
        }
    }
}

/// The positions along a playout whose moves are picked by `picks`.
fn playout(chess960: Option<u32>, picks: &[u16]) -> Vec<Chess> {
    let mut pos = start(chess960);
    let mut seen = vec![pos.clone()];
    for &pick in picks {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[usize::from(pick) % moves.len()];
        pos.play_unchecked(m);
        seen.push(pos.clone());
    }
    seen
}

fn games() -> impl Strategy<Value = (Option<u32>, Vec<u16>)> {
    (
        prop_oneof![Just(None), (0u32..960).prop_map(Some)],
        prop::collection::vec(any::<u16>(), 0..120),
    )
}

fn check_every_move(pos: &Chess) -> Result<(), TestCaseError> {
    let vocabs: Vec<Vocabulary> = [Language::De, Language::En]
        .into_iter()
        .map(|l| Vocabulary::new(Lexicon::get(l), |_| true))
        .collect();
    for m in pos.legal_moves() {
        for lang in Language::ALL {
            let lexicon = Lexicon::get(lang);
            for form in [Form::Short, Form::Full] {
                let said = render(pos, m, lexicon, form);
                let heard = resolve_words(pos, lexicon, &said);
                prop_assert_eq!(
                    &heard,
                    &Verdict::Move(m),
                    "{} {:?} {:?}: {:?}",
                    lang,
                    form,
                    said,
                    pos.board()
                );
            }
        }
        for vocab in &vocabs {
            for phrase in vocab.move_phrases(pos, m) {
                let heard = resolve_words(pos, vocab.lexicon(), &phrase);
                prop_assert_eq!(&heard, &Verdict::Move(m), "grammar phrase {:?}", phrase);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Every legal move of every position of a random game round-trips.
    #[test]
    fn render_parse_resolve_round_trips((chess960, picks) in games()) {
        for pos in playout(chess960, &picks) {
            check_every_move(&pos)?;
        }
    }

    /// Whatever words are heard, the verdict never panics, and a move is always legal.
    #[test]
    fn arbitrary_words_never_resolve_to_an_illegal_move(
        (chess960, picks) in games(),
        lang in prop::sample::select(Language::ALL.to_vec()),
        words in prop::collection::vec(word(), 0..9),
        score in 0f32..1.0,
    ) {
        let pos = playout(chess960, &picks).pop().expect("at least the start");
        let lexicon = Lexicon::get(lang);
        let text = words.join(" ");
        for verdict in [
            resolve_words(&pos, lexicon, &text),
            resolve_nbest(&pos, lexicon, &[Alternative { text: &text, score }, Alternative { text: "Eva vier", score: 0.5 }], 0.05),
        ] {
            if let Verdict::Move(m) = verdict {
                prop_assert!(pos.is_legal(m), "{:?} resolved to illegal {:?}", text, m);
            }
            if let Verdict::Ambiguous(ms) = &verdict {
                prop_assert!(ms.iter().all(|&m: &Move| pos.is_legal(m)));
            }
        }
    }
}

/// A word: mostly real words of some lexicon (so that phrases get far into the grammar),
/// sometimes typed chess symbols, sometimes any string.
fn word() -> impl Strategy<Value = String> {
    let pool: Vec<&'static str> = vec![
        "Anna",
        "Bella",
        "Cäsar",
        "Zäsar",
        "David",
        "Eva",
        "Felix",
        "Gustav",
        "Hektor",
        "Hector",
        "eins",
        "zwei",
        "zwo",
        "drei",
        "vier",
        "fünf",
        "sechs",
        "sieben",
        "acht",
        "neun",
        "König",
        "Dame",
        "Turm",
        "Läufer",
        "Springer",
        "Bauer",
        "schlägt",
        "nimmt",
        "wird",
        "Umwandlung",
        "in",
        "Schach",
        "Matt",
        "Lange",
        "Kurze",
        "Rochade",
        "en",
        "passant",
        "one",
        "eight",
        "Knight",
        "Queen",
        "takes",
        "promotes",
        "to",
        "check",
        "mate",
        "castles",
        "short",
        "long",
        "žirgas",
        "vezér",
        "sánc",
        "rokāde",
        "Zeit",
        "wo",
        "ist",
        "mein",
        "Reklamation",
        "Stellungswiederholung",
        "fünfzig",
        "Züge",
        "Remis",
        "angenommen",
        "claim",
        "repetition",
        "last",
        "moves",
        "e4",
        "O-O",
        "x",
        "+",
        "#",
        "=",
        "50",
        "0",
        "255",
        "999",
        "",
    ];
    prop_oneof![
        8 => prop::sample::select(pool).prop_map(str::to_owned),
        1 => "\\PC{0,12}",
    ]
}

fn spoken_moves() -> impl Strategy<Value = annabella_phonetic::SpokenMove> {
    use annabella_phonetic::{SpokenMove, Suffix};
    use shakmaty::{CastlingSide, File, Rank, Role, Square};
    let role = || prop::sample::select(Role::ALL.to_vec());
    let suffix = prop::option::of(prop_oneof![Just(Suffix::Check), Just(Suffix::Mate)]);
    let side = prop::option::of(prop_oneof![
        Just(CastlingSide::KingSide),
        Just(CastlingSide::QueenSide)
    ]);
    prop_oneof![
        (
            prop::option::of(role()),
            prop::option::of((0u32..8).prop_map(File::new)),
            prop::option::of((0u32..8).prop_map(Rank::new)),
            any::<bool>(),
            (0u32..64).prop_map(Square::new),
            any::<bool>(),
            prop::option::of(role()),
            suffix.clone(),
        )
            .prop_map(
                |(role, from_file, from_rank, capture, to, en_passant, promotion, suffix)| {
                    SpokenMove::Normal {
                        role,
                        from_file,
                        from_rank,
                        capture,
                        to,
                        en_passant,
                        promotion,
                        suffix,
                    }
                }
            ),
        (side, suffix).prop_map(|(side, suffix)| SpokenMove::Castle { side, suffix }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// The parser reads back exactly what `SpokenMove::words` says, in every lexicon.
    #[test]
    fn spoken_words_parse_back(m in spoken_moves(), lang in prop::sample::select(Language::ALL.to_vec())) {
        let lexicon = Lexicon::get(lang);
        let words = m.words(lexicon).join(" ");
        prop_assert_eq!(
            annabella_phonetic::parse(lexicon, &words),
            Ok(annabella_phonetic::Utterance::Move(m)),
            "{}", words
        );
    }
}
