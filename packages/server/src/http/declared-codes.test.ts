import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildOpenApiDocument,
  ERROR_CODES,
  type ErrorCode,
  HTTP_ROUTES,
  httpAccess,
  inputRefusal,
  OPERATION_DOCS,
  operations,
  type RoutedOperationName,
  SITE_REFUSED_CODE,
  siteAddressFields,
} from '@mapsmith/core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue 27 point 4: every operation declares the codes it may answer (operation-docs*.ts, the
 * API reference), and this holds the declarations to the code. It reads the handlers
 * statically, with the type checker over the sources of every package: from each route of the
 * server's tables it follows every function, method and factory it reaches (the app's answers,
 * core's sitemap download, the refusals' factories) and collects the codes they construct
 * errors with, a factory's default code included where a call leaves it out. Static, because
 * driving every refusal of 70 operations over HTTP would need a fixture for each (a full disk,
 * PayPal declining) and would still prove only the refusals someone thought of; the reading is
 * an over-approximation (every branch counts), which is what "may throw" means.
 */
const PACKAGES = fileURLToPath(new URL('../../..', import.meta.url));
const ROUTES = path.join(PACKAGES, 'server/src/routes');
/** The docs themselves name codes (the reference's generator adds the shared ones): not throws. */
const NOT_THROWERS = [
  path.join(PACKAGES, 'core/src/openapi'),
  path.join(PACKAGES, 'core/src/contract/operation-docs'),
];
const CODES: ReadonlySet<string> = new Set(ERROR_CODES);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function thrownCodes(): Map<string, Set<ErrorCode>> {
  const program = ts.createProgram(sources(ROUTES), {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
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
  const codeOf = (node: ts.Node | undefined): ErrorCode | undefined =>
    node && ts.isStringLiteralLike(node) && CODES.has(node.text)
      ? (node.text as ErrorCode)
      : undefined;
  /** The code a declaration's body, a function or a class's constructor, is walked from. */
  const bodyOf = (d: ts.Declaration | undefined): ts.SignatureDeclaration | undefined => {
    if (!d) return undefined;
    if (ts.isClassDeclaration(d)) return d.members.find(ts.isConstructorDeclaration);
    const value = ts.isVariableDeclaration(d) || ts.isPropertyAssignment(d) ? d.initializer : d;
    return value && (ts.isFunctionLike(value) || ts.isObjectLiteralExpression(value))
      ? (value as ts.SignatureDeclaration)
      : undefined;
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
          const args = node.arguments ?? ts.factory.createNodeArray();
          for (const arg of args) add(codeOf(arg));
          const params = bodyOf(declaration)?.parameters ?? ts.factory.createNodeArray();
          for (const param of params.slice(args.length)) add(codeOf(param.initializer));
        }
      }
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
  for (const file of program.getSourceFiles()) {
    if (!path.normalize(file.fileName).startsWith(ROUTES)) continue;
    const visit = (node: ts.Node): void => {
      if (
        (ts.isPropertyAssignment(node) || ts.isMethodDeclaration(node)) &&
        ts.isStringLiteral(node.name) &&
        Object.hasOwn(HTTP_ROUTES, node.name.text)
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
function documentedCodes(): Map<string, Set<string>> {
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
const NOT_ANSWERED: Readonly<Partial<Record<RoutedOperationName, Record<string, string>>>> = {
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

/**
 * Codes an operation may answer that no handler constructs: the error handler answers a write
 * that finds the disk full with `storage.full` (errors.ts), whatever the operation.
 */
const ERROR_HANDLER_CODES: readonly ErrorCode[] = ['storage.full'];

/** The codes the binder (mount-operations.ts) answers for an operation before its handler. */
function binderCodes(name: RoutedOperationName): ErrorCode[] {
  const input = operations[name].input;
  const access = httpAccess(name);
  return [
    inputRefusal(input).code,
    ...(siteAddressFields(input).length > 0 ? [SITE_REFUSED_CODE] : []),
    ...(access === 'pro' || access === 'pro-session' ? (['auth.pro-required'] as const) : []),
    ...(access === 'pro-session' ? (['auth.session-required'] as const) : []),
  ];
}

describe('the codes each operation declares', () => {
  const thrown = thrownCodes();
  const documented = documentedCodes();
  const names = Object.keys(HTTP_ROUTES) as RoutedOperationName[];

  it('finds the handler of every operation, and refusals in them', () => {
    expect(names.filter((name) => !thrown.has(name))).toEqual([]);
    expect(new Set([...thrown.values()].flatMap((codes) => [...codes])).size).toBeGreaterThan(50);
  });

  it('keeps its exceptions true: each is a code the reading finds', () => {
    for (const [name, codes] of Object.entries(NOT_ANSWERED))
      for (const code of Object.keys(codes ?? {}))
        expect(thrown.get(name)?.has(code as ErrorCode), `${name} ${code}`).toBe(true);
  });

  it('list every code its handler can answer with', () => {
    const undeclared = names.flatMap((name) =>
      [...(thrown.get(name) ?? [])]
        .filter((code) => !documented.get(name)?.has(code) && !NOT_ANSWERED[name]?.[code])
        .map((code) => `${name} throws ${code}`),
    );
    expect(undeclared).toEqual([]);
  });

  it('list no code its handler never answers with', () => {
    const unthrown = names.flatMap((name) => {
      const answered = new Set([
        ...(thrown.get(name) ?? []),
        ...binderCodes(name),
        ...ERROR_HANDLER_CODES,
      ]);
      return (OPERATION_DOCS[name]?.errors ?? [])
        .filter((code) => !answered.has(code))
        .map((code) => `${name} never throws ${code}`);
    });
    expect(unthrown).toEqual([]);
  });
});
