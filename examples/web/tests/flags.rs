//! The `chess-web` flags that give the computer a book and endgame tables: listed by `--help`,
//! and a file or directory that cannot be used is refused before the server starts.

use std::process::Command;

fn run(flags: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_chess-web")).args(flags).output().unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    (output.status.code(), text(output.stdout), text(output.stderr))
}

#[test]
fn help_lists_the_book_and_the_tables() {
    let (code, out, _) = run(&["--help"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("[--book FILE] [--syzygy DIR]") && out.contains("  --syzygy DIR  "), "{out}");
}

#[test]
fn an_unusable_book_or_tables_directory_is_refused_before_serving() {
    let (code, _, err) = run(&["--port", "0", "--book", "/nonexistent/book.bin"]);
    assert_eq!(code, Some(2));
    assert!(err.starts_with("chess-web: --book /nonexistent/book.bin: "), "{err}");
    let (code, _, err) = run(&["--port", "0", "--syzygy", "/nonexistent/tables"]);
    assert_eq!(code, Some(2));
    assert!(err.starts_with("chess-web: --syzygy /nonexistent/tables: "), "{err}");
    let empty = std::env::temp_dir().join(format!("chess-web-no-tables-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    let (code, _, err) = run(&["--port", "0", "--syzygy", empty.to_str().unwrap()]);
    std::fs::remove_dir(&empty).unwrap();
    assert_eq!(code, Some(2));
    assert!(err.contains(": no Syzygy tables (.rtbw, .rtbz) there"), "{err}");
}
