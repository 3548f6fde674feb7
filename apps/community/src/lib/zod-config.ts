import { z } from 'zod';

// zod v4 compiles object parsers with `new Function` when the page allows it, and probes by trying.
// The app's CSP (the same as the panel's) has no 'unsafe-eval', so the probe would only log a violation: parse without it.
// The Spanish messages are set here too: @panel/shared sets them on import, but the production
// bundle drops that statement (zod is free of side effects for the bundler), and the generic
// messages (type, size, format) then showed in English. Each screen with a form imports this module
// first; Inicio, which parses nothing, loads no zod at all (issue 23, item 11).
z.config({ ...z.locales.es(), jitless: true });
