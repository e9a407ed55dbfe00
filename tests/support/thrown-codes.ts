import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument, ERROR_CODES, type ErrorCode } from '@mapsmith/core';
import ts from 'typescript';

/**
 * Issue 27 point 4: which error codes each handler of an operation may throw, read statically
 * with the type checker over the sources of every package. From each handler (a property or
 * method of a handler table named by an operation) it follows every function, method and
 * factory it reaches (the app's answers, core's sitemap download, the refusals' factories) and
 * collects the codes they construct errors with: a code given as an argument, a factory's
 * default code where a call leaves it out, and the `code:` of an object literal it reads (a
 * table of refusals). Static, because driving every refusal of every operation would need a
 * fixture for each (a full disk, PayPal declining) and would still prove only the refusals
 * someone thought of; the reading is an over-approximation (every branch counts), which is what
 * "may throw" means. The server's routes (declared-codes.test.ts) and the desktop's IPC
 * handlers (tests/desktop/declared-codes.test.ts) are read by this one module.
 */
export const PACKAGES = fileURLToPath(new URL('../../packages/', import.meta.url));
/** The docs themselves name codes (the reference's generator adds the shared ones): not throws. */
const NOT_THROWERS = [
  path.join(PACKAGES, 'core/src/openapi'),
  path.join(PACKAGES, 'core/src/contract/operation-docs'),
];
const CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/** The TypeScript sources below `dir`, tests left out. */
export function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * Whether `declaration` is documented `@throws nothing`: work it starts apart from its caller
 * (a queue's `wake`), whose failures are recorded or logged, never thrown to the caller.
 */
function throwsNothing(declaration: ts.Declaration): boolean {
  return ts
    .getJSDocTags(declaration)
    .some(
      (tag) =>
        tag.tagName.text === 'throws' &&
        /^nothing\b/.test(ts.getTextOfJSDocComment(tag.comment) ?? ''),
    );
}

/**
 * The codes each operation's handler may throw: every handler table under `handlers` (a
 * folder), its entries recognised by `isOperation` on their quoted names.
 */
export function thrownCodes(
  handlers: string,
  isOperation: (name: string) => boolean,
): Map<string, Set<ErrorCode>> {
  const program = ts.createProgram(sources(handlers), {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2023,
    customConditions: ['source'],
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const ours = (node: ts.Node) => {
    const file = path.normalize(node.getSourceFile().fileName);
    return (
      file.startsWith(PACKAGES) &&
      !file.includes(`${path.sep}node_modules${path.sep}`) &&
      !node.getSourceFile().isDeclarationFile &&
      !NOT_THROWERS.some((dir) => file.startsWith(dir))
    );
  };
  const declarationOf = (node: ts.Node): ts.Declaration | undefined => {
    let symbol = checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    let declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
    // `{ read, pdf }`: the shorthand property is the function of that name.
    if (declaration && ts.isShorthandPropertyAssignment(declaration))
      declaration = checker.getShorthandAssignmentValueSymbol(declaration)?.valueDeclaration;
    return declaration && ours(declaration) ? declaration : undefined;
  };
  const codeOf = (node: ts.Node | undefined): ErrorCode | undefined => {
    if (node && (ts.isAsExpression(node) || ts.isSatisfiesExpression(node)))
      return codeOf(node.expression);
    return node && ts.isStringLiteralLike(node) && CODES.has(node.text)
      ? (node.text as ErrorCode)
      : undefined;
  };
  /** The code a declaration's body, a function or a class's constructor, is walked from. */
  const bodyOf = (d: ts.Declaration | undefined): ts.Node | undefined => {
    if (!d || throwsNothing(d)) return undefined;
    if (ts.isClassDeclaration(d)) return d.members.find(ts.isConstructorDeclaration);
    let value: ts.Node | undefined =
      ts.isVariableDeclaration(d) || ts.isPropertyAssignment(d) ? d.initializer : d;
    // `{ ... } as const satisfies ...`: the table itself.
    while (value && (ts.isAsExpression(value) || ts.isSatisfiesExpression(value)))
      value = value.expression;
    return value && (ts.isFunctionLike(value) || ts.isObjectLiteralExpression(value))
      ? value
      : undefined;
  };
  const parametersOf = (d: ts.Declaration): readonly ts.ParameterDeclaration[] => {
    const body = bodyOf(d);
    return body && ts.isFunctionLike(body) ? body.parameters : [];
  };
  const memo = new Map<ts.Node, Set<ErrorCode>>();
  const codesIn = (root: ts.Node): Set<ErrorCode> => {
    const known = memo.get(root);
    if (known) return known;
    const found = new Set<ErrorCode>();
    memo.set(root, found);
    const add = (code: ErrorCode | undefined) => code && found.add(code);
    const visit = (node: ts.Node): void => {
      // A parameter's default code counts where a call leaves the argument out (below).
      if (ts.isParameter(node)) return;
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const callee = ts.isPropertyAccessExpression(node.expression)
          ? node.expression.name
          : node.expression;
        const declaration = declarationOf(callee);
        if (declaration) {
          const args = node.arguments ?? [];
          for (const arg of args) add(codeOf(arg));
          for (const param of parametersOf(declaration).slice(args.length))
            add(codeOf(param.initializer));
        }
      }
      // A table of refusals: `{ code: 'limit.plan', title: ... }`.
      if (
        ts.isPropertyAssignment(node) &&
        ts.isIdentifier(node.name) &&
        node.name.text === 'code' &&
        ts.isObjectLiteralExpression(node.parent)
      )
        add(codeOf(node.initializer));
      if (ts.isIdentifier(node)) {
        const body = bodyOf(declarationOf(node));
        if (body && body !== root) for (const code of codesIn(body)) found.add(code);
      }
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(root, visit);
    return found;
  };
  const thrown = new Map<string, Set<ErrorCode>>();
  const root = path.normalize(handlers);
  for (const file of program.getSourceFiles()) {
    if (!path.normalize(file.fileName).startsWith(root)) continue;
    const visit = (node: ts.Node): void => {
      if (
        (ts.isPropertyAssignment(node) || ts.isMethodDeclaration(node)) &&
        ts.isStringLiteral(node.name) &&
        isOperation(node.name.text)
      ) {
        const codes = thrown.get(node.name.text) ?? new Set();
        for (const code of codesIn(node)) codes.add(code);
        thrown.set(node.name.text, codes);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return thrown;
}

/** The codes the API reference lists for each operation, every status together. */
export function documentedCodes(): Map<string, Set<string>> {
  const documented = new Map<string, Set<string>>();
  for (const pathItem of Object.values(buildOpenApiDocument().paths))
    for (const operation of Object.values(pathItem)) {
      const codes = new Set<string>();
      for (const response of Object.values(operation.responses))
        for (const code of response.content?.['application/json']?.schema.properties?.code?.enum ??
          [])
          codes.add(String(code));
      documented.set(operation.operationId, codes);
    }
  return documented;
}

/**
 * Codes the reading finds in a handler's path that the handler cannot answer, each with why:
 * the reading counts every branch, and these branches are closed by a value it does not follow.
 */
export const NOT_ANSWERED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'crawl.stop': { 'crawl.not-paused': 'CrawlControls.ask answers it to resume only' },
  'crawl.pause': { 'crawl.not-paused': 'CrawlControls.ask answers it to resume only' },
  'crawl.pdf': {
    'crawl.not-finished':
      'readClientReport reads the SEO, changes and charts of a completed crawl only',
    'crawl.other-site': 'readClientReport reads the changes without another crawl',
    'not-found': 'charts reads the crawl the report has just found (gone between two reads only)',
  },
  'bulk.start': {
    'limit.monthly':
      'admitCrawlStart refuses it on a plan with a month cap; bulk is Pro, which has none',
    'limit.plan': 'admitCrawlStart refuses it on a plan without crawls; bulk is Pro, which crawls',
  },
  'bulk.download': {
    'crawl.not-found':
      'bulkZipEntries reads the completed sites the bulk record has just listed (gone between two reads only)',
    'crawl.not-finished':
      'bulkZipEntries reads the completed sites only (CrawlAnswers.exportOf checks it again)',
  },
  'user.delete': {
    'auth.invalid-login': 'recheckPassword turns sign-in’s 401 into auth.wrong-password',
  },
};
