// Google's robots.txt library expectations, transcribed from google/robotstxt robots_test.cc at
// commit c8ac4b1d93183ddcab30d09415356bf52550c6a5 (Apache-2.0). Each `it` names the gtest it
// comes from. Deliberate differences, each marked where it occurs:
// - ID_Encoding: URLs here go through the WHATWG URL parser, which percent-encodes a raw `ツ`
//   before matching (the caller's duty in Google's API), and RFC 9309 §2.2.2's own table says
//   `/foo/bar/%62%61%7A` matches `/foo/bar/baz`, which Google's test says "should not be relied
//   on"; we follow the RFC.
// - Tests of Google's parse callbacks (line counting, BOM, directive counts) are transcribed as
//   their observable effect on matching and Sitemap lines.
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from './robots-txt.js';

const allowed = (robotstxt: string, agent: string, url: string) =>
  parseRobotsTxt(robotstxt, 'http://foo.bar/robots.txt').isAllowed(url, agent);

describe("Google's robots_test.cc", () => {
  it('GoogleOnly_SystemTest', () => {
    expect(allowed('', 'FooBot', 'http://foo.bar/')).toBe(true);
  });

  it('ID_LineSyntax_Line', () => {
    const url = 'http://foo.bar/x/y';
    expect(allowed('user-agent: FooBot\ndisallow: /\n', 'FooBot', url)).toBe(false);
    expect(allowed('foo: FooBot\nbar: /\n', 'FooBot', url)).toBe(true);
    expect(allowed('user-agent FooBot\ndisallow /\n', 'FooBot', url)).toBe(false);
  });

  it('ID_LineSyntax_Groups', () => {
    const txt =
      'allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\n' +
      'disallow: /\nallow: /y/\n\n\nallow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\n' +
      'allow: /z/\ndisallow: /\n';
    expect(allowed(txt, 'FooBot', 'http://foo.bar/x/b')).toBe(true);
    expect(allowed(txt, 'FooBot', 'http://foo.bar/z/d')).toBe(true);
    expect(allowed(txt, 'FooBot', 'http://foo.bar/y/c')).toBe(false);
    expect(allowed(txt, 'BarBot', 'http://foo.bar/y/c')).toBe(true);
    expect(allowed(txt, 'BarBot', 'http://foo.bar/w/a')).toBe(true);
    expect(allowed(txt, 'BarBot', 'http://foo.bar/z/d')).toBe(false);
    expect(allowed(txt, 'BazBot', 'http://foo.bar/z/d')).toBe(true);
    for (const bot of ['FooBot', 'BarBot', 'BazBot'])
      expect(allowed(txt, bot, 'http://foo.bar/foo/bar/')).toBe(false);
  });

  it('ID_LineSyntax_Groups_OtherRules', () => {
    const a = 'User-agent: BarBot\nSitemap: https://foo.bar/sitemap\nUser-agent: *\nDisallow: /\n';
    expect(allowed(a, 'FooBot', 'http://foo.bar/')).toBe(false);
    expect(allowed(a, 'BarBot', 'http://foo.bar/')).toBe(false);
    const b = 'User-agent: FooBot\nInvalid-Unknown-Line: unknown\nUser-agent: *\nDisallow: /\n';
    expect(allowed(b, 'FooBot', 'http://foo.bar/')).toBe(false);
    expect(allowed(b, 'BarBot', 'http://foo.bar/')).toBe(false);
  });

  it('ID_REPLineNamesCaseInsensitive', () => {
    for (const txt of [
      'USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n',
      'user-agent: FooBot\nallow: /x/\ndisallow: /\n',
      'uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n',
    ]) {
      expect(allowed(txt, 'FooBot', 'http://foo.bar/x/y')).toBe(true);
      expect(allowed(txt, 'FooBot', 'http://foo.bar/a/b')).toBe(false);
    }
  });

  it('ID_UserAgentValueCaseInsensitive', () => {
    for (const txt of [
      'User-Agent: FOO BAR\nAllow: /x/\nDisallow: /\n',
      'User-Agent: foo bar\nAllow: /x/\nDisallow: /\n',
      'User-Agent: FoO bAr\nAllow: /x/\nDisallow: /\n',
    ])
      for (const agent of ['Foo', 'foo']) {
        expect(allowed(txt, agent, 'http://foo.bar/x/y')).toBe(true);
        expect(allowed(txt, agent, 'http://foo.bar/a/b')).toBe(false);
      }
  });

  it('GoogleOnly_AcceptUserAgentUpToFirstSpace', () => {
    const txt = 'User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n';
    expect(allowed(txt, 'Foo', 'http://foo.bar/x/y')).toBe(true);
    expect(allowed(txt, 'Foo Bar', 'http://foo.bar/x/y')).toBe(false);
  });

  it('ID_GlobalGroups_Secondary', () => {
    const url = 'http://foo.bar/x/y';
    const global = 'user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n';
    const specific =
      'user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\nuser-agent: BazBot\ndisallow: /\n';
    expect(allowed('', 'FooBot', url)).toBe(true);
    expect(allowed(global, 'FooBot', url)).toBe(false);
    expect(allowed(global, 'BarBot', url)).toBe(true);
    expect(allowed(specific, 'QuxBot', url)).toBe(true);
  });

  it('ID_AllowDisallow_Value_CaseSensitive', () => {
    const url = 'http://foo.bar/x/y';
    expect(allowed('user-agent: FooBot\ndisallow: /x/\n', 'FooBot', url)).toBe(false);
    expect(allowed('user-agent: FooBot\ndisallow: /X/\n', 'FooBot', url)).toBe(true);
  });

  it('ID_LongestMatch', () => {
    const url = 'http://foo.bar/x/page.html';
    const ua = (rules: string) => `user-agent: FooBot\n${rules}`;
    expect(allowed(ua('disallow: /x/page.html\nallow: /x/\n'), 'FooBot', url)).toBe(false);
    expect(allowed(ua('allow: /x/page.html\ndisallow: /x/\n'), 'FooBot', url)).toBe(true);
    expect(allowed(ua('allow: /x/page.html\ndisallow: /x/\n'), 'FooBot', 'http://foo.bar/x/')).toBe(
      false,
    );
    expect(allowed(ua('disallow: \nallow: \n'), 'FooBot', url)).toBe(true);
    expect(allowed(ua('disallow: /\nallow: /\n'), 'FooBot', url)).toBe(true);
    expect(allowed(ua('disallow: /x\nallow: /x/\n'), 'FooBot', 'http://foo.bar/x')).toBe(false);
    expect(allowed(ua('disallow: /x\nallow: /x/\n'), 'FooBot', 'http://foo.bar/x/')).toBe(true);
    expect(allowed(ua('disallow: /x/page.html\nallow: /x/page.html\n'), 'FooBot', url)).toBe(true);
    expect(
      allowed(ua('allow: /page\ndisallow: /*.html\n'), 'FooBot', 'http://foo.bar/page.html'),
    ).toBe(false);
    expect(allowed(ua('allow: /page\ndisallow: /*.html\n'), 'FooBot', 'http://foo.bar/page')).toBe(
      true,
    );
    expect(allowed(ua('allow: /x/page.\ndisallow: /*.html\n'), 'FooBot', url)).toBe(true);
    expect(
      allowed(ua('allow: /x/page.\ndisallow: /*.html\n'), 'FooBot', 'http://foo.bar/x/y.html'),
    ).toBe(false);
    const groups = 'User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n';
    expect(allowed(groups, 'FooBot', 'http://foo.bar/x/page')).toBe(true);
    expect(allowed(groups, 'FooBot', 'http://foo.bar/y/page')).toBe(false);
  });

  it('ID_Encoding', () => {
    const base = 'User-agent: FooBot\nDisallow: /\n';
    expect(
      allowed(
        `${base}Allow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n`,
        'FooBot',
        'http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par',
      ),
    ).toBe(true);
    expect(
      allowed(`${base}Allow: /foo/bar/ツ\n`, 'FooBot', 'http://foo.bar/foo/bar/%E3%83%84'),
    ).toBe(true);
    // Differs: the URL parser encodes the raw character first (see the file comment).
    expect(allowed(`${base}Allow: /foo/bar/ツ\n`, 'FooBot', 'http://foo.bar/foo/bar/ツ')).toBe(
      true,
    );
    expect(
      allowed(`${base}Allow: /foo/bar/%E3%83%84\n`, 'FooBot', 'http://foo.bar/foo/bar/%E3%83%84'),
    ).toBe(true);
    expect(
      allowed(`${base}Allow: /foo/bar/%62%61%7A\n`, 'FooBot', 'http://foo.bar/foo/bar/%62%61%7A'),
    ).toBe(true);
    // Differs: RFC 9309 §2.2.2's table decodes escaped unreserved characters (see above).
    expect(
      allowed(`${base}Allow: /foo/bar/%62%61%7A\n`, 'FooBot', 'http://foo.bar/foo/bar/baz'),
    ).toBe(true);
  });

  it('ID_SpecialCharacters', () => {
    const a = 'User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n';
    expect(allowed(a, 'FooBot', 'http://foo.bar/foo/bar/quz')).toBe(false);
    expect(allowed(a, 'FooBot', 'http://foo.bar/foo/quz')).toBe(true);
    expect(allowed(a, 'FooBot', 'http://foo.bar/foo//quz')).toBe(true);
    expect(allowed(a, 'FooBot', 'http://foo.bar/foo/bax/quz')).toBe(true);
    const b = 'User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n';
    expect(allowed(b, 'FooBot', 'http://foo.bar/foo/bar')).toBe(false);
    expect(allowed(b, 'FooBot', 'http://foo.bar/foo/bar/qux')).toBe(true);
    expect(allowed(b, 'FooBot', 'http://foo.bar/foo/bar/')).toBe(true);
    expect(allowed(b, 'FooBot', 'http://foo.bar/foo/bar/baz')).toBe(true);
    const c = 'User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n';
    expect(allowed(c, 'FooBot', 'http://foo.bar/foo/bar')).toBe(true);
    expect(allowed(c, 'FooBot', 'http://foo.bar/foo/quz')).toBe(false);
  });

  it('GoogleOnly_IndexHTMLisDirectory', () => {
    const txt = 'User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n';
    expect(allowed(txt, 'foobot', 'http://foo.com/allowed-slash/')).toBe(true);
    expect(allowed(txt, 'foobot', 'http://foo.com/allowed-slash/index.htm')).toBe(false);
    expect(allowed(txt, 'foobot', 'http://foo.com/allowed-slash/index.html')).toBe(true);
    expect(allowed(txt, 'foobot', 'http://foo.com/anyother-url')).toBe(false);
  });

  it('GoogleOnly_LineTooLong', () => {
    const maxLine = 2083 * 8;
    const pad = (prefix: string, key: string, ch: string) => {
      let s = prefix;
      while (s.length < maxLine - prefix.length - key.length + 1) s += ch;
      return s;
    };
    const long = pad('/x/', 'disallow: ', 'a');
    const a = `user-agent: FooBot\ndisallow: ${long}/qux\n`;
    expect(allowed(a, 'FooBot', 'http://foo.bar/fux')).toBe(true);
    expect(allowed(a, 'FooBot', `http://foo.bar${long}/fux`)).toBe(false);
    const la = pad('/x/', 'allow: ', 'a');
    const lb = `/x/${'b'.repeat(la.length - 3)}`;
    const b = `user-agent: FooBot\ndisallow: /\nallow: ${la}/qux\nallow: ${lb}/qux\n`;
    expect(allowed(b, 'FooBot', 'http://foo.bar/')).toBe(false);
    expect(allowed(b, 'FooBot', `http://foo.bar${la}/qux`)).toBe(true);
    expect(allowed(b, 'FooBot', `http://foo.bar${lb}/fux`)).toBe(true);
  });

  it('GoogleOnly_DocumentationChecks', () => {
    const check = (rule: string, yes: string[], no: string[]) => {
      const txt = `user-agent: FooBot\ndisallow: /\nallow: ${rule}\n`;
      for (const p of yes) expect(allowed(txt, 'FooBot', `http://foo.bar${p}`), p).toBe(true);
      for (const p of no) expect(allowed(txt, 'FooBot', `http://foo.bar${p}`), p).toBe(false);
    };
    const fish = [
      '/fish',
      '/fish.html',
      '/fish/salmon.html',
      '/fishheads',
      '/fishheads/yummy.html',
      '/fish.html?id=anything',
    ];
    check('/fish', fish, ['/bar', '/Fish.asp', '/catfish', '/?id=fish']);
    check('/fish*', fish, ['/bar', '/Fish.bar', '/catfish', '/?id=fish']);
    check(
      '/fish/',
      ['/fish/', '/fish/salmon', '/fish/?salmon', '/fish/salmon.html', '/fish/?id=anything'],
      ['/bar', '/fish', '/fish.html', '/Fish/Salmon.html'],
    );
    check(
      '/*.php',
      [
        '/filename.php',
        '/folder/filename.php',
        '/folder/filename.php?parameters',
        '//folder/any.php.file.html',
        '/filename.php/',
        '/index?f=filename.php/',
      ],
      ['/bar', '/php/', '/index?php', '/windows.PHP'],
    );
    check(
      '/*.php$',
      ['/filename.php', '/folder/filename.php'],
      [
        '/bar',
        '/filename.php?parameters',
        '/filename.php/',
        '/filename.php5',
        '/php/',
        '/filename?php',
        '/aaaphpaaa',
        '//windows.PHP',
      ],
    );
    check('/fish*.php', ['/fish.php', '/fishheads/catfish.php?parameters'], ['/bar', '/Fish.PHP']);
    const ua = (rules: string) => `user-agent: FooBot\n${rules}`;
    expect(allowed(ua('allow: /p\ndisallow: /\n'), 'FooBot', 'http://example.com/page')).toBe(true);
    expect(
      allowed(
        ua('allow: /folder\ndisallow: /folder\n'),
        'FooBot',
        'http://example.com/folder/page',
      ),
    ).toBe(true);
    expect(
      allowed(ua('allow: /page\ndisallow: /*.htm\n'), 'FooBot', 'http://example.com/page.htm'),
    ).toBe(false);
    expect(allowed(ua('allow: /$\ndisallow: /\n'), 'FooBot', 'http://example.com/')).toBe(true);
    expect(allowed(ua('allow: /$\ndisallow: /\n'), 'FooBot', 'http://example.com/page.html')).toBe(
      false,
    );
  });

  it('ID_LinesNumbersAreCountedCorrectly: every line ending separates lines', () => {
    for (const eol of ['\n', '\r\n', '\r'])
      expect(
        allowed(
          ['User-Agent: foo', 'Allow: /some/path', 'User-Agent: bar', '', '', 'Disallow: /'].join(
            eol,
          ),
          'bar',
          'http://foo.bar/x',
        ),
      ).toBe(false);
  });

  it('ID_UTF8ByteOrderMarkIsSkipped', () => {
    for (const bom of ['\uFEFF', '\uFFFD\uFFFD', '\uFFFD']) {
      const txt = `${bom}User-Agent: foo\nDisallow: /AnyValue\n`;
      expect(allowed(txt, 'foo', 'http://foo.bar/AnyValue')).toBe(false);
    }
  });

  it('ID_NonStandardLineExample_Sitemap: a Sitemap line anywhere', () => {
    const groups = 'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\n';
    const loc = 'http://foo.bar/sitemap.xml';
    expect(
      parseRobotsTxt(`${groups}Sitemap: ${loc}\n`, 'http://foo.bar/robots.txt').sitemaps,
    ).toEqual([loc]);
    expect(
      parseRobotsTxt(`Sitemap: ${loc}\n${groups}`, 'http://foo.bar/robots.txt').sitemaps,
    ).toEqual([loc]);
  });

  it('TestGetPathParamsQuery: the fragment is not part of the matched path', () => {
    const txt = 'user-agent: FooBot\ndisallow: /a/b?c=d&e=f$\n';
    expect(allowed(txt, 'FooBot', 'http://www.example.com/a/b?c=d&e=f#fragment')).toBe(false);
  });
});
