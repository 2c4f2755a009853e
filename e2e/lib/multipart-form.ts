/** Multipart fields as Playwright's `multipart` option writes them: text, or a file with its name and type. */
export type MultipartFields = Record<string, string | { name: string; mimeType: string; buffer: Buffer }>;

/** The same fields as a FormData, for the kit's ApiSession (fetch). */
export function multipartForm(fields: MultipartFields): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.buffer)], { type: value.mimeType }), value.name);
  }
  return form;
}
