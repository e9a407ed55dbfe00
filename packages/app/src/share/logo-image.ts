import { MAX_LOGO_BYTES, MAX_LOGO_SIDE } from '@mapsmith/core';
import type { AppError } from '../errors.js';
import { invalidInput } from '../refusals.js';

/** A checked logo: its bytes, media type and size. */
export interface LogoImage {
  bytes: Uint8Array;
  type: 'image/png' | 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
}

function refuse(detail: string): AppError {
  return invalidInput('logo', detail, 'Logo refused');
}

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, i: number) => u16le(b, i) | ((b[i + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 65536 + u16be(b, i + 2);
const ascii = (b: Uint8Array, i: number, n: number) =>
  new TextDecoder('latin1').decode(b.subarray(i, i + n));

function pngSize(b: Uint8Array): [number, number] | null {
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!sig.every((v, i) => b[i] === v) || ascii(b, 12, 4) !== 'IHDR') return null;
  return [u32be(b, 16), u32be(b, 20)];
}

function jpegSize(b: Uint8Array): [number, number] | null {
  if (b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] ?? 0;
    // Start of frame (baseline, progressive...; not DHT, JPG or DAC): height then width.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return [u16be(b, i + 7), u16be(b, i + 5)];
    i += 2 + u16be(b, i + 2);
  }
  return null;
}

function webpSize(b: Uint8Array): [number, number] | null {
  if (ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ') return [u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff];
  if (chunk === 'VP8L') {
    const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  if (chunk === 'VP8X') return [u24le(b, 24) + 1, u24le(b, 27) + 1];
  return null;
}

/**
 * Checks an uploaded logo by its bytes, never by a name or a declared type: a PNG, JPEG or
 * WebP whose header gives its size, at most `MAX_LOGO_BYTES` and `MAX_LOGO_SIDE` px a side.
 * Anything else (SVG, which can carry script, among it) is refused with a plain sentence.
 */
export function checkLogo(bytes: Uint8Array): LogoImage {
  if (bytes.length > MAX_LOGO_BYTES)
    throw refuse(`The logo is ${Math.ceil(bytes.length / 1024)} KB; at most 200 KB is accepted.`);
  const kinds = [
    ['image/png', pngSize],
    ['image/jpeg', jpegSize],
    ['image/webp', webpSize],
  ] as const;
  for (const [type, sizeOf] of kinds) {
    const size = sizeOf(bytes);
    if (!size) continue;
    const [width, height] = size;
    if (width < 1 || height < 1) break;
    if (width > MAX_LOGO_SIDE || height > MAX_LOGO_SIDE)
      throw refuse(
        `The logo is ${width}×${height} px; at most ${MAX_LOGO_SIDE} px a side is accepted.`,
      );
    return { bytes, type, width, height };
  }
  throw refuse('The logo must be a PNG, JPEG or WebP image (SVG and other files are refused).');
}
