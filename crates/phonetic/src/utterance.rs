//! What was said: a [`SpokenMove`] or a [`Command`], before it is checked against a
//! position (see [`crate::resolve`]).

use shakmaty::{CastlingSide, File, Rank, Role, Square, san::San};

use crate::{
    lexicon::{Lexicon, side_word},
    word::Word,
};

/// One utterance of a player: a move or a request to the assistant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Utterance {
    /// A move, as said ("Springer Felix drei").
    Move(SpokenMove),
    /// A request or declaration ("Remis", "wo ist mein Springer").
    Command(Command),
}

/// A move as said: only what the player named, not yet checked against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SpokenMove {
    /// Any move other than castling.
    Normal {
        /// The piece named; `None` when no piece was named (a pawn, or a full from-to move).
        role: Option<Role>,
        /// The file the piece comes from, if named.
        from_file: Option<File>,
        /// The rank the piece comes from, if named.
        from_rank: Option<Rank>,
        /// Whether a capture word was said.
        capture: bool,
        /// The destination square.
        to: Square,
        /// Whether "en passant" was said.
        en_passant: bool,
        /// The promotion piece, if named.
        promotion: Option<Role>,
        /// Check or mate, if said.
        suffix: Option<Suffix>,
    },
    /// Castling ("Kurze Rochade"); the side may be left out when only one is legal.
    Castle {
        /// Long (a-side, king to the c-file) or short (h-side, king to the g-file).
        side: Option<CastlingSide>,
        /// Check or mate, if said.
        suffix: Option<Suffix>,
    },
}

impl SpokenMove {
    /// What a SAN names, as a player says it: the piece (none for a pawn), the origin
    /// as far as the SAN gives it, capture, destination, promotion, with `en_passant`
    /// and `suffix` added; `None` for a drop or a null move, which are never said.
    pub fn from_san(san: San, en_passant: bool, suffix: Option<Suffix>) -> Option<SpokenMove> {
        match san {
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => Some(SpokenMove::Normal {
                role: (role != Role::Pawn).then_some(role),
                from_file: file,
                from_rank: rank,
                capture,
                to,
                en_passant,
                promotion,
                suffix,
            }),
            San::Castle(side) => Some(SpokenMove::Castle {
                side: Some(side),
                suffix,
            }),
            San::Put { .. } | San::Null => None,
        }
    }

    /// Says exactly what this spoken move names, in a lexicon's words (the inverse of
    /// [`parse`](fn@crate::parse): parsing the words gives this value back).
    ///
    /// # Examples
    /// ```
    /// use annabella_phonetic::{SpokenMove, Suffix, Lexicon, Language};
    /// use shakmaty::{File, Role, Square};
    /// let m = SpokenMove::Normal {
    ///     role: None, from_file: Some(File::E), from_rank: None, capture: true, to: Square::D5,
    ///     en_passant: false, promotion: None, suffix: Some(Suffix::Check),
    /// };
    /// assert_eq!(m.words(Lexicon::get(Language::De)).join(" "), "Eva schlägt David fünf Schach");
    /// ```
    pub fn words(&self, lexicon: &Lexicon) -> Vec<&'static str> {
        let spell = |w: Word| lexicon.spell(w).unwrap_or("?");
        let mut out = Vec::with_capacity(8);
        match *self {
            SpokenMove::Castle {
                side: Some(side), ..
            } => {
                out.extend(lexicon.castling_words(side));
                debug_assert!(lexicon.spell(side_word(side)).is_some());
            }
            SpokenMove::Castle { side: None, .. } => out.push(spell(Word::Castles)),
            SpokenMove::Normal {
                role,
                from_file,
                from_rank,
                capture,
                to,
                en_passant,
                promotion,
                ..
            } => {
                out.extend(role.map(|r| spell(Word::Piece(r))));
                out.extend(from_file.map(|f| spell(Word::File(f))));
                out.extend(from_rank.map(|r| spell(Word::Rank(r))));
                if capture {
                    out.push(spell(Word::Takes));
                }
                out.push(spell(Word::File(to.file())));
                out.push(spell(Word::Rank(to.rank())));
                if en_passant {
                    out.extend(["en", spell(Word::EnPassant)]);
                }
                out.extend(promotion.map(|r| spell(Word::Piece(r))));
            }
        }
        match self.suffix() {
            Some(Suffix::Check) => out.push(spell(Word::Check)),
            Some(Suffix::Mate) => out.push(spell(Word::Mate)),
            None => {}
        }
        out
    }

    /// The check or mate word said after the move, if any.
    pub fn suffix(&self) -> Option<Suffix> {
        match *self {
            SpokenMove::Normal { suffix, .. } | SpokenMove::Castle { suffix, .. } => suffix,
        }
    }
}

/// The word said after a move: Schach or Matt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// Schach, check.
    Check,
    /// Matt, mate.
    Mate,
}

/// Whose pieces a question is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The speaker's own pieces.
    Own,
    /// The opponent's pieces.
    Opponent,
    /// The white pieces ("die weißen Bauern", "the white rooks").
    White,
    /// The black pieces.
    Black,
}

/// The grounds on which a player claims a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClaimGround {
    /// Article 9.2: the same position for at least the third time.
    Repetition,
    /// Article 9.3: the last 50 moves by each player without a pawn move or capture.
    FiftyMoves,
}

/// What an analysis question asks for. Each is computed information the sighted player
/// does not get from anyone: article 11.3.1 forbids it as a source of information, and
/// the assistant's duties (appendix D / E.9) give only moves, the number of moves, the
/// time used and the position on request. The question is understood and refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Analysis {
    /// "wer greift Eva vier an", "who attacks Eva four".
    Attackers,
    /// "wer deckt Eva vier", "who defends Eva four".
    Defenders,
    /// "was droht", "any threats".
    Threats,
    /// "Fesselung", "what is pinned".
    Pins,
    /// "Material", "captured pieces": the material balance.
    Material,
    /// "mögliche Züge", "legal moves", "mobility".
    Mobility,
    /// "bester Zug", "Tipp", "best move", "hint".
    BestMove,
    /// "Bewertung", "wer steht besser", "evaluation", "who is better".
    Evaluation,
}

impl Analysis {
    /// A stable snake-case name (the `command` of `parse --json`: "attackers" and
    /// "material" as before these questions were refused).
    pub fn name(self) -> &'static str {
        match self {
            Analysis::Attackers => "attackers",
            Analysis::Defenders => "defenders",
            Analysis::Threats => "threats",
            Analysis::Pins => "pins",
            Analysis::Material => "material",
            Analysis::Mobility => "mobility",
            Analysis::BestMove => "best_move",
            Analysis::Evaluation => "evaluation",
        }
    }
}

/// The station's input vocabulary: what a player may ask of or declare to the assistant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Appendix D (assistant duty d): the time used by both players, told only when asked.
    AskTime,
    /// Appendix D (assistant duty d): the number of moves played, told only when asked.
    AskMovesPlayed,
    /// Repeat the last move announced (article D on announcing moves).
    RepeatLastMove,
    /// Repeat the last N moves (half-moves, newest last).
    LastMoves(u8),
    /// Where are the pieces of this kind, the speaker's own or the opponent's?
    WhereIs {
        /// The kind of piece.
        role: Role,
        /// Whose pieces.
        side: Side,
    },
    /// What stands on this square?
    WhatIsOn(Square),
    /// Read out a rank, Anna to Hektor.
    ReadRank(Rank),
    /// Read out a file, eins to acht.
    ReadFile(File),
    /// A question for analysis (attackers, threats, material, the best move, …): the
    /// Laws forbid the assistant to answer it (11.3.1), so it is refused, saying why.
    Analysis {
        /// What was asked for.
        asked: Analysis,
        /// The square named ("wer greift Eva vier an"), if any.
        square: Option<Square>,
    },
    /// Korrektur: the last announcement was wrong and is corrected at once (appendix D).
    Correction,
    /// "Korrektur Springer Hektor drei" (E.2.6): a correction in one breath — the last
    /// announcement is withdrawn and this move announced instead.
    Corrected(SpokenMove),
    /// Nein: rejects what the assistant just repeated.
    No,
    /// Ja: confirms what the assistant just repeated.
    Yes,
    /// Article 9.1.2: offer a draw.
    OfferDraw,
    /// Accept the opponent's draw offer (article 9.1.2).
    Accept,
    /// Decline the opponent's draw offer (article 9.1.2.4: by word or by making a move).
    Decline,
    /// Article 5.1.2: resign the game.
    Resign,
    /// Articles 9.2 and 9.3: claim a draw, optionally with the intended move (written
    /// on the scoresheet in the Laws, said here).
    Claim {
        /// Repetition or fifty moves.
        ground: ClaimGround,
        /// The move the claimant intends to make, if said.
        intended: Option<SpokenMove>,
    },
    /// Article 12 / 6.11: call the arbiter (the clocks are paused for it).
    CallArbiter,
    /// Article 6.11.1: pause the clocks.
    Pause,
    /// Stop the current announcement.
    StopSpeaking,
    /// Whose move is it? ("wer ist am Zug", "whose turn").
    WhoseTurn,
    /// Every piece of one side, by kind ("alle meine Figuren", "where are my pieces").
    Pieces(Side),
    /// Both diagonals through a square, read out ("Diagonale Cäsar eins").
    Diagonals(Square),
    /// The last capture of the game.
    LastCapture,
    /// The opponent's name.
    OpponentName,
    /// What can be said: the commands, grouped, with an example each.
    Help,
    /// "gesetzt", "done": the speaker's move is placed on the board (a board without
    /// sensors learns so from the player).
    Placed,
    /// "zurück", "undo": take the speaker's last move (and the reply to it) back. Only a
    /// practice game allows it; a rated table refuses it like analysis (11.3.1).
    TakeBack,
    /// "Partie abbrechen", "abort": end an online game that has barely begun, without a
    /// result (only where the server that keeps the game allows it).
    Abort,
    /// "Sieg beanspruchen", "claim victory": the online opponent left the game and the
    /// server that keeps it lets the player who stayed claim the win.
    ClaimVictory,
}

impl Command {
    /// A stable snake-case name (used in JSON output).
    pub fn name(&self) -> &'static str {
        match self {
            Command::AskTime => "ask_time",
            Command::AskMovesPlayed => "ask_moves_played",
            Command::RepeatLastMove => "repeat_last_move",
            Command::LastMoves(_) => "last_moves",
            Command::WhereIs { .. } => "where_is",
            Command::WhatIsOn(_) => "what_is_on",
            Command::ReadRank(_) => "read_rank",
            Command::ReadFile(_) => "read_file",
            Command::Analysis { asked, .. } => asked.name(),
            Command::Correction | Command::Corrected(_) => "correction",
            Command::No => "no",
            Command::Yes => "yes",
            Command::OfferDraw => "offer_draw",
            Command::Accept => "accept",
            Command::Decline => "decline",
            Command::Resign => "resign",
            Command::Claim { .. } => "claim",
            Command::CallArbiter => "call_arbiter",
            Command::Pause => "pause",
            Command::StopSpeaking => "stop_speaking",
            Command::WhoseTurn => "whose_turn",
            Command::Pieces(_) => "pieces",
            Command::Diagonals(_) => "diagonals",
            Command::LastCapture => "last_capture",
            Command::OpponentName => "opponent_name",
            Command::Help => "help",
            Command::Placed => "placed",
            Command::TakeBack => "take_back",
            Command::Abort => "abort",
            Command::ClaimVictory => "claim_victory",
        }
    }
}
