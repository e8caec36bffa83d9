// The Chinese characters the page can show: every CJK character (ideographs, CJK and full-width
// punctuation) in the page's own files and in the Rust sources that write texts for it (the
// server, the site's policy, chess-core's texts). A superset: a doc comment's characters count
// too. `node page-chars.mjs` prints them; the font subset is cut to them.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The folders whose files hold the page's texts, from the repository's root. */
const SOURCES = ['examples/web/static', 'examples/web/src', 'examples/session/src', 'chess-core/src'];
const TEXT_FILE = /\.(rs|js|html)$/;
const CJK = /[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/gu;

function* files(folder) {
  for (const name of readdirSync(folder)) {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) yield* files(file);
    else if (TEXT_FILE.test(name)) yield file;
  }
}

/** The characters, each once, in code point order. */
export function pageCharacters() {
  const found = new Set();
  for (const source of SOURCES) {
    for (const file of files(path.join(ROOT, source))) {
      for (const [character] of readFileSync(file, 'utf8').matchAll(CJK)) found.add(character);
    }
  }
  return [...found].sort().join('');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(pageCharacters());
