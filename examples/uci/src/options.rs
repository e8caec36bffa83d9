//! The options the engine declares after `uci`, and reading `setoption` commands.

use std::fmt;

use chess_core::search::{DEFAULT_HASH_MB, Level};

/// An option of the engine, as the `uci` command lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum UciOption {
    Hash,
    Threads,
    MultiPv,
    Level,
    SkillLevel,
    Seed,
    Chess960,
    OwnBook,
    BookFile,
    SyzygyPath,
    SyzygyProbeLimit,
}

/// What setting an option changes, read from its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Setting {
    /// The transposition table's size in MiB.
    Hash(usize),
    /// The number of search threads (only one is possible).
    Threads,
    /// How many best lines `go` reports.
    MultiPv(u32),
    /// The playing level (from `Level` or `Skill Level`).
    Level(Level),
    /// The seed of the weaker levels' random choices.
    Seed(u64),
    /// Whether castling is written as king takes rook.
    Chess960(bool),
    /// Whether to play moves of the opening book.
    OwnBook(bool),
    /// The path of the Polyglot book (`None`: no book).
    BookFile(Option<String>),
    /// The directories of the Syzygy tables, as given (`None`: no tables).
    SyzygyPath(Option<String>),
    /// The most pieces of a position probed in the tables.
    SyzygyProbeLimit(u32),
}

/// How an option's value is given, with its default.
enum Kind {
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Check {
        default: bool,
    },
    /// Text (`<empty>` stands for none).
    Text,
    /// A combo box of the playing levels.
    Levels {
        default: Level,
    },
}

impl UciOption {
    /// The options in the order `uci` lists them.
    pub(super) const ALL: [UciOption; 11] = [
        UciOption::Hash,
        UciOption::Threads,
        UciOption::MultiPv,
        UciOption::Level,
        UciOption::SkillLevel,
        UciOption::Seed,
        UciOption::Chess960,
        UciOption::OwnBook,
        UciOption::BookFile,
        UciOption::SyzygyPath,
        UciOption::SyzygyProbeLimit,
    ];

    /// Returns the option's name as UCI writes it.
    fn name(self) -> &'static str {
        match self {
            UciOption::Hash => "Hash",
            UciOption::Threads => "Threads",
            UciOption::MultiPv => "MultiPV",
            UciOption::Level => "Level",
            UciOption::SkillLevel => "Skill Level",
            UciOption::Seed => "Seed",
            UciOption::Chess960 => "UCI_Chess960",
            UciOption::OwnBook => "OwnBook",
            UciOption::BookFile => "BookFile",
            UciOption::SyzygyPath => "SyzygyPath",
            UciOption::SyzygyProbeLimit => "SyzygyProbeLimit",
        }
    }

    fn kind(self) -> Kind {
        match self {
            UciOption::Hash => Kind::Spin { default: DEFAULT_HASH_MB as i64, min: 1, max: 4096 },
            UciOption::Threads => Kind::Spin { default: 1, min: 1, max: 1 },
            UciOption::MultiPv => Kind::Spin { default: 1, min: 1, max: 256 },
            UciOption::Level => Kind::Levels { default: Level::default() },
            UciOption::SkillLevel => Kind::Spin { default: 20, min: 0, max: 20 },
            UciOption::Seed => Kind::Spin { default: 0, min: 0, max: i64::from(i32::MAX) },
            UciOption::Chess960 | UciOption::OwnBook => Kind::Check { default: false },
            UciOption::BookFile | UciOption::SyzygyPath => Kind::Text,
            UciOption::SyzygyProbeLimit => Kind::Spin { default: 7, min: 0, max: 7 },
        }
    }

    /// Finds the option named `name`, ignoring ASCII case.
    fn find(name: &str) -> Option<UciOption> {
        UciOption::ALL.into_iter().find(|option| option.name().eq_ignore_ascii_case(name))
    }

    /// Reads `value` as a setting of this option.
    fn read(self, value: &str) -> Result<Setting, String> {
        Ok(match self {
            UciOption::Hash => Setting::Hash(self.spin(value)? as usize),
            UciOption::Threads => {
                self.spin(value)?;
                Setting::Threads
            }
            UciOption::MultiPv => Setting::MultiPv(self.spin(value)? as u32),
            UciOption::Level => Setting::Level(
                value.parse().map_err(|_| format!("Level must be one of {}, not '{value}'", level_names(", ")))?,
            ),
            UciOption::SkillLevel => Setting::Level(Level::from_skill(self.spin(value)? as u32)),
            UciOption::Seed => Setting::Seed(self.spin(value)? as u64),
            UciOption::Chess960 => Setting::Chess960(self.check(value)?),
            UciOption::OwnBook => Setting::OwnBook(self.check(value)?),
            UciOption::BookFile => Setting::BookFile(text(value)),
            UciOption::SyzygyPath => Setting::SyzygyPath(text(value)),
            UciOption::SyzygyProbeLimit => Setting::SyzygyProbeLimit(self.spin(value)? as u32),
        })
    }

    /// Reads `value` as a check option's `true` or `false`.
    fn check(self, value: &str) -> Result<bool, String> {
        match value.to_ascii_lowercase().as_str() {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(format!("{} must be true or false, not '{value}'", self.name())),
        }
    }

    /// Reads `value` as a whole number within this spin option's range.
    fn spin(self, value: &str) -> Result<i64, String> {
        let Kind::Spin { min, max, .. } = self.kind() else {
            return Err(format!("{} is not a number option", self.name()));
        };
        match value.parse::<i64>() {
            Ok(number) if (min..=max).contains(&number) => Ok(number),
            _ => Err(format!("{} must be a whole number from {min} to {max}, not '{value}'", self.name())),
        }
    }
}

/// Reads a text option's value: `None` when empty or `<empty>`.
fn text(value: &str) -> Option<String> {
    Some(value.trim()).filter(|text| !text.is_empty() && *text != "<empty>").map(Into::into)
}

/// Writes the option's declaration: `option name Hash type spin default 16 min 1 max 4096`.
impl fmt::Display for UciOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option name {} type ", self.name())?;
        match self.kind() {
            Kind::Spin { default, min, max } => write!(f, "spin default {default} min {min} max {max}"),
            Kind::Check { default } => write!(f, "check default {default}"),
            Kind::Text => f.write_str("string default <empty>"),
            Kind::Levels { default } => write!(f, "combo default {default} var {}", level_names(" var ")),
        }
    }
}

/// Joins the English names of the levels, weakest first.
fn level_names(separator: &str) -> String {
    Level::ALL.map(|level| level.to_string()).join(separator)
}

/// Reads the arguments of `setoption`: `name <name, maybe with spaces> [value <value>]`.
pub(super) fn parse_setoption(args: &[&str]) -> Result<Setting, String> {
    let Some((&"name", rest)) = args.split_first() else {
        return Err("setoption needs 'name <option> value <value>'".to_string());
    };
    let (name, value) = match rest.iter().position(|&word| word == "value") {
        Some(at) => (&rest[..at], Some(rest[at + 1..].join(" "))),
        None => (rest, None),
    };
    let name = name.join(" ");
    let option = UciOption::find(&name).ok_or_else(|| format!("no option named '{name}'"))?;
    let value = value.ok_or_else(|| format!("setoption name {} needs a value", option.name()))?;
    option.read(&value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setoption(line: &str) -> Result<Setting, String> {
        parse_setoption(&line.split_whitespace().collect::<Vec<_>>())
    }

    #[test]
    fn declarations() {
        let lines: Vec<String> = UciOption::ALL.iter().map(ToString::to_string).collect();
        assert_eq!(
            lines,
            [
                "option name Hash type spin default 16 min 1 max 4096",
                "option name Threads type spin default 1 min 1 max 1",
                "option name MultiPV type spin default 1 min 1 max 256",
                "option name Level type combo default Master var Beginner var Normal var Expert var Master",
                "option name Skill Level type spin default 20 min 0 max 20",
                "option name Seed type spin default 0 min 0 max 2147483647",
                "option name UCI_Chess960 type check default false",
                "option name OwnBook type check default false",
                "option name BookFile type string default <empty>",
                "option name SyzygyPath type string default <empty>",
                "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
            ]
        );
    }

    #[test]
    fn settings_are_read_with_names_in_any_case() {
        assert_eq!(setoption("name Hash value 64"), Ok(Setting::Hash(64)));
        assert_eq!(setoption("name hash value 1"), Ok(Setting::Hash(1)));
        assert_eq!(setoption("name skill   LEVEL value 5"), Ok(Setting::Level(Level::Beginner)));
        assert_eq!(setoption("name Skill Level value 13"), Ok(Setting::Level(Level::Expert)));
        assert_eq!(setoption("name Level value normal"), Ok(Setting::Level(Level::Normal)));
        assert_eq!(setoption("name MultiPV value 3"), Ok(Setting::MultiPv(3)));
        assert_eq!(setoption("name Seed value 42"), Ok(Setting::Seed(42)));
        assert_eq!(setoption("name Threads value 1"), Ok(Setting::Threads));
        assert_eq!(setoption("name uci_chess960 value TRUE"), Ok(Setting::Chess960(true)));
        assert_eq!(setoption("name UCI_Chess960 value false"), Ok(Setting::Chess960(false)));
        assert_eq!(setoption("name ownbook value true"), Ok(Setting::OwnBook(true)));
        assert_eq!(
            setoption("name BookFile value /books/a b.bin"),
            Ok(Setting::BookFile(Some("/books/a b.bin".into())))
        );
        assert_eq!(setoption("name BookFile value <empty>"), Ok(Setting::BookFile(None)));
        assert_eq!(
            setoption("name syzygypath value /tb/345:/tb/6"),
            Ok(Setting::SyzygyPath(Some("/tb/345:/tb/6".into())))
        );
        assert_eq!(setoption("name SyzygyPath value <empty>"), Ok(Setting::SyzygyPath(None)));
        assert_eq!(setoption("name SyzygyProbeLimit value 5"), Ok(Setting::SyzygyProbeLimit(5)));
    }

    #[test]
    fn bad_settings_say_what_is_wrong() {
        assert_eq!(setoption("name Hash value 0"), Err("Hash must be a whole number from 1 to 4096, not '0'".into()));
        assert_eq!(
            setoption("name Hash value big"),
            Err("Hash must be a whole number from 1 to 4096, not 'big'".into())
        );
        assert_eq!(
            setoption("name Threads value 2"),
            Err("Threads must be a whole number from 1 to 1, not '2'".into())
        );
        assert_eq!(
            setoption("name Level value Grandmaster"),
            Err("Level must be one of Beginner, Normal, Expert, Master, not 'Grandmaster'".into())
        );
        assert_eq!(
            setoption("name UCI_Chess960 value yes"),
            Err("UCI_Chess960 must be true or false, not 'yes'".into())
        );
        assert_eq!(setoption("name Ponder value true"), Err("no option named 'Ponder'".into()));
        assert_eq!(setoption("name Hash"), Err("setoption name Hash needs a value".into()));
        assert_eq!(setoption("Hash value 3"), Err("setoption needs 'name <option> value <value>'".into()));
        assert_eq!(setoption(""), Err("setoption needs 'name <option> value <value>'".into()));
    }
}
