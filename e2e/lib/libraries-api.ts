import type {
  TCategoryResponse,
  TLibraryDocumentDetail,
  TLibraryDocumentResponse,
  TSubcategoryResponse,
} from '@srpf/shared';
import { ApiSession } from '@srpf/test-kit';
import { ADMIN } from './server.js';
import { makePdf } from './libraries-ui.js';
import { multipartForm, type MultipartFields } from './multipart-form.js';

/**
 * Test set-up for the library tests through the product's own API: folders, documents with their
 * PDF, approvals and acknowledgments, as one signed-in person. What a test checks it still checks on
 * the screens.
 */
export type LibraryPath = 'orders' | 'circulars' | 'government-decisions';

const RECORD_KEYS = { orders: 'order', circulars: 'circular', 'government-decisions': 'decision' } as const;

/** A document as the server answers it (id, title, version and the rest). */
export type CreatedDocument = TLibraryDocumentDetail;

export class LibrariesApi {
  private constructor(private readonly session: ApiSession) {}

  static async signIn(
    server: { baseUrl: string },
    email = ADMIN.email,
    password = ADMIN.password,
  ): Promise<LibrariesApi> {
    return new LibrariesApi(await ApiSession.signIn(server.baseUrl, { email, password }));
  }

  /** POST /{library}/categories. */
  async createCategory(library: LibraryPath, name: string): Promise<TCategoryResponse['data']['category']> {
    const body = await this.session.post<TCategoryResponse>(`/api/${library}/categories`, { name });
    return body.data.category;
  }

  /** POST /{library}/subcategories inside a category. */
  async createSubcategory(
    library: LibraryPath,
    categoryId: number,
    name: string,
  ): Promise<TSubcategoryResponse['data']['subcategory']> {
    const body = await this.session.post<TSubcategoryResponse>(`/api/${library}/subcategories`, {
      category_id: categoryId,
      name,
    });
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
    const multipart: MultipartFields = {
      title: fields.title,
      effective_date: fields.effectiveDate ?? '2026-05-01',
      pdf_file: {
        name: fileName,
        mimeType: 'application/pdf',
        buffer: fields.pdf ?? makePdf(fields.title.replace(/[^\x20-\x7e]/g, '?')),
      },
    };
    if (fields.categoryId !== undefined) multipart.category_id = String(fields.categoryId);
    if (fields.subcategoryId !== undefined) multipart.subcategory_id = String(fields.subcategoryId);
    if (fields.content !== undefined) multipart.content = fields.content;
    if (fields.mandatory !== undefined) multipart.is_mandatory = String(fields.mandatory);
    if (fields.supersedesId !== undefined) multipart.supersedes_id = String(fields.supersedesId);
    const body = await this.session.post<TLibraryDocumentResponse>(`/api/${library}/upload`, multipartForm(multipart));
    return this.recordOf(library, body);
  }

  /** PUT /{library}/{id} as multipart: a new PDF (a new version) and/or new text fields. */
  async update(
    library: LibraryPath,
    id: number,
    fields: { title?: string; content?: string; fileName?: string; pdf?: Buffer },
  ): Promise<CreatedDocument> {
    const multipart: MultipartFields = {};
    if (fields.title !== undefined) multipart.title = fields.title;
    if (fields.content !== undefined) multipart.content = fields.content;
    if (fields.pdf !== undefined)
      multipart.pdf_file = { name: fields.fileName ?? 'document.pdf', mimeType: 'application/pdf', buffer: fields.pdf };
    const body = await this.session.put<TLibraryDocumentResponse>(`/api/${library}/${id}`, multipartForm(multipart));
    return this.recordOf(library, body);
  }

  private recordOf(library: LibraryPath, body: TLibraryDocumentResponse): CreatedDocument {
    const record = body.data[RECORD_KEYS[library]];
    if (!record) throw new Error(`The answer has no data.${RECORD_KEYS[library]}`);
    return record;
  }

  /** DELETE /{library}/categories/{id}: the category, its subcategories and their documents go to the trash. */
  async deleteCategory(library: LibraryPath, id: number): Promise<void> {
    await this.session.delete(`/api/${library}/categories/${id}`);
  }

  /** DELETE /{library}/subcategories/{id}: the subcategory and its documents go to the trash. */
  async deleteSubcategory(library: LibraryPath, id: number): Promise<void> {
    await this.session.delete(`/api/${library}/subcategories/${id}`);
  }

  /** DELETE /{library}/{id}: the document goes to the trash. */
  async deleteDocument(library: LibraryPath, id: number): Promise<void> {
    await this.session.delete(`/api/${library}/${id}`);
  }

  /** POST /{library}/{id}/approve, reject or acknowledge (of `version` when given, as the web sends it). */
  async review(
    library: LibraryPath,
    id: number,
    action: 'approve' | 'reject' | 'acknowledge',
    version?: number,
  ): Promise<void> {
    const data = version === undefined ? undefined : { version };
    await this.session.post(`/api/${library}/${id}/${action}`, data);
  }
}
