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

/// `SeventyFiveMoves` as a C name: `SEVENTY_FIVE_MOVES`.
fn upper_snake(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if i > 0 && c.is_ascii_uppercase() {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

/// Issue 24: every enum the C layer exposes has chess-core's stable numbers. For each value of
/// chess-core's enums, the header's constant of the same name has its number, and the header
/// has no other constant with that prefix (but "none" and "the searcher's own").
#[test]
fn enums_have_chess_cores_numbers() {
    use chess_core::search::Level;
    use chess_core::{Color, ErrorCode, Lang, Role, Termination};

    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let header = std::fs::read_to_string(dir.join("include/chess.h")).expect("include/chess.h reads");
    let check = |prefix: &str, core: &[(String, u64)], extra: &[&str]| {
        for (name, number) in core {
            let name = format!("{prefix}{name}");
            assert_eq!(header_value(&header, &name), Some(*number), "{name}");
        }
        let mut names: Vec<String> = header
            .lines()
            .filter_map(|line| line.trim().strip_prefix(prefix)?.split_once(" = ").map(|(name, _)| name.to_string()))
            .collect();
        names.sort();
        let mut expected: Vec<String> =
            core.iter().map(|(name, _)| name.clone()).chain(extra.iter().map(|name| name.to_string())).collect();
        expected.sort();
        assert_eq!(names, expected, "the {prefix} constants");
    };
    let named = |name: String, number: u64| (upper_snake(&name), number);
    let terminations: Vec<_> = Termination::ALL.iter().map(|t| named(format!("{t:?}"), t.code().into())).collect();
    check("CHESS_TERMINATION_", &terminations, &["NONE"]);
    let levels: Vec<_> = Level::ALL.iter().map(|level| named(format!("{level:?}"), level.code().into())).collect();
    check("CHESS_LEVEL_", &levels, &["SEARCHER"]);
    let langs: Vec<_> = Lang::ALL.iter().map(|lang| (format!("{lang:?}").to_uppercase(), lang.code().into())).collect();
    check("CHESS_LANG_", &langs, &[]);
    for color in Color::ALL {
        assert_eq!(header_value(&header, &format!("CHESS_{}", upper_snake(color.name()))), Some(color.index() as u64));
    }
    for role in Role::ALL {
        assert_eq!(
            header_value(&header, &format!("CHESS_{}", upper_snake(role.name()))),
            Some(role.index() as u64 + 1)
        );
    }
    for code in ErrorCode::ALL {
        // The one status named apart from its code: CHESS_ERR_NOT_ALLOWED is event_not_allowed.
        let name = if code == ErrorCode::EventNotAllowed { "not_allowed" } else { code.name() };
        assert_eq!(header_value(&header, &format!("CHESS_ERR_{}", name.to_uppercase())), Some(code as u64), "{code}");
    }
}
