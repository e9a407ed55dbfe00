/** The product version, reported in the user agent and `/api/health`. */
export const VERSION = '0.1.0';

/** Where the product lives; robots.txt owners can read who is crawling them. */
export const PRODUCT_URL = 'https://mapsmith.app/bot';

/** The crawler's user agent. robots.txt groups match on the `MapsmithBot` product token. */
export const USER_AGENT = `MapsmithBot/${VERSION} (+${PRODUCT_URL})`;

/** The token robots.txt `User-agent:` lines are matched against (RFC 9309 §2.2.1). */
export const ROBOTS_TOKEN = 'MapsmithBot';
