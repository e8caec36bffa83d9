// The shipped Chinese font (static/noto-sans-sc-subset.woff2, cut by scripts/subset-font.py)
// has every Chinese character of the page's texts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { pageCharacters } from '../scripts/page-chars.mjs';
import { fontCharacters } from './woff2.js';

test('the font subset has every Chinese character the page texts use (else run scripts/subset-font.py)', async () => {
  const font = fontCharacters(await readFile(new URL('../static/noto-sans-sc-subset.woff2', import.meta.url)));
  const needed = pageCharacters();
  assert.ok(needed.length > 100, `only ${needed.length} characters found`);
  const missing = [...needed].filter((character) => !font.has(character.codePointAt(0)));
  assert.equal(missing.join(''), '', 'characters the subset lacks');
});
