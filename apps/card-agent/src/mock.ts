/**
 * GET /mockreadercard: the fixed sample card (src/simcard.ts SAMPLE_CARD), read through the real
 * reader and parser from an in-process simulated card, and marked `mock: true`.
 */
import { parseThaiIdData, type ReadCardOk } from './parser.js';
import { readThaiIdCard, type ReadOptions } from './reader.js';
import { SAMPLE_CARD, SimulatedThaiIdCard } from './simcard.js';

export async function mockReadCard(opts: ReadOptions = {}): Promise<ReadCardOk & { mock: true }> {
  const raw = await readThaiIdCard(new SimulatedThaiIdCard(SAMPLE_CARD), opts);
  return { ...parseThaiIdData(raw), mock: true };
}
