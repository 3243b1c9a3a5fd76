/**
 * Hardware-free demo on Linux (root): a private pcscd with the vpcd virtual reader, the agent on
 * its normal port, and an emulated Thai ID card (the sample card) you insert/remove with Enter.
 *   npm run demo:virtual -w apps/card-agent      then: curl http://127.0.0.1:8189/readCard
 */
import { SAMPLE_CARD, SimulatedThaiIdCard } from '../src/simcard.js';
import { DEFAULT_PORT } from '../src/config.js';
import { startAgent } from '../test/support/agent.js';
import { startPcscd } from '../test/support/pcscd.js';
import { VirtualCard } from '../test/support/vicc.js';

const port = Number(process.env.CARD_AGENT_PORT || DEFAULT_PORT);
const pcscd = await startPcscd();
const agent = await startAgent(pcscd.env, 15000, port).catch(async (e) => {
  await pcscd.stop();
  throw e;
});
let card: VirtualCard | undefined;

const toggle = async () => {
  if (card) {
    await card.remove();
    card = undefined;
    console.log('card removed');
  } else {
    card = await VirtualCard.insert(pcscd.ports[0], new SimulatedThaiIdCard(SAMPLE_CARD));
    console.log('card inserted (นางสาว สมศรี ใจงาม, 1103700456783)');
  }
};

const shutdown = async () => {
  await card?.remove();
  await agent.stop();
  await pcscd.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

console.log(`pcscd: ${pcscd.mode}, vpcd ports ${pcscd.ports.join('/')}; agent on http://127.0.0.1:${agent.port}`);
console.log(
  `try: curl -s http://127.0.0.1:${agent.port}/readCard?photo=0 ; curl -s http://127.0.0.1:${agent.port}/status`,
);
console.log('Enter: insert/remove the card, Ctrl-C: stop');
await toggle();
process.stdin.on('data', () => void toggle());
