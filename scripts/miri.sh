#!/usr/bin/env bash
# Miri, the undefined-behaviour check, over a quick subset of chess-core's tests: attack
# tables, bitboards, move encoding, EPD, errors, PgnText, the SSE2 scans of PGN text, FEN and
# SAN reading. Interpreted, so it runs on one core (test-all.sh runs it beside the fuzz smoke).
# Installs Miri for the nightly toolchain; skips, saying so, where rustup cannot.
# Usage: bash scripts/miri.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if ! rustup component add --toolchain nightly miri rust-src >/dev/null 2>&1; then
    echo "skipped: rustup could not install Miri for the nightly toolchain here"
    exit 0
fi
cargo +nightly miri test -p chess-core --no-default-features --features alloc --lib -- \
    bitboard square moves:: error:: epd:: rays step_tables shifts pgn::text pgn::scan
cargo +nightly miri test -p chess-core --test fen_errors --test notation
# PgnText keeps 22 bytes inline on 64-bit targets and 10 on 32-bit ones: its unsafe block is
# checked on a 32-bit target too (Miri interprets it; no linker or libc needed).
cargo +nightly miri test --target i686-unknown-linux-gnu -p chess-core --no-default-features \
    --features alloc --lib -- pgn::text
