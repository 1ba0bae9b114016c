//! The words of the table's language, independent of the spoken language: every lexicon
//! maps its spellings onto these, and one grammar ([`parse`](mod@crate::parse)) serves all languages.

use shakmaty::{File, Rank, Role};

/// One meaningful word, whatever language it was said in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Word {
    /// A file name: Anna … Hektor.
    File(File),
    /// A rank number: eins … acht (also read as the numbers 1 … 8).
    Rank(Rank),
    /// A number above eight (for "last N moves").
    Number(u8),
    /// A piece name.
    Piece(Role),
    /// The capture word: schlägt, nimmt, takes.
    Takes,
    /// En passant.
    EnPassant,
    /// A word that introduces the promotion piece: wird, Umwandlung, promotes.
    Promotes,
    /// Schach, check.
    Check,
    /// Matt, mate.
    Mate,
    /// Rochade, castles.
    Castles,
    /// Lange, long: castling on the a-side (towards the c-file).
    Long,
    /// Kurze, short: castling on the h-side (towards the g-file).
    Short,
    /// A word of the command vocabulary.
    Key(Keyword),
    /// A word the lexicon does not know.
    Unknown,
}

/// The command vocabulary: words that only occur in requests to the assistant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Keyword {
    /// Zeit, Uhr / time, clock.
    Time,
    /// Züge, Zug / moves, move.
    Moves,
    /// viele, Anzahl / many, number.
    HowMany,
    /// Zugzahl / count: the number of moves played, in one word.
    MoveCount,
    /// wiederholen, nochmal / repeat, again.
    Repeat,
    /// letzte / last.
    Last,
    /// wo / where.
    Where,
    /// mein, eigene / my, own.
    Own,
    /// gegnerische, Gegner / opponent's, their.
    Opponent,
    /// was / what.
    What,
    /// Reihe / rank, row.
    RankWord,
    /// Linie / file, column.
    FileWord,
    /// lies / read.
    Read,
    /// greift an, Angreifer / attacks, attackers (refused, 11.3.1).
    Attack,
    /// Korrektur / correction.
    Correction,
    /// nein / no.
    No,
    /// ja / yes.
    Yes,
    /// Remis / draw.
    Draw,
    /// biete an, Angebot / offer.
    Offer,
    /// angenommen / accept.
    Accept,
    /// abgelehnt / decline.
    Decline,
    /// aufgeben / resign.
    Resign,
    /// Reklamation / claim.
    Claim,
    /// Stellungswiederholung / repetition.
    Repetition,
    /// fünfzig / fifty.
    Fifty,
    /// Schiedsrichter / arbiter.
    Arbiter,
    /// rufen / call.
    Call,
    /// Pause / pause.
    Pause,
    /// Ruhe, still / stop, quiet.
    Stop,
    /// am (Zug) / turn, whose: whose move it is.
    Turn,
    /// Hilfe / help.
    Help,
    /// Name, heißt / name.
    Name,
    /// weiße, weißen / white.
    White,
    /// schwarze, schwarzen / black.
    Black,
    /// Figuren / pieces.
    Pieces,
    /// Material / material: the material balance (refused, 11.3.1).
    Material,
    /// deckt, gedeckt, Verteidiger / defends, defended (refused, 11.3.1).
    Defend,
    /// droht, Drohung / threat, threatens (refused, 11.3.1).
    Threat,
    /// Fesselung, gefesselt / pin, pinned (refused, 11.3.1).
    Pin,
    /// mögliche, Mobilität / legal, possible, mobility: the moves available (refused).
    Mobility,
    /// bester, Tipp / best, hint: a move suggested (refused, 11.3.1).
    Best,
    /// Bewertung, besser / evaluation, better: who stands better (refused, 11.3.1).
    Evaluation,
    /// geschlagene / captured.
    Captured,
    /// Schlagzug / capture.
    Capture,
    /// Diagonale / diagonal.
    Diagonal,
    /// gesetzt, fertig / done, placed: the move is on the board.
    Placed,
    /// zurück, zurücknehmen / undo, takeback: take the last move back (a practice game
    /// only; refused at a rated table).
    TakeBack,
    /// abbrechen, Abbruch / abort: end an online game that has barely begun, without a
    /// result.
    Abort,
    /// Sieg / victory, win: what a player claims when the online opponent left the game.
    Victory,
}

/// A recognised word and its place in the utterance (0-based), so errors can name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    /// What the word means.
    pub word: Word,
    /// Index of the word in the original utterance (fillers count too).
    pub at: usize,
}
