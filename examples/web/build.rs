//! Embeds every file of `static/` into the server: writes `assets.rs` (into `OUT_DIR`) with
//! one `(name, bytes)` entry per file, so the binary serves the page from wherever it runs.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("static");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = match fs::read_dir(&dir) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .filter(|entry| entry.file_type().is_ok_and(|kind| kind.is_file()))
            .filter_map(|entry| entry.file_name().into_string().ok())
            .collect(),
        Err(_) => Vec::new(),
    };
    names.sort();
    let mut code =
        String::from("/// Every file of `static/`, by name.\npub(crate) const ASSETS: &[(&str, &[u8])] = &[\n");
    for name in &names {
        let path = dir.join(name);
        println!("cargo:rerun-if-changed={}", path.display());
        writeln!(code, "    ({name:?}, include_bytes!({:?})),", path.display().to_string()).unwrap();
    }
    code.push_str("];\n");
    fs::write(Path::new(&env::var("OUT_DIR").unwrap()).join("assets.rs"), code).unwrap();
}
