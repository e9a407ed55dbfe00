import dgram from 'node:dgram';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createUrlPolicy } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChromiumRenderer, createChromiumRenderer } from './chromium-renderer.js';

// The attack report's reproduction: a page gathers ICE candidates against STUN and TURN
// servers on a loopback UDP canary. Chromium normally keeps loopback out of WebRTC; the switch
// lets it in, standing in for a server whose network reaches internal UDP services. UDP never
// passes the filtering proxy, so only the profile's WebRTC policy keeps the packets in.
describe('WebRTC in a rendered page', () => {
  let canary: dgram.Socket;
  let packets = 0;
  let site: http.Server;
  let origin = '';
  let gathered: () => void = () => {};
  const gatheringDone = new Promise<void>((r) => {
    gathered = r;
  });
  let renderer: ChromiumRenderer;

  beforeAll(async () => {
    canary = dgram.createSocket('udp4');
    canary.on('message', () => {
      packets++;
    });
    await new Promise<void>((r) => canary.bind(0, '127.0.0.1', r));
    const udp = (canary.address() as AddressInfo).port;
    const page = `<!doctype html><title>rtc</title><div id="root"></div><script>
fetch('/hold').catch(() => {});
const pc = new RTCPeerConnection({ iceServers: [
  { urls: 'stun:127.0.0.1:${udp}' },
  { urls: 'turn:127.0.0.1:${udp}?transport=udp', username: 'u', credential: 'p' },
] });
pc.createDataChannel('x');
pc.onicegatheringstatechange = () => {
  if (pc.iceGatheringState === 'complete') fetch('/gathered').catch(() => {});
};
pc.createOffer().then((o) => pc.setLocalDescription(o));
setTimeout(() => fetch('/gathered').catch(() => {}), 8000);
</script>`;
    site = http.createServer((req, res) => {
      if (req.url === '/gathered') {
        gathered();
        res.end('ok');
      } else if (req.url === '/hold') {
        // Held until gathering ends, so the render waits for it (a request in flight).
        gatheringDone.then(() => res.end('ok'));
      } else res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    renderer = createChromiumRenderer({
      policy: createUrlPolicy({ allowLoopback: true }),
      poolSize: 1,
      settle: { capMs: 15_000 },
      maxRenderMs: 30_000,
      extraArgs: ['--allow-loopback-in-peer-connection'],
    });
  });
  afterAll(async () => {
    await renderer.close();
    site.closeAllConnections();
    await new Promise<void>((r) => site.close(() => r()));
    canary.close();
  });

  it('sends no UDP packet past the proxy', async () => {
    const result = await renderer.render({
      url: `${origin}/`,
      blockMedia: true,
      timeoutMs: 30_000,
    });
    expect(result.html).toContain('<title>rtc</title>');
    await gatheringDone;
    expect(packets).toBe(0);
  }, 60_000);
});
