/**
 * An answer's text as the UTF-8 bytes it leaves as. Buffer.from(text) measures the text's UTF-8 length in one pass
 * over it, then encodes it in a second; for a large answer full of Thai (the exam calendar's week of every session:
 * 268 kB) the measuring pass cost as much as the encoding. A large text is written instead into a buffer big enough
 * for any text of its length (at most three bytes per UTF-16 unit) in one pass, and the bytes written are answered.
 * A short text keeps Buffer.from, which takes its bytes from Node's shared pool.
 */
const POOLED_BELOW = 4096;
/** above this many UTF-16 units the spare room (up to 3 × the length) is not worth the pass it saves */
const ONE_PASS_UP_TO = 1 << 20;

export function utf8Bytes(text: string): Buffer {
  if (text.length < POOLED_BELOW || text.length > ONE_PASS_UP_TO) return Buffer.from(text);
  const room = Buffer.allocUnsafeSlow(text.length * 3);
  return room.subarray(0, room.write(text));
}
