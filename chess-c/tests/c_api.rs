//! Builds the C assertion test (`tests/c/test_api.c`, C11), the search limits test
//! (`tests/c/test_search_limits.c`, C11), the book and tablebase tests
//! (`tests/c/test_book.c`, `tests/c/test_tablebase.c`, C11), a C++17 program using
//! `include/chess.h`, and the C++ wrapper's test (`tests/c/wrapper_test.cpp`, through
//! `include/chess.hpp`), each with `-Wall -Wextra -Werror -pedantic` and linked with the
//! static library cargo built for this test run; runs them, and runs the C assertion and
//! tablebase tests under valgrind's memcheck when valgrind is installed. Needs gcc and g++
//! (cc and c++ can be chosen with `CC`/`CXX`).

use std::path::{Path, PathBuf};
use std::process::Command;

fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The static library of this build: in the `deps` directory this test runs from (cargo
/// builds every crate type of the library for its tests), so it is the one built with this
/// profile and these features.
fn static_lib() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's own path");
    let lib = exe.with_file_name("libchess_c.a");
    assert!(lib.is_file(), "{} is missing: cargo builds it with this test", lib.display());
    lib
}

/// Compiles `source` with `compiler` and the strict flags, linking the static library.
fn build(compiler: &str, std_flag: &str, source: &str, output: &str) -> PathBuf {
    build_with(compiler, &[std_flag], source, output)
}

/// As [`build`], with more flags (a standard first).
fn build_with(compiler: &str, flags: &[&str], source: &str, output: &str) -> PathBuf {
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join(output);
    let status = Command::new(compiler)
        .args(flags)
        .args(["-Wall", "-Wextra", "-Werror", "-pedantic", "-O1", "-g"])
        .arg("-I")
        .arg(crate_dir().join("include"))
        .arg(crate_dir().join(source))
        .arg(static_lib())
        .args(["-lpthread", "-ldl", "-lm"])
        .arg("-o")
        .arg(&out)
        .status()
        .unwrap_or_else(|error| panic!("cannot run {compiler}: {error}"));
    assert!(status.success(), "{compiler} failed on {source}");
    out
}

fn run(command: &mut Command, expected: &str) {
    let output = command.output().expect("the test program runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{command:?} failed: {}\nstdout:\n{stdout}\nstderr:\n{stderr}", output.status);
    assert!(stdout.contains(expected), "{command:?} did not print {expected:?}:\n{stdout}");
    println!("{stdout}");
}

fn compiler(variable: &str, default: &str) -> String {
    std::env::var(variable).unwrap_or_else(|_| default.to_string())
}

#[test]
fn c_assertion_test_passes() {
    let program = build(&compiler("CC", "gcc"), "-std=c11", "tests/c/test_api.c", "test_api");
    run(&mut Command::new(program), "all passed");
}

/// Issue 25: a node limit, a time limit and a stop from another thread each end a search of
/// positions that blow it up (mass promotions, many queens, capture chains) within seconds.
#[test]
fn search_limits_hold_on_hostile_positions() {
    let program = build(&compiler("CC", "gcc"), "-std=c11", "tests/c/test_search_limits.c", "test_search_limits");
    run(&mut Command::new(program), "limits held");
}

/// Issue 28: Polyglot books (python-chess's performance.bin too when PYTHON_CHESS_SRC is set).
#[test]
fn book_test_passes() {
    let program = build(&compiler("CC", "gcc"), "-std=c11", "tests/c/test_book.c", "test_book");
    run(&mut Command::new(program), "book passed");
}

/// Issue 28: Syzygy tablebases (python-chess's tables and endgame.epd too when
/// PYTHON_CHESS_SRC is set).
#[test]
fn tablebase_test_passes() {
    let program = build(&compiler("CC", "gcc"), "-std=c11", "tests/c/test_tablebase.c", "test_tablebase");
    run(&mut Command::new(program), "tablebase passed");
}

/// A book of two entries for the start position, e4 (weight 3) and d4 (weight 1), written for
/// the `book_moves` example.
fn two_move_book() -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("two_moves.bin");
    let entry = |raw_move: u16, weight: u16| {
        [&0x463b_9618_1691_fc9c_u64.to_be_bytes()[..], &raw_move.to_be_bytes(), &weight.to_be_bytes(), &[0; 4]].concat()
    };
    std::fs::write(&path, [entry(0x031c, 3), entry(0x02db, 1)].concat()).expect("the book writes");
    path
}

#[test]
fn header_compiles_and_links_as_cpp17() {
    let program = build(&compiler("CXX", "g++"), "-std=c++17", "tests/c/header_check.cpp", "header_check");
    run(&mut Command::new(program), "c++ ok");
}

#[test]
fn cpp_wrapper_test_passes() {
    let program = build(&compiler("CXX", "g++"), "-std=c++17", "tests/c/wrapper_test.cpp", "wrapper_test");
    run(&mut Command::new(program), "wrapper passed");
}

/// An empty folder of tables: the `tablebase_probe` example needs none for two bare kings.
fn no_tables() -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("no-syzygy-tables");
    std::fs::create_dir_all(&path).expect("the folder is made");
    path
}

/// Runs an example linked against the shared library of this build: cargo's own
/// `LD_LIBRARY_PATH` lists the profile folder first, where an older `cargo build` may have left
/// another `libchess_c.so`.
fn example(build: &Path, name: &str) -> Command {
    let mut command = Command::new(build.join(name));
    command.env("LD_LIBRARY_PATH", static_lib().parent().expect("the deps folder"));
    command
}

/// The examples, built by their Makefile through pkg-config against the shared library of this
/// build, print what the README says.
#[test]
fn examples_build_with_make_and_pkg_config_and_run() {
    let lib_dir = static_lib().parent().expect("the deps folder").to_path_buf();
    let build = Path::new(env!("CARGO_TARGET_TMPDIR")).join("examples");
    let status = Command::new("make")
        .arg("-C")
        .arg(crate_dir().join("../examples/c"))
        .arg(format!("LIBDIR={}", lib_dir.display()))
        .arg(format!("BUILD={}", build.display()))
        .arg(format!("CC={}", compiler("CC", "gcc")))
        .arg(format!("CXX={}", compiler("CXX", "g++")))
        .arg("-B")
        .status()
        .expect("make runs");
    assert!(status.success(), "make -C examples/c failed");
    run(&mut example(&build, "play_game"), "1. e4 e5\n2. Qh5 Nc6\n3. Bc4 Nf6\n4. Qxf7#\nresult: 1-0 (checkmate)\n");
    let output = example(&build, "play_game").args(["e4", "Ke7"]).output().expect("play_game runs");
    assert!(!output.status.success());
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "chess_game_push_san: illegal move Ke7 in this position: your own pawn is on e7 (illegal_move)\n"
    );
    run(&mut example(&build, "engine_move"), "engine plays Nxh4 (白方马从f3吃h4的后)\n");
    run(example(&build, "perft_bench").arg("3"), "C loop:    8902 nodes");
    run(example(&build, "book_moves").arg(two_move_book()), "e4 weight 3\nd4 weight 1\nchosen: ");
    let kings = "8/8/8/3k4/8/8/8/K7 w - - 0 1";
    run(example(&build, "tablebase_probe").arg(no_tables()).arg(kings), "0 table files\nwdl 0 (draw)\ndtz 0\n");
    match std::env::var_os("PYTHON_CHESS_SRC") {
        Some(src) if Path::new(&src).join("data/syzygy/regular").is_dir() => run(
            example(&build, "tablebase_probe").arg(Path::new(&src).join("data/syzygy/regular")),
            "70 table files\nwdl -2 (loss)\ndtz -53\n",
        ),
        _ => println!("skipped: PYTHON_CHESS_SRC names no Syzygy tables, tablebase_probe run without them only"),
    }
}

/// The C side built with AddressSanitizer (leaks included) and UndefinedBehaviorSanitizer; the
/// Rust library itself is not instrumented (that needs a nightly compiler), but every buffer
/// it writes into belongs to the C side, so overruns of a caller's buffer are caught.
#[test]
fn c_assertion_test_is_clean_under_sanitizers() {
    let cc = compiler("CC", "gcc");
    let flags = ["-std=c11", "-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"];
    let program = build_with(&cc, &flags, "tests/c/test_api.c", "test_api_sanitized");
    run(Command::new(program).env("ASAN_OPTIONS", "detect_leaks=1"), "all passed");
}

/// The examples built by CMake through `find_package(chess-c)` (skipped without cmake).
#[test]
fn examples_build_with_cmake_find_package() {
    if Command::new("cmake").arg("--version").output().is_err() {
        println!("cmake is not installed: the CMake build of the examples is skipped");
        return;
    }
    let lib_dir = static_lib().parent().expect("the deps folder").to_path_buf();
    let build = Path::new(env!("CARGO_TARGET_TMPDIR")).join("examples-cmake");
    // A fresh configure: a cache made from another source folder (the examples were in
    // chess-c/examples before) makes cmake refuse this one.
    let _ = std::fs::remove_dir_all(&build);
    let configure = Command::new("cmake")
        .arg("-S")
        .arg(crate_dir().join("../examples/c"))
        .arg("-B")
        .arg(&build)
        .arg(format!("-Dchess-c_DIR={}", crate_dir().join("cmake").display()))
        .arg(format!("-DCHESS_C_LIBDIR={}", lib_dir.display()))
        .arg(format!("-DCMAKE_C_COMPILER={}", compiler("CC", "gcc")))
        .arg(format!("-DCMAKE_CXX_COMPILER={}", compiler("CXX", "g++")))
        .status()
        .expect("cmake runs");
    assert!(configure.success(), "cmake could not configure examples/c");
    let status = Command::new("cmake").arg("--build").arg(&build).status().expect("cmake --build runs");
    assert!(status.success(), "cmake --build failed");
    run(&mut example(&build, "play_game"), "4. Qxf7#\nresult: 1-0 (checkmate)\n");
    run(example(&build, "perft_bench").arg("3"), "C loop:    8902 nodes");
    run(&mut example(&build, "engine_move"), "engine plays Nxh4");
    run(example(&build, "tablebase_probe").arg(no_tables()).arg("8/8/8/3k4/8/8/8/K7 w - - 0 1"), "wdl 0 (draw)");
}

/// Runs `program` under valgrind's memcheck, leaks included.
fn memcheck(program: &Path, expected: &str) {
    run(
        Command::new("valgrind")
            .args(["--error-exitcode=1", "--leak-check=full", "--errors-for-leak-kinds=definite,indirect", "--quiet"])
            .arg(program),
        expected,
    );
}

fn valgrind_installed() -> bool {
    let installed = Command::new("valgrind").arg("--version").output().is_ok();
    if !installed {
        println!("valgrind is not installed: memcheck skipped");
    }
    installed
}

#[test]
fn c_assertion_test_is_clean_under_valgrind() {
    if !valgrind_installed() {
        return;
    }
    let program = build(&compiler("CC", "gcc"), "-std=c11", "tests/c/test_api.c", "test_api_valgrind");
    memcheck(&program, "all passed");
}

/// The tablebase test reads files and keeps tables opened on first probe: every handle and
/// table it made is freed.
#[test]
fn tablebase_test_is_clean_under_valgrind() {
    if !valgrind_installed() {
        return;
    }
    let program = build(&compiler("CC", "gcc"), "-std=c11", "tests/c/test_tablebase.c", "test_tablebase_valgrind");
    memcheck(&program, "tablebase passed");
}

/// Issue 24: the handles are distinct types, so C and C++ refuse one where another is
/// expected (with the flags the tests build with): a game, a searcher or a stop handle given
/// to `chess_position_to_fen`. The same call with a position compiles, so what is refused is
/// the handle's type.
#[test]
fn a_handle_of_one_type_is_refused_for_another() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let compiles = |compiler: &str, std_flag: &str, extension: &str, handle: &str| {
        let source = dir.join(format!("typed_handle_{handle}.{extension}"));
        let text = format!(
            "#include \"chess.h\"\nint main(void) {{\n    {handle} *h = 0;\n    size_t len = 0;\n    \
             return chess_position_to_fen(h, 0, 0, &len) == CHESS_OK;\n}}\n"
        );
        std::fs::write(&source, text).expect("the test source writes");
        let output = Command::new(compiler)
            .args([std_flag, "-Wall", "-Wextra", "-Werror", "-pedantic", "-fsyntax-only", "-I"])
            .arg(crate_dir().join("include"))
            .arg(&source)
            .output()
            .unwrap_or_else(|error| panic!("cannot run {compiler}: {error}"));
        output.status.success()
    };
    for (compiler, std_flag, extension) in
        [(compiler("CC", "gcc"), "-std=c11", "c"), (compiler("CXX", "g++"), "-std=c++17", "cpp")]
    {
        assert!(compiles(&compiler, std_flag, extension, "chess_position"), "{compiler}: a position is refused");
        for other in ["chess_game", "chess_searcher", "chess_stop_handle", "chess_book", "chess_tablebase"] {
            assert!(!compiles(&compiler, std_flag, extension, other), "{compiler} accepts a {other} for a position");
        }
    }
}
