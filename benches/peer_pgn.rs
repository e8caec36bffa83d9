//! pgn-reader + shakmaty's mainline and headers visitors, the peers of chess-core's PGN reader, shared by
//! the criterion bench (benches/pgn.rs) and the profiling example (examples/pgn_profile.rs).

use std::ops::ControlFlow;

use shakmaty_pgn::Position as _;

/// pgn-reader + shakmaty: every mainline SAN checked and played, variations skipped.
#[derive(Default)]
pub struct PeerMainline {
    /// The mainline moves played.
    pub moves: u64,
}

impl pgn_reader::Visitor for PeerMainline {
    type Tags = Option<shakmaty_pgn::Chess>;
    type Movetext = shakmaty_pgn::Chess;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<bool, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: pgn_reader::RawTag<'_>) -> ControlFlow<bool> {
        if name == b"FEN" {
            let Ok(fen) = shakmaty_pgn::fen::Fen::from_ascii(value.as_bytes()) else {
                return ControlFlow::Break(false);
            };
            let Ok(pos) = fen.into_position(shakmaty_pgn::CastlingMode::Chess960) else {
                return ControlFlow::Break(false);
            };
            *tags = Some(pos);
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<bool, Self::Movetext> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }

    fn begin_variation(&mut self, _: &mut Self::Movetext) -> ControlFlow<bool, pgn_reader::Skip> {
        ControlFlow::Continue(pgn_reader::Skip(true))
    }

    fn san(&mut self, pos: &mut Self::Movetext, san: pgn_reader::SanPlus) -> ControlFlow<bool> {
        match san.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                self.moves += 1;
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(false),
        }
    }

    fn end_game(&mut self, _: Self::Movetext) -> bool {
        true
    }
}

/// pgn-reader's headers path: each tag's name and value, the movetext skipped.
#[derive(Default)]
pub struct PeerHeaders {
    /// The tags' names and values, in bytes.
    pub tag_bytes: u64,
}

impl pgn_reader::Visitor for PeerHeaders {
    type Tags = ();
    type Movetext = ();
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<bool, ()> {
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _: &mut (), name: &[u8], value: pgn_reader::RawTag<'_>) -> ControlFlow<bool> {
        self.tag_bytes += (name.len() + value.decode().len()) as u64;
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<bool, ()> {
        ControlFlow::Break(true)
    }

    fn end_game(&mut self, _: ()) -> bool {
        true
    }
}
