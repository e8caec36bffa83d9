#!/usr/bin/env bash
# Installs chess-c with scripts/install-c.sh (into a staging DESTDIR, then moved elsewhere: the
# installed files must not depend on where they are), and builds the examples of examples/c
# against that prefix only, from a copy of their sources outside the checkout: with pkg-config
# and with CMake (find_package(chess-c)), linked with the shared and with the static library.
# Runs them, plainly and under valgrind, and checks that a stripped program linking the static
# library stays within 1.5 MB. Needs cc, c++, pkg-config, cmake, valgrind (test-all.sh installs
# them). Usage: bash scripts/test-install-c.sh
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$PWD

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "test-install-c: $*" >&2; exit 1; }

bash scripts/install-c.sh --prefix /opt/chess-c --destdir "$work/stage"
prefix="$work/moved/chess-c"
mkdir -p "$work/moved"
mv "$work/stage/opt/chess-c" "$prefix"
lib="$prefix/lib"

echo "-- the installed files"
version=$(cargo pkgid -p chess-c | sed 's/.*[#@]//')
[ "$(readlink "$lib/libchess_c.so")" = "libchess_c.so.$version" ] || fail "libchess_c.so is not a link to libchess_c.so.$version"
soname=$(readelf -d "$lib/libchess_c.so.$version" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
[ -n "$soname" ] && [ "$(readlink "$lib/$soname")" = "libchess_c.so.$version" ] || fail "no link $soname (the SONAME) to libchess_c.so.$version"
for file in libchess_c.a pkgconfig/chess-c.pc cmake/chess-c/chess-cConfig.cmake cmake/chess-c/chess-cConfigVersion.cmake; do
    [ -f "$lib/$file" ] || fail "lib/$file is missing"
done
[ -f "$prefix/include/chess.h" ] && [ -f "$prefix/include/chess.hpp" ] || fail "the headers are missing"
if grep -rl -e "$checkout" -e /opt/chess-c -e "$work" "$lib/pkgconfig" "$lib/cmake"; then
    fail "the files above name the checkout, the prefix or the staging folder"
fi

# Copies of the examples' sources, away from the checkout (whose target/ they must not see).
src="$work/src"
mkdir -p "$src" "$work/no-tables"
cp examples/c/*.c examples/c/*.cpp examples/c/CMakeLists.txt "$src/"
cd "$work"
export PKG_CONFIG_PATH="$lib/pkgconfig" PKG_CONFIG_LIBDIR="$lib/pkgconfig"
unset LD_LIBRARY_PATH CMAKE_PREFIX_PATH
warnings=(-Wall -Wextra -Werror -pedantic)

# expect OUTPUT_FILE TEXT: the program's output holds TEXT.
expect() { grep -qF -- "$2" "$1" || { cat "$1"; fail "expected '$2'"; }; }

# run_examples DIR [WRAPPER...]: runs the examples of DIR and checks what they print.
run_examples() {
    local dir=$1
    shift
    "$@" "$dir/play_game" >out.txt
    expect out.txt "4. Qxf7#"
    expect out.txt "result: 1-0 (checkmate)"
    "$@" "$dir/perft_bench" 3 >out.txt
    expect out.txt "C loop:    8902 nodes"
    "$@" "$dir/tablebase_probe" "$work/no-tables" "8/8/8/3k4/8/8/8/K7 w - - 0 1" >out.txt
    expect out.txt "wdl 0 (draw)"
    "$@" "$dir/engine_move" >out.txt
    expect out.txt "engine plays Nxh4"
}

# check_links PROGRAM shared|static: a shared program loads the prefix's library, a static one none.
check_links() {
    if [ "$2" = shared ]; then
        # grep without -q reads all its input: with pipefail, ldd must not die of SIGPIPE.
        LD_LIBRARY_PATH="$lib" ldd "$1" | grep "$soname => $lib/$soname" >/dev/null || fail "$1 does not load $lib/$soname"
    elif readelf -d "$1" | grep 'NEEDED.*libchess_c' >/dev/null; then
        fail "$1 needs the shared library"
    fi
}

echo "-- pkg-config, shared and static"
for kind in shared static; do
    mkdir -p "pc-$kind"
    if [ $kind = shared ]; then libs=$(pkg-config --libs chess-c); else
        libs=$(pkg-config --static --libs chess-c | sed 's/-lchess_c/-l:libchess_c.a/')
    fi
    for example in play_game perft_bench tablebase_probe book_moves; do
        # shellcheck disable=SC2086
        cc -std=c11 -O2 "${warnings[@]}" $(pkg-config --cflags chess-c) "$src/$example.c" -o "pc-$kind/$example" $libs
    done
    # shellcheck disable=SC2086
    c++ -std=c++17 "${warnings[@]}" $(pkg-config --cflags chess-c) "$src/engine_move.cpp" -o "pc-$kind/engine_move" $libs -lpthread
    check_links "pc-$kind/play_game" $kind
    LD_LIBRARY_PATH="$lib" run_examples "pc-$kind"
done

echo "-- the size a C program pays for the static library"
strip -o play_game.stripped pc-static/play_game
size=$(stat -c %s play_game.stripped)
echo "stripped play_game, static: $size bytes"
[ "$size" -le 1500000 ] || fail "a stripped play_game linking libchess_c.a is $size bytes, more than 1.5 MB"

echo "-- CMake, shared and static"
for static in OFF ON; do
    cmake -S "$src" -B "cmake-$static" -DCMAKE_PREFIX_PATH="$prefix" -DCHESS_C_STATIC=$static \
        -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF >cmake.log || { cat cmake.log; fail "cmake could not configure"; }
    grep -qx "chess-c_DIR:PATH=$lib/cmake/chess-c" "cmake-$static/CMakeCache.txt" || fail "CMake found chess-c elsewhere"
    cmake --build "cmake-$static" >>cmake.log || { cat cmake.log; fail "cmake --build failed"; }
    if [ $static = ON ]; then kind=static; else kind=shared; fi
    check_links "cmake-$static/play_game" $kind
    LD_LIBRARY_PATH="$lib" run_examples "cmake-$static"
done

echo "-- valgrind"
memcheck=(valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite,indirect)
for dir in pc-shared pc-static; do
    LD_LIBRARY_PATH="$lib" "${memcheck[@]}" "$dir/play_game" >out.txt
    expect out.txt "result: 1-0 (checkmate)"
    LD_LIBRARY_PATH="$lib" "${memcheck[@]}" "$dir/tablebase_probe" "$work/no-tables" "8/8/8/3k4/8/8/8/K7 w - - 0 1" >out.txt
    expect out.txt "wdl 0 (draw)"
done
LD_LIBRARY_PATH="$lib" "${memcheck[@]}" cmake-ON/engine_move >out.txt
expect out.txt "engine plays Nxh4"

echo "chess-c installs, and programs build and run against the installed prefix only"
