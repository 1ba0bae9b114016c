//! `annabella grammar`: the phrase list the recognizer may hear in a position (Vosk JSON).

use std::{collections::HashSet, path::PathBuf, process::ExitCode};

use annabella_phonetic::{Language, Lexicon, Vocabulary};
use anyhow::Context;

/// Flags of `annabella grammar`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position, as FEN or Shredder-FEN.
    #[arg(long)]
    fen: String,
    /// The language: de (FIDE scheme), en, lt, lv or hu.
    #[arg(long, default_value = "de")]
    scheme: Language,
    /// A file of the words the recognizer's model knows, one per line; unknown words are
    /// replaced by a known spelling or dropped (reported on standard error).
    #[arg(long)]
    vocab: Option<PathBuf>,
}

/// Prints the phrase list as a JSON array.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let pos = super::parse::position(&args.fen)?;
    let lexicon = Lexicon::get(args.scheme);
    let vocab = match &args.vocab {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let known: HashSet<String> = text.lines().map(|l| l.trim().to_lowercase()).collect();
            Vocabulary::new(lexicon, |w| known.contains(w))
        }
        None => Vocabulary::new(lexicon, |_| true),
    };
    let grammar = vocab.grammar(&pos);
    for (from, to) in &grammar.substituted {
        annabella_logging::say(&format!(
            "annabella: the model lacks {from:?}; using {to:?}"
        ));
    }
    for word in &grammar.dropped {
        annabella_logging::say(&format!(
            "annabella: the model lacks {word:?} in every spelling; phrases with it are left out"
        ));
    }
    super::out!("{}", grammar.to_json());
    Ok(ExitCode::SUCCESS)
}
