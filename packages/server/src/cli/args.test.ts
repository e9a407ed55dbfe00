import { describe, expect, it } from 'vitest';
import { closeMatch, type OptionSpecs, optionHelp, parseOptions, UsageError } from './args.js';

const specs = {
  formats: { type: 'string', value: 'LIST', help: 'formats' },
  out: { type: 'string', value: 'DIR', help: 'folder\nsecond line' },
  include: { type: 'string', value: 'PATTERN', multiple: true, help: 'repeatable' },
  json: { type: 'boolean', help: 'as JSON' },
  'no-sitemaps': { type: 'boolean', help: 'no seeds' },
} as const satisfies OptionSpecs;

const parse = (...argv: string[]) => parseOptions(argv, specs);
const error = (...argv: string[]) => {
  try {
    parse(...argv);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error('expected a usage error');
};

describe('parseOptions', () => {
  it('takes --name value, --name=value, flags, repeats and positionals anywhere', () => {
    const { values, positionals } = parse(
      'a',
      '--formats',
      'xml,html',
      '--include=/blog/*',
      'b',
      '--include',
      '/news/*',
      '--json',
      '--no-sitemaps',
      '--',
      '--not-an-option',
    );
    expect(values).toEqual({
      formats: 'xml,html',
      include: ['/blog/*', '/news/*'],
      json: true,
      'no-sitemaps': true,
    });
    expect(positionals).toEqual(['a', 'b', '--not-an-option']);
  });

  it('names the close match of an unknown option, and only a close one', () => {
    expect(error('--formt', 'xml')).toBe('unknown option --formt; did you mean --formats?');
    expect(error('--jsn')).toBe('unknown option --jsn; did you mean --json?');
    expect(error('--includes', 'x')).toBe('unknown option --includes; did you mean --include?');
    expect(error('--nositemaps')).toBe('unknown option --nositemaps; did you mean --no-sitemaps?');
    expect(error('--colour')).toBe('unknown option --colour');
    expect(error('-x')).toBe('unknown option -x');
  });

  it('refuses a missing value, a value swallowing the next option, and a value on a flag', () => {
    expect(error('--out')).toBe('--out needs a value (--out DIR)');
    expect(error('--out', '--json')).toBe('--out needs a value (--out DIR)');
    expect(error('--json=yes')).toBe('--json takes no value');
    // A value of its own that merely starts with a dash is still a value.
    expect(parse('--out=--odd', '--include', '-x').values).toEqual({
      out: '--odd',
      include: ['-x'],
    });
  });
});

describe('closeMatch', () => {
  it('suggests typos and unique prefixes, nothing for unrelated words', () => {
    const names = ['serve', 'backup', 'crawl', 'export', 'validate'];
    expect(closeMatch('crwal', names)).toBe('crawl');
    expect(closeMatch('valid', names)).toBe('validate');
    expect(closeMatch('exprot', names)).toBe('export');
    expect(closeMatch('frobnicate', names)).toBeUndefined();
  });
});

describe('optionHelp', () => {
  it('aligns help lines and continues a multi-line help under the first', () => {
    expect(optionHelp({ out: specs.out, json: specs.json })).toBe(
      '  --out DIR  folder\n             second line\n  --json     as JSON',
    );
  });
});
