//! Setting a table up: `annabella init` finds what is plugged in, asks what it cannot find
//! and writes a commented `table.toml` ([`wizard`], [`init`]); `annabella doctor` checks
//! that a configured table is ready, one check per thing it needs, with the fix
//! ([`doctor`]); `annabella devices watch` shows what one device reports and what the
//! move detector makes of it, without a table ([`watch`]).

pub mod doctor;
pub mod holder;
pub mod init;
pub mod watch;
pub mod wizard;
