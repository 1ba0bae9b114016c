//! `annabella init`: finds what is connected — serial ports and who answers on each,
//! microphones, voices per language — asks only what it cannot find out, in plain lines
//! a screen reader reads, and writes a commented table.toml. Every question has a flag;
//! `--non-interactive` never reads standard input.

use std::{
    io::{BufRead, Write},
    path::{Path, PathBuf},
    process::ExitCode,
    time::Duration,
};

use annabella_devices::identify::{Identity, identify};
use annabella_phonetic::Language;
use annabella_station::init::{TableAnswers, table_toml};
use anyhow::{Context, bail};
use shakmaty::Color;

/// Flags of `annabella init`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Where to write the config.
    #[arg(long, default_value = "table.toml")]
    out: PathBuf,
    /// Replace an existing file.
    #[arg(long)]
    force: bool,
    /// Ask nothing: flags or defaults for every answer.
    #[arg(long)]
    non_interactive: bool,
    /// A serial port to identify (repeatable; default: every port found).
    #[arg(long = "port", value_name = "PATH")]
    ports: Vec<PathBuf>,
    /// The visually impaired player's colour (white or black).
    #[arg(long, value_name = "COLOUR")]
    vi: Option<String>,
    /// White's name.
    #[arg(long)]
    white: Option<String>,
    /// Black's name.
    #[arg(long)]
    black: Option<String>,
    /// Time control in PGN form (e.g. 5400+30, 40/5400+30:1800+30).
    #[arg(long, value_name = "TC")]
    time_control: Option<String>,
    /// The VI player's language (de, en, lt, lv, hu).
    #[arg(long, value_name = "LANG")]
    vi_language: Option<String>,
    /// The sighted player's language.
    #[arg(long, value_name = "LANG")]
    sighted_language: Option<String>,
    /// Where journal, PGN, Braille and audio go.
    #[arg(long, value_name = "DIR")]
    records: Option<PathBuf>,
    /// The Vosk model directory that hears the VI player ("none": typed words).
    #[arg(long, value_name = "DIR")]
    model: Option<String>,
    /// The microphone's id (`annabella devices audio`; default: the default input).
    #[arg(long, value_name = "ID")]
    mic: Option<String>,
    /// The table's name in a tournament hall: the hall's lines for it are printed with
    /// this name (the table's signing key pair is made in any case).
    #[arg(long, value_name = "NAME", default_value = "TABLE")]
    hall_table: String,
    /// The tournament's FIDE TRF file: White's and Black's names, the event and the round
    /// (`N.K`) come from board `--board` of round `--round` (`annabella pairings`).
    #[arg(long, value_name = "FILE", requires_all = ["round", "board"])]
    trf: Option<PathBuf>,
    /// The round of `--trf`.
    #[arg(long, value_name = "N", requires = "trf")]
    round: Option<u32>,
    /// The board of `--trf`'s round.
    #[arg(long, value_name = "K", requires = "trf")]
    board: Option<u32>,
}

/// The pairing at board `board` of round `round` of the TRF file at `path`: White's and
/// Black's names, the tournament's name and the PGN round `N.K`.
fn pairing(
    path: &Path,
    round: u32,
    board: u32,
) -> anyhow::Result<(String, String, String, String)> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {name}"))?;
    let trf = annabella_trf::Trf::parse(&bytes).map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
    let boards = trf
        .boards_of(round)
        .map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
    let Some(b) = boards.iter().find(|b| b.number == board) else {
        bail!(
            "{name}: round {round} has no board {board} ({} boards)",
            boards.len()
        );
    };
    Ok((
        b.white.name.clone(),
        b.black.name.clone(),
        trf.tournament_name().unwrap_or_default(),
        format!("{round}.{board}"),
    ))
}

const DEFAULT_TC: &str = "40/5400+30:1800+30";

/// Finds, asks, writes.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.out.exists() && !args.force {
        bail!(
            "{} exists: give --force to replace it, or --out another file",
            args.out.display()
        );
    }
    let paired = match (&args.trf, args.round, args.board) {
        (Some(path), Some(round), Some(board)) => Some(pairing(path, round, board)?),
        _ => None,
    };
    let mut err = std::io::stderr().lock();
    let mut found = Vec::new();

    writeln!(err, "Serial ports:")?;
    let ports = if args.ports.is_empty() {
        annabella_devices::transport::list_ports()
            .into_iter()
            .map(|p| p.by_id.unwrap_or(p.path))
            .collect()
    } else {
        args.ports.clone()
    };
    if ports.is_empty() {
        writeln!(
            err,
            "  none found (plug the boards and the clock in by USB)"
        )?;
    }
    let (mut peg_board, mut dgt, mut clock) = (None, None, None);
    let mut dgt_clock = false;
    for path in &ports {
        let line = match identify(path, Duration::from_millis(1500)) {
            Ok(identity) => {
                let slot = match identity {
                    Identity::Dgt { clock, .. } => {
                        dgt_clock |= clock && dgt.is_none();
                        &mut dgt
                    }
                    Identity::PegBoard { .. } => &mut peg_board,
                    Identity::Clock { .. } => &mut clock,
                };
                let mut line = format!("{}: {}", path.display(), identity.describe());
                if slot.is_some() {
                    line.push_str(" (a second one: not used)");
                } else {
                    *slot = Some(path.clone());
                }
                if let Some(problem) = identity.position_problem() {
                    line.push_str(&format!("; {problem}"));
                }
                line
            }
            Err(why) => format!("{}: nothing known answers ({why})", path.display()),
        };
        writeln!(err, "  {line}")?;
        found.push(line);
    }
    for (name, slot) in [
        ("peg board", &peg_board),
        ("DGT board", &dgt),
        ("tactile clock", &clock),
    ] {
        if slot.is_none() {
            writeln!(err, "  no {name} found: written as \"none\"")?;
        }
    }

    writeln!(err, "Microphones:")?;
    let mics = annabella_speech::audio::input_devices();
    if mics.is_empty() {
        writeln!(err, "  none found (plug in a headset microphone)")?;
        found.push("no microphone".into());
    }
    for m in &mics {
        let default = if m.default { " (default)" } else { "" };
        writeln!(err, "  {}: {}{default}", m.id, m.name)?;
        found.push(format!("microphone {}: {}{default}", m.id, m.name));
    }

    let mut ask = Asker {
        interactive: !args.non_interactive,
        input: std::io::stdin().lock(),
    };
    let vi_color = ask.choose(
        &mut err,
        "Colour of the visually impaired player (white or black)",
        args.vi.as_deref(),
        "white",
        |t| match t {
            "white" | "w" => Ok(Color::White),
            "black" | "b" => Ok(Color::Black),
            _ => Err("white or black".to_owned()),
        },
    )?;
    let (trf_white, trf_black) = match &paired {
        Some((white, black, ..)) => (Some(white.as_str()), Some(black.as_str())),
        None => (None, None),
    };
    let white = ask.text(
        &mut err,
        "White's name",
        args.white.as_deref().or(trf_white),
        "White",
    )?;
    let black = ask.text(
        &mut err,
        "Black's name",
        args.black.as_deref().or(trf_black),
        "Black",
    )?;
    let time_control = ask.choose(
        &mut err,
        "Time control in PGN form (5400+30 is 90 minutes plus 30 seconds a move)",
        args.time_control.as_deref(),
        DEFAULT_TC,
        |t| {
            t.parse::<annabella_rules::TimeControl>()
                .map(|_| t.to_owned())
                .map_err(|e| e.to_string())
        },
    )?;
    let language = |t: &str| {
        t.parse::<Language>()
            .map_err(|_| "one of de, en, lt, lv, hu".to_owned())
    };
    for lang in Language::ALL {
        let voices = espeak_voices(lang.code());
        let line = if voices.is_empty() {
            format!("voices for {}: none found (espeak-ng)", lang.code())
        } else {
            format!("voices for {}: {}", lang.code(), voices.join(", "))
        };
        writeln!(err, "{line}")?;
        found.push(line);
    }
    let vi_language = ask.choose(
        &mut err,
        "Language of the visually impaired player (de, en, lt, lv, hu)",
        args.vi_language.as_deref(),
        "de",
        language,
    )?;
    let sighted_language = ask.choose(
        &mut err,
        "Language of the sighted player",
        args.sighted_language.as_deref(),
        vi_language.code(),
        language,
    )?;
    let records_dir = PathBuf::from(ask.text(
        &mut err,
        "Directory for the game records",
        args.records.as_ref().and_then(|p| p.to_str()),
        "games",
    )?);
    let model = ask.choose(
        &mut err,
        "Vosk model directory that hears the player (none: the words are typed)",
        args.model.as_deref(),
        "none",
        |t| match t {
            "none" => Ok(None),
            dir => annabella_speech::check_model_dir(Path::new(dir))
                .map(|()| Some(PathBuf::from(dir)))
                .map_err(|e| e.to_string()),
        },
    )?;
    let answers = TableAnswers {
        vi_color,
        white,
        black,
        time_control,
        vi_language,
        sighted_language,
        records_dir,
        peg_board,
        dgt,
        clock,
        dgt_clock,
        model,
        microphone: args.mic.clone(),
        vi_voice: None,
        event_round: paired.map(|(_, _, event, round)| (event, round)),
    };
    for note in annabella_station::init::set_up_notes(&answers) {
        writeln!(err, "Set-up: {note}")?;
        found.push(note);
    }
    let text = table_toml(&answers, &found);
    // What init writes must be a table that can play (every move made, every clock started).
    annabella_station::config::StationConfig::from_toml_str(
        &text,
        args.out.parent().unwrap_or(Path::new(".")),
    )
    .map_err(|e| anyhow::anyhow!("the configuration init would write cannot play: {e}"))?;
    std::fs::write(&args.out, &text).with_context(|| format!("{}", args.out.display()))?;
    writeln!(
        err,
        "Written: {}. Next: annabella doctor --config {}",
        args.out.display(),
        args.out.display()
    )?;
    table_secret(&args.out, &mut err)?;
    hall_keys(&args.out, &args.hall_table, &mut err)?;
    Ok(ExitCode::SUCCESS)
}

/// The table's secret beside the config (made once, never replaced): the key of its
/// journals' MACs.
fn table_secret(config: &Path, err: &mut impl Write) -> anyhow::Result<()> {
    let path = annabella_station::journal::secret_path(config);
    let (_, made) = annabella_station::journal::TableSecret::read_or_make(&path)?;
    let what = if made { "Made" } else { "Kept" };
    writeln!(
        err,
        "{what} the table's secret: {} (private, mode 0600; its journals are authenticated \
         with it — keep it, never copy it to another table)",
        path.display()
    )?;
    Ok(())
}

/// The table's signing key pair beside the config, and the hall's lines for it.
fn hall_keys(config: &Path, table: &str, err: &mut impl Write) -> anyhow::Result<()> {
    let key = annabella_hall::setup::key_path(config);
    let dir = key.parent().unwrap_or(Path::new("."));
    let (public, made) = annabella_hall::setup::table_keys(dir).map_err(anyhow::Error::msg)?;
    let what = if made { "Made" } else { "Kept" };
    writeln!(
        err,
        "{what} the table's signing key: {} (private, mode 0600) and {} (public, for the hall)",
        key.display(),
        dir.join(annabella_hall::setup::PUBLIC_KEY_FILE).display()
    )?;
    write!(
        err,
        "{}",
        annabella_hall::setup::instructions(table, &public, &key)
    )?;
    Ok(())
}

/// Asks questions in plain lines on standard error, answers one line each on standard
/// input; an empty line takes the default.
struct Asker<R> {
    interactive: bool,
    input: R,
}

impl<R: BufRead> Asker<R> {
    /// `given` (a flag) if set, else the answer to `question` (or `default`), parsed.
    fn choose<T>(
        &mut self,
        err: &mut impl Write,
        question: &str,
        given: Option<&str>,
        default: &str,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> anyhow::Result<T> {
        if let Some(given) = given {
            return parse(given.trim()).map_err(|e| anyhow::anyhow!("{question}: {given:?}: {e}"));
        }
        if !self.interactive {
            return parse(default).map_err(|e| anyhow::anyhow!("{question}: {e}"));
        }
        loop {
            writeln!(err, "{question} [{default}]:")?;
            let mut line = String::new();
            if self.input.read_line(&mut line)? == 0 {
                bail!("{question}: standard input ended (use --non-interactive and flags)");
            }
            let answer = match line.trim() {
                "" => default,
                t => t,
            };
            match parse(answer) {
                Ok(v) => return Ok(v),
                Err(e) => writeln!(err, "Not understood: {e}. Again, please.")?,
            }
        }
    }

    fn text(
        &mut self,
        err: &mut impl Write,
        question: &str,
        given: Option<&str>,
        default: &str,
    ) -> anyhow::Result<String> {
        self.choose(err, question, given, default, |t| Ok(t.to_owned()))
    }
}

/// espeak-ng's voices for a language that it can speak with, as `file (name)`; empty
/// when espeak-ng is missing.
fn espeak_voices(language: &str) -> Vec<String> {
    annabella_voice::espeak::list_voices(Some(language))
        .unwrap_or_default()
        .into_iter()
        .filter(annabella_voice::espeak::EspeakVoice::installed)
        .map(|v| format!("{} ({})", v.file, v.name))
        .collect()
}
