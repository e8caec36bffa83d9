//! Probes the 200 positions of python-chess's data/endgame.epd N times, for profiling
//! (`valgrind --tool=callgrind`: instructions per probe are the run's minus a run with N = 0,
//! divided by 200 N).
//!
//! Usage: cargo run --release -p chess-benches --example syzygy_profile -- PYTHON_CHESS_SRC [N] [wdl|dtz]
//!
//! Every table the positions need is opened before the N passes, and the first pass's
//! answers are checked against the file's `wdl` operands.

use std::path::PathBuf;

use chess_core::Position;
use chess_core::syzygy::Tablebase;

fn main() {
    let mut args = std::env::args().skip(1);
    let usage = "usage: syzygy_profile PYTHON_CHESS_SRC [N] [wdl|dtz]";
    let src = PathBuf::from(args.next().expect(usage));
    let passes: usize = args.next().map_or(1, |n| n.parse().expect(usage));
    let dtz = match args.next().as_deref() {
        None | Some("wdl") => false,
        Some("dtz") => true,
        Some(_) => panic!("{usage}"),
    };
    let mut tables = Tablebase::new();
    tables.add_directory(src.join("data/syzygy/regular")).expect("python-chess's tables");
    let epd = std::fs::read_to_string(src.join("data/endgame.epd")).expect("endgame.epd");
    let mut positions = Vec::new();
    for line in epd.lines().filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split(' ').take(4).collect();
        let pos: Position = format!("{} 0 1", fields.join(" ")).parse().expect("a legal position");
        let wdl = line.split_once("wdl ").and_then(|(_, rest)| rest.split(';').next()?.trim().parse::<i32>().ok());
        positions.push((pos, wdl));
    }
    for (pos, wdl) in &positions {
        tables.probe_dtz(pos).expect("the tables answer");
        let got = tables.probe_wdl(pos).expect("the tables answer").value();
        assert!(wdl.is_none_or(|w| w == got), "{pos:?}: wdl {got}, the file says {wdl:?}");
    }
    let mut sum = 0i64;
    for _ in 0..passes {
        for (pos, _) in &positions {
            sum += i64::from(if dtz {
                tables.probe_dtz(std::hint::black_box(pos)).map_or(0, |d| d.0)
            } else {
                tables.probe_wdl(std::hint::black_box(pos)).map_or(9, |w| w.value())
            });
        }
    }
    println!(
        "{} positions, {passes} passes, {} probes, checksum {sum}",
        positions.len(),
        if dtz { "DTZ" } else { "WDL" }
    );
}
