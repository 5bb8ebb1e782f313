/**
 * zod builds a fast parser with `new Function` when it may. Our content security policy has no
 * 'unsafe-eval', so its one probe is refused, and the browser reports every refusal as a CSP
 * violation (Lighthouse lists it; a report endpoint would receive it) although zod catches it and
 * parses without. `jitless` skips the probe. zod reads this object from globalThis, so it must be
 * set before the first schema is made: it is imported first by main.tsx, and every schema lives
 * in a lazy chunk.
 */
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(g.__zod_globalConfig ??= {}).jitless = true;
