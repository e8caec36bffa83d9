#!/usr/bin/env bash
# Runs every test of the workspace: formatting, lints, no_std builds, the test suites
# (in release mode: the perft suites need it), doc tests and the documentation build.
# Usage: bash scripts/test-all.sh
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "cargo fmt --check"
cargo fmt --all --check

step "clippy (all targets, all features, warnings are errors)"
cargo clippy --workspace --all-targets --all-features -- -D warnings

step "chess-core builds without std (no_std, and no_std + alloc)"
cargo build -p chess-core --no-default-features
cargo build -p chess-core --no-default-features --features alloc

step "tests (optimised, with debug assertions and overflow checks; all features)"
cargo test --workspace --profile test-release --all-features

step "documentation builds without warnings"
RUSTDOCFLAGS="-D warnings" cargo doc -p chess-core --no-deps --all-features

echo
echo "all checks passed"
