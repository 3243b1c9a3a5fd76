/**
 * Just enough PNG for the demo's bill pictures (and their tests): read an 8-bit, non-interlaced PNG (grey, grey+alpha,
 * RGB or RGBA — what a Chromium screenshot or our own writer gives) as grey levels on white, and write grey levels as
 * an 8-bit greyscale PNG. node:zlib does the compression; no image library is needed to copy pixels.
 */
import { deflateSync, inflateSync } from 'node:zlib';

/** A greyscale picture: one byte a pixel, 0 black … 255 white, rows top to bottom. */
export interface GreyImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Uint8Array) {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * An 8-bit greyscale PNG of the picture. Rows are stored unfiltered: deflate finds a bill's blank rows and margins
 * one row back by itself, which here compresses better than the "Up" filter and costs no pass over the pixels in JS.
 */
export function encodeGreyPng(img: GreyImage, level = 6): Buffer {
  const { width, height, pixels } = img;
  if (pixels.length !== width * height) throw new RangeError(`expected ${width * height} pixels, got ${pixels.length}`);
  const raw = Buffer.alloc((width + 1) * height); // each row: filter type 0, then its pixels
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0; // not interlaced
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

function paeth(a: number, b: number, c: number) {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Reads an 8-bit non-interlaced PNG as grey levels (luminance; a transparent pixel reads as white). */
export function decodePngGrey(png: Uint8Array): GreyImage {
  const buf = Buffer.from(png.buffer, png.byteOffset, png.length);
  if (!buf.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let width = 0;
  let height = 0;
  let colorType = -1;
  const idat: Buffer[] = [];
  for (let p = 8; p < buf.length;) {
    const len = buf.readUInt32BE(p);
    const type = buf.toString('latin1', p + 4, p + 8);
    const data = buf.subarray(p + 8, p + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      colorType = data[9]!;
      if (data[8] !== 8 || data[12] !== 0 || ![0, 2, 4, 6].includes(colorType))
        throw new Error(`unsupported PNG (bit depth ${data[8]}, colour type ${colorType}, interlace ${data[12]})`);
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    p += 12 + len;
  }
  const channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[colorType]!;
  const stride = width * channels;
  const raw = inflateSync(Buffer.concat(idat));
  let cur = new Uint8Array(stride);
  let prev = new Uint8Array(stride);
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const o = y * (stride + 1);
    const filter = raw[o]!;
    if (filter > 4) throw new Error(`bad PNG filter ${filter}`);
    for (let i = 0; i < stride; i++) {
      const x = raw[o + 1 + i]!;
      const a = i >= channels ? cur[i - channels]! : 0;
      const b = prev[i]!;
      const c = i >= channels ? prev[i - channels]! : 0;
      cur[i] =
        (filter === 0
          ? x
          : filter === 1
            ? x + a
            : filter === 2
              ? x + b
              : filter === 3
                ? x + ((a + b) >> 1)
                : x + paeth(a, b, c)) & 0xff;
    }
    for (let x = 0; x < width; x++) {
      const s = x * channels;
      let v: number;
      if (channels <= 2) v = cur[s]!;
      else v = Math.round(0.299 * cur[s]! + 0.587 * cur[s + 1]! + 0.114 * cur[s + 2]!);
      if (channels === 2 || channels === 4) {
        const alpha = cur[s + channels - 1]!;
        v = Math.round((v * alpha + 255 * (255 - alpha)) / 255);
      }
      pixels[y * width + x] = v;
    }
    [prev, cur] = [cur, prev];
  }
  return { width, height, pixels };
}
