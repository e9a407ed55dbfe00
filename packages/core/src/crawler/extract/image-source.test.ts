import { describe, expect, it } from 'vitest';
import { extractHtml } from './html-extractor.js';
import { imgSource, largestCandidate } from './image-source.js';

describe('largestCandidate', () => {
  it('takes the widest w, else the highest density, else the first', () => {
    expect(largestCandidate('a.png 400w, b.png 1200w, c.png 800w')).toBe('b.png');
    expect(largestCandidate('a.png, b.png 2x, c.png 1.5x')).toBe('b.png');
    expect(largestCandidate('a.png 1x, b.png 1x')).toBe('a.png');
    expect(largestCandidate('img,1.png 1x, img,2.png 2x')).toBe('img,2.png');
    expect(largestCandidate('data:image/gif;base64,AAAA 2x, a.png 1x')).toBe('a.png');
    expect(largestCandidate('  ')).toBeNull();
  });
});

describe('imgSource', () => {
  it('reads lazy and responsive attributes before a placeholder src', () => {
    expect(imgSource({ src: 'data:image/gif;base64,R0', 'data-src': '/real.png' })).toBe(
      '/real.png',
    );
    expect(imgSource({ src: '/small.png', srcset: '/small.png 1x, /big.png 2x' })).toBe('/big.png');
    expect(imgSource({ src: '/blank.gif', 'data-srcset': '/a.png 300w, /b.png 600w' })).toBe(
      '/b.png',
    );
    expect(imgSource({ src: 'data:image/png;base64,AAAA' })).toBeNull();
  });

  it('is what the extractor lists, picture sources too', () => {
    const { images } = extractHtml(
      `<img data-src="/lazy.png" src="data:,x" alt="L"><picture><source srcset="/p.avif 1x, /p2.avif 2x"><img src="/p.png" alt="P"></picture>`,
    );
    expect(images).toEqual([
      { src: '/lazy.png', alt: 'L' },
      { src: '/p.png', alt: 'P' },
      { src: '/p2.avif', alt: 'P' },
    ]);
  });
});
