//! The committed header `include/chess.h` is what cbindgen makes of the crate today.
//!
//! After changing the C API, regenerate it with
//! `CHESS_C_BLESS=1 cargo test -p chess-c --test header`.

use std::path::Path;

#[test]
fn committed_header_is_up_to_date() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("chess-c/cbindgen.toml reads");
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(dir.join("src/lib.rs"))
        .generate()
        .expect("cbindgen generates the header");
    let mut fresh = Vec::new();
    bindings.write(&mut fresh);
    let fresh = String::from_utf8(fresh).expect("the header is UTF-8");
    let path = dir.join("include/chess.h");
    if std::env::var_os("CHESS_C_BLESS").is_some() {
        std::fs::write(&path, &fresh).expect("include/chess.h writes");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "chess-c/include/chess.h is out of date with chess-c/src: regenerate it with \
         `CHESS_C_BLESS=1 cargo test -p chess-c --test header` and commit it"
    );
}

/// The value the header gives a `CHESS_` name: a `#define NAME value` or an enum's
/// `NAME = value,`.
fn header_value(header: &str, name: &str) -> Option<u64> {
    header.lines().find_map(|line| {
        let line = line.trim();
        let rest = line.strip_prefix("#define ").unwrap_or(line).strip_prefix(name)?;
        let value = rest.trim_start_matches([' ', '=']).trim_end_matches(',');
        value.parse().ok()
    })
}

/// Every number the README gives a `CHESS_` name ("`CHESS_MAX_LEGAL_MOVES` (682)",
/// "`CHESS_ERR_PANIC` 1003", "`CHESS_ERR_ILLEGAL_MOVE` = 30") is the header's.
#[test]
fn readme_numbers_are_the_headers() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let header = std::fs::read_to_string(dir.join("include/chess.h")).expect("include/chess.h reads");
    let readme = std::fs::read_to_string(dir.join("README.md")).expect("README.md reads");
    let mut compared = 0;
    for piece in readme.split("`CHESS_").skip(1) {
        let Some((name, after)) = piece.split_once('`') else { continue };
        let digits: String =
            after.trim_start_matches([' ', '=', '(']).chars().take_while(char::is_ascii_digit).collect();
        if digits.is_empty() {
            continue;
        }
        let name = format!("CHESS_{name}");
        assert_eq!(header_value(&header, &name), digits.parse().ok(), "README.md says {name} is {digits}");
        compared += 1;
    }
    assert!(compared >= 10, "only {compared} numbers found in README.md");
}
