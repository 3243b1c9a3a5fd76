/** Documents the server renders (receipts, forms, rosters, payslips): it answers a signed link, opened here. */
import { api } from './client';

/** Opens a signed document link (receipt, form) in a new tab. */
export function openPdf(url: string | null | undefined) {
  if (url) window.open(url, '_blank', 'noopener');
}

/** Asks the server for a document ({ pdf } answer) and opens it. */
export async function printPdf(path: string, body: Record<string, unknown>): Promise<void> {
  openPdf((await api.post<{ pdf: string }>(path, body)).data.pdf);
}
