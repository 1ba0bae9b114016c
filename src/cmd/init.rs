//! `annabella init`: finds what is connected — serial ports and who answers on each,
//! microphones, voices per language — asks only what it cannot find out, in plain lines
//! a screen reader reads (whole sentences of `--language`, German by default), and
//! writes a commented table.toml, the same whatever the language. Every question has a flag;
//! `--non-interactive` never reads standard input.

use std::{path::PathBuf, process::ExitCode};

use annabella_phonetic::{Language, messages::Messages};
use annabella_setup::wizard::{self, Options};

/// Flags of `annabella init`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The language init asks and reports in (the organiser's or the arbiter's; the
    /// file it writes is the same in each): de, en, lt, lv or hu.
    #[arg(long, default_value = "de")]
    language: Language,
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
    /// The table's name in a tournament hall: the table's `[hall]` block is written into
    /// the file and the hall administrator's lines (broker user, ACL, tables file) are
    /// printed. Without it, nothing about a hall.
    #[arg(long, value_name = "NAME")]
    hall_table: Option<String>,
    /// The hall's broker for the `[hall]` block.
    #[arg(
        long,
        value_name = "URL",
        requires = "hall_table",
        default_value = "mqtt://localhost:1883"
    )]
    hall_broker: String,
    /// A file whose first line is the table's password at the hall's broker (never on
    /// the command line, where the shell's history would keep it).
    #[arg(long, value_name = "FILE", requires = "hall_table")]
    hall_password_file: Option<PathBuf>,
    /// The tournament's FIDE TRF file: White's and Black's names with their titles,
    /// ratings, FIDE ids and federations, the event, the site, the chief arbiter and the
    /// round (`N.K`) come from board `--board` of round `--round` (as `annabella
    /// pairings` lists it); after each game the table takes the next round's pairing at
    /// its board from it.
    #[arg(long, value_name = "FILE", requires_all = ["round", "board"])]
    trf: Option<PathBuf>,
    /// The round (of `--trf`, else the PGN round).
    #[arg(long, value_name = "N")]
    round: Option<u32>,
    /// The board this table plays (of `--trf`'s round).
    #[arg(long, value_name = "K")]
    board: Option<u32>,
    /// With --trf: the table follows its VI player from round to round, whichever board
    /// the pairing program gives him (a Swiss moves players between boards), instead of
    /// taking the pairing at its board.
    #[arg(long, requires = "trf")]
    follow_vi_player: bool,
    /// The event (PGN `Event`; default: the TRF's tournament).
    #[arg(long, value_name = "NAME")]
    event: Option<String>,
    /// The site (PGN `Site`; default: the TRF's city).
    #[arg(long, value_name = "PLACE")]
    site: Option<String>,
    /// The arbiter's name (default: the TRF's chief arbiter).
    #[arg(long, value_name = "NAME")]
    arbiter: Option<String>,
    /// Write a table without devices when no board answers (otherwise init stops).
    #[arg(long)]
    no_devices: bool,
    /// The opponent plays on Lichess: the file of the personal token (scope board:play),
    /// beside the config when relative. A file that is there is kept (it must be mode
    /// 0600); else the token is read from one line of standard input and written there.
    #[arg(long, value_name = "FILE")]
    lichess_token_file: Option<PathBuf>,
    /// Lichess's URL (default https://lichess.org).
    #[arg(long, value_name = "URL", requires = "lichess_token_file")]
    lichess_url: Option<String>,
    /// Post a seek with this clock (minutes+increment, e.g. 15+10); without it, the games
    /// that start are played (a challenge accepted on the site).
    #[arg(long, value_name = "CLOCK", requires = "lichess_token_file")]
    lichess_seek: Option<String>,
}

/// Finds, asks, writes.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let round = match (&args.trf, args.round, args.board) {
        (Some(_), ..) | (None, None, _) => None,
        (None, Some(n), Some(k)) => Some(format!("{n}.{k}")),
        (None, Some(n), None) => Some(n.to_string()),
    };
    let language = args.language;
    let options = Options {
        language,
        out: args.out,
        force: args.force,
        non_interactive: args.non_interactive,
        ports: args.ports,
        vi: args.vi,
        white: args.white,
        black: args.black,
        time_control: args.time_control,
        vi_language: args.vi_language,
        sighted_language: args.sighted_language,
        records: args.records,
        model: args.model,
        mic: args.mic,
        hall_broker: args.hall_table.as_ref().map(|_| args.hall_broker),
        hall_table: args.hall_table,
        hall_password_file: args.hall_password_file,
        trf: args
            .trf
            .zip(args.round)
            .zip(args.board)
            .map(|((t, r), b)| (t, r, b)),
        event: args.event,
        site: args.site,
        round,
        board: args.board,
        arbiter: args.arbiter,
        no_devices: args.no_devices,
        follow_vi_player: args.follow_vi_player,
        lichess: args
            .lichess_token_file
            .map(|token_file| wizard::LichessOptions {
                token_file,
                url: args.lichess_url,
                seek: args.lichess_seek,
            }),
    };
    wizard::run(
        &options,
        std::io::stdin().lock(),
        &mut std::io::stderr().lock(),
    )
    .map_err(|e| flag_named(e, language))?;
    annabella_logging::say(&Messages::get(language).text(
        "init-next",
        &[("path", options.out.display().to_string().into())],
    ));
    Ok(ExitCode::SUCCESS)
}

/// The wizard's error in `language`, told with the flag that answers it (the library
/// names none).
fn flag_named(e: wizard::InitError, language: Language) -> anyhow::Error {
    let hint = match e {
        wizard::InitError::Exists(_) => Some("init-hint-force"),
        wizard::InitError::InputEnded(_) => Some("init-hint-non-interactive"),
        wizard::InitError::NoBoard { .. } => Some("init-hint-no-devices"),
        _ => None,
    };
    let told = e.told(language);
    match hint {
        Some(id) => anyhow::anyhow!("{told} {}", Messages::get(language).text(id, &[])),
        // The terminal's own error stays the cause (a closed standard error ends quietly);
        // the sentence already says it.
        None if matches!(e, wizard::InitError::Io(_)) => anyhow::Error::new(e).context(told),
        None => anyhow::anyhow!("{told}"),
    }
}
