// `node scripts/handler-sizes.ts [MAX]`: lists the route handlers of the server
// (packages/server/src/routes) and the IPC handlers of the desktop
// (packages/desktop/src/main/handlers) whose body is longer than MAX lines (15 by default):
// issue 27 point 2, handlers only translate. A handler is a function of those folders: an entry
// of a route or handler table (its `handle` when it has one), a function declaration, or a
// function assigned to a constant. Lines are the body's own, braces and the functions nested in
// it (a table's entries, measured on their own) left out; blank lines count.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.join(import.meta.dirname, '..');
const FOLDERS = ['packages/server/src/routes', 'packages/desktop/src/main/handlers'];
const MAX = Number(process.argv[2] ?? 15);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The function a node names, when it is one: a declaration, an arrow, a method. */
function functionOf(node: ts.Node): { name: string; body: ts.Node } | undefined {
  if (ts.isFunctionDeclaration(node) && node.body && node.name)
    return { name: node.name.text, body: node.body };
  if ((ts.isMethodDeclaration(node) || ts.isPropertyAssignment(node)) && node.name) {
    const name = node.name.getText();
    const value = ts.isPropertyAssignment(node) ? node.initializer : node;
    if (ts.isFunctionLike(value) && 'body' in value && value.body)
      return { name, body: value.body as ts.Node };
  }
  if (ts.isVariableDeclaration(node) && node.initializer && ts.isArrowFunction(node.initializer))
    return { name: node.name.getText(), body: node.initializer.body };
  return undefined;
}

const rows: Array<{ lines: number; where: string }> = [];
for (const folder of FOLDERS)
  for (const file of sources(path.join(ROOT, folder))) {
    const text = fs.readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
    /** A body's lines, braces left out. */
    const span = (body: ts.Node) =>
      ts.isBlock(body)
        ? lineOf(body.getEnd()) - lineOf(body.getStart(source)) - 1
        : lineOf(body.getEnd()) - lineOf(body.getStart(source)) + 1;
    /** Lines of the functions directly inside `node` (a table's entries are handlers of their own). */
    const nested = (node: ts.Node): number => {
      let lines = 0;
      ts.forEachChild(node, (child) => {
        const inner = functionOf(child);
        lines += inner ? span(inner.body) : nested(child);
      });
      return lines;
    };
    const visit = (node: ts.Node): void => {
      const found = functionOf(node);
      if (found) {
        const lines = span(found.body) - nested(found.body);
        const where = `${path.relative(ROOT, file)}:${lineOf(node.getStart(source)) + 1} ${found.name}`;
        if (lines > MAX) rows.push({ lines, where });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
rows.sort((a, b) => b.lines - a.lines);
const listed = rows.map(({ lines, where }) => `${String(lines).padStart(4)}  ${where}\n`);
process.stdout.write(
  `${listed.join('')}${rows.length} handlers longer than ${MAX} lines (their own lines: nested handlers apart)\n`,
);
