import { expect, type APIRequestContext } from '@playwright/test';
import { ADMIN } from './server.js';
import { makePdf } from './libraries-ui.js';

/**
 * Test set-up for the library tests through the product's own API: folders, documents with their
 * PDF, approvals and acknowledgments, as one signed-in person. What a test checks it still checks on
 * the screens.
 */
export type LibraryPath = 'orders' | 'circulars' | 'government-decisions';

const RECORD_KEYS = { orders: 'order', circulars: 'circular', 'government-decisions': 'decision' } as const;

export interface CreatedDocument {
  id: number;
  title: string;
  version: number;
}

export class LibrariesApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext, email = ADMIN.email, password = ADMIN.password): Promise<LibrariesApi> {
    const response = await request.post('/api/auth/login', { data: { email, password } });
    expect(response.status(), await response.text()).toBe(200);
    return new LibrariesApi(request, ((await response.json()) as { token: string }).token);
  }

  private get headers(): Record<string, string> {
    return { authorization: `Bearer ${this.token}` };
  }

  private async check<T>(what: string, response: Awaited<ReturnType<APIRequestContext['fetch']>>): Promise<T> {
    expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  }

  /** POST /{library}/categories. */
  async createCategory(library: LibraryPath, name: string): Promise<{ id: number; name: string }> {
    const body = await this.check<{ data: { category: { id: number; name: string } } }>(
      `create category ${name}`,
      await this.request.post(`/api/${library}/categories`, { headers: this.headers, data: { name } }),
    );
    return body.data.category;
  }

  /** POST /{library}/subcategories inside a category. */
  async createSubcategory(library: LibraryPath, categoryId: number, name: string): Promise<{ id: number; name: string }> {
    const body = await this.check<{ data: { subcategory: { id: number; name: string } } }>(
      `create subcategory ${name}`,
      await this.request.post(`/api/${library}/subcategories`, { headers: this.headers, data: { category_id: categoryId, name } }),
    );
    return body.data.subcategory;
  }

  /** POST /{library}/upload: a document with a PDF, optionally in a folder. */
  async upload(
    library: LibraryPath,
    fields: {
      title: string;
      effectiveDate?: string;
      categoryId?: number;
      subcategoryId?: number;
      content?: string;
      fileName?: string;
      pdf?: Buffer;
      /** Circulars and decisions: every member must acknowledge it. */
      mandatory?: boolean;
      /** The document of the same library it replaces. */
      supersedesId?: number;
    },
  ): Promise<CreatedDocument> {
    const fileName = fields.fileName ?? 'document.pdf';
    const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
      title: fields.title,
      effective_date: fields.effectiveDate ?? '2026-05-01',
      pdf_file: { name: fileName, mimeType: 'application/pdf', buffer: fields.pdf ?? makePdf(fields.title.replace(/[^\x20-\x7e]/g, '?')) },
    };
    if (fields.categoryId !== undefined) multipart.category_id = String(fields.categoryId);
    if (fields.subcategoryId !== undefined) multipart.subcategory_id = String(fields.subcategoryId);
    if (fields.content !== undefined) multipart.content = fields.content;
    if (fields.mandatory !== undefined) multipart.is_mandatory = String(fields.mandatory);
    if (fields.supersedesId !== undefined) multipart.supersedes_id = String(fields.supersedesId);
    const body = await this.check<{ data: Record<string, CreatedDocument> }>(`upload ${fields.title}`, await this.request.post(`/api/${library}/upload`, { headers: this.headers, multipart }));
    return this.recordOf(library, body);
  }

  /** PUT /{library}/{id} as multipart: a new PDF (a new version) and/or new text fields. */
  async update(library: LibraryPath, id: number, fields: { title?: string; content?: string; fileName?: string; pdf?: Buffer }): Promise<CreatedDocument> {
    const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {};
    if (fields.title !== undefined) multipart.title = fields.title;
    if (fields.content !== undefined) multipart.content = fields.content;
    if (fields.pdf !== undefined) multipart.pdf_file = { name: fields.fileName ?? 'document.pdf', mimeType: 'application/pdf', buffer: fields.pdf };
    const body = await this.check<{ data: Record<string, CreatedDocument> }>(`update ${library} ${id}`, await this.request.put(`/api/${library}/${id}`, { headers: this.headers, multipart }));
    return this.recordOf(library, body);
  }

  private recordOf(library: LibraryPath, body: { data: Record<string, CreatedDocument> }): CreatedDocument {
    const record = body.data[RECORD_KEYS[library]];
    if (!record) throw new Error(`The answer has no data.${RECORD_KEYS[library]}`);
    return record;
  }

  /** DELETE /{library}/categories/{id}: the category, its subcategories and their documents go to the trash. */
  async deleteCategory(library: LibraryPath, id: number): Promise<void> {
    await this.check(`delete category ${id}`, await this.request.delete(`/api/${library}/categories/${id}`, { headers: this.headers }));
  }

  /** DELETE /{library}/subcategories/{id}: the subcategory and its documents go to the trash. */
  async deleteSubcategory(library: LibraryPath, id: number): Promise<void> {
    await this.check(`delete subcategory ${id}`, await this.request.delete(`/api/${library}/subcategories/${id}`, { headers: this.headers }));
  }

  /** DELETE /{library}/{id}: the document goes to the trash. */
  async deleteDocument(library: LibraryPath, id: number): Promise<void> {
    await this.check(`delete ${library} ${id}`, await this.request.delete(`/api/${library}/${id}`, { headers: this.headers }));
  }

  /** POST /{library}/{id}/approve, reject or acknowledge (of `version` when given, as the web sends it). */
  async review(library: LibraryPath, id: number, action: 'approve' | 'reject' | 'acknowledge', version?: number): Promise<void> {
    const data = version === undefined ? undefined : { version };
    await this.check(`${action} ${library} ${id}`, await this.request.post(`/api/${library}/${id}/${action}`, { headers: this.headers, data }));
  }
}
