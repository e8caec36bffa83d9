#!/usr/bin/env bash
# Runs every fuzz target of fuzz/ for FUZZ_SECONDS seconds (default 20) from its seed corpus
# and fails on the first crash, leak, timeout or failed property (the input is left in
# fuzz/artifacts/<target>/). Installs cargo-fuzz (with --locked) when it is missing and uses the
# nightly toolchain. Usage: bash scripts/fuzz-smoke.sh [target...]
set -euo pipefail
cd "$(dirname "$0")/../fuzz"

seconds=${FUZZ_SECONDS:-20}
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    cargo install --locked cargo-fuzz
fi

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(cargo +nightly fuzz list)
fi

# The syzygy target mutates real tables: python-chess's small ones when its sdist is there
# (PYTHON_CHESS_SRC, as scripts/test-all.sh exports it), written into the uncommitted corpus.
tables="${PYTHON_CHESS_SRC:-}/data/syzygy/regular"
if [ -f "$tables/KQvK.rtbw" ]; then
    mkdir -p corpus/syzygy
    i=0
    # The order of MATERIALS in fuzz_targets/syzygy.rs: the first byte chooses the material.
    for name in KQvK KRvK KPvK KNNvK KBvKB KNvKN KRvKR KQvKQ; do
        size=$(wc -c <"$tables/$name.rtbw")
        # The header: material, then the WDL table's length as two little-endian bytes.
        { printf "$(printf '\\%03o' "$i" $((size & 255)) $((size >> 8)))"
          cat "$tables/$name.rtbw" "$tables/$name.rtbz"; } >"corpus/syzygy/table-$name"
        i=$((i + 1))
    done
fi

# One build for every target (release with debug assertions, see fuzz/Cargo.toml).
cargo +nightly fuzz build -O

for target in "${targets[@]}"; do
    mkdir -p "corpus/$target"
    echo "fuzz $target: ${seconds} s"
    # -timeout: one input taking longer than this many seconds is a failure (a hang).
    log="artifacts/$target.smoke.log"
    mkdir -p artifacts
    if ! cargo +nightly fuzz run -O "$target" "corpus/$target" "seeds/$target" -- \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 >"$log" 2>&1; then
        tail -n 60 "$log"
        echo "fuzz $target: FAILED (the input is in fuzz/artifacts/$target/)"
        exit 1
    fi
    grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units)" "$log" || true
done
echo "fuzz: every target ran ${seconds} s without a crash"
