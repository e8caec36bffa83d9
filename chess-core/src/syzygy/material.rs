//! The material of a table: how many of each piece each side has, and the table's name.

use std::string::String;

use crate::{Board, Color, Role};

/// Piece counts by colour and role (`counts[color][role]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Material {
    counts: [[u8; 6]; 2],
}

impl core::hash::Hash for Material {
    /// One word, the twelve counts four bits each (larger counts only collide): every probe
    /// hashes the material of its position.
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        let packed = self.counts.iter().flatten().fold(0u64, |word, &n| word << 4 ^ u64::from(n));
        state.write_u64(packed);
    }
}

/// The roles in the order of table names: king, queen, rook, bishop, knight, pawn.
const NAME_ORDER: [Role; 6] = [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn];

impl Material {
    pub(crate) fn of(board: &Board) -> Material {
        let mut counts = [[0u8; 6]; 2];
        for color in Color::ALL {
            for role in Role::ALL {
                counts[color.index()][role.index()] = (board.by_color(color) & board.by_role(role)).len() as u8;
            }
        }
        Material { counts }
    }

    /// Reads a table name such as `KRPvKR`: one king each, at most [`MAX_PIECES`] pieces.
    ///
    /// [`MAX_PIECES`]: super::table::MAX_PIECES
    pub(crate) fn parse(name: &str) -> Option<Material> {
        let (white, black) = name.split_once('v')?;
        let mut counts = [[0u8; 6]; 2];
        for (color, side) in [white, black].into_iter().enumerate() {
            for c in side.chars() {
                let role = Role::from_char(c.to_ascii_lowercase()).filter(|_| c.is_ascii_uppercase())?;
                counts[color][role.index()] += 1;
                if counts[color][role.index()] > 7 {
                    return None;
                }
            }
        }
        let material = Material { counts };
        let one_king = counts.iter().all(|side| side[Role::King.index()] == 1);
        (one_king && material.count() as usize <= super::table::MAX_PIECES).then_some(material)
    }

    /// The table name: White's pieces, `v`, Black's, each strongest first (`KQvKR`).
    pub(crate) fn name(&self) -> String {
        let mut name = String::new();
        for color in Color::ALL {
            if color == Color::Black {
                name.push('v');
            }
            for role in NAME_ORDER {
                for _ in 0..self.get(color, role) {
                    name.push(role.upper_char());
                }
            }
        }
        name
    }

    pub(crate) fn get(&self, color: Color, role: Role) -> u8 {
        self.counts[color.index()][role.index()]
    }

    /// The same material with the colours swapped.
    pub(crate) fn mirrored(&self) -> Material {
        Material { counts: [self.counts[1], self.counts[0]] }
    }

    pub(crate) fn count(&self) -> u32 {
        self.counts.iter().flatten().map(|&n| u32::from(n)).sum()
    }

    pub(crate) fn has_pawns(&self) -> bool {
        self.counts.iter().any(|side| side[Role::Pawn.index()] > 0)
    }

    /// How many kinds of piece (colour and role) have exactly one piece.
    pub(crate) fn unique_pieces(&self) -> usize {
        self.counts.iter().flatten().filter(|&&n| n == 1).count()
    }

    /// The pawns of the colour whose pawns lead the encoding (the fewer, White on equal
    /// numbers; the side with any if one has none), then the other colour's.
    pub(crate) fn leading_pawns(&self) -> [u8; 2] {
        let white = self.get(Color::White, Role::Pawn);
        let black = self.get(Color::Black, Role::Pawn);
        if black > 0 && (white == 0 || white > black) { [black, white] } else { [white, black] }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_and_write_back() {
        let m = Material::parse("KRPvKN").unwrap();
        assert_eq!(m.name(), "KRPvKN");
        assert_eq!(m.mirrored().name(), "KNvKRP");
        assert_eq!(m.count(), 5);
        assert!(m.has_pawns());
        assert_eq!(m.leading_pawns(), [1, 0]);
        assert_eq!(Material::parse("KPvKPP").unwrap().leading_pawns(), [1, 2]);
        assert_eq!(Material::parse("KPPvKP").unwrap().leading_pawns(), [1, 2]);
        for bad in ["KQK", "KQvQ", "KKvK", "KxvK", "kqvK", "KQQQQQQvK", ""] {
            assert_eq!(Material::parse(bad), None, "{bad}");
        }
    }
}
