#!/usr/bin/env bash
# Makes what a release ships, from a clean clone, into target/dist (or DIR):
#
#   python/chess_core-X-cpXY-cpXY-manylinux_2_17_*.whl   for the running CPython (fast calls)
#   python/chess_core-X-cp39-abi3-manylinux_2_17_*.whl   one wheel for every CPython >= 3.9
#   python/chess_core-X.tar.gz                            the sdist (builds with Rust)
#   chess-c/                                              the C library installed there
#
# The wheels are manylinux2014 (glibc 2.17, any Linux from 2014 on): maturin links them with
# zig (the `ziglang` package) so that this machine's newer glibc does not leak in, and checks
# them as auditwheel does. Installs maturin and ziglang into .venv (made when missing).
# Usage: bash scripts/build-dist.sh [DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-target/dist}")
[ -x .venv/bin/python ] || python3 -m venv .venv
python=.venv/bin/python
# maturin finds zig as `python3 -m ziglang` on PATH.
export PATH="$PWD/.venv/bin:$PATH"
"$python" -m pip install --quiet --disable-pip-version-check maturin==1.16.0 ziglang==0.13.0

rm -rf "$out"
build=("$python" -m maturin build --quiet --release --zig --compatibility manylinux2014 -m chess-py/Cargo.toml --out "$out/python")
"${build[@]}" --interpreter "$python"
"${build[@]}" --features abi3
"$python" -m maturin sdist -m chess-py/Cargo.toml --out "$out/python"
bash scripts/install-c.sh --prefix "$out/chess-c"
ls -l "$out/python"
