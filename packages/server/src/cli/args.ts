/**
 * The one option parser of every `mapsmith` command: a command declares its options once (type,
 * value name, help line) and both the parser and the help text read that declaration, so the
 * two cannot drift. Light on purpose: `mapsmith --help` loads this and nothing heavy.
 */
import { parseArgs } from 'node:util';

/** One option of a command, as the parser and the help text see it. */
export interface OptionSpec {
  /** `string` takes a value (`--out DIR`, `--out=DIR`); `boolean` is a flag. */
  readonly type: 'string' | 'boolean';
  /** The value's name in help ("N", "DIR"); string options only. */
  readonly value?: string;
  /** The option may be given several times; its values are collected in order. */
  readonly multiple?: boolean;
  /** The help line; `\n` continues it on the next line, aligned. */
  readonly help: string;
}

/** A command's options by long name (without the leading `--`). */
export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

type ValueOf<O extends OptionSpec> = O['type'] extends 'boolean'
  ? boolean
  : O['multiple'] extends true
    ? string[]
    : string;

/** What the user gave for each option; options not given are absent. */
export type OptionValues<S extends OptionSpecs> = { [K in keyof S]?: ValueOf<S[K]> };

/** A mistake in the command line: printed as one plain line with a pointer to `--help`. */
export class UsageError extends Error {}

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The candidate a mistyped `name` most likely meant: the nearest by edit distance when it is
 * close enough to be a typo (a third of the name, at least 2), or the only one it begins.
 */
export function closeMatch(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const candidate of candidates) {
    const d = distance(name, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  if (best !== undefined) return best;
  const started = candidates.filter((c) => name.length >= 3 && c.startsWith(name));
  return started.length === 1 ? started[0] : undefined;
}

function unknownOption(rawName: string, name: string, specs: OptionSpecs): string {
  const match = closeMatch(name, Object.keys(specs));
  return `unknown option ${rawName}${match ? `; did you mean --${match}?` : ''}`;
}

/**
 * Parses `argv` against `specs`: options anywhere, `--name value` or `--name=value`, `--` ends
 * options. Throws a {@link UsageError} naming the close match of an unknown option, a missing
 * value, or a value given to a flag.
 */
export function parseOptions<S extends OptionSpecs>(
  argv: readonly string[],
  specs: S,
): { values: OptionValues<S>; positionals: string[] } {
  const options = Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => [name, { type: spec.type }]),
  );
  const { tokens } = parseArgs({
    args: [...argv],
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const values: Record<string, string | boolean | string[]> = {};
  const positionals: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') positionals.push(token.value);
    if (token.kind !== 'option') continue;
    const spec = specs[token.name];
    if (!spec) throw new UsageError(unknownOption(token.rawName, token.name, specs));
    if (spec.type === 'boolean') {
      if (token.value !== undefined) throw new UsageError(`${token.rawName} takes no value`);
      values[token.name] = true;
      continue;
    }
    const value = token.value;
    // `--out --json`: the user forgot the value; taking "--json" as a file name would surprise.
    if (value === undefined || (!token.inlineValue && value.startsWith('--')))
      throw new UsageError(
        `${token.rawName} needs a value (${token.rawName} ${spec.value ?? 'VALUE'})`,
      );
    if (spec.multiple) values[token.name] = [...((values[token.name] as string[]) ?? []), value];
    else values[token.name] = value;
  }
  return { values: values as OptionValues<S>, positionals };
}

function head(name: string, spec: OptionSpec): string {
  return `  --${name}${spec.type === 'string' ? ` ${spec.value ?? 'VALUE'}` : ''}`;
}

/**
 * The option lines of a help text in declaration order, their help aligned in one column wide
 * enough for `alignWith` (default: these options; a help in sections passes all of them).
 */
export function optionHelp(specs: OptionSpecs, alignWith: OptionSpecs = specs): string {
  const heads = Object.entries(specs).map(([name, spec]) => head(name, spec));
  const width =
    Object.entries(alignWith).reduce((w, [name, spec]) => Math.max(w, head(name, spec).length), 0) +
    2;
  return Object.values(specs)
    .map((spec, i) => {
      const [first, ...rest] = spec.help.split('\n');
      const more = rest.map((line) => `\n${' '.repeat(width)}${line}`).join('');
      return `${(heads[i] ?? '').padEnd(width)}${first}${more}`;
    })
    .join('\n');
}

/** A whole number of at least `min` from an option's text; a usage error otherwise. */
export function wholeNumber(name: string, text: string | undefined, min: number) {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < min)
    throw new UsageError(`--${name} must be a whole number of at least ${min}, not "${text}"`);
  return n;
}

/** One of `choices`, or a usage error that lists them. */
export function oneOf<T extends string>(name: string, text: string, choices: readonly T[]): T {
  if ((choices as readonly string[]).includes(text)) return text as T;
  const last = choices.at(-1);
  const list = `${choices.slice(0, -1).join(', ')} or ${last}`;
  throw new UsageError(`--${name} must be ${list}, not "${text}"`);
}
