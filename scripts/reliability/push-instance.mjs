// The reliability suite's launcher for instances that must reach its local push service
// (faults.test.mjs, "pushes across two instances behind nginx"). It starts the built server exactly
// as apps/api/dist/server.js does, with the same environment, working directory and signals
// (components.mjs startInstance runs it in place of the unit's ExecStart), plus one option that only
// code can pass: `localTestService`, which lets pushes go to an http:// listener on 127.0.0.1. No
// setting or environment variable reaches that option (docs/security.md, "20.1 The test switch"),
// so the suite cannot use the unit's entry for this; nothing in deploy/ or the bundle runs this file.
import { startServer } from '../../apps/api/dist/start-server.js';

await startServer({ push: { localTestService: true } });
