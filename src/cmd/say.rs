//! `annabella say`: a move (UCI) → the words announced in a lexicon; with `--speak`,
//! spoken through speech-dispatcher, the `tts` crate or espeak-ng, or written to a WAV
//! file.

use std::{path::PathBuf, process::ExitCode};

use annabella_phonetic::{Form, Language, Lexicon, render};
use annabella_voice::{
    MoveRef, Speech, VoiceSettings,
    say::{SayBackend, say_move},
};
use anyhow::{Context, bail};
use shakmaty::{Chess, Move, Position, uci::UciMove};

/// The voice back ends of `--speak`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Backend {
    /// speech-dispatcher (the normal Linux speech server).
    Speechd,
    /// The `tts` crate: the platform's speech (speech-dispatcher on Linux, the running
    /// screen reader or WinRT on Windows, AVFoundation on macOS).
    Tts,
    /// The espeak-ng program (plays itself, or writes `--out FILE.wav`).
    Espeak,
}

/// Flags of `annabella say`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position before the move, as FEN or Shredder-FEN.
    #[arg(long)]
    pub fen: String,
    /// The announcement language: de, lt, lv or hu (all in the FIDE scheme: German piece
    /// names and ranks, Anna … Hektor; lv with the Latvian Laws' file names) or en.
    #[arg(long, default_value = "de")]
    pub scheme: Language,
    /// Name pieces and captures in the scheme's own language ("zirgs", "huszár")
    /// instead of the FIDE scheme's German words.
    #[arg(long)]
    pub local_piece_names: bool,
    /// Say the full from-to form instead of the shortest unambiguous one.
    #[arg(long)]
    pub full: bool,
    /// Speak the announcement (after printing it).
    #[arg(long)]
    pub speak: bool,
    /// The voice back end for --speak.
    #[arg(long, value_enum, default_value = "speechd")]
    pub backend: Backend,
    /// Write the spoken announcement to this WAV file (with --backend espeak).
    #[arg(long, value_name = "FILE.wav", requires = "speak")]
    pub out: Option<PathBuf>,
    /// The voice: a speech-dispatcher voice name or an espeak-ng voice ("de+f3");
    /// default: the scheme's language.
    #[arg(long)]
    pub voice: Option<String>,
    /// Speech rate, -100 (slowest) … 0 (normal) … 100 (fastest).
    #[arg(long, default_value_t = 0, allow_negative_numbers = true,
          value_parser = clap::value_parser!(i8).range(-100..=100))]
    pub rate: i8,
    /// The move in UCI (castling as the king's destination, e1g1, or king takes rook).
    pub uci: String,
}

/// The position and the legal move named by the flags.
fn position_and_move(args: &Args) -> anyhow::Result<(Chess, Move)> {
    let pos = super::parse::position(&args.fen)?;
    let uci: UciMove = args
        .uci
        .parse()
        .with_context(|| format!("invalid UCI move {:?}", args.uci))?;
    let m = uci
        .to_move(&pos)
        .with_context(|| format!("{} is not legal in this position", args.uci))?;
    Ok((pos, m))
}

/// The lexicon of the flags: the FIDE scheme unless `--local-piece-names`.
fn lexicon(args: &Args) -> &'static Lexicon {
    if args.local_piece_names {
        Lexicon::local(args.scheme)
    } else {
        Lexicon::get(args.scheme)
    }
}

fn form(args: &Args) -> Form {
    if args.full { Form::Full } else { Form::Short }
}

/// Prints the words; with `--speak` also speaks or writes them.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.out.is_some() && args.backend != Backend::Espeak {
        bail!("--out needs --backend espeak (speech-dispatcher plays; it writes no files)");
    }
    let (pos, m) = position_and_move(&args)?;
    super::out!("{}", render(&pos, m, lexicon(&args), form(&args)));
    if args.speak {
        let speech = Speech::for_move(&pos, m, lexicon(&args), form(&args));
        let move_ref = MoveRef {
            number: pos.fullmoves().get(),
            color: pos.turn(),
        };
        speak(&args, speech, move_ref)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn speak(args: &Args, speech: Speech, move_ref: MoveRef) -> anyhow::Result<()> {
    let mut voice = VoiceSettings::for_language(args.scheme);
    voice.voice.clone_from(&args.voice);
    voice.rate = args.rate;
    let backend = match args.backend {
        Backend::Speechd => SayBackend::Speechd,
        Backend::Tts => SayBackend::Tts,
        Backend::Espeak => SayBackend::Espeak,
    };
    say_move(speech, move_ref, backend, voice, args.out.as_deref())?;
    Ok(())
}
