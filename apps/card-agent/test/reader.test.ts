import { describe, expect, it } from 'vitest';
import { parseThaiIdData } from '../src/parser.js';
import {
  ApduError,
  FIELDS,
  PHOTO,
  SELECT_THAI_ID,
  exchange,
  getResponseP2,
  readCommand,
  readThaiIdCard,
} from '../src/reader.js';
import {
  ATR_3B67,
  ATR_STANDARD,
  SAMPLE_CARD,
  SAMPLE_PHOTO_JPEG,
  SimulatedThaiIdCard,
  type ThaiIdCardData,
} from '../src/simcard.js';
import { CardError, type CardTransport, hex } from '../src/transport.js';

const BANGKOK_CARD: ThaiIdCardData = {
  cid: '3100600123450',
  nameTh: 'นาย#ณัฐวุฒิ#ปีเตอร์#ศรีสวัสดิ์', // with a middle name
  nameEn: 'Mr.#Nattawut#Peter#Srisawat',
  birth: '25251231',
  gender: '1',
  issueDate: '25600301',
  expireDate: '99999999',
  address: '555/12#หมู่ที่ 3##ซอยลาดพร้าว 101#ถนนลาดพร้าว#แขวงคลองจั่น#เขตบางกะปิ#กรุงเทพมหานคร',
};

const read = async (card: CardTransport, photo = false) => parseThaiIdData(await readThaiIdCard(card, { photo }));
const cmds = (card: SimulatedThaiIdCard) => card.commands.map(hex);

describe('reader against the simulated card', () => {
  it('T=0: SELECT, then each field read with 80 B0 and fetched with GET RESPONSE 00 C0 00 00', async () => {
    const card = new SimulatedThaiIdCard(SAMPLE_CARD);
    const r = await read(card);
    expect(r).toMatchObject({ fname_th: 'สมศรี', sname_th: 'ใจงาม', nat_id: '1103700456783', birthdate: '1990-04-15' });
    const sent = cmds(card);
    expect(sent[0]).toBe(hex(SELECT_THAI_ID));
    expect(sent[0]).toBe('00 A4 04 00 08 A0 00 00 00 54 48 00 01');
    expect(sent[1]).toBe('80 B0 00 04 02 00 0D');
    expect(sent[2]).toBe('00 C0 00 00 0D');
    expect(sent[3]).toBe('80 B0 00 11 02 00 64');
    expect(sent[4]).toBe('00 C0 00 00 64');
    expect(sent).toContain('80 B0 15 79 02 00 64');
    expect(sent).toHaveLength(1 + 2 * Object.keys(FIELDS).length);
  });

  it('ATR 3B 67: GET RESPONSE uses P2 = 01 (and the card refuses P2 = 00)', async () => {
    expect(getResponseP2(ATR_3B67)).toBe(1);
    expect(getResponseP2(ATR_STANDARD)).toBe(0);
    const card = new SimulatedThaiIdCard(SAMPLE_CARD, { atr: '3b67' });
    expect((await read(card)).fname_th).toBe('สมศรี');
    expect(cmds(card)[2]).toBe('00 C0 00 01 0D');
    // The same reads with the wrong variant fail, so the test above is meaningful.
    const wrong = new SimulatedThaiIdCard(SAMPLE_CARD, { atr: '3b67' });
    const forced: CardTransport = { atr: ATR_STANDARD, transmit: (a) => wrong.transmit(a) };
    await expect(readThaiIdCard(forced)).rejects.toThrow(ApduError);
  });

  it('split responses: GET RESPONSE chained while the card answers 61 xx', async () => {
    const card = new SimulatedThaiIdCard(BANGKOK_CARD, { maxChunk: 16 });
    const r = await read(card);
    expect(r.fname_th).toBe('ณัฐวุฒิ');
    expect(r.address_amphor).toBe('บางกะปิ');
    // 100-byte fields come in 7 pieces of at most 16 bytes (3 of them), 8- and 13-byte ones in 1 (5)
    const gets = cmds(card).filter((c) => c.startsWith('00 C0'));
    expect(gets).toHaveLength(3 * 7 + 5);
    const thName = cmds(card).indexOf('80 B0 00 11 02 00 64');
    expect(cmds(card).slice(thName + 1, thName + 4)).toEqual(['00 C0 00 00 64', '00 C0 00 00 54', '00 C0 00 00 44']);
  });

  it('6C xx: resends with the length the card asks for', async () => {
    const card = new SimulatedThaiIdCard(SAMPLE_CARD, { wrongLeFirst: true, maxChunk: 50 });
    const r = await read(card, true);
    expect(r.nat_id).toBe('1103700456783');
    expect(r.photo).toBe(Buffer.from(SAMPLE_PHOTO_JPEG).toString('base64'));
  });

  it('6C xx on the read command itself: the length byte is replaced', async () => {
    const seen: string[] = [];
    const t: CardTransport = {
      atr: ATR_STANDARD,
      async transmit(apdu) {
        seen.push(hex(apdu));
        if (apdu[1] === 0xb0 && apdu[6] === 0x10) return Uint8Array.of(0x6c, 0x04);
        if (apdu[1] === 0xb0) return Uint8Array.of(0x31, 0x32, 0x33, 0x34, 0x90, 0x00);
        return Uint8Array.of(0x6f, 0x00);
      },
    };
    expect(Buffer.from(await exchange(t, readCommand(0x0004, 0x10))).toString()).toBe('1234');
    expect(seen).toEqual(['80 B0 00 04 02 00 10', '80 B0 00 04 02 00 04']);
  });

  it('readers that fetch the response themselves (data + 90 00 at once)', async () => {
    const card = new SimulatedThaiIdCard(BANGKOK_CARD, { mode: 'direct' });
    const r = await read(card);
    expect(cmds(card).some((c) => c.startsWith('00 C0'))).toBe(false);
    expect(r).toMatchObject({
      title_th: 'นาย',
      fname_th: 'ณัฐวุฒิ',
      mname_th: 'ปีเตอร์',
      sname_th: 'ศรีสวัสดิ์',
      mname_en: 'Peter',
      birthdate: '1982-12-31',
      expire_date: null,
      expire_lifetime: true,
      address_no: '555/12',
      address_road: 'หมู่ที่ 3 ซอยลาดพร้าว 101 ถนนลาดพร้าว',
      address_tumbol: 'คลองจั่น',
      address_amphor: 'บางกะปิ',
      address_provinice: 'กรุงเทพมหานคร',
    });
  });

  it('photo: 20 chunks of FF bytes from 0x017B, JPEG cut from the padding', async () => {
    const card = new SimulatedThaiIdCard(SAMPLE_CARD);
    const r = await read(card, true);
    const reads = cmds(card).filter((c) => c.startsWith('80 B0') && c.endsWith('FF'));
    expect(reads).toHaveLength(PHOTO.chunks);
    expect(reads[0]).toBe('80 B0 01 7B 02 00 FF');
    expect(reads[1]).toBe('80 B0 02 7A 02 00 FF');
    expect(reads[19]).toBe(hex(readCommand(0x017b + 19 * 0xff, 0xff)));
    expect(r.photo).toBe(Buffer.from(SAMPLE_PHOTO_JPEG).toString('base64'));
  });

  it('a card without the Thai ID applet is not_thai_id', async () => {
    const card = new SimulatedThaiIdCard(SAMPLE_CARD, { thaiId: false });
    await expect(readThaiIdCard(card)).rejects.toMatchObject({ name: 'CardError', code: 'not_thai_id' });
    expect(card.commands).toHaveLength(1);
  });

  it('an unexpected status word is an ApduError carrying the SW', async () => {
    const t: CardTransport = {
      atr: ATR_STANDARD,
      transmit: async (apdu) => (apdu[1] === 0xa4 ? Uint8Array.of(0x90, 0x00) : Uint8Array.of(0x6f, 0x00)),
    };
    const err = await readThaiIdCard(t).catch((e) => e);
    expect(err).toBeInstanceOf(ApduError);
    expect(err.sw).toBe(0x6f00);
  });

  it('a response shorter than a status word is a read error', async () => {
    const t: CardTransport = { atr: ATR_STANDARD, transmit: async () => Uint8Array.of(0x90) };
    await expect(readThaiIdCard(t)).rejects.toMatchObject({ code: 'read_error' });
  });

  it('a card that never stops saying 61 xx does not loop forever', async () => {
    const t: CardTransport = { atr: ATR_STANDARD, transmit: async () => Uint8Array.of(0x00, 0x61, 0x01) };
    const err = await exchange(t, readCommand(4, 13)).catch((e) => e);
    expect(err).toBeInstanceOf(CardError);
    expect(err.code).toBe('read_error');
  });

  it('the simulated card answers like a card to things it does not know', () => {
    const card = new SimulatedThaiIdCard(SAMPLE_CARD);
    expect(hex(card.respond(readCommand(4, 13)))).toBe('69 85'); // read before SELECT
    expect(hex(card.respond(Uint8Array.of(0x00, 0xc0, 0x00, 0x00, 0x0d)))).toBe('6F 00'); // nothing pending
    expect(hex(card.respond(Uint8Array.of(0x00, 0xb2, 0x00, 0x00, 0x00)))).toBe('6D 00');
  });
});
