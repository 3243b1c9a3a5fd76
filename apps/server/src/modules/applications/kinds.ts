import { fromSatang } from '@khabkhi/thai';
import { S } from './money.js';

export type Kind = 'course' | 'fee' | 'request';

export const m = (v: string) => fromSatang(S(v));

export const kindLabel = (k: string) => (k === 'fee' ? 'ใบค่าธรรมเนียม' : k === 'request' ? 'ใบคำร้อง' : 'ใบสมัคร');
