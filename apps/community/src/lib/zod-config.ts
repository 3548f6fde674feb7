import { z } from 'zod';

// zod v4 compiles object parsers with `new Function` when the page allows it, and probes by trying.
// The app's CSP (the same as the panel's) has no 'unsafe-eval', so the probe would only log a violation: parse without it.
z.config({ jitless: true });
