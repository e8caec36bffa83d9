//! Comment annotations (`[%clk]`, `[%emt]`, `[%eval]`, `[%csl]`, `[%cal]`) and the
//! `TimeControl` tag: properties (what is set reads back), and a differential test against
//! python-chess 1.11.2's `GameNode` methods and `parse_time_control`.
//!
//! The differential generates varied comments (valid and malformed annotations, digits of
//! other scripts, Unicode whitespace, junk around them) and values to set, and compares every
//! read and every edited comment with tests/python/annotation_oracle.py run by
//! `$PYTHON_CHESS_PYTHON` (a Python with python-chess 1.11.2); without it the test says it is
//! skipped. `ANNOTATION_DIFF_CASES` sets the number of cases (default 5,000):
//!
//! ```sh
//! ANNOTATION_DIFF_CASES=100000 PYTHON_CHESS_PYTHON=.venv/bin/python \
//!     cargo test -p chess-core --profile test-release --test pgn_annotation differential
//! ```
//!
//! Last run (2026-12-02): 100,000 cases (45,501 clocks and move times read, 24,164 evals,
//! 6,955 arrows, 31,228 time controls read and 64,703 rejected by both), 0 disagreements, 22 s.
//!
//! Known departures, counted apart and not compared: a mate or a time-control number that
//! does not fit an `i64` and a depth past `u32::MAX` (python-chess keeps Python's unbounded
//! ints).
#![cfg(feature = "alloc")]

use std::path::Path;

use chess_core::Square;
use chess_core::pgn::annotation::{self, Arrow, ArrowColor, Eval, EvalScore};
use chess_core::pgn::{TimeControl, TimeControlError};
use proptest::prelude::*;
use serde_json::{Value, json};

/// SplitMix64: the same cases on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }

    /// `count` digits, now and then of another script.
    fn digits(&mut self, count: usize) -> String {
        let zero = if self.chance(5) { self.pick(&["٠", "०", "０", "𝟎"]).chars().next().unwrap() } else { '0' };
        (0..count).map(|_| char::from_u32(zero as u32 + self.below(10) as u32).unwrap()).collect()
    }

    fn some_digits(&mut self) -> String {
        let count = match self.below(20) {
            0 => 0,
            1 => 11 + self.below(30),
            2 if self.chance(10) => 300 + self.below(40),
            _ => 1 + self.below(3),
        };
        self.digits(count)
    }

    /// The one whitespace character after an annotation's name, or something else.
    fn gap(&mut self) -> &'static str {
        self.pick(&[" ", " ", " ", " ", "\n", "\t", "\u{3000}", "\x1c", "", "  ", "_"])
    }

    fn junk(&mut self) -> &'static str {
        self.pick(&[
            "",
            " ",
            " ",
            "  ",
            "\n",
            "\t",
            "\u{a0}",
            "good move",
            "é",
            "中文",
            "[",
            "]",
            "[%",
            ",",
            "#",
            ":",
            ".",
            "x",
            "5",
            "٣",
            "[%clk",
            "[%eval",
            "[%cal",
        ])
    }

    fn time(&mut self, name: &str) -> String {
        let seconds = match self.below(4) {
            0 => self.some_digits(),
            1 => format!("{}.", self.some_digits()),
            _ => {
                let whole = self.some_digits();
                let count = self.below(8);
                let fraction = self.digits(count);
                format!("{whole}.{fraction}")
            }
        };
        let colon = |rng: &mut Rng| if rng.chance(97) { ":" } else { rng.pick(&["", ";", "::"]) };
        let (hours, minutes) = (self.some_digits(), self.some_digits());
        let sign = if self.chance(3) { "-" } else { "" };
        let close = if self.chance(95) { "]" } else { self.pick(&["", " ]", ")"]) };
        format!("[%{name}{}{sign}{hours}{}{minutes}{}{seconds}{close}", self.gap(), colon(self), colon(self))
    }

    fn eval(&mut self) -> String {
        let sign = self.pick(&["", "", "", "-", "+", "+-"]);
        let score = if self.chance(25) {
            format!("#{sign}{}", self.some_digits())
        } else {
            let count = match self.below(10) {
                0 => 0,
                1 => 10 + self.below(3),
                _ => 1 + self.below(3),
            };
            let whole = self.digits(count);
            match self.below(4) {
                0 => format!("{sign}{whole}"),
                1 => format!("{sign}{whole}."),
                _ => {
                    let count = self.below(4);
                    let fraction = self.digits(count);
                    format!("{sign}{whole}.{fraction}")
                }
            }
        };
        let depth = match self.below(4) {
            0 => format!(",{}", self.some_digits()),
            1 if self.chance(20) => ",".into(),
            _ => String::new(),
        };
        let close = if self.chance(95) { "]" } else { self.pick(&["", " ]", ")"]) };
        format!("[%eval{}{score}{depth}{close}", self.gap())
    }

    fn arrows(&mut self) -> String {
        let name = self.pick(&["csl", "cal", "csl", "cal", "cSl"]);
        let entries: Vec<String> = (0..1 + self.below(4))
            .map(|_| {
                let square =
                    |rng: &mut Rng| format!("{}{}", rng.pick(&["a", "d", "h", "i"]), rng.pick(&["1", "5", "8", "9"]));
                let color = self.pick(&["G", "R", "Y", "B", "G", "R", "Y", "B", "X", ""]);
                let tail = square(self);
                let head = if self.chance(50) { square(self) } else { String::new() };
                let extra = if self.chance(3) { square(self) } else { String::new() };
                format!("{color}{tail}{head}{extra}")
            })
            .collect();
        let separator = if self.chance(97) { "," } else { ", " };
        let close = if self.chance(95) { "]" } else { "" };
        format!("[%{name}{}{}{close}", self.gap(), entries.join(separator))
    }

    fn comment(&mut self) -> String {
        let mut comment = String::new();
        for _ in 0..self.below(7) {
            match self.below(9) {
                0 | 1 => comment += &self.time("clk"),
                2 => comment += &self.time("emt"),
                3 | 4 => comment += &self.eval(),
                5 | 6 => comment += &self.arrows(),
                _ => {}
            }
            comment += self.junk();
        }
        comment
    }

    fn seconds(&mut self) -> f64 {
        match self.below(12) {
            0 => self.below(20_000) as f64,
            1 => self.below(20_000) as f64 / 16.0,
            2 => self.below(100_000_000) as f64 / 1000.0,
            3 => (self.next() >> 11) as f64 / (1u64 << 53) as f64 * 10f64.powi(self.below(25) as i32),
            4 => f64::from_bits(self.next()),
            5 => {
                [-1.5, -0.0, f64::NAN, f64::NEG_INFINITY, f64::INFINITY, 59.9996, 3599.9995, 1e20, 1e300][self.below(9)]
            }
            _ => self.below(10_000) as f64 + self.below(1000) as f64 / 1000.0,
        }
    }

    fn score(&mut self) -> EvalScore {
        match self.below(10) {
            0..=5 => EvalScore::Centipawns(self.below(200_001) as i64 - 100_000),
            6 => EvalScore::Centipawns(self.next() as i64 >> self.below(64)),
            7 => EvalScore::Mate(0),
            _ => EvalScore::Mate(self.below(101) as i64 - 50),
        }
    }

    fn arrow_list(&mut self) -> Vec<Arrow> {
        (0..self.below(5))
            .map(|_| {
                let tail = Square::ALL[self.below(64)];
                let head = if self.chance(40) { tail } else { Square::ALL[self.below(64)] };
                let color = [ArrowColor::Green, ArrowColor::Red, ArrowColor::Yellow, ArrowColor::Blue][self.below(4)];
                Arrow { tail, head, color }
            })
            .collect()
    }

    fn time_control(&mut self) -> String {
        if self.chance(5) {
            return self.pick(&["", "?", "-", "?x", "-5", "*60"]).into();
        }
        let number = |rng: &mut Rng| -> String {
            match rng.below(14) {
                0 => String::new(),
                1 => format!("{}_{}", rng.digits(1), rng.digits(2)),
                2 => format!(" {} ", rng.digits(2)),
                3 => rng
                    .pick(&["inf", "nan", "-inf", "1e3", "2.5", ".5", "5.", "x", "1__0", "_1", "+7", "-7", "\u{3000}9"])
                    .into(),
                4 => rng.digits(20),
                5 => {
                    let count = if rng.chance(10) { 5000 } else { 1 };
                    rng.digits(count)
                }
                _ => format!(
                    "{}",
                    [0, 1, 2, 3, 5, 10, 15, 30, 40, 60, 90, 120, 179, 180, 300, 600, 899, 900, 3599, 3600, 5400]
                        [rng.below(21)]
                ),
            }
        };
        let parts: Vec<String> = (0..1 + self.below(3))
            .map(|_| {
                let mut part = String::new();
                if self.chance(40) {
                    part += &number(self);
                    part += "/";
                }
                part += &number(self);
                if self.chance(50) {
                    part += "+";
                    part += &number(self);
                    part += self.pick(&["", "", "d", "D", "+1", "/"]);
                }
                part
            })
            .collect();
        parts.join(":")
    }
}

fn python() -> String {
    std::env::var("PYTHON_CHESS_PYTHON").unwrap_or_else(|_| "python3".into())
}

fn text(value: f64) -> String {
    format!("{value:?}")
}

/// A float as Python's `repr` wrote it, compared bit for bit (NaN equal to NaN).
fn same_float(python: &Value, ours: f64) -> bool {
    python
        .as_str()
        .and_then(|text| text.parse::<f64>().ok())
        .is_some_and(|theirs| theirs.to_bits() == ours.to_bits() || (theirs.is_nan() && ours.is_nan()))
}

fn edited(result: Result<String, annotation::InfiniteTimeError>) -> Value {
    result.map_or_else(|_| json!("error"), Value::from)
}

#[derive(Default)]
struct Counts {
    cases: usize,
    clocks: usize,
    evals: usize,
    arrows: usize,
    controls: usize,
    control_errors: usize,
    eval_departures: usize,
    control_departures: usize,
}

#[test]
fn differential_against_python_chess() {
    let count: usize = std::env::var("ANNOTATION_DIFF_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(5000);
    let check = std::process::Command::new(python())
        .args(["-c", "import chess; assert chess.__version__ == '1.11.2', chess.__version__"])
        .output();
    if !check.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: {} cannot import python-chess 1.11.2 (set PYTHON_CHESS_PYTHON)", python());
        return;
    }
    let mut rng = Rng(20_261_202);
    struct Case {
        comment: String,
        seconds: f64,
        eval: Eval,
        arrows: Vec<Arrow>,
        time_control: String,
    }
    let cases: Vec<Case> = (0..count)
        .map(|_| Case {
            comment: rng.comment(),
            seconds: rng.seconds(),
            eval: Eval { score: rng.score(), depth: if rng.chance(50) { Some(rng.below(60) as u32) } else { None } },
            arrows: rng.arrow_list(),
            time_control: rng.time_control(),
        })
        .collect();
    let lines: Vec<String> = cases
        .iter()
        .map(|case| {
            let score = match case.eval.score {
                EvalScore::Centipawns(cp) => json!(["cp", cp.to_string()]),
                EvalScore::Mate(mate) => json!(["mate", mate.to_string()]),
            };
            let arrows: Vec<Value> =
                case.arrows.iter().map(|a| json!([a.tail.to_string(), a.head.to_string(), a.color.name()])).collect();
            json!({
                "comment": case.comment,
                "seconds": text(case.seconds),
                "score": score,
                "depth": case.eval.depth,
                "arrows": arrows,
                "time_control": case.time_control,
            })
            .to_string()
        })
        .collect();
    let file = std::env::temp_dir().join(format!("chess-core-annotations-{}.jsonl", std::process::id()));
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    let oracle = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/python/annotation_oracle.py");
    let output = std::process::Command::new(python()).arg(oracle).arg(&file).output().expect("python runs");
    std::fs::remove_file(&file).unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let expected = String::from_utf8(output.stdout).unwrap();
    let expected: Vec<Value> = expected.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(expected.len(), cases.len());

    let mut counts = Counts::default();
    let mut disagreements = Vec::new();
    for (case, want) in cases.iter().zip(&expected) {
        counts.cases += 1;
        let comment = case.comment.as_str();
        let mut differ = |what: &str, ours: String, theirs: &Value| {
            disagreements.push(format!("{comment:?} {what}: chess-core {ours}, python-chess {theirs}"));
        };
        // Reads.
        for (what, ours) in [("clock", annotation::clock(comment)), ("emt", annotation::emt(comment))] {
            let theirs = &want[what];
            let agree = match ours {
                Some(value) => same_float(theirs, value),
                None => theirs.is_null() || theirs == "error",
            };
            counts.clocks += usize::from(ours.is_some());
            if !agree {
                differ(what, format!("{ours:?}"), theirs);
            }
        }
        let ours = annotation::eval(comment);
        let (theirs, their_depth) = (&want["eval"], &want["depth"]);
        let score = ours.map(|eval| match eval.score {
            EvalScore::Centipawns(cp) => json!(["cp", cp.to_string()]),
            EvalScore::Mate(mate) => json!(["mate", mate.to_string()]),
        });
        let depth = ours.and_then(|eval| eval.depth);
        let huge = |value: &Value| {
            value.as_str().or_else(|| value.get(1).and_then(Value::as_str)).is_some_and(|t| t.len() > 9)
        };
        if ours.is_none() && huge(theirs) || depth == Some(u32::MAX) && huge(their_depth) {
            counts.eval_departures += 1;
        } else {
            counts.evals += usize::from(ours.is_some());
            if score.as_ref().unwrap_or(&Value::Null) != theirs {
                differ("eval", format!("{ours:?}"), theirs);
            }
            let depth_agrees = match depth {
                Some(depth) => their_depth == &json!(depth.to_string()),
                None => their_depth.is_null() || ours.is_none() && their_depth == "error",
            };
            if !depth_agrees {
                differ("depth", format!("{ours:?}"), their_depth);
            }
        }
        let ours: Vec<Value> = annotation::arrows(comment)
            .iter()
            .map(|a| json!([a.tail.to_string(), a.head.to_string(), a.color.name()]))
            .collect();
        counts.arrows += ours.len();
        if Value::from(ours.clone()) != want["arrows"] {
            differ("arrows", format!("{ours:?}"), &want["arrows"]);
        }
        // Edits.
        let edits = [
            ("set_clock", edited(annotation::set_clock(comment, case.seconds))),
            ("remove_clock", annotation::remove_clock(comment).into()),
            ("set_emt", edited(annotation::set_emt(comment, case.seconds))),
            ("remove_emt", annotation::remove_emt(comment).into()),
            ("set_eval", annotation::set_eval(comment, case.eval).into()),
            ("remove_eval", annotation::remove_eval(comment).into()),
            ("set_arrows", annotation::set_arrows(comment, &case.arrows).into()),
            ("remove_arrows", annotation::set_arrows(comment, &[]).into()),
        ];
        for (what, ours) in edits {
            if ours != want[what] {
                let detail =
                    format!("{ours} (seconds {:?}, eval {:?}, arrows {:?})", case.seconds, case.eval, case.arrows);
                differ(what, detail, &want[what]);
            }
        }
        // The TimeControl tag.
        let theirs = &want["time_control"];
        match TimeControl::parse(&case.time_control) {
            Err(TimeControlError::TooLarge(_)) if theirs != "error" => counts.control_departures += 1,
            Err(_) if theirs == "error" => counts.control_errors += 1,
            Ok(control) => {
                counts.controls += 1;
                let kind = format!("{:?}", control.kind).to_uppercase();
                let parts_agree = theirs[1].as_array().is_some_and(|parts| {
                    parts.len() == control.parts.len()
                        && parts.iter().zip(&control.parts).all(|(theirs, part)| {
                            theirs[0] == json!(part.moves.to_string())
                                && theirs[1] == json!(part.time.to_string())
                                && same_float(&theirs[2], part.increment)
                                && same_float(&theirs[3], part.delay)
                        })
                });
                if theirs[0] != json!(kind) || !parts_agree {
                    disagreements.push(format!(
                        "{:?} time control: chess-core {control:?}, python-chess {theirs}",
                        case.time_control
                    ));
                }
            }
            Err(error) => disagreements
                .push(format!("{:?} time control: chess-core {error}, python-chess {theirs}", case.time_control)),
        }
    }
    eprintln!(
        "differential: {} cases ({} clock/emt read, {} evals, {} arrows, {} time controls read and {} rejected by both), departures: {} evals and {} time controls with numbers past i64 or u32, {} disagreements",
        counts.cases,
        counts.clocks,
        counts.evals,
        counts.arrows,
        counts.controls,
        counts.control_errors,
        counts.eval_departures,
        counts.control_departures,
        disagreements.len()
    );
    disagreements.truncate(30);
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
}

fn any_square() -> impl Strategy<Value = Square> {
    (0usize..64).prop_map(|i| Square::ALL[i])
}

fn any_arrow() -> impl Strategy<Value = Arrow> {
    (any_square(), any_square(), any::<bool>(), 0usize..4).prop_map(|(tail, head, square, color)| Arrow {
        tail,
        head: if square { tail } else { head },
        color: [ArrowColor::Green, ArrowColor::Red, ArrowColor::Yellow, ArrowColor::Blue][color],
    })
}

proptest! {
    #[test]
    fn a_clock_set_reads_back_to_the_millisecond(comment in any::<String>(), seconds in 0.0f64..1e9) {
        let written = annotation::set_clock(&comment, seconds).unwrap();
        let read = annotation::clock(&written).unwrap();
        prop_assert!((read - seconds).abs() <= 0.0005 + seconds * 1e-15, "{seconds} read as {read}");
        let written = annotation::set_emt(&comment, seconds).unwrap();
        let read = annotation::emt(&written).unwrap();
        prop_assert!((read - seconds).abs() <= 0.0005 + seconds * 1e-15, "{seconds} read as {read}");
    }

    #[test]
    fn an_eval_set_reads_back(
        comment in any::<String>(),
        cp in -999_999_999_999i64..=999_999_999_999,
        mate in prop_oneof![-1000i64..0, 1i64..1000, Just(i64::MIN), Just(i64::MAX)],
        is_mate in any::<bool>(),
        depth in proptest::option::of(any::<u32>()),
    ) {
        let score = if is_mate { EvalScore::Mate(mate) } else { EvalScore::Centipawns(cp) };
        let eval = Eval { score, depth };
        prop_assert_eq!(annotation::eval(&annotation::set_eval(&comment, eval)), Some(eval));
    }

    #[test]
    fn arrows_set_read_back_squares_first(comment in any::<String>(), arrows in proptest::collection::vec(any_arrow(), 0..8)) {
        let written = annotation::set_arrows(&comment, &arrows);
        let squares = arrows.iter().filter(|a| a.tail == a.head);
        let lines = arrows.iter().filter(|a| a.tail != a.head);
        let expected: Vec<Arrow> = squares.chain(lines).copied().collect();
        prop_assert_eq!(annotation::arrows(&written), expected);
    }

    #[test]
    fn no_panics_and_removals_leave_none(comment in any::<String>()) {
        prop_assert_eq!(annotation::arrows(&annotation::set_arrows(&comment, &[])), vec![]);
        let _ = (annotation::clock(&comment), annotation::emt(&comment), annotation::eval(&comment));
        let _ = TimeControl::parse(&comment);
    }
}

/// Linear time: a comment of a million characters of near-annotations reads at once.
#[test]
fn long_comments_take_linear_time() {
    let pieces = ["[%clk 1:2:", "[%eval 1.", "[%cal Ga1a2", "[%csl Ga1,", "[%clk ", "١٢٣٤٥", "[%eval #"];
    for piece in pieces {
        let comment = piece.repeat(1_000_000 / piece.len());
        let start = std::time::Instant::now();
        assert_eq!(annotation::clock(&comment), None);
        assert_eq!(annotation::eval(&comment), None);
        assert!(annotation::arrows(&comment).is_empty());
        assert_eq!(annotation::remove_emt(&comment), comment);
        assert_eq!(annotation::set_arrows(&comment, &[]), comment);
        assert!(start.elapsed().as_secs() < 2, "{piece:?} took {:?}", start.elapsed());
    }
    let digits = format!("[%clk {}:{}:{}]", "7".repeat(1_000_000), "8".repeat(1_000_000), "9".repeat(1_000_000));
    assert_eq!(annotation::clock(&digits), None);
    let zeros = format!("[%clk {}1:00:{}]", "0".repeat(4000), "0".repeat(1_000_000));
    assert_eq!(annotation::clock(&zeros), Some(3600.0));
    let start = std::time::Instant::now();
    let control = format!("{0}/{0}+{0}:{0}", "٧".repeat(1_000_000));
    assert!(matches!(TimeControl::parse(&control), Err(TimeControlError::TooLarge(_))));
    let control = format!("1/1+{}:", "7".repeat(1_000_000));
    assert_eq!(TimeControl::parse(&control), Err(TimeControlError::NotAnInteger(String::new())));
    assert!(start.elapsed().as_secs() < 2, "time controls took {:?}", start.elapsed());
}
