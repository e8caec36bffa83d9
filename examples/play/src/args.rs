//! The `play` command line: flags for scripting, and defaults that depend on the terminal.

use std::path::PathBuf;

use chess_core::{Lang, Position, Rules};

use super::{BoardStyle, Config, Pace, PieceStyle, default_path};

/// Lists the flags: printed by `--help` and after a wrong flag.
///
/// ```
/// assert!(chess_play::usage().starts_with("usage: play [--color white|black|both]"));
/// ```
pub fn usage() -> String {
    let (real, fast) = (Pace::Real.seconds_text(Lang::En), Pace::Fast.seconds_text(Lang::En));
    let void = Rules::casual().timeout_void_moves.unwrap_or(0);
    format!(
        "\
usage: play [--color white|black|both] [--level beginner|normal|expert|master]
            [--rules fide|casual] [--lang en|zh] [--fen FEN] [--seed N]
            [--pace real|fast|instant] [--clock MINUTES+INCREMENT]
            [--pieces unicode|letters] [--board color|plain]
            [--save FILE] [--continue] [--menu | --no-menu] [--book FILE]
            [--syzygy DIR]

Plays chess in the terminal against the computer (--color both: two players).
With standard input a terminal, a menu asks what no flag says; otherwise the flags and
defaults decide, one command is read per line, the pace is instant and the board plain.
The computer searches within its level's limits, then waits like a person (--pace real:
{real}, fast: {fast}); --pace instant plays as soon as the search ends, at the raw speed.
--clock 10+5 gives each side 10 minutes and 5 seconds more per move; the computer uses the
same clock, and a flag fall ends the game by the rules (casual: void within {void} moves).
The unfinished game is saved to FILE (default with a terminal: chess-core/last-game.json in
the user's data directory; without one, a script saves only with --save); the menu offers to
continue it, and --continue does so without a menu. An unreadable save is kept aside as
FILE.unreadable, never replaced. --book FILE gives the computer a Polyglot opening book
(.bin): it plays book moves, chosen at random by their weights, while the game is in it, and
hints give them too. --syzygy DIR gives it Syzygy endgame tables (.rtbw, .rtbz; several
directories separated by ':'): in the endings they hold it plays their best move, and hints
say whether the ending is won or drawn."
    )
}

/// Tells what the terminal is like, to choose the defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terminal {
    /// Standard input is a terminal.
    pub stdin: bool,
    /// Standard output is a terminal.
    pub stdout: bool,
    /// The `NO_COLOR` environment variable is set (and not empty).
    pub no_color: bool,
}

/// Reads the flags into a [`Config`], with defaults for `terminal`; `Err` holds the message to
/// print (the usage for `--help`).
pub fn parse_args(args: impl IntoIterator<Item = String>, terminal: Terminal) -> Result<Config, String> {
    let interactive = terminal.stdin && terminal.stdout;
    let mut config = Config {
        // With a terminal the menu asks (real by default); a script plays at once.
        pace: if terminal.stdin { None } else { Some(Pace::Instant) },
        // Without a terminal (a script) nothing is saved unless --save says where: a script
        // must not replace the player's unfinished game.
        save: if terminal.stdin { default_path() } else { None },
        menu: terminal.stdin,
        echo: !terminal.stdin,
        live: terminal.stdout,
        ..Config::scripted()
    };
    let (mut colors, mut pieces) = (None, None);
    let mut args = args.into_iter();
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value\n\n{}", usage()));
        match flag.as_str() {
            "--color" | "--colour" => config.side = Some(value()?.parse()?),
            "--level" => config.level = Some(value()?.parse().map_err(|error| format!("{error}"))?),
            "--rules" => config.rules = Some(value()?.parse()?),
            "--lang" => config.lang = Some(parse_lang(&value()?)?),
            "--fen" => config.fen = Some(parse_fen(&value()?)?),
            "--seed" => config.seed = Some(value()?.parse().map_err(|_| "--seed needs a whole number".to_string())?),
            "--pace" => config.pace = Some(value()?.parse()?),
            "--clock" => config.clock = Some(value()?.parse()?),
            "--pieces" => pieces = Some(value()?.parse::<PieceStyle>()?),
            "--board" => colors = Some(parse_board(&value()?)?),
            "--save" => config.save = Some(PathBuf::from(value()?)),
            "--continue" => config.resume = true,
            "--book" => config.book = Some(chess_session::open_book(&value()?)?),
            "--syzygy" => config.tablebase = Some(chess_session::open_tablebase(&value()?)?),
            "--menu" => config.menu = true,
            "--no-menu" => config.menu = false,
            "-h" | "--help" => return Err(usage()),
            _ => return Err(format!("unknown argument '{flag}'\n\n{}", usage())),
        }
    }
    let colors = colors.unwrap_or(interactive && !terminal.no_color);
    let pieces = pieces.unwrap_or(if colors { PieceStyle::Unicode } else { PieceStyle::Letters });
    config.board = BoardStyle { colors, pieces };
    Ok(config)
}

fn parse_lang(text: &str) -> Result<Lang, String> {
    match text.to_ascii_lowercase().as_str() {
        "en" | "english" => Ok(Lang::En),
        "zh" | "chinese" | "中文" => Ok(Lang::Zh),
        _ => Err(format!("unknown language '{text}' (expected en or zh)")),
    }
}

fn parse_fen(text: &str) -> Result<Position, String> {
    text.parse().map_err(|error| format!("--fen: {error}"))
}

fn parse_board(text: &str) -> Result<bool, String> {
    match text.to_ascii_lowercase().as_str() {
        "color" | "colour" | "ansi" => Ok(true),
        "plain" | "ascii" => Ok(false),
        _ => Err(format!("unknown board style '{text}' (expected color or plain)")),
    }
}

#[cfg(test)]
mod tests {
    use chess_core::search::Level;

    use super::super::{RulesChoice, Side};
    use super::*;

    const TTY: Terminal = Terminal { stdin: true, stdout: true, no_color: false };
    const PIPE: Terminal = Terminal { stdin: false, stdout: false, no_color: false };

    fn parse(args: &[&str], terminal: Terminal) -> Result<Config, String> {
        parse_args(args.iter().map(|arg| arg.to_string()), terminal)
    }

    #[test]
    fn terminal_defaults() {
        let config = parse(&[], TTY).unwrap();
        assert!(config.menu && config.live && !config.echo);
        assert_eq!(config.pace, None);
        assert_eq!(config.board, BoardStyle { colors: true, pieces: PieceStyle::Unicode });
        let no_color = parse(&[], Terminal { no_color: true, ..TTY }).unwrap();
        assert_eq!(no_color.board, BoardStyle { colors: false, pieces: PieceStyle::Letters });
    }

    #[test]
    fn piped_defaults() {
        let config = parse(&[], PIPE).unwrap();
        assert!(!config.menu && !config.live && config.echo);
        assert_eq!(config.pace, Some(Pace::Instant));
        // A script never replaces the player's saved game unless told where to save.
        assert_eq!(config.save, None);
        assert_eq!(parse(&["--save", "/tmp/x.json"], PIPE).unwrap().save, Some(PathBuf::from("/tmp/x.json")));
        assert_eq!(config.board, BoardStyle { colors: false, pieces: PieceStyle::Letters });
    }

    #[test]
    fn every_flag() {
        let config = parse(
            &[
                "--color",
                "black",
                "--level",
                "expert",
                "--rules",
                "casual",
                "--lang",
                "zh",
                "--fen",
                "8/8/8/8/8/8/6k1/4K2R w K - 0 1",
                "--seed",
                "42",
                "--pace",
                "fast",
                "--clock",
                "10+5",
                "--pieces",
                "unicode",
                "--board",
                "plain",
                "--save",
                "/tmp/x.json",
                "--continue",
                "--menu",
            ],
            PIPE,
        )
        .unwrap();
        assert_eq!(config.side, Some(Side::Black));
        assert_eq!(config.level, Some(Level::Expert));
        assert_eq!(config.rules, Some(RulesChoice::Casual));
        assert_eq!(config.lang, Some(Lang::Zh));
        assert_eq!(config.fen.unwrap().to_fen(), "8/8/8/8/8/8/6k1/4K2R w K - 0 1");
        assert_eq!(config.seed, Some(42));
        assert_eq!(config.pace, Some(Pace::Fast));
        assert_eq!(config.clock, Some(crate::TimeControl { minutes: 10, increment: 5 }));
        assert_eq!(config.board, BoardStyle { colors: false, pieces: PieceStyle::Unicode });
        assert_eq!(config.save, Some(PathBuf::from("/tmp/x.json")));
        assert!(config.resume && config.menu);
    }

    #[test]
    fn wrong_flags_are_explained() {
        assert!(parse(&["--level", "grandmaster"], PIPE).unwrap_err().starts_with("unknown level"));
        assert!(parse(&["--seed"], PIPE).unwrap_err().starts_with("--seed needs a value"));
        assert!(parse(&["--fen", "8/8/8 w"], PIPE).unwrap_err().starts_with("--fen: "));
        assert!(parse(&["--colour", "red"], PIPE).unwrap_err().starts_with("unknown colour 'red'"));
        assert!(parse(&["--clock", "fast"], PIPE).unwrap_err().starts_with("unknown clock 'fast'"));
        assert!(parse(&["--frobnicate"], PIPE).unwrap_err().starts_with("unknown argument '--frobnicate'"));
        assert_eq!(parse(&["--help"], PIPE).unwrap_err(), usage());
    }
}
