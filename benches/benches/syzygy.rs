//! Syzygy probes per second: WDL and DTZ of the 200 positions of python-chess's
//! data/endgame.epd, with the tables already open (their first probe is outside the timing).
//! benches/syzygy_python.py times python-chess's `probe_wdl` and `probe_dtz` on the same
//! positions, for BENCHMARKS.md.
//!
//! Run with `PYTHON_CHESS_SRC=<python-chess sdist> cargo bench -p chess-benches --bench syzygy`;
//! without the tables it prints why and measures nothing.

use std::hint::black_box;
use std::path::PathBuf;

use chess_core::Position;
use chess_core::syzygy::Tablebase;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn bench_probes(c: &mut Criterion) {
    let Some(src) = std::env::var_os("PYTHON_CHESS_SRC").map(PathBuf::from) else {
        eprintln!("skipped: PYTHON_CHESS_SRC is not set (python-chess's sdist holds the tables)");
        return;
    };
    let mut tables = Tablebase::new();
    if tables.add_directory(src.join("data/syzygy/regular")).is_err() {
        eprintln!("skipped: no Syzygy tables under {}", src.display());
        return;
    }
    let epd = std::fs::read_to_string(src.join("data/endgame.epd")).expect("endgame.epd");
    let positions: Vec<Position> = epd
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(' ').take(4).collect();
            format!("{} 0 1", f.join(" ")).parse().expect("a legal position")
        })
        .collect();
    // Open every table the positions need.
    for pos in &positions {
        tables.probe_dtz(pos).expect("the tables answer");
    }
    let mut group = c.benchmark_group("syzygy/endgame_epd");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("probe_wdl", |b| {
        b.iter(|| positions.iter().map(|p| tables.probe_wdl(black_box(p)).map_or(9, |w| w.value())).sum::<i32>())
    });
    group.bench_function("probe_dtz", |b| {
        b.iter(|| positions.iter().map(|p| tables.probe_dtz(black_box(p)).map_or(0, |d| d.0)).sum::<i32>())
    });
    group.finish();
}

criterion_group!(benches, bench_probes);
criterion_main!(benches);
