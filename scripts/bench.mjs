// `npm run bench`: runs every `bench:*` script of package.json in turn, each against local
// fixture sites, and fails if any fails.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const { scripts } = JSON.parse(
  fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
);
const benches = Object.keys(scripts).filter((name) => name.startsWith('bench:'));
if (benches.length === 0) {
  process.stdout.write('No benchmarks are defined yet (add bench:* scripts to package.json).\n');
}
for (const name of benches) {
  process.stdout.write(`\n== npm run ${name}\n`);
  execSync(`npm run --silent ${name}`, { stdio: 'inherit' });
}
