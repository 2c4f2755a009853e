import { expect, type APIRequestContext } from '@playwright/test';
import { ADMIN } from './server.js';
import { makePdf } from './libraries-ui.js';

/**
 * Test set-up for the forms library (issue 18) through the product's own API: folders at the three
 * levels and forms with their PDF, as one signed-in person. What a test checks it still checks on
 * the screens.
 */
export type FormFolderLevel = 'category' | 'subcategory' | 'sub_subcategory';

const FOLDER_PATHS = { category: 'categories', subcategory: 'subcategories', sub_subcategory: 'sub-subcategories' } as const;
const FOLDER_KEYS = { category: 'category', subcategory: 'subcategory', sub_subcategory: 'subSubcategory' } as const;

export interface CreatedFolder {
  id: number;
  name: string;
  slug: string;
  formCount: number;
}

export interface CreatedForm {
  id: number;
  title: string;
  language: 'en' | 'mr';
  isPublic: boolean;
  file_path: string;
  uploaded_by: number | null;
  categoryId: number | null;
  subcategoryId: number | null;
  subSubcategoryId: number | null;
}

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

type Response = Awaited<ReturnType<APIRequestContext['fetch']>>;

export class FormsApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  /** Signs in through POST /api/auth/login (the administrator by default). */
  static async signIn(request: APIRequestContext, email = ADMIN.email, password = ADMIN.password): Promise<FormsApi> {
    const response = await request.post('/api/auth/login', { data: { email, password } });
    expect(response.status(), await response.text()).toBe(200);
    return new FormsApi(request, ((await response.json()) as { token: string }).token);
  }

  get headers(): Record<string, string> {
    return { authorization: `Bearer ${this.token}` };
  }

  private async check<T>(what: string, response: Response): Promise<T> {
    expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  }

  /**
   * POST /forms/categories, /subcategories (with `parentId` as categoryId) or /sub-subcategories
   * (with `parentId` as subcategoryId).
   */
  async createFolder(level: FormFolderLevel, fields: FolderFields, parentId?: number): Promise<CreatedFolder> {
    const data: Record<string, unknown> = { ...fields };
    if (level === 'subcategory') data.categoryId = parentId;
    if (level === 'sub_subcategory') data.subcategoryId = parentId;
    const body = await this.check<{ data: Record<string, CreatedFolder> }>(
      `create ${level} ${fields.name}`,
      await this.request.post(`/api/forms/${FOLDER_PATHS[level]}`, { headers: this.headers, data }),
    );
    const folder = body.data[FOLDER_KEYS[level]];
    if (!folder) throw new Error(`The answer has no data.${FOLDER_KEYS[level]}`);
    return folder;
  }

  /** DELETE /forms/{level path}/{id}: to the trash with everything below it. */
  async deleteFolder(level: FormFolderLevel, id: number): Promise<void> {
    await this.check(`delete ${level} ${id}`, await this.request.delete(`/api/forms/${FOLDER_PATHS[level]}/${id}`, { headers: this.headers }));
  }

  /** POST /forms, multipart: the text fields and the PDF under `file`. */
  async upload(fields: FormUploadFields): Promise<CreatedForm> {
    const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
      title: fields.title,
      language: fields.language ?? 'en',
      isPublic: String(fields.isPublic ?? true),
    };
    if (fields.category) multipart.category = fields.category;
    if (fields.categoryId) multipart.categoryId = String(fields.categoryId);
    if (fields.subcategoryId) multipart.subcategoryId = String(fields.subcategoryId);
    if (fields.subSubcategoryId) multipart.subSubcategoryId = String(fields.subSubcategoryId);
    multipart.file = { name: fields.fileName ?? 'form.pdf', mimeType: 'application/pdf', buffer: fields.pdf ?? makePdf(fields.title.replace(/[^\x20-\x7e]/g, '?')) };
    const body = await this.check<{ data: { form: CreatedForm } }>(`upload form ${fields.title}`, await this.request.post('/api/forms', { headers: this.headers, multipart }));
    return body.data.form;
  }

  /** DELETE /forms/{id}: the form goes to the trash. */
  async deleteForm(id: number): Promise<void> {
    await this.check(`delete form ${id}`, await this.request.delete(`/api/forms/${id}`, { headers: this.headers }));
  }

  /** GET /forms/{id}/stats (admin roles). */
  async stats(id: number): Promise<{ totalDownloads: number; uniqueUsers: number; lastDownloadedAt: string | null }> {
    const body = await this.check<{ data: { stats: { totalDownloads: number; uniqueUsers: number; lastDownloadedAt: string | null } } }>(
      `stats of form ${id}`,
      await this.request.get(`/api/forms/${id}/stats`, { headers: this.headers }),
    );
    return body.data.stats;
  }

  /** GET /forms/{id}/download: the signed address (counted as a download). */
  async downloadUrl(id: number): Promise<string> {
    const body = await this.check<{ url: string }>(`download url of form ${id}`, await this.request.get(`/api/forms/${id}/download`, { headers: this.headers }));
    return body.url;
  }

  /** GET /forms with the list's filters (page size 20 unless `limit` says otherwise). */
  async list(query: Record<string, string | number | boolean> = {}): Promise<{ data: ListedForm[]; pagination: { total: number; page: number; totalPages: number } }> {
    const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
    return this.check(`list forms ${params.toString()}`, await this.request.get(`/api/forms?${params.toString()}`, { headers: this.headers }));
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
    const body = await this.check<{ data: { categories: TreeCategory[] } }>('folder tree', await this.request.get(`/api/forms/categories/tree?language=${language}`, { headers: this.headers }));
    return body.data.categories;
  }
}

/** A form as GET /forms lists it (the fields the tests read). */
export interface ListedForm extends CreatedForm {
  categoryInfo: { categoryName: string | null; subcategoryName: string | null; subSubcategoryName: string | null };
}

interface TreeFolder {
  id: number;
  name: string;
  slug: string;
  label: string;
  formCount: number;
}

export interface TreeCategory extends TreeFolder {
  subcategories: (TreeFolder & { subSubcategories: TreeFolder[] })[];
}

/** Uploads one form as the administrator (or `api`'s person). */
export async function uploadFormViaApi(request: APIRequestContext, fields: FormUploadFields, api?: FormsApi): Promise<CreatedForm> {
  return (api ?? (await FormsApi.signIn(request))).upload(fields);
}

/** Creates one folder as the administrator (or `api`'s person); `parentId` for the two lower levels. */
export async function createFolderViaApi(request: APIRequestContext, level: FormFolderLevel, fields: FolderFields, parentId?: number, api?: FormsApi): Promise<CreatedFolder> {
  return (api ?? (await FormsApi.signIn(request))).createFolder(level, fields, parentId);
}
