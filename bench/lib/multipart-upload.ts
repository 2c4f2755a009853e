import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export interface UploadAnswer {
  status: number;
  body: string;
  millis: number;
}

interface UploadOptions {
  url: string;
  token: string;
  fields: Record<string, string>;
  fileField: string;
  contentType?: string;
  agent?: http.Agent;
}

/**
 * POSTs a multipart/form-data body through node:http: the text fields, then each file streamed from
 * disk in turn under `fileField` (never held in memory), with a Content-Length so nothing is chunked.
 */
export function uploadFiles(options: UploadOptions & { filePaths: readonly string[] }): Promise<UploadAnswer> {
  const boundary = `----srpf-bench-${randomBytes(12).toString('hex')}`;
  const fieldParts = Buffer.from(
    Object.entries(options.fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join(''),
  );
  const heads = options.filePaths.map((filePath, index) =>
    Buffer.from(
      `${index > 0 ? '\r\n' : ''}--${boundary}\r\nContent-Disposition: form-data; name="${options.fileField}"; filename="${path.basename(filePath)}"\r\n` +
        `Content-Type: ${options.contentType ?? 'application/pdf'}\r\n\r\n`,
    ),
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length =
    fieldParts.length +
    heads.reduce((sum, head) => sum + head.length, 0) +
    options.filePaths.reduce((sum, filePath) => sum + statSync(filePath).size, 0) +
    tail.length;
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
          'content-length': length,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            millis: performance.now() - started,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.write(fieldParts);
    const send = (index: number) => {
      if (index === options.filePaths.length) {
        request.end(tail);
        return;
      }
      request.write(heads[index]);
      const file = createReadStream(options.filePaths[index]!);
      file.on('error', reject);
      file.on('end', () => send(index + 1));
      file.pipe(request, { end: false });
    };
    send(0);
  });
}

/** One file under `fileField`, as above. */
export function uploadMultipart(options: UploadOptions & { filePath: string }): Promise<UploadAnswer> {
  return uploadFiles({ ...options, filePaths: [options.filePath] });
}
