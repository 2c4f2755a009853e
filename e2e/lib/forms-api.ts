import { expect } from '@playwright/test';
import type {
  TFormDownloadResponse,
  TFormFolder,
  TFormListResponse,
  TFormResponse,
  TFormStatsResponse,
  TFormTreeCategory,
  TFormTreeResponse,
} from '@srpf/shared';
import { ApiSession } from '@srpf/test-kit';
import { ADMIN } from './server.js';
import { makePdf } from './libraries-ui.js';
import { multipartForm, type MultipartFields } from './multipart-form.js';

/**
 * Test set-up for the forms library (issue 18) through the product's own API: folders at the three
 * levels and forms with their PDF, as one signed-in person. What a test checks it still checks on
 * the screens.
 */
export type FormFolderLevel = 'category' | 'subcategory' | 'sub_subcategory';

const FOLDER_PATHS = {
  category: 'categories',
  subcategory: 'subcategories',
  sub_subcategory: 'sub-subcategories',
} as const;
const FOLDER_KEYS = { category: 'category', subcategory: 'subcategory', sub_subcategory: 'subSubcategory' } as const;

/** A folder as the server answers it (GET /forms/categories/tree and the folder routes). */
export type CreatedFolder = TFormFolder;

/** A form as the server answers it. */
export type CreatedForm = TFormResponse['data']['form'];

export interface FormUploadFields {
  title: string;
  language?: 'en' | 'mr';
  isPublic?: boolean;
  /** The legacy free-text category. */
  category?: string;
  categoryId?: number | null;
  subcategoryId?: number | null;
  subSubcategoryId?: number | null;
  fileName?: string;
  /** The PDF's bytes; a small valid PDF showing the title by default. */
  pdf?: Buffer;
}

export interface FolderFields {
  name: string;
  slug?: string;
  nameMr?: string | null;
  description?: string | null;
  icon?: string | null;
  color?: string;
  sortOrder?: number;
  isActive?: boolean;
}

export class FormsApi {
  private constructor(private readonly session: ApiSession) {}

  /** Signs in through POST /api/auth/login (the administrator by default). */
  static async signIn(server: { baseUrl: string }, email = ADMIN.email, password = ADMIN.password): Promise<FormsApi> {
    return new FormsApi(await ApiSession.signIn(server.baseUrl, { email, password }));
  }

  get headers(): Record<string, string> {
    return this.session.headers;
  }

  /**
   * POST /forms/categories, /subcategories (with `parentId` as categoryId) or /sub-subcategories
   * (with `parentId` as subcategoryId).
   */
  async createFolder(level: FormFolderLevel, fields: FolderFields, parentId?: number): Promise<CreatedFolder> {
    const data: Record<string, unknown> = { ...fields };
    if (level === 'subcategory') data.categoryId = parentId;
    if (level === 'sub_subcategory') data.subcategoryId = parentId;
    // The server writes no contract for this answer: the folder under its level's key.
    const body = await this.session.post<{ data: Record<string, CreatedFolder> }>(
      `/api/forms/${FOLDER_PATHS[level]}`,
      data,
    );
    const folder = body.data[FOLDER_KEYS[level]];
    if (!folder) throw new Error(`The answer has no data.${FOLDER_KEYS[level]}`);
    return folder;
  }

  /** DELETE /forms/{level path}/{id}: to the trash with everything below it. */
  async deleteFolder(level: FormFolderLevel, id: number): Promise<void> {
    await this.session.delete(`/api/forms/${FOLDER_PATHS[level]}/${id}`);
  }

  /** POST /forms, multipart: the text fields and the PDF under `file`. */
  async upload(fields: FormUploadFields): Promise<CreatedForm> {
    const multipart: MultipartFields = {
      title: fields.title,
      language: fields.language ?? 'en',
      isPublic: String(fields.isPublic ?? true),
    };
    if (fields.category) multipart.category = fields.category;
    if (fields.categoryId) multipart.categoryId = String(fields.categoryId);
    if (fields.subcategoryId) multipart.subcategoryId = String(fields.subcategoryId);
    if (fields.subSubcategoryId) multipart.subSubcategoryId = String(fields.subSubcategoryId);
    multipart.file = {
      name: fields.fileName ?? 'form.pdf',
      mimeType: 'application/pdf',
      buffer: fields.pdf ?? makePdf(fields.title.replace(/[^\x20-\x7e]/g, '?')),
    };
    const body = await this.session.post<TFormResponse>('/api/forms', multipartForm(multipart));
    return body.data.form;
  }

  /** DELETE /forms/{id}: the form goes to the trash. */
  async deleteForm(id: number): Promise<void> {
    await this.session.delete(`/api/forms/${id}`);
  }

  /** GET /forms/{id}/stats (admin roles). */
  async stats(id: number): Promise<TFormStatsResponse['data']['stats']> {
    const body = await this.session.get<TFormStatsResponse>(`/api/forms/${id}/stats`);
    return body.data.stats;
  }

  /** GET /forms/{id}/download: the signed address (counted as a download). */
  async downloadUrl(id: number): Promise<string> {
    const body = await this.session.get<TFormDownloadResponse>(`/api/forms/${id}/download`);
    return body.url;
  }

  /** GET /forms with the list's filters (page size 20 unless `limit` says otherwise). */
  async list(query: Record<string, string | number | boolean> = {}): Promise<TFormListResponse> {
    return this.session.get<TFormListResponse>('/api/forms', query);
  }

  /** The one live form with this title (fails when there is none or several). */
  async formTitled(title: string): Promise<ListedForm> {
    const { data } = await this.list({ search: title, limit: 100 });
    const matches = data.filter((form) => form.title === title);
    expect(matches, `forms titled "${title}"`).toHaveLength(1);
    return matches[0]!;
  }

  /** GET /forms/categories/tree: every live folder, nested. */
  async tree(language: 'en' | 'mr' = 'en'): Promise<TreeCategory[]> {
    const body = await this.session.get<TFormTreeResponse>('/api/forms/categories/tree', { language });
    return body.data.categories;
  }
}

/** A form as GET /forms lists it. */
export type ListedForm = TFormListResponse['data'][number];

export type TreeCategory = TFormTreeCategory;

/** Uploads one form as the administrator (or `api`'s person). */
export async function uploadFormViaApi(
  server: { baseUrl: string },
  fields: FormUploadFields,
  api?: FormsApi,
): Promise<CreatedForm> {
  return (api ?? (await FormsApi.signIn(server))).upload(fields);
}

/** Creates one folder as the administrator (or `api`'s person); `parentId` for the two lower levels. */
export async function createFolderViaApi(
  server: { baseUrl: string },
  level: FormFolderLevel,
  fields: FolderFields,
  parentId?: number,
  api?: FormsApi,
): Promise<CreatedFolder> {
  return (api ?? (await FormsApi.signIn(server))).createFolder(level, fields, parentId);
}
