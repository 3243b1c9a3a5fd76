import type { FastifyInstance } from 'fastify';
import { createPdfEngine, type PaperFormat } from './engine.js';
import { applicationHtml, receiptHtml, wrapHtml } from './templates.js';
import type { ApplicationFormData, ReceiptSnapshot } from './types.js';
import type { DocumentPayload } from './links.js';

export type { ApplicationFormData, BranchInfo, ReceiptSnapshot, SchoolInfo } from './types.js';
export { signDocumentLink, verifyDocumentToken, type DocumentPayload } from './links.js';
export { documentBaseCss } from './engine.js';

export interface DocumentEngine {
  receipt(s: ReceiptSnapshot, opts: { copy: boolean; void: boolean; format?: PaperFormat }): Promise<Buffer>;
  applicationForm(d: ApplicationFormData): Promise<Buffer>;
  html(html: string, opts?: { format?: PaperFormat }): Promise<Buffer>;
  close(): Promise<void>;
}

export function createDocumentEngine(opts: { chromiumPath: string; pages?: number }): DocumentEngine {
  const pdf = createPdfEngine(opts);
  return {
    receipt: (s, o) => pdf.render(receiptHtml(s, o), o.format ?? 'a4'),
    applicationForm: async (d) => pdf.render(await applicationHtml(d), 'a4'),
    html: (html, o) => pdf.render(wrapHtml(html), o?.format ?? 'a4'),
    close: () => pdf.close(),
  };
}

export type DocumentResolver = (id: number, payload: DocumentPayload) => Promise<{ pdf: Buffer; filename: string }>;

declare module 'fastify' {
  interface FastifyInstance {
    documents: DocumentEngine;
    documentTypes: Map<string, DocumentResolver>;
  }
}

/** A module tells the document route how to produce one type of document. */
export function registerDocumentType(app: FastifyInstance, type: string, resolver: DocumentResolver) {
  app.documentTypes.set(type, resolver);
}
