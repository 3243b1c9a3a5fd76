/**
 * Khabkhi card agent: reads the Thai national ID card in the counter PC's PC/SC reader for the
 * dashboard. `npm start -w apps/card-agent` (see README.md for configuration and auto-start).
 */
import { type AgentConfig, loadConfig } from './config.js';
import { PcscCardSource } from './pcsc.js';
import { AGENT_VERSION, createAgentServer } from './server.js';

let config: AgentConfig;
try {
  config = loadConfig();
} catch (e) {
  console.error(`Card agent configuration error: ${(e as Error).message}`);
  process.exit(2);
}
const log = config.quiet ? () => {} : (msg: string) => console.log(`${new Date().toISOString()} ${msg}`);

const source = await PcscCardSource.create({
  readerFilter: config.readerFilter,
  transmitTimeoutMs: config.transmitTimeoutMs,
  log,
});
const server = createAgentServer(config, source, log);

server.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EADDRINUSE') {
    console.error(
      `Port ${config.port} on ${config.host} is in use: is the card agent already running? (set CARD_AGENT_PORT to use another port)`,
    );
  } else {
    console.error(`Card agent server error: ${err.message}`);
  }
  process.exit(1);
});

server.listen(config.port, config.host, () => {
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  // Tests read this line to find the port when CARD_AGENT_PORT=0.
  console.log(`khabkhi card agent ${AGENT_VERSION} listening on http://${config.host}:${port}`);
  log(`allowed origins: ${config.origins.join(', ') || '(none)'}`);
});

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping`);
  const force = setTimeout(() => process.exit(0), 3000);
  force.unref();
  server.close();
  server.closeAllConnections();
  source.close().finally(() => process.exit(0));
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
