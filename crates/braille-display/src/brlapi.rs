//! A real Braille display through brltty's BrlAPI: libbrlapi (Debian `libbrlapi0.8`) is
//! loaded at run time, so annabella runs without it when no display is configured. One
//! thread owns the connection: it shows the latest frame, reads the display's keys, and
//! when brltty goes away reports it and connects again, never stopping the table.

use std::{
    ffi::{CStr, CString, NulError, c_char, c_int, c_uint, c_void},
    sync::{Arc, OnceLock, mpsc},
    thread,
    time::Duration,
};

use libloading::Library;

use crate::{DisplayKey, Frame, Surface, SurfaceError, cells::Dots};

/// The shared objects tried, in order.
const LIBRARIES: [&str; 2] = ["libbrlapi.so.0.8", "libbrlapi.so"];
/// How often a lost display is tried again.
pub const RETRY: Duration = Duration::from_secs(1);
/// How long one wait for a key lasts before new frames are shown.
const KEY_WAIT_MS: c_int = 50;

/// Where brltty's BrlAPI server is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BrlapiSettings {
    /// `host:port` or `:N` (`None`: libbrlapi's default or `BRLAPI_HOST`).
    pub host: Option<String>,
    /// The authorization (`none`, a key file; `None`: libbrlapi's default or `BRLAPI_AUTH`).
    pub auth: Option<String>,
}

/// Why a display cannot be reached through BrlAPI (libbrlapi, brltty, the thread).
#[derive(Debug, Clone, thiserror::Error)]
pub enum BrlapiError {
    /// No libbrlapi could be loaded (the last loader error).
    #[error("libbrlapi not found ({0}); install libbrlapi0.8 (scripts/setup.sh)")]
    NotFound(Arc<libloading::Error>),
    /// The library lacks a function of BrlAPI 0.8.
    #[error("{library}: {error}")]
    Symbols {
        /// The shared object loaded.
        library: &'static str,
        /// The loader's error.
        error: Arc<libloading::Error>,
    },
    /// A setting holds a NUL byte.
    #[error("brlapi {setting}: {error}")]
    Setting {
        /// `host` or `auth`.
        setting: &'static str,
        /// Where the NUL byte is.
        error: NulError,
    },
    /// libbrlapi failed a call: what was being done and its error in words.
    #[error("{doing}: {text}")]
    Call {
        /// What was being done ("showing cells").
        doing: String,
        /// libbrlapi's error text.
        text: String,
    },
    /// brltty answered but has no display.
    #[error("brltty at {place} has no display yet")]
    NoDisplay {
        /// The BrlAPI host.
        place: String,
    },
    /// The connection thread could not be started.
    #[error("braille display thread: {0}")]
    Thread(Arc<std::io::Error>),
}

/// What the display thread tells its owner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DisplayEvent {
    /// Connected to a display this many cells wide.
    Connected {
        /// Cells.
        width: usize,
    },
    /// A key of the display.
    Key(DisplayKey),
    /// The display could not be reached or went away (tried again every [`RETRY`]).
    Lost(String),
}

#[repr(C)]
struct Settings {
    auth: *const c_char,
    host: *const c_char,
}

type Handle = c_void;
type ExceptionHandler = unsafe extern "C" fn(*mut Handle, c_int, u32, *const c_void, usize);

/// The libbrlapi functions used (the handle-based ones, safe in any thread).
struct Api {
    _lib: Library,
    handle_size: unsafe extern "C" fn() -> usize,
    open: unsafe extern "C" fn(*mut Handle, *const Settings, *mut Settings) -> c_int,
    close: unsafe extern "C" fn(*mut Handle),
    set_exception_handler: unsafe extern "C" fn(*mut Handle, ExceptionHandler) -> ExceptionHandler,
    display_size: unsafe extern "C" fn(*mut Handle, *mut c_uint, *mut c_uint) -> c_int,
    enter_tty_mode: unsafe extern "C" fn(*mut Handle, *const c_int, c_int, *const c_char) -> c_int,
    write_dots: unsafe extern "C" fn(*mut Handle, *const u8) -> c_int,
    read_key: unsafe extern "C" fn(*mut Handle, c_int, *mut u64) -> c_int,
    error_location: unsafe extern "C" fn() -> *mut c_void,
    strerror: unsafe extern "C" fn(*const c_void) -> *const c_char,
}

/// libbrlapi, loaded once and never unloaded: its per-thread error state has destructors
/// that run when a thread ends.
static API: OnceLock<Result<Api, BrlapiError>> = OnceLock::new();

impl Api {
    /// libbrlapi, loaded on first use.
    fn get() -> Result<&'static Api, BrlapiError> {
        API.get_or_init(Api::load).as_ref().map_err(Clone::clone)
    }

    /// Loads libbrlapi.
    fn load() -> Result<Api, BrlapiError> {
        let mut last = None;
        for library in LIBRARIES {
            // SAFETY: libbrlapi's initialisers only set up its own state.
            match unsafe { Library::new(library) } {
                Ok(lib) => {
                    return Api::bind(lib).map_err(|error| BrlapiError::Symbols {
                        library,
                        error: Arc::new(error),
                    });
                }
                Err(e) => last = Some(e),
            }
        }
        let last = last.unwrap_or(libloading::Error::DlOpenUnknown);
        Err(BrlapiError::NotFound(Arc::new(last)))
    }

    fn bind(lib: Library) -> Result<Api, libloading::Error> {
        // SAFETY: the signatures are those of brlapi.h (BrlAPI 0.8).
        unsafe {
            Ok(Api {
                handle_size: *lib.get(b"brlapi_getHandleSize\0")?,
                open: *lib.get(b"brlapi__openConnection\0")?,
                close: *lib.get(b"brlapi__closeConnection\0")?,
                set_exception_handler: *lib.get(b"brlapi__setExceptionHandler\0")?,
                display_size: *lib.get(b"brlapi__getDisplaySize\0")?,
                enter_tty_mode: *lib.get(b"brlapi__enterTtyModeWithPath\0")?,
                write_dots: *lib.get(b"brlapi__writeDots\0")?,
                read_key: *lib.get(b"brlapi__readKeyWithTimeout\0")?,
                error_location: *lib.get(b"brlapi_error_location\0")?,
                strerror: *lib.get(b"brlapi_strerror\0")?,
                _lib: lib,
            })
        }
    }

    /// libbrlapi's last error on this thread, in words.
    fn error(&self, doing: &str) -> BrlapiError {
        // SAFETY: both return pointers into libbrlapi's per-thread state.
        let text = unsafe {
            let s = (self.strerror)((self.error_location)());
            if s.is_null() {
                "unknown error".into()
            } else {
                CStr::from_ptr(s).to_string_lossy().into_owned()
            }
        };
        BrlapiError::Call {
            doing: doing.to_owned(),
            text,
        }
    }
}

/// Errors reported by the server are answered by the calls that caused them; the
/// default handler would abort the process.
unsafe extern "C" fn ignore_exception(
    _: *mut Handle,
    _: c_int,
    _: u32,
    _: *const c_void,
    _: usize,
) {
}

/// One open BrlAPI connection in tty mode.
struct Connection<'a> {
    api: &'a Api,
    /// The handle's memory (`brlapi_getHandleSize` bytes, 8-aligned).
    handle: Vec<u64>,
    width: usize,
}

impl<'a> Connection<'a> {
    fn open(api: &'a Api, settings: &BrlapiSettings) -> Result<Connection<'a>, BrlapiError> {
        let c = |setting, s: &Option<String>| {
            s.as_deref()
                .map(CString::new)
                .transpose()
                .map_err(|error| BrlapiError::Setting { setting, error })
        };
        let host = c("host", &settings.host)?;
        let auth = c("auth", &settings.auth)?;
        let desired = Settings {
            auth: auth.as_ref().map_or(std::ptr::null(), |s| s.as_ptr()),
            host: host.as_ref().map_or(std::ptr::null(), |s| s.as_ptr()),
        };
        // SAFETY: brlapi_getHandleSize has no preconditions.
        let size = unsafe { (api.handle_size)() };
        let mut conn = Connection {
            api,
            handle: vec![0; size.div_ceil(8)],
            width: 0,
        };
        let h = conn.handle.as_mut_ptr().cast::<Handle>();
        let place = settings
            .host
            .as_deref()
            .unwrap_or("the default BrlAPI host");
        // SAFETY: `h` is a handle-sized buffer; the settings strings outlive the call.
        if unsafe { (api.open)(h, &desired, std::ptr::null_mut()) } < 0 {
            let e = api.error(&format!("connecting to brltty at {place}"));
            conn.handle.clear();
            return Err(e);
        }
        // SAFETY: `h` is an open connection.
        unsafe {
            (api.set_exception_handler)(h, ignore_exception);
            let (mut x, mut y) = (0, 0);
            if (api.display_size)(h, &mut x, &mut y) < 0 {
                return Err(api.error("reading the display size"));
            }
            conn.width = (x * y.max(1)) as usize;
            if conn.width == 0 {
                return Err(BrlapiError::NoDisplay {
                    place: place.to_owned(),
                });
            }
            // The root of the tty tree (no screen needed); keys come as brltty commands.
            if (api.enter_tty_mode)(h, std::ptr::null(), 0, std::ptr::null()) < 0 {
                return Err(api.error("taking the display"));
            }
        }
        Ok(conn)
    }

    fn handle(&mut self) -> *mut Handle {
        self.handle.as_mut_ptr().cast()
    }

    fn write(&mut self, cells: &[Dots]) -> Result<(), BrlapiError> {
        let mut dots = cells.to_vec();
        dots.resize(self.width, 0);
        let h = self.handle();
        // SAFETY: `dots` holds exactly the display's cells.
        if unsafe { (self.api.write_dots)(h, dots.as_ptr()) } < 0 {
            return Err(self.api.error("showing cells"));
        }
        Ok(())
    }

    /// A key, if one came within the wait.
    fn read_key(&mut self) -> Result<Option<u64>, BrlapiError> {
        let mut code = 0u64;
        let h = self.handle();
        // SAFETY: `code` is a brlapi_keyCode_t.
        match unsafe { (self.api.read_key)(h, KEY_WAIT_MS, &mut code) } {
            1 => Ok(Some(code)),
            0 => Ok(None),
            _ => Err(self.api.error("reading keys")),
        }
    }
}

impl Drop for Connection<'_> {
    fn drop(&mut self) {
        if !self.handle.is_empty() {
            let h = self.handle();
            // SAFETY: the connection is open; closing leaves tty mode too.
            unsafe { (self.api.close)(h) };
        }
    }
}

/// The display through BrlAPI: frames go to the connection thread, which sends
/// [`DisplayEvent`]s back. Dropping it ends the thread.
#[derive(Debug)]
pub struct BrlapiDisplay {
    frames: mpsc::Sender<Vec<Dots>>,
}

impl BrlapiDisplay {
    /// Loads libbrlapi and starts the connection thread (which keeps trying to reach
    /// brltty until it does).
    ///
    /// # Errors
    /// libbrlapi cannot be loaded.
    pub fn start<E: From<DisplayEvent> + Send + 'static>(
        settings: BrlapiSettings,
        events: mpsc::Sender<E>,
    ) -> Result<BrlapiDisplay, BrlapiError> {
        let api = Api::get()?;
        let (frames, rx) = mpsc::channel();
        thread::Builder::new()
            .name("braille display".into())
            .spawn(move || connection_loop(api, &settings, &rx, &events))
            .map_err(|e| BrlapiError::Thread(Arc::new(e)))?;
        Ok(BrlapiDisplay { frames })
    }
}

impl Surface for BrlapiDisplay {
    fn show(&mut self, _at: Duration, frame: &Frame) -> Result<(), SurfaceError> {
        self.frames
            .send(frame.cells.clone())
            .map_err(|_| SurfaceError::Stopped)
    }
}

/// Connects, shows, reads keys; reports a loss and connects again.
fn connection_loop<E: From<DisplayEvent>>(
    api: &Api,
    settings: &BrlapiSettings,
    frames: &mpsc::Receiver<Vec<Dots>>,
    events: &mpsc::Sender<E>,
) {
    let mut last_error = String::new();
    let mut shown: Option<Vec<Dots>> = None;
    loop {
        let lost = match Connection::open(api, settings) {
            Ok(mut conn) => {
                last_error.clear();
                if events
                    .send(DisplayEvent::Connected { width: conn.width }.into())
                    .is_err()
                {
                    return;
                }
                if let Some(cells) = &shown
                    && let Err(e) = conn.write(cells)
                {
                    e
                } else {
                    match serve(&mut conn, frames, events, &mut shown) {
                        Some(e) => e,
                        None => return,
                    }
                }
            }
            Err(e) => e,
        }
        .to_string();
        if lost != last_error
            && events
                .send(DisplayEvent::Lost(lost.clone()).into())
                .is_err()
        {
            return;
        }
        last_error = lost;
        // Wait before trying again, taking the newest frame meanwhile.
        match frames.recv_timeout(RETRY) {
            Ok(cells) => shown = Some(cells),
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => return,
        }
    }
}

/// Serves one connection: `Some(why)` when it was lost, `None` when the owner is gone.
fn serve<E: From<DisplayEvent>>(
    conn: &mut Connection<'_>,
    frames: &mpsc::Receiver<Vec<Dots>>,
    events: &mpsc::Sender<E>,
    shown: &mut Option<Vec<Dots>>,
) -> Option<BrlapiError> {
    loop {
        let mut newest = None;
        loop {
            match frames.try_recv() {
                Ok(cells) => newest = Some(cells),
                Err(mpsc::TryRecvError::Empty) => break,
                Err(mpsc::TryRecvError::Disconnected) => return None,
            }
        }
        if let Some(cells) = newest {
            if let Err(e) = conn.write(&cells) {
                *shown = Some(cells);
                return Some(e);
            }
            *shown = Some(cells);
        }
        match conn.read_key() {
            Ok(Some(code)) => {
                if let Some(key) = DisplayKey::from_brlapi(code)
                    && events.send(DisplayEvent::Key(key).into()).is_err()
                {
                    return None;
                }
            }
            Ok(None) => {}
            Err(e) => return Some(e),
        }
    }
}
