//! Probes the 200 positions of python-chess's data/endgame.epd N times, for profiling
//! (`valgrind --tool=callgrind`: instructions per probe are the run's minus a run with N = 0,
//! divided by 200 N).
//!
//! Usage: cargo run --release -p chess-benches --example syzygy_profile -- PYTHON_CHESS_SRC [N] [wdl|dtz|time]
//!
//! Every table the positions need is opened before the N passes, and the first pass's
//! answers are checked against the file's `wdl` operands. `time` times the WDL probes as
//! benches/fathom_bench.c times Fathom's (the best and the mean of 20 rounds of 100 passes; N
//! unused), for a like-for-like ratio on a busy machine.

use std::path::PathBuf;

use chess_core::Position;
use chess_core::syzygy::Tablebase;

fn main() {
    let mut args = std::env::args().skip(1);
    let usage = "usage: syzygy_profile PYTHON_CHESS_SRC [N] [wdl|dtz|time]";
    let src = PathBuf::from(args.next().expect(usage));
    let passes: usize = args.next().map_or(1, |n| n.parse().expect(usage));
    let mode = args.next().unwrap_or_else(|| "wdl".to_string());
    if !["wdl", "dtz", "time"].contains(&mode.as_str()) {
        panic!("{usage}");
    }
    let dtz = mode == "dtz";
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
    if mode == "time" {
        let (mut best, mut total) = (std::time::Duration::MAX, std::time::Duration::ZERO);
        let mut sum = 0;
        for _ in 0..20 {
            let start = std::time::Instant::now();
            for _ in 0..100 {
                for (pos, _) in &positions {
                    sum += tables.probe_wdl(std::hint::black_box(pos)).map_or(9, |w| w.value());
                }
            }
            best = best.min(start.elapsed());
            total += start.elapsed();
        }
        let probes = 100.0 * positions.len() as f64;
        let each = best.as_secs_f64() / probes;
        let mean = total.as_secs_f64() / (20.0 * probes);
        println!(
            "chess-core probe_wdl: {:.0} probes/s ({:.3} us each), mean of the rounds {:.3} us [{sum}]",
            1.0 / each,
            each * 1e6,
            mean * 1e6
        );
        return;
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
