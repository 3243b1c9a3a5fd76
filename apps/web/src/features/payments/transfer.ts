/** A transfer's details as the pay forms collect them and the API takes them. */
export interface TransferForm {
  transfer_bank?: string;
  transfer_date?: string | null;
  transfer_time?: string;
  transfer_ref?: string;
  transfer_slip?: string | null;
}

export const TIME_RE = /^([01]?\d|2[0-3])[:.]([0-5]\d)$/;

/** The moment of a transfer from the date and the time typed (Bangkok time), as ISO; null when either is missing or wrong. */
export function transferAt(date: string | null | undefined, time: string | undefined): string | null {
  const m = TIME_RE.exec((time ?? '').trim());
  if (!date || !m) return null;
  return new Date(`${date}T${m[1]!.padStart(2, '0')}:${m[2]}:00+07:00`).toISOString();
}

/** The transfer fields of a payment body (nothing for cash). */
export function transferBody(payType: string, v: TransferForm) {
  if (payType !== 'transfer') return {};
  return {
    transfer_bank: v.transfer_bank ?? '',
    transfer_at: transferAt(v.transfer_date, v.transfer_time),
    transfer_ref: (v.transfer_ref ?? '').trim(),
    transfer_slip: v.transfer_slip ?? null,
  };
}

/** The time now in Bangkok as HH:MM, the default of the transfer time. */
export function nowTimeBangkok(now = new Date()): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Bangkok',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(now);
}
