/**
 * An undici connector that asks the UrlPolicy about the address a connection really goes to:
 * IP literals before connecting, DNS answers inside the lookup (every address of the answer,
 * so a rebinding answer that mixes public and internal addresses is refused), and the socket's
 * remote address once connected, in case a resolver path skipped the lookup.
 */
import dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import type { buildConnector } from 'undici';
import { FetchError } from '../ports/fetcher.js';
import type { UrlPolicy } from '../ports/url-policy.js';
import { toFetchError } from './fetch-errors.js';
import { connectorBuilder } from './undici-parts.js';

type LookupAddress = { address: string; family: number };

/**
 * The refusal of a name whose answer the policy denies: the very error a name that does not
 * exist gets (`fetch-errors.ts` words ENOTFOUND so), so no answer of the checker, a crawl, an
 * audit or a comparison tells a name that points inside from one that points nowhere (the DNS
 * oracle of issue 30, point 4). Literal addresses keep EBLOCKED: their text says it all.
 */
function refusedName(): FetchError {
  return toFetchError({ code: 'ENOTFOUND' });
}

/** A `lookup` for net.connect that refuses answers the policy denies. */
export function guardedLookup(policy: UrlPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const list = Array.isArray(addresses) ? addresses : [];
      for (const a of list) {
        const decision = policy.checkAddress(a.address);
        if (!decision.allowed) return callback(refusedName(), '', 0);
      }
      if (list.length === 0) return callback(new Error(`no address for ${hostname}`), '', 0);
      const first = list[0] as LookupAddress;
      if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      else callback(null, first.address, first.family);
    });
  };
}

/** Builds the connector; `connectTimeoutMs` bounds the TCP (and TLS) handshake. */
export function guardedConnector(
  policy: UrlPolicy,
  connectTimeoutMs: number,
): buildConnector.connector {
  const base = connectorBuilder({
    timeout: connectTimeoutMs,
    lookup: guardedLookup(policy),
  } as buildConnector.BuildOptions);
  return (options, callback) => {
    const host = options.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) {
      const decision = policy.checkAddress(host);
      if (!decision.allowed)
        return callback(new FetchError(decision.reason, 'EBLOCKED', false), null);
    }
    return base({ ...options, hostname: host }, (err, socket) => {
      if (err || !socket) return callback(err ?? new Error('no socket'), null);
      const remote = socket.remoteAddress;
      const decision = remote
        ? policy.checkAddress(remote)
        : { allowed: false as const, reason: 'no remote address' };
      if (!decision.allowed) {
        socket.destroy();
        return callback(refusedName(), null);
      }
      callback(null, socket);
    });
  };
}
