// Where a CPU profile's time went (issue 28): `node scripts/cpuprofile-top.mjs <dir or
// .cpuprofile> [n]` sums the self time of a `node --cpu-prof` profile by function and by file
// and prints the top n (default 15) of each, with each one's share of the busy (not idle) time.
// For example: `node --cpu-prof --cpu-prof-dir=/tmp/prof packages/server/dist/cli/main.js crawl
// <url> --render never`, then `node scripts/cpuprofile-top.mjs /tmp/prof`. A profile samples
// wall time: on a loaded machine compare shares, not milliseconds.
import fs from 'node:fs';
import path from 'node:path';

const [where = '.', count = '15'] = process.argv.slice(2);
const file = fs.statSync(where).isDirectory()
  ? path.join(
      where,
      fs
        .readdirSync(where)
        .filter((f) => f.endsWith('.cpuprofile'))
        .sort()
        .at(-1) ?? '',
    )
  : where;
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
/** @type {Map<number, number>} node id -> microseconds */
const spent = new Map();
profile.samples.forEach((id, i) => {
  spent.set(id, (spent.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const byFunction = new Map();
const byFile = new Map();
let busy = 0;
for (const node of profile.nodes) {
  const ms = (spent.get(node.id) ?? 0) / 1000;
  const { functionName, url, lineNumber } = node.callFrame;
  const name = functionName || '(anonymous)';
  const source = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/packages\//, '');
  if (name !== '(idle)') busy += ms;
  const key = source ? `${name} ${source}:${lineNumber + 1}` : name;
  byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
  byFile.set(source || name, (byFile.get(source || name) ?? 0) + ms);
}
const top = (map, title) => {
  process.stdout.write(`${title}\n`);
  const rows = [...map].filter(([k]) => k !== '(idle)').sort((a, b) => b[1] - a[1]);
  for (const [key, ms] of rows.slice(0, Number(count)))
    process.stdout.write(
      `${ms.toFixed(0).padStart(7)} ms ${((ms / busy) * 100).toFixed(1).padStart(5)} %  ${key}\n`,
    );
};
process.stdout.write(`${path.basename(file)}: ${busy.toFixed(0)} ms busy\n`);
top(byFunction, 'self time by function');
top(byFile, 'self time by file');
