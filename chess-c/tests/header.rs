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
