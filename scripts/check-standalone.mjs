// `node scripts/check-standalone.mjs [ROOT]`: fails when a tracked file of the repository refers
// to a path outside it, so a fresh clone never depends on folders that happen to sit beside the
// checkout on one machine. ROOT defaults to the repository holding this script. Uses only Node's
// standard library and git, so it runs before `npm ci` on any supported Node.
//
// What counts as a reference out of the repository (only tracked files are read):
//   - a relative path starting with parent steps that, resolved against the folder of the file
//     that names it, climbs above ROOT;
//   - a relative path that names nothing in the folder it is resolved against (neither tracked
//     nor ignored by git as a build output) but climbs above ROOT when resolved against ROOT
//     itself: the shape of a test that joins its repository root with a parent folder's path;
//   - an absolute path into one machine's own folders: under /work, a home folder or /Users.
// A line opts out when it, or the line above it, holds the marker `standalone-ok` and a reason
// (e.g. a test of relative URLs, which are not file paths); the marker is meant to be rare.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const MARKER = 'standalone-ok';
// A "../" path token: not part of a longer path or word ("a/../b", "x..", "...spread").
const RELATIVE = /(?<![\w./$}~@-])\.\.(?=[/'"`\s)\]]|$)(?:\/[^\s'"`)\]>,;*?#{}|<\\]*)?/g;
const ABSOLUTE = /(?<![\w./-])\/(?:work|home\/[\w.-]+|Users\/[\w.-]+)\/[^\s'"`)\]>,;*?#{}|<\\]*/g;

/** Runs git in ROOT and returns its output. */
function git(args, input) {
  return execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', input });
}

/** A path without its last extension: imports name `x.js` or `x` for the source `x.ts`. */
function stem(rel) {
  const ext = path.posix.extname(rel);
  return ext ? rel.slice(0, -ext.length) : rel;
}

const tracked = git(['ls-files', '-z']).split('\0').filter(Boolean);
// Every tracked file and folder, by stem.
const known = new Set();
for (const file of tracked) {
  known.add(stem(file));
  for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir)) {
    known.add(dir);
  }
}

/** True when a path inside ROOT names something tracked, or something git ignores (built). */
const ignoredCache = new Map();
function namesSomething(rel) {
  if (rel === '' || known.has(rel) || known.has(stem(rel))) return true;
  if (!ignoredCache.has(rel)) {
    // "dist/" in .gitignore matches folders only; a path named without a slash may be one.
    const ignored = [rel, `${rel}/`].some((candidate) => {
      try {
        git(['check-ignore', '--no-index', '-q', candidate]);
        return true;
      } catch {
        return false;
      }
    });
    ignoredCache.set(rel, ignored);
  }
  return ignoredCache.get(rel);
}

/** A path token as written, less the full stop of a sentence that ends right after it. */
function trimToken(token) {
  return token.replace(/(?<!\.)\.$/, '');
}

/** Why a relative path found in FILE leaves the repository, or null when it stays inside. */
function outsideReason(file, token) {
  const target = token.replace(/\/+$/, '') || '.';
  const fromFile = path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
  if (fromFile === '..' || fromFile.startsWith('../')) {
    return `climbs out of the repository from ${path.posix.dirname(file)}/`;
  }
  // Check only as far as the first named segment: deeper parts may be generated at run time.
  const climbs = target.match(/^(?:\.\.\/?)+/)?.[0] ?? '';
  const first = target.slice(climbs.length).split('/')[0];
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), climbs || '.'));
  const named = first ? path.posix.join(base, first) : base;
  if (namesSomething(named === '.' ? '' : named)) return null;
  const fromRoot = path.posix.normalize(target);
  if (fromRoot === '..' || fromRoot.startsWith('../')) {
    return `names nothing at ${named}, and climbs out of the repository from its root`;
  }
  return null;
}

/** True when the first 8 KB hold a NUL byte (images, fonts, archives). */
function isBinary(buffer) {
  return buffer.subarray(0, 8192).includes(0);
}

const problems = [];
for (const file of tracked) {
  const full = path.join(root, file);
  let buffer;
  try {
    buffer = fs.readFileSync(full);
  } catch {
    continue; // deleted in the working tree, or a submodule
  }
  if (isBinary(buffer)) continue;
  const lines = buffer.toString('utf8').split('\n');
  lines.forEach((line, index) => {
    if (line.includes(MARKER) || lines[index - 1]?.includes(MARKER)) return;
    for (const match of line.matchAll(RELATIVE)) {
      const token = trimToken(match[0]);
      const reason = outsideReason(file, token);
      if (reason) problems.push(`${file}:${index + 1}: ${token} ${reason}`);
    }
    for (const match of line.matchAll(ABSOLUTE)) {
      const token = trimToken(match[0]);
      problems.push(`${file}:${index + 1}: ${token} is an absolute path of one machine`);
    }
  });
}

if (problems.length > 0) {
  console.error(`check-standalone: ${problems.length} reference(s) to paths outside ${root}:`);
  for (const problem of problems) console.error(`  ${problem}`);
  console.error(`Keep what the project needs inside it, or mark a deliberate line "${MARKER}".`);
  process.exit(1);
}
process.stdout.write(
  `check-standalone: ${tracked.length} tracked files refer only to paths inside the repository\n`,
);
