import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export interface UploadAnswer {
  status: number;
  body: string;
  millis: number;
}

/**
 * POSTs a multipart/form-data body through node:http: the text fields, then the file streamed from
 * disk under `fileField` (never held in memory), with a Content-Length so nothing is chunked.
 */
export function uploadMultipart(options: {
  url: string;
  token: string;
  fields: Record<string, string>;
  fileField: string;
  filePath: string;
  contentType?: string;
  agent?: http.Agent;
}): Promise<UploadAnswer> {
  const boundary = `----srpf-bench-${randomBytes(12).toString('hex')}`;
  const fieldParts = Object.entries(options.fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const head = Buffer.from(
    `${fieldParts}--${boundary}\r\nContent-Disposition: form-data; name="${options.fileField}"; filename="${path.basename(options.filePath)}"\r\n` +
      `Content-Type: ${options.contentType ?? 'application/pdf'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = statSync(options.filePath).size;
  const url = new URL(options.url);
  const started = performance.now();

  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        method: 'POST',
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        agent: options.agent,
        headers: {
          authorization: `Bearer ${options.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), millis: performance.now() - started }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.write(head);
    const file = createReadStream(options.filePath);
    file.on('error', reject);
    file.on('end', () => request.end(tail));
    file.pipe(request, { end: false });
  });
}
