//! `annabella init`'s survey and questions: the serial ports identified, the
//! microphones and espeak-ng's voices listed, what is not found asked (or taken from flags
//! and a TRF pairing), then the commented `table.toml` ([`crate::init`]) checked and
//! written, with the table's signing key pair beside it.

use std::{
    io::{BufRead, Write},
    path::{Path, PathBuf},
    time::Duration,
};

use annabella_devices::identify::{Identity, identify};
use annabella_phonetic::{
    Language,
    messages::{Arg, Messages},
};
use shakmaty::Color;

use crate::init::{TableAnswers, table_toml};

/// What `annabella init` was told on its command line.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The language of what init says and asks (the organiser's or the arbiter's, not a
    /// player's): its words only, never the file it writes.
    pub language: Language,
    /// Where to write the config.
    pub out: PathBuf,
    /// Replace an existing file.
    pub force: bool,
    /// Ask nothing: flags or defaults for every answer.
    pub non_interactive: bool,
    /// Serial ports to identify (empty: every port found).
    pub ports: Vec<PathBuf>,
    /// The visually impaired player's colour (white or black).
    pub vi: Option<String>,
    /// White's name.
    pub white: Option<String>,
    /// Black's name.
    pub black: Option<String>,
    /// Time control in PGN form.
    pub time_control: Option<String>,
    /// The VI player's language.
    pub vi_language: Option<String>,
    /// The sighted player's language.
    pub sighted_language: Option<String>,
    /// Where the records go.
    pub records: Option<PathBuf>,
    /// The Vosk model directory ("none": typed words).
    pub model: Option<String>,
    /// The microphone's id.
    pub mic: Option<String>,
    /// The table's name in a tournament hall: its `[hall]` block is written into the
    /// file (`None`: no hall, nothing printed about one).
    pub hall_table: Option<String>,
    /// The hall's broker (`mqtt://host:port`) for the `[hall]` block.
    pub hall_broker: Option<String>,
    /// A file whose first line is the table's password at the hall's broker.
    pub hall_password_file: Option<PathBuf>,
    /// The TRF file, round and board the names, event and round come from.
    pub trf: Option<(PathBuf, u32, u32)>,
    /// PGN `Event` (the TRF's tournament name by default).
    pub event: Option<String>,
    /// PGN `Site` (the TRF's city by default).
    pub site: Option<String>,
    /// PGN `Round` (`N.K` from the TRF by default).
    pub round: Option<String>,
    /// The board this table plays (the TRF's `--board` by default).
    pub board: Option<u32>,
    /// The arbiter's name (the TRF's chief arbiter by default).
    pub arbiter: Option<String>,
    /// A table without devices is what is asked for: no board found is no error.
    pub no_devices: bool,
    /// With `trf`: the table follows the VI player from round to round (his start
    /// number written as `vi_player`), not its board.
    pub follow_vi_player: bool,
    /// The opponent plays on Lichess.
    pub lichess: Option<LichessOptions>,
}

/// `init`'s flags for a game on Lichess.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LichessOptions {
    /// The token's file (relative paths are beside the config).
    pub token_file: PathBuf,
    /// Lichess's URL (`https://lichess.org` when none).
    pub url: Option<String>,
    /// The seek to post (`"15+10"`).
    pub seek: Option<String>,
}

/// Why `annabella init` wrote nothing (or no key).
#[derive(Debug, thiserror::Error)]
pub enum InitError {
    /// The config file is there and replacing it was not asked for.
    #[error("{0} exists: it is replaced only when asked to, or write another file")]
    Exists(String),
    /// A file could not be read.
    #[error("cannot read {name}: {cause}")]
    Read {
        /// The file.
        name: String,
        /// What failed.
        cause: std::io::Error,
    },
    /// The TRF file is not readable as one.
    #[error("{name}: {why}")]
    Trf {
        /// The file.
        name: String,
        /// What is wrong.
        why: String,
    },
    /// The TRF pairing at the board is decided by forfeit: no game is played there.
    #[error(
        "{name}: round {round}, board {board} ({white} – {black}) is decided by forfeit ({}): \
         no game is played there",
        match winner {
            Some(Color::White) => "forfeit 1-0",
            Some(Color::Black) => "forfeit 0-1",
            None => "double forfeit",
        }
    )]
    Forfeit {
        /// The TRF file.
        name: String,
        /// The round.
        round: u32,
        /// The board.
        board: u32,
        /// White's name.
        white: String,
        /// Black's name.
        black: String,
        /// Who wins by forfeit (none: both lose).
        winner: Option<Color>,
    },
    /// The TRF's round has no such board.
    #[error("{name}: round {round} has no board {board} ({boards} boards)")]
    NoSuchBoard {
        /// The TRF file.
        name: String,
        /// The round.
        round: u32,
        /// The board asked for.
        board: u32,
        /// How many boards the round has.
        boards: usize,
    },
    /// An answer (or a flag) was not understood.
    #[error("{question} \"{given}\": {why}")]
    Refused {
        /// The question, in the wizard's language.
        question: String,
        /// The answer given.
        given: String,
        /// Why it was refused, in the wizard's language.
        why: String,
    },
    /// Standard input ended before an answer.
    #[error("{0}: standard input ended before an answer")]
    InputEnded(String),
    /// What init would write is not a table that can play.
    #[error("the configuration init would write cannot play: {0}")]
    CannotPlay(annabella_config::ConfigError),
    /// The config file could not be written.
    #[error("{name}: {cause}")]
    Write {
        /// The file.
        name: String,
        /// What failed.
        cause: std::io::Error,
    },
    /// The table's signing key could not be made or read.
    #[error("{0}")]
    Keys(#[from] annabella_broker::key_file::KeyFileError),
    /// Neither a DGT board nor a peg board answered on any port.
    #[error(
        "no board found: neither a DGT board nor a tactile peg board answered on {}. \
         Plug the boards in (and switch them on), then run init again, or write a table \
         without devices (typed moves only)",
        ports.as_deref().unwrap_or("any serial port")
    )]
    NoBoard {
        /// The ports tried (none: every serial port found).
        ports: Option<String>,
    },
    /// The Lichess token (its file, or what was pasted) is not one.
    #[error(transparent)]
    Token(#[from] annabella_lichess_board::TokenError),
    /// A Lichess setting is not one.
    #[error("{0}")]
    Lichess(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// No Lichess token was pasted.
    #[error("no token given (one line on standard input)")]
    NoToken,
    /// The table's secret (the key of its journals' MACs) could not be made or read.
    #[error(transparent)]
    Secret(#[from] annabella_journal::SecretError),
    /// Writing to the terminal failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

impl InitError {
    /// The error in a whole sentence of `language` for the person at the table (the
    /// binary adds which of its flags answers it); its `Display` stays for the logs.
    pub fn told(&self, language: Language) -> String {
        let why = |e: &dyn std::fmt::Display| e.to_string();
        match self {
            InitError::Exists(path) => say(language, "init-error-exists", &[("path", path.into())]),
            InitError::Read { name, cause } => say(
                language,
                "init-error-read",
                &[("path", name.into()), ("why", why(cause).into())],
            ),
            InitError::Trf { name, why } => say(
                language,
                "init-error-trf",
                &[("path", name.into()), ("why", why.into())],
            ),
            InitError::Forfeit {
                name,
                round,
                board,
                white,
                black,
                winner,
            } => say(
                language,
                "init-error-forfeit",
                &[
                    ("path", name.into()),
                    ("round", (*round).into()),
                    ("board", (*board).into()),
                    ("white", white.into()),
                    ("black", black.into()),
                    (
                        "winner",
                        winner
                            .map_or("none", |c| c.fold_wb("white", "black"))
                            .into(),
                    ),
                ],
            ),
            InitError::NoSuchBoard {
                name,
                round,
                board,
                boards,
            } => say(
                language,
                "init-error-no-such-board",
                &[
                    ("path", name.into()),
                    ("round", (*round).into()),
                    ("board", (*board).into()),
                    ("boards", (*boards).into()),
                ],
            ),
            InitError::Refused {
                question,
                given,
                why,
            } => say(
                language,
                "init-error-refused",
                &[
                    ("question", question.into()),
                    ("given", given.into()),
                    ("why", why.into()),
                ],
            ),
            InitError::InputEnded(question) => say(
                language,
                "init-error-input-ended",
                &[("question", question.into())],
            ),
            InitError::CannotPlay(e) => say(
                language,
                "init-error-cannot-play",
                &[("why", why(e).into())],
            ),
            InitError::Write { name, cause } => say(
                language,
                "init-error-write",
                &[("path", name.into()), ("why", why(cause).into())],
            ),
            InitError::Keys(e) => say(language, "init-error-keys", &[("why", why(e).into())]),
            InitError::NoBoard { ports: None } => {
                say(language, "init-error-no-board-anywhere", &[])
            }
            InitError::NoBoard { ports: Some(ports) } => {
                say(language, "init-error-no-board", &[("ports", ports.into())])
            }
            InitError::Token(e) => say(language, "init-error-token", &[("why", why(e).into())]),
            InitError::Lichess(e) => say(language, "init-error-lichess", &[("why", why(e).into())]),
            InitError::NoToken => say(language, "init-error-no-token", &[]),
            InitError::Secret(e) => say(language, "init-error-secret", &[("why", why(e).into())]),
            InitError::Io(e) => say(language, "init-error-io", &[("why", why(e).into())]),
        }
    }
}

/// The message `id` of `language` with `args`.
fn say(language: Language, id: &str, args: &[Arg<'_>]) -> String {
    Messages::get(language).text(id, args)
}

/// Why an answer was not understood, in the wizard's language.
#[derive(Debug)]
struct Why(String);

impl Why {
    /// The reason `id` of `language` (`init-why-…`), with the cause `e` as `why`.
    fn of(language: Language, id: &str, e: &dyn std::fmt::Display) -> Why {
        Why(say(language, id, &[("why", e.to_string().into())]))
    }
}

/// What a TRF pairing gives a table: both players (name and details), the event, the
/// site, the chief arbiter and the PGN round `N.K`.
struct Paired {
    white: annabella_trf::Seat,
    black: annabella_trf::Seat,
    event: Option<String>,
    site: Option<String>,
    arbiter: Option<String>,
    round: String,
}

/// The pairing at board `board` of round `round` of the TRF file at `path` (the board
/// as the pairing list numbers it; a board decided by forfeit has no game to play).
fn pairing(path: &Path, round: u32, board: u32) -> Result<Paired, InitError> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|cause| InitError::Read {
        name: name.clone(),
        cause,
    })?;
    let trf = annabella_trf::Trf::parse(&bytes).map_err(|e| InitError::Trf {
        name: name.clone(),
        why: e.to_string(),
    })?;
    let found = trf.at_board(round, board).map_err(|e| InitError::Trf {
        name: name.clone(),
        why: e.to_string(),
    })?;
    let b = match found {
        Some(Ok(b)) => b,
        Some(Err(f)) => {
            return Err(InitError::Forfeit {
                name,
                round,
                board,
                white: f.white.name.clone(),
                black: f.black.name.clone(),
                winner: f.winner,
            });
        }
        None => {
            let boards = trf
                .pairings_of(round)
                .unwrap_or_default()
                .iter()
                .filter(|p| !matches!(p, annabella_trf::Pairing::Bye(_)))
                .count();
            return Err(InitError::NoSuchBoard {
                name,
                round,
                board,
                boards,
            });
        }
    };
    let header = |code| {
        trf.header(code)
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty())
    };
    Ok(Paired {
        white: b.white.clone(),
        black: b.black.clone(),
        event: trf.tournament_name().filter(|t| !t.is_empty()),
        site: header("022"),
        arbiter: header("102"),
        round: format!("{round}.{board}"),
    })
}

/// A seat's details as the table keeps them.
fn details(seat: &annabella_trf::Seat) -> crate::init::Details {
    let known = |t: &str| Some(t.trim().to_owned()).filter(|t| !t.is_empty());
    crate::init::Details {
        title: known(&seat.title),
        rating: seat.rating,
        fide_id: seat.fide_id,
        federation: known(&seat.federation),
    }
}

const DEFAULT_TC: &str = "40/5400+30:1800+30";

/// Finds what is plugged in, asks what it cannot find (answers one line each on `input`,
/// questions and findings on `err`), writes the table's `table.toml` and its signing key.
///
/// # Errors
/// The file exists (without `force`), the TRF pairing is not there, an answer is refused
/// or input ended, the text would not be a table that can play, or a file cannot be
/// written.
pub fn run(args: &Options, input: impl BufRead, err: &mut impl Write) -> Result<(), InitError> {
    if args.out.exists() && !args.force {
        return Err(InitError::Exists(args.out.display().to_string()));
    }
    let paired = match &args.trf {
        Some((path, round, board)) => Some(pairing(path, *round, *board)?),
        None => None,
    };
    let mut found = Vec::new();
    let ports = survey_ports(args, err, &mut found)?;
    if ports.dgt.is_none() && ports.peg_board.is_none() && !args.no_devices {
        let ports = (!args.ports.is_empty()).then(|| {
            args.ports
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        });
        return Err(InitError::NoBoard { ports });
    }
    let l = args.language;
    survey_microphones(l, err, &mut found)?;
    let mut ask = Asker {
        interactive: !args.non_interactive,
        input,
        language: l,
    };
    let (vi_color, white, black) = ask_players(&mut ask, err, args, paired.as_ref())?;
    let time_control = ask_time_control(&mut ask, err, args)?;
    survey_voices(l, err, &mut found)?;
    let (vi_language, sighted_language) = ask_languages(&mut ask, err, args)?;
    let records_dir = PathBuf::from(ask.text(
        err,
        &say(l, "init-ask-records", &[]),
        args.records.as_ref().and_then(|p| p.to_str()),
        &default_records(&args.out),
    )?);
    let model = ask_model(&mut ask, err, args)?;
    let day = ask_day(&mut ask, err, args, paired.as_ref())?;
    let hall = hall_block(l, &args.out, args, err)?;
    let answers = TableAnswers {
        vi_color,
        white,
        black,
        time_control,
        vi_language,
        sighted_language,
        records_dir,
        peg_board: ports.peg_board,
        dgt: ports.dgt,
        clock: ports.clock,
        dgt_clock: ports.dgt_clock,
        model,
        microphone: args.mic.clone(),
        vi_voice: None,
        day,
        players: paired
            .as_ref()
            .map(|p| [details(&p.white), details(&p.black)])
            .unwrap_or_default(),
        trf: args.trf.as_ref().map(|(path, ..)| absolute(path)),
        vi_player: paired
            .as_ref()
            .filter(|_| args.follow_vi_player)
            .map(|p| match vi_color {
                Color::White => p.white.rank,
                Color::Black => p.black.rank,
            }),
        hall,
        online: match &args.lichess {
            Some(l) => Some(lichess_token(&mut ask, err, &args.out, l)?),
            None => None,
        },
    };
    if let Some(dir) = args.out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|cause| InitError::Write {
            name: dir.display().to_string(),
            cause,
        })?;
    }
    // The keys first: the [hall] block's check reads the signing key.
    table_secret(l, &args.out, err)?;
    hall_keys(l, &args.out, args.hall_table.as_deref(), err)?;
    write_config(l, &args.out, &answers, found, err)?;
    hand_to_the_service(l, &args.out, &answers, err)?;
    Ok(())
}

/// In the packaged layout (a file in [`crate::init::PACKAGED_CONFIG_DIR`], run as root, the service's
/// user there): the records directory is made and, with the table's secret and signing
/// key, handed to the service's user, which must write the one and read the others.
/// Elsewhere, nothing.
///
/// # Errors
/// A directory or an owner that cannot be set.
pub fn hand_to_the_service(
    language: Language,
    config: &Path,
    answers: &crate::init::TableAnswers,
    err: &mut impl std::io::Write,
) -> Result<(), InitError> {
    use crate::init::{PACKAGED_CONFIG_DIR, SERVICE_USER};
    use nix::unistd::{Uid, User, chown};
    if config.parent() != Some(Path::new(PACKAGED_CONFIG_DIR)) || !Uid::effective().is_root() {
        return Ok(());
    }
    let Ok(Some(user)) = User::from_name(SERVICE_USER) else {
        return Ok(());
    };
    let records = if answers.records_dir.is_absolute() {
        answers.records_dir.clone()
    } else {
        Path::new(PACKAGED_CONFIG_DIR).join(&answers.records_dir)
    };
    let paths = [
        records.clone(),
        annabella_journal::secret_path(config),
        annabella_hall_link::setup::key_path(config),
    ];
    let failed = |path: &Path, cause: std::io::Error| InitError::Write {
        name: path.display().to_string(),
        cause,
    };
    std::fs::create_dir_all(&records).map_err(|e| failed(&records, e))?;
    for path in &paths {
        chown(path, Some(user.uid), Some(user.gid))
            .map_err(|e| failed(path, std::io::Error::from(e)))?;
    }
    let paths = paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(", ");
    writeln!(
        err,
        "{}",
        say(
            language,
            "init-handed",
            &[("user", SERVICE_USER.into()), ("paths", paths.into())]
        )
    )?;
    Ok(())
}

/// Where a table's records go by default: beside a `table.toml`, `games`; for any other
/// name, a folder of its own (`table-2.toml` → `games/table-2`), and in the packaged
/// layout (`/etc/annabella/table-1.toml`) the service's state directory,
/// `/var/lib/annabella/table-1`.
pub fn default_records(config: &Path) -> String {
    let stem = config
        .file_stem()
        .map_or_else(|| "table".to_owned(), |s| s.to_string_lossy().into_owned());
    let dir = config.parent().unwrap_or(Path::new(""));
    if dir == Path::new(crate::init::PACKAGED_CONFIG_DIR) {
        return format!("{}/{stem}", crate::init::PACKAGED_STATE_DIR);
    }
    if stem == "table" {
        "games".to_owned()
    } else {
        format!("games/{stem}")
    }
}

/// `path` made absolute from the working directory (a TRF named on the command line is
/// read by the table from wherever it runs).
fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_owned())
}

/// Asks what the records say about the day: the event, the site, the round, the board
/// and the arbiter (the TRF's by default). The date is the day of play.
fn ask_day(
    ask: &mut Asker<impl BufRead>,
    err: &mut impl Write,
    args: &Options,
    paired: Option<&Paired>,
) -> Result<crate::init::Day, InitError> {
    let l = ask.language;
    let optional = |t: String| Some(t.trim().to_owned()).filter(|t| !t.is_empty());
    let event = ask.text(
        err,
        &say(ask.language, "init-ask-event", &[]),
        args.event
            .as_deref()
            .or(paired.and_then(|p| p.event.as_deref())),
        "",
    )?;
    let site = ask.text(
        err,
        &say(ask.language, "init-ask-site", &[]),
        args.site
            .as_deref()
            .or(paired.and_then(|p| p.site.as_deref())),
        "",
    )?;
    let round = ask.text(
        err,
        &say(ask.language, "init-ask-round", &[]),
        args.round.as_deref().or(paired.map(|p| p.round.as_str())),
        "",
    )?;
    let trf_board = args.trf.as_ref().map(|(_, _, b)| b.to_string());
    let board = ask.choose(
        err,
        &say(ask.language, "init-ask-board", &[]),
        args.board
            .map(|b| b.to_string())
            .as_deref()
            .or(trf_board.as_deref()),
        "",
        |t| match t {
            "" => Ok(None),
            t => t
                .parse::<u32>()
                .ok()
                .filter(|&b| b > 0)
                .map(Some)
                .ok_or_else(|| Why(say(l, "init-why-board", &[]))),
        },
    )?;
    let arbiter = ask.text(
        err,
        &say(ask.language, "init-ask-arbiter", &[]),
        args.arbiter
            .as_deref()
            .or(paired.and_then(|p| p.arbiter.as_deref())),
        "",
    )?;
    Ok(crate::init::Day {
        event: optional(event),
        site: optional(site),
        round: optional(round),
        board,
        arbiter: optional(arbiter),
    })
}

/// The `[hall]` block for `--hall-table`: the broker, the table's user and password
/// (from `--hall-password-file`, else asked, else left for the administrator) and the
/// signing key beside the file.
fn hall_block(
    language: Language,
    config: &Path,
    args: &Options,
    err: &mut impl Write,
) -> Result<Option<crate::init::HallBlock>, InitError> {
    let Some(table) = &args.hall_table else {
        return Ok(None);
    };
    let password = match &args.hall_password_file {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|cause| InitError::Read {
                name: path.display().to_string(),
                cause,
            })?;
            Some(text.lines().next().unwrap_or_default().trim().to_owned())
        }
        None => None,
    };
    if password.is_none() {
        writeln!(err, "{}", say(language, "init-hall-no-password", &[]))?;
    }
    Ok(Some(crate::init::HallBlock {
        broker: args
            .hall_broker
            .clone()
            .unwrap_or_else(|| "mqtt://localhost:1883".to_owned()),
        table: table.clone(),
        user: annabella_hall_link::setup::table_user(table),
        password,
        signing_key: annabella_hall_link::setup::key_path(config)
            .file_name()
            .map_or_else(
                || "table.key".to_owned(),
                |n| n.to_string_lossy().into_owned(),
            ),
    }))
}

/// The devices found on the serial ports, the first of each kind.
#[derive(Debug, Default)]
struct Ports {
    peg_board: Option<PathBuf>,
    dgt: Option<PathBuf>,
    clock: Option<PathBuf>,
    /// A DGT 3000 answered on the DGT board's cable.
    dgt_clock: bool,
}

/// Identifies the device on each serial port (the given ones, else every port found),
/// says what it found on `err` (in `args.language`) and notes it in `found` (in English,
/// for the file's comments).
fn survey_ports(
    args: &Options,
    err: &mut impl Write,
    found: &mut Vec<String>,
) -> Result<Ports, InitError> {
    let l = args.language;
    let paths = if args.ports.is_empty() {
        annabella_devices::transport::list_ports()
            .into_iter()
            .map(|p| p.by_id.unwrap_or(p.path))
            .collect()
    } else {
        args.ports.clone()
    };
    if paths.is_empty() {
        writeln!(err, "{}", say(l, "init-ports-none", &[]))?;
    }
    let mut ports = Ports::default();
    for path in &paths {
        let (line, told) = match identify(path, Duration::from_millis(1500)) {
            Ok(identity) => ports.take(l, path, &identity),
            Err(why) => (
                format!("{}: nothing known answers ({why})", path.display()),
                silent(l, path, &why),
            ),
        };
        writeln!(err, "{told}")?;
        found.push(line);
    }
    for (device, slot) in [
        ("peg-board", &ports.peg_board),
        ("dgt", &ports.dgt),
        ("clock", &ports.clock),
    ] {
        if slot.is_none() {
            writeln!(
                err,
                "{}",
                say(l, "init-not-found", &[("device", device.into())])
            )?;
        }
    }
    Ok(ports)
}

/// What `init` says of a port on which nothing known answers.
fn silent(
    language: Language,
    path: &Path,
    why: &annabella_devices::identify::IdentifyError,
) -> String {
    let path = path.display().to_string();
    match why {
        annabella_devices::identify::IdentifyError::Silent { patience, .. } => say(
            language,
            "init-port-silent",
            &[
                ("path", path.into()),
                ("ms", patience.as_millis().to_string().into()),
            ],
        ),
        annabella_devices::identify::IdentifyError::Port(e) => {
            // The sentence names the port: the reason only, as the system says it.
            let reason = match e {
                annabella_devices::transport::PortError::Open { reason, .. } => reason.to_string(),
                annabella_devices::transport::PortError::Io { reason, .. } => reason.to_string(),
            };
            say(
                language,
                "init-port-unopened",
                &[("path", path.into()), ("why", reason.into())],
            )
        }
    }
}

impl Ports {
    /// Takes the device `identity` at `path` unless one of its kind was found before;
    /// the line that says what it is (in English, for the file) and what `init` tells
    /// of it (in `language`).
    fn take(&mut self, language: Language, path: &Path, identity: &Identity) -> (String, String) {
        let shown = path.display().to_string();
        let (slot, mut told) = match identity {
            Identity::Dgt {
                version: (major, minor),
                clock,
                ..
            } => {
                self.dgt_clock |= *clock && self.dgt.is_none();
                let told = say(
                    language,
                    "init-port-dgt",
                    &[
                        ("path", shown.into()),
                        ("version", format!("{major}.{minor}").into()),
                        ("clock", if *clock { "yes" } else { "no" }.into()),
                    ],
                );
                (&mut self.dgt, told)
            }
            Identity::PegBoard { hello, .. } => {
                let told = say(
                    language,
                    "init-port-peg",
                    &[("path", shown.into()), ("version", firmware(hello).into())],
                );
                (&mut self.peg_board, told)
            }
            Identity::Clock { hello } => {
                let told = say(
                    language,
                    "init-port-clock",
                    &[("path", shown.into()), ("version", firmware(hello).into())],
                );
                (&mut self.clock, told)
            }
        };
        let mut line = format!("{}: {}", path.display(), identity.describe());
        if slot.is_some() {
            line.push_str(" (a second one: not used)");
            told.push(' ');
            told.push_str(&say(language, "init-port-second", &[]));
        } else {
            *slot = Some(path.to_path_buf());
        }
        if let Some(problem) = identity.position_fault() {
            line.push_str(&format!("; {problem}"));
            told.push(' ');
            told.push_str(&say(
                language,
                "init-port-problem",
                &[("problem", position_problem(language, problem).into())],
            ));
        }
        (line, told)
    }
}

/// Why a reported position is none of a game, in `language`.
fn position_problem(
    language: Language,
    problem: annabella_devices::identify::PositionProblem,
) -> String {
    use annabella_devices::identify::PositionProblem;
    let side = |c: Color| -> Arg<'static> { ("color", c.fold_wb("white", "black").into()) };
    match problem {
        PositionProblem::Kings { color, count } => say(
            language,
            "init-problem-kings",
            &[side(color), ("count", count.into())],
        ),
        PositionProblem::Pieces { color, count } => say(
            language,
            "init-problem-pieces",
            &[side(color), ("count", count.into())],
        ),
        PositionProblem::PawnOnEdge => say(language, "init-problem-pawn", &[]),
        PositionProblem::Pegs { count } => {
            say(language, "init-problem-pegs", &[("count", count.into())])
        }
    }
}

/// A HELLO's firmware version, `major.minor`.
fn firmware(hello: &annabella_devices::proto::Hello) -> String {
    format!("{}.{}", hello.firmware_major, hello.firmware_minor)
}

/// Lists the microphones on `err` and notes them in `found`.
fn survey_microphones(
    language: Language,
    err: &mut impl Write,
    found: &mut Vec<String>,
) -> Result<(), InitError> {
    let mics = annabella_speech::audio::input_devices();
    if mics.is_empty() {
        writeln!(err, "{}", say(language, "init-mics-none", &[]))?;
        found.push("no microphone".into());
    }
    for m in &mics {
        let default = if m.default { " (default)" } else { "" };
        writeln!(
            err,
            "{}",
            say(
                language,
                "init-mic",
                &[
                    ("id", m.id.as_str().into()),
                    // The sentence gives the stop.
                    ("name", m.name.trim_end_matches('.').into()),
                    ("default", if m.default { "yes" } else { "no" }.into()),
                ]
            )
        )?;
        found.push(format!("microphone {}: {}{default}", m.id, m.name));
    }
    Ok(())
}

/// Lists espeak-ng's voices for every language on `err` and notes them in `found`.
fn survey_voices(
    language: Language,
    err: &mut impl Write,
    found: &mut Vec<String>,
) -> Result<(), InitError> {
    for lang in Language::ALL {
        let voices = espeak_voices(lang.code());
        let (line, told) = if voices.is_empty() {
            (
                format!("voices for {}: none found (espeak-ng)", lang.code()),
                say(
                    language,
                    "init-voices-none",
                    &[("language", lang.code().into())],
                ),
            )
        } else {
            (
                format!("voices for {}: {}", lang.code(), voices.join(", ")),
                say(
                    language,
                    "init-voices",
                    &[
                        ("language", lang.code().into()),
                        ("voices", voices.join(", ").into()),
                    ],
                ),
            )
        };
        writeln!(err, "{told}")?;
        found.push(line);
    }
    Ok(())
}

/// Asks the VI player's colour, then White's and Black's names (the pairing's by default).
fn ask_players(
    ask: &mut Asker<impl BufRead>,
    err: &mut impl Write,
    args: &Options,
    paired: Option<&Paired>,
) -> Result<(Color, String, String), InitError> {
    let l = ask.language;
    let vi_color = ask.choose(
        err,
        &say(ask.language, "init-ask-vi", &[]),
        args.vi.as_deref(),
        "white",
        |t| match t {
            "white" | "w" => Ok(Color::White),
            "black" | "b" => Ok(Color::Black),
            _ => Err(Why(say(l, "init-why-color", &[]))),
        },
    )?;
    let (trf_white, trf_black) = match paired {
        Some(p) => (Some(p.white.name.as_str()), Some(p.black.name.as_str())),
        None => (None, None),
    };
    let white = ask.text(
        err,
        &say(ask.language, "init-ask-white", &[]),
        args.white.as_deref().or(trf_white),
        "White",
    )?;
    let black = ask.text(
        err,
        &say(ask.language, "init-ask-black", &[]),
        args.black.as_deref().or(trf_black),
        "Black",
    )?;
    Ok((vi_color, white, black))
}

/// Asks the time control in PGN form.
fn ask_time_control(
    ask: &mut Asker<impl BufRead>,
    err: &mut impl Write,
    args: &Options,
) -> Result<String, InitError> {
    let l = ask.language;
    ask.choose(
        err,
        &say(ask.language, "init-ask-time-control", &[]),
        args.time_control.as_deref(),
        DEFAULT_TC,
        |t| {
            t.parse::<annabella_rules::TimeControl>()
                .map(|_| t.to_owned())
                .map_err(|e| Why::of(l, "init-why-time-control", &e))
        },
    )
}

/// Asks the VI player's language, then the sighted player's (the VI player's by default).
fn ask_languages(
    ask: &mut Asker<impl BufRead>,
    err: &mut impl Write,
    args: &Options,
) -> Result<(Language, Language), InitError> {
    let l = ask.language;
    let language = |t: &str| {
        t.parse::<Language>()
            .map_err(|_| Why(say(l, "init-why-language", &[])))
    };
    let vi_language = ask.choose(
        err,
        &say(ask.language, "init-ask-vi-language", &[]),
        args.vi_language.as_deref(),
        "de",
        language,
    )?;
    let sighted_language = ask.choose(
        err,
        &say(ask.language, "init-ask-sighted-language", &[]),
        args.sighted_language.as_deref(),
        vi_language.code(),
        language,
    )?;
    Ok((vi_language, sighted_language))
}

/// Asks the Vosk model directory that hears the VI player (`None`: typed words).
fn ask_model(
    ask: &mut Asker<impl BufRead>,
    err: &mut impl Write,
    args: &Options,
) -> Result<Option<PathBuf>, InitError> {
    let l = ask.language;
    ask.choose(
        err,
        &say(ask.language, "init-ask-model", &[]),
        args.model.as_deref(),
        "none",
        |t| match t {
            "none" => Ok(None),
            dir => annabella_speech::check_model_dir(Path::new(dir))
                .map(|()| Some(PathBuf::from(dir)))
                .map_err(|e| Why::of(l, "init-why-model", &e)),
        },
    )
}

/// Says the set-up notes, checks that the `table.toml` of `answers` can play, and writes
/// it to `out`.
fn write_config(
    language: Language,
    out: &Path,
    answers: &TableAnswers,
    mut found: Vec<String>,
    err: &mut impl Write,
) -> Result<(), InitError> {
    for id in crate::init::set_up_note_ids(answers) {
        writeln!(err, "{}", say(language, id, &[]))?;
    }
    found.extend(crate::init::set_up_notes(answers));
    let text = table_toml(answers, &found);
    // What init writes must be a table that can play (every move made, every clock started).
    annabella_station::edges::config_from_str(&text, out.parent().unwrap_or(Path::new(".")))
        .map_err(InitError::CannotPlay)?;
    // Mode 600: the [hall] block gets the broker password pasted in.
    annabella_broker::blocking::write_secret_atomically(out, &text).map_err(|cause| {
        InitError::Write {
            name: out.display().to_string(),
            cause,
        }
    })?;
    writeln!(
        err,
        "{}",
        say(
            language,
            "init-written",
            &[("path", out.display().to_string().into())]
        )
    )?;
    Ok(())
}

/// The `[opponent]` of a Lichess game: its URL and seek checked, its token file kept if it
/// is there and private, else made (mode 0600) from the token asked for on `input` (one
/// line, never echoed back or written anywhere else).
fn lichess_token(
    ask: &mut Asker<impl BufRead>,
    err: &mut impl Write,
    config: &Path,
    l: &LichessOptions,
) -> Result<crate::init::OnlineAnswers, InitError> {
    if let Some(url) = &l.url {
        annabella_lichess_board::Origin::parse(url).map_err(|e| InitError::Lichess(e.into()))?;
    }
    if let Some(seek) = &l.seek {
        seek.parse::<annabella_lichess_board::SeekClock>()
            .map_err(|e| InitError::Lichess(e.into()))?;
    }
    let file = config
        .parent()
        .unwrap_or(Path::new("."))
        .join(&l.token_file);
    if file.exists() {
        annabella_lichess_board::Token::read(&file)?;
        writeln!(
            err,
            "{}",
            say(
                ask.language,
                "init-lichess-kept",
                &[("path", file.display().to_string().into())]
            )
        )?;
    } else {
        writeln!(err, "{}", say(ask.language, "init-lichess-paste", &[]))?;
        let mut line = String::new();
        if ask.input.read_line(&mut line)? == 0 {
            return Err(InitError::NoToken);
        }
        let token = annabella_lichess_board::Token::new(&line, Path::new("standard input"))?;
        token.write_new(&file).map_err(|cause| InitError::Write {
            name: file.display().to_string(),
            cause,
        })?;
        writeln!(
            err,
            "{}",
            say(
                ask.language,
                "init-lichess-written",
                &[("path", file.display().to_string().into())]
            )
        )?;
    }
    Ok(crate::init::OnlineAnswers {
        token_file: l.token_file.clone(),
        url: l.url.clone(),
        seek: l.seek.clone(),
    })
}

/// The table's secret beside the config (made once, never replaced): the key of its
/// journals' MACs.
fn table_secret(language: Language, config: &Path, err: &mut impl Write) -> Result<(), InitError> {
    let path = annabella_journal::secret_path(config);
    let (_, made) = annabella_journal::TableSecret::read_or_make(&path)?;
    writeln!(
        err,
        "{}",
        say(
            language,
            "init-secret",
            &[
                ("made", if made { "yes" } else { "no" }.into()),
                ("path", path.display().to_string().into()),
            ]
        )
    )?;
    Ok(())
}

/// The table's signing key pair beside the config, named after it (`table-1.toml` →
/// `table-1.key`, `table-1.pub`), and, for a table of a hall, the administrator's lines
/// for it.
fn hall_keys(
    language: Language,
    config: &Path,
    table: Option<&str>,
    err: &mut impl Write,
) -> Result<(), InitError> {
    use annabella_hall_link::setup;
    let key = setup::key_path(config);
    let (public, made) = setup::table_keys(&key)?;
    writeln!(
        err,
        "{}",
        say(
            language,
            "init-signing-key",
            &[
                ("made", if made { "yes" } else { "no" }.into()),
                ("path", key.display().to_string().into()),
                (
                    "public",
                    setup::public_key_path(&key).display().to_string().into()
                ),
            ]
        )
    )?;
    if let Some(table) = table {
        // The administrator's three steps in the wizard's language, the lines to run or
        // to copy as the broker and the hall read them.
        let indent = |text: &str| -> String { text.lines().map(|l| format!("   {l}\n")).collect() };
        write!(
            err,
            "{}\n{}\n   mosquitto_passwd /etc/mosquitto/annabella/passwd {}\n{}\n{}{}\n{}",
            say(language, "init-hall-for", &[("table", table.into())]),
            say(language, "init-hall-user", &[]),
            setup::table_user(table),
            say(language, "init-hall-acl", &[]),
            indent(&setup::acl_block(table)),
            say(language, "init-hall-tables", &[]),
            indent(&setup::tables_entry(table, &public)),
        )?;
    }
    Ok(())
}

/// Asks questions in plain lines on standard error, answers one line each on standard
/// input; an empty line takes the default.
struct Asker<R> {
    interactive: bool,
    input: R,
    /// The language of the questions and of "not understood".
    language: Language,
}

impl<R: BufRead> Asker<R> {
    /// `given` (a flag) if set, else the answer to `question` (or `default`), parsed.
    fn choose<T>(
        &mut self,
        err: &mut impl Write,
        question: &str,
        given: Option<&str>,
        default: &str,
        parse: impl Fn(&str) -> Result<T, Why>,
    ) -> Result<T, InitError> {
        if let Some(given) = given {
            return parse(given.trim()).map_err(|Why(why)| InitError::Refused {
                question: question.to_owned(),
                given: given.to_owned(),
                why,
            });
        }
        if !self.interactive {
            return parse(default).map_err(|Why(why)| InitError::Refused {
                question: question.to_owned(),
                given: default.to_owned(),
                why,
            });
        }
        loop {
            // An empty default is the question's own "(empty: none)".
            let prompt = match default {
                "" => question.to_owned(),
                _ => say(
                    self.language,
                    "init-prompt",
                    &[("question", question.into()), ("default", default.into())],
                ),
            };
            writeln!(err, "{prompt}")?;
            let mut line = String::new();
            if self.input.read_line(&mut line)? == 0 {
                return Err(InitError::InputEnded(question.to_owned()));
            }
            let answer = match line.trim() {
                "" => default,
                t => t,
            };
            match parse(answer) {
                Ok(v) => return Ok(v),
                Err(Why(why)) => writeln!(
                    err,
                    "{}",
                    say(self.language, "init-again", &[("why", why.into())])
                )?,
            }
        }
    }

    fn text(
        &mut self,
        err: &mut impl Write,
        question: &str,
        given: Option<&str>,
        default: &str,
    ) -> Result<String, InitError> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_is_told_in_the_wizards_language_and_in_whole_sentences() {
        let forfeit = InitError::Forfeit {
            name: "open.trf".into(),
            round: 2,
            board: 3,
            white: "Anna".into(),
            black: "Bella".into(),
            winner: Some(Color::Black),
        };
        assert_eq!(
            forfeit.told(Language::De),
            "In der TRF-Datei open.trf ist Runde 2, Brett 3 (Anna – Bella) kampflos entschieden \
             (0-1): Dort wird keine Partie gespielt."
        );
        let missing = InitError::NoSuchBoard {
            name: "open.trf".into(),
            round: 2,
            board: 4,
            boards: 3,
        };
        assert_eq!(
            missing.told(Language::En),
            "Round 2 of the TRF file open.trf has no board 4: its boards are 1 to 3."
        );
        assert_eq!(
            InitError::NoBoard { ports: None }.told(Language::De),
            "Es wurde kein Brett gefunden: Auf keiner seriellen Schnittstelle antwortete ein \
             DGT-Brett oder ein taktiles Steckbrett. Schließen Sie die Bretter an, schalten Sie \
             sie ein und rufen Sie init dann noch einmal auf."
        );
    }

    #[test]
    fn a_position_that_is_none_of_a_game_is_said_in_the_wizards_language() {
        use annabella_devices::identify::PositionProblem;
        let kings = PositionProblem::Kings {
            color: Color::White,
            count: 2,
        };
        assert_eq!(
            position_problem(Language::De, kings),
            "2 weiße Könige auf dem Brett"
        );
        assert_eq!(
            position_problem(Language::En, kings),
            kings.to_string(),
            "the English words are the file's"
        );
        assert_eq!(
            position_problem(
                Language::Hu,
                PositionProblem::Pieces {
                    color: Color::Black,
                    count: 17
                }
            ),
            "17 sötét bábu a táblán"
        );
    }

    #[test]
    fn an_answer_not_understood_is_refused_with_the_question_asked() {
        let dir = tempfile::tempdir().unwrap();
        let options = Options {
            language: Language::Lv,
            out: dir.path().join("table.toml"),
            non_interactive: true,
            no_devices: true,
            ports: vec![dir.path().join("no-such-port")],
            vi: Some("purple".into()),
            ..Options::default()
        };
        let mut said = Vec::new();
        let e = run(&options, std::io::empty(), &mut said).unwrap_err();
        assert_eq!(
            e.told(Language::Lv),
            "Ar kuras krāsas figūrām spēlē vājredzīgais spēlētājs (white – baltajām, black – \
             melnajām)? Atbilde „purple“ nav saprasta: white vai black."
        );
        let said = String::from_utf8(said).unwrap();
        assert!(
            said.contains("Tapu dēlis netika atrasts: tiek ierakstīts \"none\"."),
            "{said}"
        );
        assert!(!options.out.exists());
    }
}
