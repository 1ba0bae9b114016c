//! The devices part of [`Station::start`](super::Station::start): the configured serial
//! ports probed before anything starts, then the simulators started and the three
//! devices' links opened.

use std::path::Path;

use annabella_devices::{
    sim::{
        ClockSim, DgtSim, FirmwareKind, FirmwarePlan, FirmwareSim, PegBoardSim, SimDevice,
        Simulated, Simulator,
    },
    transport::PortConfig,
};
use shakmaty::{Chess, Position};

use super::{Sims, StationError};
use crate::{
    config::{DeviceSpec, Devices},
    shell::Links,
};

/// Starts the simulators of the devices configured as `sim` or `firmware` (at
/// `position`) and opens the three devices' links.
pub(super) fn open(devices: &Devices, position: &Chess) -> Result<(Sims, Links), StationError> {
    let sims = start_sims(devices, position)?;
    let links = open_links(devices, &sims);
    Ok((sims, links))
}

/// Refuses to start while a configured serial device cannot be opened, unless missing
/// devices are allowed: then each is warned of and tried again later.
pub(super) fn check(devices: &Devices, allow_missing: bool) -> Result<(), StationError> {
    let unreachable = unreachable_devices(devices);
    if !unreachable.is_empty() {
        if !allow_missing {
            return Err(StationError::DevicesMissing(unreachable));
        }
        for u in &unreachable {
            tracing::warn!("{u}; playing on without it, and trying again");
        }
    }
    Ok(())
}

/// Each configured serial device that cannot be opened, named with its key and why.
fn unreachable_devices(devices: &Devices) -> Vec<String> {
    [
        ("devices.peg_board", &devices.peg_board),
        ("devices.dgt", &devices.dgt),
        ("devices.clock", &devices.clock),
    ]
    .into_iter()
    .filter_map(|(key, spec)| match spec {
        DeviceSpec::Serial { path, baud } => {
            annabella_devices::transport::probe(&PortConfig::new(path, *baud))
                .err()
                .map(|why| format!("{key} ({why})"))
        }
        DeviceSpec::Sim | DeviceSpec::Firmware { .. } | DeviceSpec::OnDgt | DeviceSpec::None => {
            None
        }
    })
    .collect()
}

/// Starts the simulators of the devices configured as `sim` or `firmware`.
fn start_sims(devices: &Devices, position: &Chess) -> Result<Sims, StationError> {
    fn sim<D: SimDevice>(
        spec: &DeviceSpec,
        device: &'static str,
        make: impl FnOnce() -> D,
    ) -> Result<Option<Simulator<D>>, StationError> {
        if *spec != DeviceSpec::Sim {
            return Ok(None);
        }
        let s =
            Simulator::spawn(make()).map_err(|source| StationError::Device { device, source })?;
        tracing::info!("simulated {device} on {}", s.path().display());
        Ok(Some(s))
    }
    fn simulated<D: SimDevice>(
        spec: &DeviceSpec,
        device: &'static str,
        kind: FirmwareKind,
        occupancy: Option<String>,
        make: impl FnOnce() -> D,
    ) -> Result<Option<Simulated<D>>, StationError> {
        let DeviceSpec::Firmware { elf, harness } = spec else {
            return Ok(sim(spec, device, make)?.map(Simulated::Rust));
        };
        let plan = FirmwarePlan {
            harness: harness.clone(),
            elf: elf.clone(),
            kind,
            link: None,
            occupancy,
        };
        let f = FirmwareSim::spawn(&plan).map_err(|e| StationError::Device {
            device,
            source: std::io::Error::other(e),
        })?;
        tracing::info!(
            "{device} firmware {} in simavr on {}",
            elf.display(),
            f.path().display()
        );
        Ok(Some(Simulated::Firmware(f)))
    }
    let occupancy = position.board().to_string();
    Ok(Sims {
        peg: simulated(
            &devices.peg_board,
            "peg board",
            FirmwareKind::PegBoard,
            Some(occupancy),
            || PegBoardSim::new(position.board().occupied()),
        )?,
        dgt: sim(&devices.dgt, "DGT board", || {
            DgtSim::new(position.board().clone())
        })?,
        clock: simulated(
            &devices.clock,
            "tactile clock",
            FirmwareKind::Clock,
            None,
            ClockSim::default,
        )?,
    })
}

/// Where the station opens a device: its serial port, or its simulator's terminal `sim`
/// (at the device's own `sim_baud`).
fn port(spec: &DeviceSpec, sim: Option<&Path>, sim_baud: u32) -> Option<PortConfig> {
    match spec {
        // The DGT 3000's messages come through the DGT board's link.
        DeviceSpec::None | DeviceSpec::OnDgt => None,
        DeviceSpec::Serial { path, baud } => Some(PortConfig::new(path, *baud)),
        DeviceSpec::Sim | DeviceSpec::Firmware { .. } => sim.map(|p| PortConfig::new(p, sim_baud)),
    }
}

/// Opens the three devices: each on its serial port, or on its simulator's terminal.
fn open_links(devices: &Devices, sims: &Sims) -> Links {
    Links::open(
        port(
            &devices.peg_board,
            sims.peg.as_ref().map(Simulated::path),
            115_200,
        ),
        port(&devices.dgt, sims.dgt.as_ref().map(Simulator::path), 9600),
        port(
            &devices.clock,
            sims.clock.as_ref().map(Simulated::path),
            115_200,
        ),
    )
}
