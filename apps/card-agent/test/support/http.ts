import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
  ms: number;
}

/** A plain request (so Host and Origin can be set freely), JSON-decoded, with its duration. */
export function request(
  port: number,
  path: string,
  opts: { method?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Reply> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: opts.method ?? 'GET',
        headers: opts.headers,
        timeout: opts.timeoutMs ?? 15000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: any = text;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ms: Date.now() - started });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`request ${path} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

export async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}
