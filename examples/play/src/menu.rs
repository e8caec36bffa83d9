//! The start menu: continue the saved game, or choose side, level, rules, the computer's
//! pace, a clock and language for a new one. Flags answer questions in advance; without a menu their defaults do.

use std::io::{self, BufRead, Write};

use chess_core::Lang;
use chess_core::search::Level;
use chess_session::{Session, Settings};

use super::save;
use super::{Config, Io, Msg, Pace, RulesChoice, Side, TimeControl};

/// Tells how the session begins.
#[derive(Debug)]
pub(crate) enum Start {
    /// A new game with these settings.
    New(Settings),
    /// The saved game goes on.
    Resume(Box<Session>),
}

/// Asks (or decides) how the session begins; `None` when the input ended during the menu.
pub(crate) fn start<R: BufRead, W: Write>(io: &mut Io<R, W>, config: &Config) -> io::Result<Option<Start>> {
    let mut lang = config.lang;
    if config.menu {
        io.say(Msg::Welcome)?;
        if lang.is_none() {
            let Some(answer) = pick(io, Msg::AskLanguage, &[Lang::En, Lang::Zh], 0)? else {
                return Ok(None);
            };
            lang = Some(answer);
        }
    }
    io.lang = lang.unwrap_or_default();
    if let Some(mut saved) = saved_game(io, config)? {
        let resume = if config.resume {
            true
        } else {
            let Some(answer) = io.ask(Msg::AskContinue { moves: saved.game.moves().len().div_ceil(2) })? else {
                return Ok(None);
            };
            !matches!(answer.to_lowercase().as_str(), "n" | "no" | "否" | "不")
        };
        if resume {
            saved.settings.lang = lang.unwrap_or(saved.settings.lang);
            saved.settings.level = config.level.unwrap_or(saved.settings.level);
            saved.settings.pace = config.pace.unwrap_or(saved.settings.pace);
            saved.settings.clock = config.clock.or(saved.settings.clock);
            // The terminal shows a hint again free only in the sitting it was given in.
            saved.hint = None;
            io.lang = saved.settings.lang;
            io.say(Msg::Resumed)?;
            return Ok(Some(Start::Resume(Box::new(saved))));
        }
    }
    let ask = config.menu;
    let Some(side) = choose(io, config.side, ask, Msg::AskSide, &[Side::White, Side::Black, Side::Both], 0)? else {
        return Ok(None);
    };
    let ask_level = ask && side != Side::Both;
    let Some(level) = choose(io, config.level, ask_level, Msg::AskLevel, &Level::ALL, 1)? else {
        return Ok(None);
    };
    let rules = [RulesChoice::Fide, RulesChoice::Casual];
    let Some(rules) = choose(io, config.rules, ask, Msg::AskRules, &rules, 0)? else {
        return Ok(None);
    };
    let ask_pace = ask && side != Side::Both;
    let Some(pace) = choose(io, config.pace, ask_pace, Msg::AskPace, &Pace::ALL, 0)? else {
        return Ok(None);
    };
    let clocks = [None, Some(TimeControl::MENU[0]), Some(TimeControl::MENU[1]), Some(TimeControl::MENU[2])];
    let Some(clock) = choose(io, config.clock.map(Some), ask, Msg::AskClock, &clocks, 0)? else {
        return Ok(None);
    };
    Ok(Some(Start::New(Settings { side, level, rules, lang: io.lang, pace, clock })))
}

/// Asks side, level and rules again for a new game (the pace, clock and language stay);
/// `None` when the input ended.
pub(crate) fn change_settings<R: BufRead, W: Write>(
    io: &mut Io<R, W>,
    current: Settings,
) -> io::Result<Option<Settings>> {
    let Some(side) = pick(io, Msg::AskSide, &[Side::White, Side::Black, Side::Both], 0)? else {
        return Ok(None);
    };
    let level = if side == Side::Both {
        current.level
    } else {
        let Some(level) = pick(io, Msg::AskLevel, &Level::ALL, 1)? else {
            return Ok(None);
        };
        level
    };
    let Some(chosen) = pick(io, Msg::AskRules, &[RulesChoice::Fide, RulesChoice::Casual], 0)? else {
        return Ok(None);
    };
    Ok(Some(Settings { side, level, rules: chosen, ..current }))
}

/// Returns the saved game to offer, if any: with a menu or `--continue`, an unfinished saved
/// game (saying so when it cannot be read, or when `--continue` finds none).
fn saved_game<R: BufRead, W: Write>(io: &mut Io<R, W>, config: &Config) -> io::Result<Option<Session>> {
    let (Some(path), true) = (&config.save, config.menu || config.resume) else {
        return Ok(None);
    };
    match save::read(path) {
        Ok(Some(saved)) if !saved.game.is_over() => Ok(Some(saved)),
        Ok(_) if config.resume => io.say(Msg::NoSavedGame).map(|()| None),
        Ok(_) => Ok(None),
        Err(error) => {
            // Kept aside, not replaced by the next save; if even that fails, nothing is saved.
            let kept = save::keep_aside(path);
            io.say(Msg::SaveUnreadable { path, error: &error, kept: kept.as_deref().ok() })?;
            Ok(None)
        }
    }
}

/// Returns the flag's value, else asks when `ask` (else takes the default);
/// `None` when the input ended.
fn choose<R: BufRead, W: Write, T: Copy>(
    io: &mut Io<R, W>,
    given: Option<T>,
    ask: bool,
    question: Msg<'_>,
    options: &[T],
    default: usize,
) -> io::Result<Option<T>> {
    match (given, ask) {
        (Some(value), _) => Ok(Some(value)),
        (None, true) => pick(io, question, options, default),
        (None, false) => Ok(Some(options[default])),
    }
}

/// Asks a numbered question until the answer is one of the numbers (an empty answer takes
/// the default); `None` when the input ended.
fn pick<R: BufRead, W: Write, T: Copy>(
    io: &mut Io<R, W>,
    question: Msg<'_>,
    options: &[T],
    default: usize,
) -> io::Result<Option<T>> {
    loop {
        let Some(answer) = io.ask(question)? else {
            return Ok(None);
        };
        if answer.is_empty() {
            return Ok(Some(options[default]));
        }
        match answer.parse::<usize>() {
            Ok(number) if (1..=options.len()).contains(&number) => return Ok(Some(options[number - 1])),
            _ => io.say(Msg::ChooseNumber)?,
        }
    }
}
