import { startServer } from './start-server.ts';

// The server's entry (deploy/panel@.service's ExecStart, `npm start`): configured by the
// environment alone. The start itself is in start-server.ts.
void startServer();
