/**
 * The parts of undici the fetcher uses, each loaded from its own file. undici's index loads all
 * of undici (fetch, WebSocket, EventSource, mock agents, caches, proxies: ~100 modules), which
 * cost every `mapsmith` start ~0.05 s of CPU (a fifth of `mapsmith crawl`'s start-up) for parts
 * no command uses. The index also adds the request API to every dispatcher's prototype; here
 * `request` is called on the agent instead. Types: undici's own, from its index.
 */
import type { Agent, Dispatcher } from 'undici';
import request from 'undici/lib/api/api-request.js';
import connect from 'undici/lib/core/connect.js';
import AgentClass from 'undici/lib/dispatcher/agent.js';

export { AgentClass as Agent, connect as connectorBuilder };

/** `agent.request(options)` of undici's request API. */
export function requestOn(
  agent: Agent,
  options: Dispatcher.RequestOptions,
): Promise<Dispatcher.ResponseData> {
  return request.call(agent, options);
}
