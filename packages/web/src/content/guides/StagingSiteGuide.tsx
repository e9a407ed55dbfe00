/** Guide: crawling a staging site behind basic auth, a cookie or a bearer token (issue 29). */
export function StagingSiteGuide() {
  return (
    <>
      <p>
        A staging site is usually closed to the public: behind HTTP basic auth, a login cookie or a
        token. Mapsmith Pro can crawl it before launch, so you see the sitemap, the broken links and
        the SEO issues while there is still time to fix them.
      </p>
      <h2>Basic auth</h2>
      <p>
        When the browser asks for a user name and password before the site opens, the site uses
        basic auth. Open <strong>Crawl settings</strong>, then <strong>Staging site login</strong>,
        and type the user name and password.
      </p>
      <h2>A login cookie</h2>
      <p>
        Some staging sites set a cookie once you sign in. Copy its name and value from your
        browser&apos;s developer tools and add a header named <code>Cookie</code> with the value{' '}
        <code>name=value</code>, for example <code>staging=1</code>.
      </p>
      <h2>A bearer token</h2>
      <p>
        For a site or preview service that takes a token, add a header named{' '}
        <code>Authorization</code> with the value <code>Bearer</code> followed by the token.
      </p>
      <h2>What is sent where</h2>
      <ul>
        <li>
          The login and headers go only to the crawl&apos;s own site: never to another host, never
          on a redirect that leaves the site, never to third-party requests of a rendered page.
        </li>
        <li>
          They are stored encrypted, shown back masked as ••••, and deleted with the crawl, the
          schedule or your account. They never appear in exports, reports or logs.
        </li>
        <li>
          When the site answers 401 or 403 at the start page, the crawl says the login was refused.
        </li>
      </ul>
      <h2>From the command line</h2>
      <p>
        The CLI takes <code>--auth-user NAME</code> with the password in the environment variable{' '}
        <code>MAPSMITH_AUTH_PASSWORD</code> (so it stays out of your shell history), and{' '}
        <code>--header &apos;Name: value&apos;</code> for each extra header.
      </p>
    </>
  );
}
