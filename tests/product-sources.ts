import fs from 'node:fs';
import path from 'node:path';

/** The repository's root folder. */
export const repoRoot = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(file);
    const isSource = /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name);
    return isSource ? [file] : [];
  });
}

/**
 * The product's source files, packages/<name>/src, tests left out (tests and bench scripts are
 * processes of their own), as paths relative to the root with forward slashes.
 */
export function productSources(): string[] {
  return fs.readdirSync(path.join(repoRoot, 'packages')).flatMap((pkg) => {
    const src = path.join(repoRoot, 'packages', pkg, 'src');
    if (!fs.existsSync(src)) return [];
    return sources(src).map((file) => path.relative(repoRoot, file).split(path.sep).join('/'));
  });
}
