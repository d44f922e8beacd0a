import { config } from 'zod/v4/core';

// The Content-Security-Policy forbids eval. Zod probes `new Function` when it builds its first object
// schema, to decide whether to compile its parsers, and the browser reports the refused probe as a
// violation although zod catches it. So this runs before any chunk builds a schema: from the entry,
// through `zod/v4/core`, which owns the setting (about 4 KB gzip of zod's core, none of its schemas).
config({ jitless: true });
