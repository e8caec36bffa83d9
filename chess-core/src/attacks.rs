//! Attack tables, computed at compile time by `const fn`.
//!
//! Sliding pieces use magic bitboards: the relevant blockers of a square are
//! multiplied by a magic number whose top bits index a table of attack sets.
//! The magic numbers were found by this crate's own trial search (a sparse
//! random candidate is accepted when it maps every blocker subset of the
//! square without a harmful collision).
//!
//! # Examples
//!
//! ```
//! use chess_core::{attacks, Bitboard, Square};
//!
//! assert_eq!(attacks::knight(Square::A1), Bitboard::from(Square::B3) | Square::C2);
//! let blockers = Bitboard::from(Square::E6);
//! assert!(attacks::rook(Square::E2, blockers).contains(Square::E6));
//! assert!(!attacks::rook(Square::E2, blockers).contains(Square::E7));
//! assert_eq!(attacks::between(Square::A1, Square::D4), Bitboard::from(Square::B2) | Square::C3);
//! ```

use crate::{Bitboard, Color, Role, Square};

const ROOK_DIRECTIONS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRECTIONS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const KNIGHT_STEPS: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING_STEPS: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

const fn on_board(file: i32, rank: i32) -> bool {
    0 <= file && file < 8 && 0 <= rank && rank < 8
}

const fn step_attacks(square: usize, steps: &[(i32, i32)]) -> u64 {
    let (file, rank) = ((square % 8) as i32, (square / 8) as i32);
    let mut attacks = 0;
    let mut i = 0;
    while i < steps.len() {
        let (f, r) = (file + steps[i].0, rank + steps[i].1);
        if on_board(f, r) {
            attacks |= 1 << (r * 8 + f);
        }
        i += 1;
    }
    attacks
}

/// Walks each direction until the edge or the first blocker (which is included).
const fn slide_attacks(square: usize, occupied: u64, directions: &[(i32, i32); 4]) -> u64 {
    let mut attacks = 0;
    let mut i = 0;
    while i < 4 {
        let (df, dr) = directions[i];
        let (mut f, mut r) = ((square % 8) as i32 + df, (square / 8) as i32 + dr);
        while on_board(f, r) {
            let bit = 1 << (r * 8 + f);
            attacks |= bit;
            if occupied & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        i += 1;
    }
    attacks
}

/// The squares whose occupancy matters for a slider: its rays without their last square.
const fn relevant_blockers(square: usize, directions: &[(i32, i32); 4]) -> u64 {
    let mut mask = 0;
    let mut i = 0;
    while i < 4 {
        let (df, dr) = directions[i];
        let (mut f, mut r) = ((square % 8) as i32 + df, (square / 8) as i32 + dr);
        while on_board(f + df, r + dr) {
            mask |= 1 << (r * 8 + f);
            f += df;
            r += dr;
        }
        i += 1;
    }
    mask
}

const fn step_table(steps: &[(i32, i32)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut square = 0;
    while square < 64 {
        table[square] = Bitboard(step_attacks(square, steps));
        square += 1;
    }
    table
}

const fn pawn_table() -> [[Bitboard; 64]; 2] {
    let mut table = [[Bitboard::EMPTY; 64]; 2];
    let mut square = 0;
    while square < 64 {
        table[0][square] = Bitboard(step_attacks(square, &[(-1, 1), (1, 1)]));
        table[1][square] = Bitboard(step_attacks(square, &[(-1, -1), (1, -1)]));
        square += 1;
    }
    table
}

static KNIGHT_ATTACKS: [Bitboard; 64] = step_table(&KNIGHT_STEPS);
static KING_ATTACKS: [Bitboard; 64] = step_table(&KING_STEPS);
static PAWN_ATTACKS: [[Bitboard; 64]; 2] = pawn_table();

/// One square's entry in a magic table.
#[derive(Clone, Copy)]
struct Magic {
    mask: u64,
    factor: u64,
    shift: u32,
    offset: usize,
}

impl Magic {
    #[inline(always)]
    const fn index(&self, occupied: u64) -> usize {
        self.offset + ((occupied & self.mask).wrapping_mul(self.factor) >> self.shift) as usize
    }
}

#[rustfmt::skip]
const ROOK_FACTORS: [u64; 64] = [
    0x1080004008801020, 0x0840092002C03000, 0x1900200010400900, 0x0880100008000480,
    0x4200100420080200, 0x8100020100080400, 0x0200040110886200, 0x0200008040220411,
    0x0404800084400220, 0x0000401000402000, 0x0086001081220440, 0x0408800800100280,
    0x000A001201040820, 0x8848800200840080, 0x4001000100040200, 0x0442000102105084,
    0x9080010020804100, 0x0040404000201009, 0x0000808010002009, 0x2200090021D00100,
    0x0008008008040080, 0x0004004002010040, 0x0011040008015042, 0x00000A0001768104,
    0x0000800080204009, 0x2010004140002001, 0x9800200280100080, 0x1000100080080080,
    0x0442000A00049020, 0x2100040080020080, 0x0800120400900148, 0x0010040A00128541,
    0x2800804000800030, 0x1010002000400041, 0x4000200011004100, 0x0610008410800800,
    0x0400802402800800, 0xC100020080800400, 0x0002000802000401, 0x0182085882000401,
    0x0220204000808000, 0x2860100040024022, 0x0001002004110040, 0x99101042000A0020,
    0x0004080004008080, 0x0010040002008080, 0x2012004881020004, 0x8300842444820011,
    0x0088403882010200, 0x0820400080210100, 0x0110910040A00300, 0x0801100280080480,
    0x0242009008200600, 0x1002000489500200, 0x0040800200010080, 0x0091800041000080,
    0x0000209300488001, 0x04C1002414824001, 0x020020000B001041, 0x7000100004200901,
    0x8002002004100802, 0x30010002084C0007, 0x0888221800813004, 0x4000002840840112,
];

#[rustfmt::skip]
const BISHOP_FACTORS: [u64; 64] = [
    0xA010041108003100, 0x006082020A002900, 0x6810010619200000, 0x08281A0520000408,
    0x0001104001000400, 0x0018901008048400, 0x00040A0210245280, 0x000200210808A402,
    0x9140048410821200, 0x0800091010820041, 0x20504804832202C0, 0x0100091401081000,
    0x8021011140000012, 0x0810020804450400, 0x208B0542109008A2, 0x0080084A08040204,
    0x0040E2A80811244C, 0x2505022008008108, 0x0430220100420040, 0x010A040420220040,
    0x1105000290400000, 0x0093001200822120, 0x4000A62048043004, 0x280120048A015004,
    0x006090002A020814, 0x44042000240800D0, 0x01102800040A4400, 0x1004080080220040,
    0x0001001011004024, 0x0010044000805040, 0x0914041200820100, 0x0004821012821480,
    0x0024040500C05021, 0x0088611002080200, 0x0116080A00040020, 0x4000020080080080,
    0x2450450140840040, 0x0000880201484100, 0x0222020404020092, 0x8081110600002E00,
    0x2842101105000801, 0x1100809008001025, 0x00020202221C0400, 0x0422014022009020,
    0x0210046102100C00, 0xC004008082029102, 0x00AA461801101200, 0x0404080080201108,
    0x020542108C205002, 0x0410544804100100, 0x0040910841100000, 0x0400200042021100,
    0x00004204850400C0, 0x0200100410A42102, 0x1040020801210102, 0x0805040410420000,
    0x2884804130100200, 0x800C262201242000, 0x1058000194108800, 0x0014221054420204,
    0x0104000012A02200, 0x0200881003300100, 0x0140400202840100, 0x0402020801010201,
];

/// Rook entries take 102,400 slots and bishop entries 5,248 after them.
const SLIDER_TABLE_SIZE: usize = 107_648;

const fn magics(factors: &[u64; 64], directions: &[(i32, i32); 4], first_offset: usize) -> [Magic; 64] {
    let mut magics = [Magic { mask: 0, factor: 0, shift: 0, offset: 0 }; 64];
    let mut offset = first_offset;
    let mut square = 0;
    while square < 64 {
        let mask = relevant_blockers(square, directions);
        let bits = mask.count_ones();
        magics[square] = Magic { mask, factor: factors[square], shift: 64 - bits, offset };
        offset += 1 << bits;
        square += 1;
    }
    magics
}

static ROOK_MAGICS: [Magic; 64] = magics(&ROOK_FACTORS, &ROOK_DIRECTIONS, 0);
static BISHOP_MAGICS: [Magic; 64] = magics(&BISHOP_FACTORS, &BISHOP_DIRECTIONS, 102_400);

/// Fills the table by enumerating every blocker subset with the carry-rippler trick.
const fn fill_slider_table(
    mut table: [Bitboard; SLIDER_TABLE_SIZE],
    magics: &[Magic; 64],
    directions: &[(i32, i32); 4],
) -> [Bitboard; SLIDER_TABLE_SIZE] {
    let mut square = 0;
    while square < 64 {
        let magic = magics[square];
        let mut subset: u64 = 0;
        loop {
            table[magic.index(subset)] = Bitboard(slide_attacks(square, subset, directions));
            subset = subset.wrapping_sub(magic.mask) & magic.mask;
            if subset == 0 {
                break;
            }
        }
        square += 1;
    }
    table
}

#[allow(long_running_const_eval)]
static SLIDER_ATTACKS: [Bitboard; SLIDER_TABLE_SIZE] = fill_slider_table(
    fill_slider_table([Bitboard::EMPTY; SLIDER_TABLE_SIZE], &ROOK_MAGICS, &ROOK_DIRECTIONS),
    &BISHOP_MAGICS,
    &BISHOP_DIRECTIONS,
);

/// For each pair of squares on a common line, the whole line through both (edge to edge).
const fn line_table() -> [[Bitboard; 64]; 64] {
    let mut table = [[Bitboard::EMPTY; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            if a != b {
                let rook_a = slide_attacks(a, 0, &ROOK_DIRECTIONS);
                let bishop_a = slide_attacks(a, 0, &BISHOP_DIRECTIONS);
                if rook_a & (1 << b) != 0 {
                    let line = (rook_a & slide_attacks(b, 0, &ROOK_DIRECTIONS)) | (1 << a) | (1 << b);
                    table[a][b] = Bitboard(line);
                } else if bishop_a & (1 << b) != 0 {
                    let line = (bishop_a & slide_attacks(b, 0, &BISHOP_DIRECTIONS)) | (1 << a) | (1 << b);
                    table[a][b] = Bitboard(line);
                }
            }
            b += 1;
        }
        a += 1;
    }
    table
}

/// For each pair of squares on a common line, the squares strictly between them.
const fn between_table() -> [[Bitboard; 64]; 64] {
    let mut table = [[Bitboard::EMPTY; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let blocker_b = 1 << b;
            let blocker_a = 1 << a;
            let rook = slide_attacks(a, blocker_b, &ROOK_DIRECTIONS);
            let bishop = slide_attacks(a, blocker_b, &BISHOP_DIRECTIONS);
            if a != b && rook & blocker_b != 0 {
                table[a][b] = Bitboard(rook & slide_attacks(b, blocker_a, &ROOK_DIRECTIONS));
            } else if a != b && bishop & blocker_b != 0 {
                table[a][b] = Bitboard(bishop & slide_attacks(b, blocker_a, &BISHOP_DIRECTIONS));
            }
            b += 1;
        }
        a += 1;
    }
    table
}

#[allow(long_running_const_eval)]
static LINES: [[Bitboard; 64]; 64] = line_table();
#[allow(long_running_const_eval)]
static BETWEEN: [[Bitboard; 64]; 64] = between_table();

/// Returns the squares a knight on `square` attacks.
#[inline]
pub fn knight(square: Square) -> Bitboard {
    KNIGHT_ATTACKS[square.index()]
}

/// Returns the squares a king on `square` attacks.
#[inline]
pub fn king(square: Square) -> Bitboard {
    KING_ATTACKS[square.index()]
}

/// Returns the squares a pawn of `color` on `square` attacks (its diagonal captures).
#[inline]
pub fn pawn(color: Color, square: Square) -> Bitboard {
    PAWN_ATTACKS[color.index()][square.index()]
}

/// Returns the squares a rook on `square` attacks, given the occupied squares.
#[inline]
pub fn rook(square: Square, occupied: Bitboard) -> Bitboard {
    SLIDER_ATTACKS[ROOK_MAGICS[square.index()].index(occupied.0)]
}

/// Returns the squares a bishop on `square` attacks, given the occupied squares.
#[inline]
pub fn bishop(square: Square, occupied: Bitboard) -> Bitboard {
    SLIDER_ATTACKS[BISHOP_MAGICS[square.index()].index(occupied.0)]
}

/// Returns the squares a queen on `square` attacks, given the occupied squares.
#[inline]
pub fn queen(square: Square, occupied: Bitboard) -> Bitboard {
    rook(square, occupied) | bishop(square, occupied)
}

/// Returns the squares a piece attacks from `square`, given the occupied squares.
#[inline]
pub fn attacks(color: Color, role: Role, square: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn(color, square),
        Role::Knight => knight(square),
        Role::Bishop => bishop(square, occupied),
        Role::Rook => rook(square, occupied),
        Role::Queen => queen(square, occupied),
        Role::King => king(square),
    }
}

/// Returns the squares whose occupancy changes the attacks of a rook on `square`: its rays
/// without the edge square that ends each.
///
/// ```
/// use chess_core::{attacks, Bitboard, Square};
///
/// assert_eq!(attacks::rook_blockers(Square::A1).len(), 12);
/// let occupied = Bitboard::from(Square::A8) | Square::D1;
/// let relevant = occupied & attacks::rook_blockers(Square::A1);
/// assert_eq!(attacks::rook(Square::A1, relevant), attacks::rook(Square::A1, occupied));
/// ```
#[inline]
pub fn rook_blockers(square: Square) -> Bitboard {
    Bitboard(ROOK_MAGICS[square.index()].mask)
}

/// Returns the squares whose occupancy changes the attacks of a bishop on `square`: its
/// diagonals without the edge square that ends each.
///
/// ```
/// use chess_core::{attacks, Square};
///
/// assert_eq!(attacks::bishop_blockers(Square::D4).len(), 9);
/// ```
#[inline]
pub fn bishop_blockers(square: Square) -> Bitboard {
    Bitboard(BISHOP_MAGICS[square.index()].mask)
}

/// Returns the squares strictly between `a` and `b` if they share a line, else the empty set.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN[a.index()][b.index()]
}

/// Returns the whole line (edge to edge) through `a` and `b`, or the empty set if they share none.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINES[a.index()][b.index()]
}

/// Tells whether `a`, `b` and `c` lie on one line.
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_lookups_agree_with_ray_walking() {
        let mut state = 0x1234_5678_9abc_def0_u64;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let occupied = state & state.rotate_left(17);
            for square in Square::ALL {
                let i = square.index();
                assert_eq!(rook(square, Bitboard(occupied)).0, slide_attacks(i, occupied, &ROOK_DIRECTIONS));
                assert_eq!(bishop(square, Bitboard(occupied)).0, slide_attacks(i, occupied, &BISHOP_DIRECTIONS));
            }
        }
    }

    #[test]
    fn blockers_are_the_squares_that_change_slider_attacks() {
        for square in Square::ALL {
            for (attacks, blockers) in
                [(rook as fn(Square, Bitboard) -> Bitboard, rook_blockers(square)), (bishop, bishop_blockers(square))]
            {
                let open = attacks(square, Bitboard::EMPTY);
                for other in Square::ALL {
                    let changes = attacks(square, Bitboard::from(other)) != open;
                    assert_eq!(blockers.contains(other), changes, "{square} {other}");
                }
            }
        }
    }

    #[test]
    fn step_tables() {
        assert_eq!(knight(Square::D4).len(), 8);
        assert_eq!(king(Square::H8), Bitboard::from(Square::G8) | Square::G7 | Square::H7);
        assert_eq!(pawn(Color::White, Square::A2), Bitboard::from(Square::B3));
        assert_eq!(pawn(Color::Black, Square::E5), Bitboard::from(Square::D4) | Square::F4);
    }

    #[test]
    fn rays() {
        assert_eq!(between(Square::A1, Square::B3), Bitboard::EMPTY);
        assert_eq!(between(Square::E1, Square::E4), Bitboard::from(Square::E2) | Square::E3);
        assert_eq!(line(Square::B2, Square::C3).len(), 8);
        assert_eq!(line(Square::A1, Square::B3), Bitboard::EMPTY);
        assert!(aligned(Square::A1, Square::H8, Square::D4));
    }
}
