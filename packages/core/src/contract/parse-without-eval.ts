/**
 * Imported first by the browser entry, for its side effect: the contract's schemas parse
 * without `new Function`. Zod compiles object parsers with it, and probes for it when each
 * object schema is built (at import time), unless `jitless` is set before; a page under a
 * Content-Security-Policy without 'unsafe-eval' (the hosted app, the desktop renderer) refuses
 * both, and the probe is reported as a violation. Parsing stays correct, only uncompiled; the
 * inputs the contract parses are small.
 */
import { z } from 'zod';

z.config({ jitless: true });
