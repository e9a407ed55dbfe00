/**
 * htmlparser2's Tokenizer, reading runs of plain text in one tight loop. With entity decoding
 * on, its text state looks at each character for `<` and `&` only, one state-machine step per
 * character; a 23 KB page is mostly such text, and those steps were two fifths of a static
 * crawl's HTML parsing. This subclass jumps to the next `<` or `&` instead: the same tokens, in
 * the same order, at the same offsets (checked against the plain Tokenizer in the tests).
 *
 * The fields it reads are private in htmlparser2's types. They are checked once at load: if a
 * later htmlparser2 renames them, the subclass is the plain Tokenizer, slower and still right.
 */
import { Parser, Tokenizer } from 'htmlparser2';

/** The Tokenizer state the text skip reads and moves. */
interface TextState {
  buffer: string;
  index: number;
  offset: number;
  decodeEntities: boolean;
  /**
   * Ours: the next `&` in the chunk at `ampAt` (-1: none), so a page's text runs cost one
   * `indexOf('&')` per `&`, not one per run. Keyed by offset too: a chunk may repeat the last.
   */
  nextAmp?: number;
  ampIn?: string;
  ampAt?: number;
}

type StateText = (this: TextState, c: number) => void;

const LT = 60;
const AMP = 38;

/** A Tokenizer whose text state skips plain characters in one loop (see the file comment). */
export class FastTextTokenizer extends Tokenizer {}

const plainText = (Tokenizer.prototype as unknown as { stateText?: StateText }).stateText;
const probe = new Tokenizer({ decodeEntities: true }, new Parser()) as unknown as TextState;
const known =
  typeof plainText === 'function' &&
  typeof probe.buffer === 'string' &&
  typeof probe.index === 'number' &&
  typeof probe.offset === 'number' &&
  probe.decodeEntities === true;

if (known) {
  Object.defineProperty(FastTextTokenizer.prototype, 'stateText', {
    value: function stateText(this: TextState, c: number): void {
      if (c === LT || c === AMP || !this.decodeEntities) {
        plainText.call(this, c);
        return;
      }
      const { buffer } = this;
      const from = this.index - this.offset + 1;
      let amp = this.nextAmp ?? -1;
      if (this.ampIn !== buffer || this.ampAt !== this.offset || (amp !== -1 && amp < from)) {
        amp = buffer.indexOf('&', from);
        this.nextAmp = amp;
        this.ampIn = buffer;
        this.ampAt = this.offset;
      }
      let stop = buffer.indexOf('<', from);
      if (stop === -1) stop = buffer.length;
      if (amp !== -1 && amp < stop) stop = amp;
      // The parse loop then steps onto that `<` or `&` (or past the end), as it would have.
      this.index = stop + this.offset - 1;
    },
  });
}

/** Whether the fast text state is in use (false: htmlparser2's internals changed). */
export const fastTextInUse = known;
