import { z } from 'zod';
import {
  DEFAULT_DOCUMENT_PRIORITY,
  DOCUMENT_CONTENT_MAX,
  DOCUMENT_DESCRIPTION_MAX,
  DOCUMENT_PRIORITIES,
  DOCUMENT_TITLE_MAX,
  LIBRARY_FILE_MAX_BYTES,
  parseTags,
  PDF_SIGNATURE,
  slugFor,
  TAG_MAX_LENGTH,
  TAGS_MAX,
  type DocumentPriority,
} from '@srpf/shared/libraries/libraries.rules';
import { isValidIsoDate } from '@srpf/shared/libraries/libraries.schemas';
import type { TLibraryDocument } from '@srpf/shared';

/** The upload/edit modal (spec section 2): ids as the selects hold them (text; '' for none). */
export interface DocumentFormValues {
  title: string;
  /** An order's description, a circular's or decision's content. */
  body: string;
  effective_date: string;
  category_id: string;
  subcategory_id: string;
  /** Circulars and decisions: comma separated. */
  tags: string;
  is_mandatory: boolean;
  /** Orders, when editing. */
  priority: DocumentPriority;
  dueDate: string;
  assignee: { id: number; name: string } | null;
}

/** A circular's or decision's content, or an order's description. */
export const bodyMax = (acknowledged: boolean) => (acknowledged ? DOCUMENT_CONTENT_MAX : DOCUMENT_DESCRIPTION_MAX);

/** Messages are keys of the libraries namespace. Title and date are required (section 5). */
export function documentFormSchema(acknowledged: boolean) {
  return z.object({
    title: z
      .string()
      .trim()
      .min(1, { message: 'form.titleRequired', abort: true })
      .max(DOCUMENT_TITLE_MAX, 'form.titleTooLong'),
    body: z.string().max(bodyMax(acknowledged), 'form.bodyTooLong'),
    effective_date: z
      .string()
      .trim()
      .min(1, { message: 'form.dateRequired', abort: true })
      .refine(isValidIsoDate, 'form.dateInvalid'),
    category_id: z.string(),
    subcategory_id: z.string(),
    tags: z
      .string()
      .refine((text) => parseTags(text).length <= TAGS_MAX, 'form.tooManyTags')
      .refine((text) => parseTags(text).every((tag) => tag.length <= TAG_MAX_LENGTH), 'form.tagTooLong'),
    is_mandatory: z.boolean(),
    priority: z.enum(DOCUMENT_PRIORITIES),
    dueDate: z.string().refine((text) => text === '' || isValidIsoDate(text), 'form.dateInvalid'),
    assignee: z.object({ id: z.number(), name: z.string() }).nullable(),
  });
}

const idText = (id: number | null | undefined) => (id === null || id === undefined ? '' : String(id));

/** The fields of a document the form reads (a list row or a detail). */
export type EditableDocument = Pick<
  TLibraryDocument,
  | 'title'
  | 'content'
  | 'description'
  | 'effective_date'
  | 'category_id'
  | 'subcategory_id'
  | 'tags'
  | 'is_mandatory'
  | 'priority'
  | 'dueDate'
  | 'assignee'
>;

/** A new document (optionally inside the folder being browsed) or the one being edited. */
export function documentToFormValues(
  document: EditableDocument | null,
  acknowledged: boolean,
  folder: { categoryId: number | null; subcategoryId: number | null } = { categoryId: null, subcategoryId: null },
): DocumentFormValues {
  if (!document) {
    return {
      title: '',
      body: '',
      effective_date: '',
      category_id: idText(folder.categoryId),
      subcategory_id: folder.categoryId === null ? '' : idText(folder.subcategoryId),
      tags: '',
      is_mandatory: false,
      priority: DEFAULT_DOCUMENT_PRIORITY,
      dueDate: '',
      assignee: null,
    };
  }
  const body = acknowledged ? (document.content ?? '') : (document.description ?? '');
  return {
    title: document.title,
    body,
    effective_date: document.effective_date,
    category_id: idText(document.category_id),
    subcategory_id: idText(document.subcategory_id),
    tags: document.tags.join(', '),
    is_mandatory: document.is_mandatory,
    priority: document.priority,
    dueDate: document.dueDate ?? '',
    assignee: document.assignee ? { id: document.assignee.id, name: document.assignee.name } : null,
  };
}

/** A select's value as the API wants it: a number, or null when empty (section 5). */
export function idOrNull(value: string): number | null {
  return /^\d+$/.test(value.trim()) && Number(value) > 0 ? Number(value) : null;
}

export interface DocumentFields {
  title: string;
  effective_date: string;
  slug: string;
  category_id: number | null;
  subcategory_id: number | null;
  description?: string | null;
  content?: string | null;
  tags?: string[];
  is_mandatory?: boolean;
  priority?: DocumentPriority;
  dueDate?: string | null;
  assignee_id?: number | null;
  /** A correction: the document of the same library it replaces. */
  supersedes_id?: number;
}

export interface DocumentFieldsOptions {
  acknowledged: boolean;
  approved: boolean;
  /** When editing: the values the form opened with (documentToFormValues of the stored document); null for a new document. */
  original: DocumentFormValues | null;
}

/** Whether the person changed the body (content or description) from what the form opened with. */
export function bodyChanged(
  values: Pick<DocumentFormValues, 'body'>,
  original: Pick<DocumentFormValues, 'body'>,
): boolean {
  return values.body.trim() !== original.body.trim();
}

/**
 * What create, upload and update send (section 7): title, effective date, the slug by the shared
 * rule, the folder ids (a subcategory only with its category); an order's description, or a
 * circular's or decision's content, tags and is_mandatory; when editing an order, also priority, due
 * date and assignee. A new circular or decision left without text takes its title as content, as the
 * spec's JSON create does. An edit sends the content or description only when the person changed it,
 * and never the title in its place: a new content is a new version, whose acknowledgments start
 * afresh (the documents issue), so a change of title alone must not make one.
 */
export function documentFields(
  values: DocumentFormValues,
  { acknowledged, approved, original }: DocumentFieldsOptions,
): DocumentFields {
  const title = values.title.trim();
  const categoryId = idOrNull(values.category_id);
  const fields: DocumentFields = {
    title,
    effective_date: values.effective_date.trim(),
    slug: slugFor(title),
    category_id: categoryId,
    subcategory_id: categoryId === null ? null : idOrNull(values.subcategory_id),
  };
  const body = values.body.trim();
  const sendBody = original === null || bodyChanged(values, original);
  if (acknowledged) {
    if (sendBody) fields.content = original === null ? body || title : body || null;
    fields.tags = parseTags(values.tags);
    fields.is_mandatory = values.is_mandatory;
  } else if (sendBody) {
    fields.description = body || null;
  }
  if (approved && original !== null) {
    fields.priority = values.priority;
    fields.dueDate = values.dueDate.trim() || null;
    fields.assignee_id = values.assignee?.id ?? null;
  }
  return fields;
}

/** The same fields as multipart text (null as '', tags comma separated), with the PDF last under pdf_file. */
export function documentFormData(fields: DocumentFields, file: File | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields) as [string, DocumentFields[keyof DocumentFields]][]) {
    if (value === undefined) continue;
    form.append(name, value === null ? '' : Array.isArray(value) ? value.join(', ') : String(value));
  }
  if (file) form.append('pdf_file', file, file.name);
  return form;
}

export type PdfProblem = 'pdfRequired' | 'notPdf' | 'emptyFile' | 'tooLarge';

/**
 * The checks made before sending (the server makes them again): a PDF is required when creating,
 * must be called .pdf or typed application/pdf, not empty and at most 10 MB.
 */
export function pdfProblem(
  file: { name: string; type: string; size: number } | null | undefined,
  required: boolean,
): PdfProblem | null {
  if (!file) return required ? 'pdfRequired' : null;
  if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) return 'notPdf';
  if (file.size === 0) return 'emptyFile';
  if (file.size > LIBRARY_FILE_MAX_BYTES) return 'tooLarge';
  return null;
}

/** Every PDF begins with '%PDF-'; a file renamed to .pdf does not. */
export function hasPdfSignature(firstBytes: Uint8Array): boolean {
  return PDF_SIGNATURE.split('').every((character, index) => firstBytes[index] === character.charCodeAt(0));
}

/** '1.5 MB', '820 KB' for the chosen file. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** Where a field error the server names belongs in the form; the PDF's own problems show beside the file input. */
export const DOCUMENT_ERROR_FIELDS: Readonly<Record<string, keyof DocumentFormValues | 'pdf_file'>> = {
  title: 'title',
  slug: 'title',
  effective_date: 'effective_date',
  category_id: 'category_id',
  subcategory_id: 'subcategory_id',
  description: 'body',
  content: 'body',
  tags: 'tags',
  dueDate: 'dueDate',
  due_date: 'dueDate',
  assignee_id: 'assignee',
  assignee: 'assignee',
  pdf_file: 'pdf_file',
};
