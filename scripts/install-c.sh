#!/usr/bin/env bash
# Builds chess-c (the release profile, with a SONAME) and installs it as a C library, the layout
# cargo-c's `cargo cinstall` gives:
#
#   <prefix>/lib/libchess_c.so.X.Y.Z, libchess_c.so.ABI -> it, libchess_c.so -> it
#                                        (SONAME libchess_c.so.ABI: ABI is the major version,
#                                        0.<minor> while it is 0, as cargo-c names it)
#   <prefix>/lib/libchess_c.a
#   <prefix>/include/chess.h, chess.hpp
#   <prefix>/lib/pkgconfig/chess-c.pc    (relocatable: paths from ${pcfiledir})
#   <prefix>/lib/cmake/chess-c/          (find_package(chess-c); relocatable)
#
# Usage: scripts/install-c.sh [--prefix DIR] [--libdir NAME] [--destdir DIR] [--no-build]
#   --prefix   where the library goes (default /usr/local)
#   --libdir   the library folder under the prefix (default lib; e.g. lib/x86_64-linux-gnu)
#   --destdir  a staging root put before the prefix, for packagers (default $DESTDIR)
#   --no-build install what the last build of this script left in target/release
# The cargo target directory is cargo's own (CARGO_TARGET_DIR is honoured).
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=/usr/local
libdir=lib
destdir=${DESTDIR:-}
build=1
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) prefix=$2; shift 2 ;;
        --libdir) libdir=$2; shift 2 ;;
        --destdir) destdir=$2; shift 2 ;;
        --no-build) build=0; shift ;;
        -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "install-c.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
case "$prefix" in /*) ;; *) echo "install-c.sh: --prefix must be absolute" >&2; exit 2 ;; esac

version=$(cargo pkgid -p chess-c | sed 's/.*[#@]//')
IFS=. read -r major minor _ <<<"$version"
if [ "$major" = 0 ]; then abi="0.$minor"; else abi=$major; fi
# The SONAME is given here, not in every build: a checkout's target/release/libchess_c.so stays
# unversioned, so programs linked with it there (examples/c/Makefile) find it by that name.
if [ "$build" = 1 ]; then
    cargo rustc --release -p chess-c --lib -- -C "link-arg=-Wl,-soname,libchess_c.so.$abi"
fi
target_dir=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
built="$target_dir/release"
for file in libchess_c.so libchess_c.a; do
    [ -f "$built/$file" ] || { echo "install-c.sh: $built/$file is missing: build first" >&2; exit 1; }
done
soname=$(readelf -d "$built/libchess_c.so" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
[ "$soname" = "libchess_c.so.$abi" ] || { echo "install-c.sh: SONAME is '$soname', not libchess_c.so.$abi" >&2; exit 1; }

# What a program linking libchess_c.a needs besides it: the native libraries of Rust's standard
# library (chess-c itself links no C library), as rustc prints them for a static library.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
echo 'pub fn f() {}' >"$scratch/empty.rs"
native=$(rustc --crate-type staticlib --print native-static-libs -o "$scratch/libempty.a" "$scratch/empty.rs" 2>&1 |
    sed -n 's/.*native-static-libs: //p')
[ -n "$native" ] || { echo "install-c.sh: rustc printed no native-static-libs" >&2; exit 1; }

root="$destdir$prefix"
lib="$root/$libdir"
install -d "$lib/pkgconfig" "$lib/cmake/chess-c" "$root/include"
install -m 755 "$built/libchess_c.so" "$lib/libchess_c.so.$version"
ln -sf "libchess_c.so.$version" "$lib/libchess_c.so.$abi"
ln -sf "libchess_c.so.$version" "$lib/libchess_c.so"
install -m 644 "$built/libchess_c.a" "$lib/libchess_c.a"
install -m 644 chess-c/include/chess.h chess-c/include/chess.hpp "$root/include/"

# ${pcfiledir} is the .pc file's folder, so the prefix may move (pkg-config and pkgconf know it).
up=$(echo "$libdir/pkgconfig" | sed 's|[^/][^/]*|..|g')
sed -e "s|@PREFIX@|\${pcfiledir}/$up|" -e "s|@LIBDIR@|\${prefix}/$libdir|" -e 's|@INCLUDEDIR@|${prefix}/include|' \
    -e "s|@VERSION@|$version|" -e "s|@LIBS_PRIVATE@|-Wl,--gc-sections $native|" \
    -e '/^#/d' chess-c/chess-c.pc.in >"$lib/pkgconfig/chess-c.pc"

cmake_libs=$(echo "$native" | sed 's/-l//g; s/ /;/g')
up=$(echo "$libdir/cmake/chess-c" | sed 's|[^/][^/]*|..|g')
sed -e "s|@UP@|$up|" -e "s|@LIBDIR_NAME@|$libdir|" -e "s|@VERSION@|$version|g" \
    -e "s|@ABI_VERSION@|$abi|" -e "s|@NATIVE_LIBS@|$cmake_libs|" \
    chess-c/cmake/chess-cConfig.installed.cmake.in >"$lib/cmake/chess-c/chess-cConfig.cmake"
grep -q "^set(PACKAGE_VERSION $version)" chess-c/cmake/chess-cConfigVersion.cmake ||
    { echo "install-c.sh: chess-c/cmake/chess-cConfigVersion.cmake does not say $version" >&2; exit 1; }
install -m 644 chess-c/cmake/chess-cConfigVersion.cmake "$lib/cmake/chess-c/"

echo "installed chess-c $version into $root"
