//! A position + any bytes as a Polyglot book (each entry whose key's first byte is even gets
//! the position's key, so lookups find entries; the first byte's low bit sorts the entries):
//! the book reads exactly when its length is a multiple of 16 and its keys are sorted, and then
//! lookups, moves and choices agree with a plain scan of the entries.
#![no_main]

#[path = "common.rs"]
mod common;

use chess_core::book::{Book, BookError, Entry};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (pos, rest) = common::position_and_rest(data);
    let Some((&flags, rest)) = rest.split_first() else { return };
    let key = pos.zobrist_key();
    let mut bytes = rest.to_vec();
    let mut entries: Vec<[u8; 16]> = Vec::new();
    for chunk in bytes.chunks_exact_mut(16) {
        if chunk[0] % 2 == 0 {
            chunk[..8].copy_from_slice(&key.to_be_bytes());
        }
        entries.push(chunk.try_into().unwrap());
    }
    if flags & 1 == 1 {
        entries.sort_by_key(|e| Entry::from_bytes(e).key);
        let whole = entries.len() * 16;
        bytes[..whole].copy_from_slice(&entries.concat());
    }
    let entries: Vec<Entry> = entries.iter().map(Entry::from_bytes).collect();
    let sorted = entries.windows(2).all(|w| w[0].key <= w[1].key);

    let book = match Book::from_bytes(&bytes) {
        Err(BookError::Length { len }) => {
            assert!(len == bytes.len() && len % 16 != 0);
            return;
        }
        Err(BookError::Unsorted { index }) => {
            assert!(bytes.len() % 16 == 0 && !sorted);
            assert!(entries[index].key < entries[index - 1].key);
            assert!(entries[..index].windows(2).all(|w| w[0].key <= w[1].key));
            return;
        }
        Err(error) => panic!("unexpected error {error}"),
        Ok(book) => book,
    };
    assert!(bytes.len() % 16 == 0 && sorted);
    assert_eq!(book.len(), entries.len());
    assert!(book.iter().eq(entries.iter().copied()));
    assert_eq!(book.get(entries.len()), None);

    let for_key: Vec<Entry> = entries.iter().copied().filter(|e| e.key == key).collect();
    assert!(book.entries_for_key(key).eq(for_key.iter().copied()));
    let legal = pos.legal_moves();
    let minimum = u16::from(flags >> 1);
    let found: Vec<_> = book.find_all(&pos, minimum, &[]).collect();
    let expected: Vec<_> = for_key
        .iter()
        .filter(|e| e.weight >= minimum)
        .filter_map(|e| e.to_move(&pos).ok().map(|mv| (mv, *e)))
        .collect();
    assert_eq!(found.iter().map(|f| (f.mv, f.entry)).collect::<Vec<_>>(), expected);
    for f in &found {
        assert!(legal.contains(&f.mv));
        assert_eq!(f.mv.from(), f.entry.from());
    }
    let best = book.find(&pos, minimum, &[]);
    assert_eq!(best.map(|b| b.entry.weight), found.iter().map(|f| f.entry.weight).max());
    if let Some(first) = found.first() {
        let excluded: Vec<_> = book.find_all(&pos, minimum, &[first.mv]).collect();
        assert!(excluded.iter().all(|f| f.mv != first.mv));
    }

    let mut numbers = rest.iter().rev().map(|&b| u64::from(b)).cycle();
    let mut random = |bound: u64| numbers.next().unwrap_or(0) % bound;
    let chosen = book.choice(&pos, minimum, &[], &mut random);
    assert_eq!(chosen.is_some(), !found.is_empty());
    assert!(chosen.is_none_or(|c| found.contains(&c)));
    let weighted = book.weighted_choice(&pos, &[], &mut random);
    assert!(weighted.is_none_or(|c| c.entry.weight > 0 && book.find_all(&pos, 1, &[]).any(|f| f == c)));
    assert_eq!(weighted.is_some(), book.find_all(&pos, 1, &[]).next().is_some());
});
