import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { productSources, repoRoot as root } from './product-sources.js';

/**
 * Calls that may spread into arguments, by file and callee: each spreads a short list whose
 * length the code fixes. `Object.assign({}, ...tables)` merges one route table per resource.
 */
const ALLOWED = new Set(['packages/server/src/http/mount-operations.ts: Object.assign']);

/** Every call or `new` in `file` with a spread argument, as `path:line: callee`. */
function spreadCalls(file: string, text: string): string[] {
  const relative = path.relative(root, file).split(path.sep).join('/');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isCallExpression(node) || ts.isNewExpression(node)) &&
      node.arguments?.some(ts.isSpreadElement) &&
      !ALLOWED.has(`${relative}: ${node.expression.getText(source)}`)
    ) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const call = `${ts.isNewExpression(node) ? 'new ' : ''}${node.expression.getText(source)}`;
      found.push(`${relative}:${line}: ${call}(...)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no array is spread into a call', () => {
  it('finds none in packages/*/src (push(...x) past ~120k items throws "Maximum call stack size exceeded")', () => {
    const found = productSources().flatMap((relative) =>
      spreadCalls(path.join(root, relative), fs.readFileSync(path.join(root, relative), 'utf8')),
    );
    expect(found, 'append in a loop or reduce instead').toEqual([]);
  });

  it('catches push(...x), Math.max(...x) and new X(...x)', () => {
    const probe = path.join(root, 'packages/core/src/probe.ts');
    const found = spreadCalls(
      probe,
      'a.push(...b);\nMath.max(...c);\nnew Set(...d);\nf([...e]);\nconst g = { ...h };\n',
    );
    expect(found).toEqual([
      'packages/core/src/probe.ts:1: a.push(...)',
      'packages/core/src/probe.ts:2: Math.max(...)',
      'packages/core/src/probe.ts:3: new Set(...)',
    ]);
  });
});
