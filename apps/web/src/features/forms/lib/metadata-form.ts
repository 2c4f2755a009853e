import { z } from 'zod';
import { FORM_CATEGORY_TEXT_MAX, FORM_TITLE_MAX, type FormLanguage } from '@srpf/shared/forms/forms.rules';
import type { TForm, TFormUpdateRequest } from '@srpf/shared';
import type { FormUploadInput } from '../api/upload-form';
import { idOf, idText } from './folder-tree';
import { FILE_PROBLEM_KEYS, fileProblem } from './pdf-files';

/** Why a chosen file is refused, as a key of the form-editor namespace; null when it is fine. */
export function formFileError(
  file: Pick<File, 'type' | 'size' | 'name'> | null | undefined,
  required: boolean,
): string | null {
  if (!file) return required ? 'metadata.errors.fileRequired' : null;
  const problem = fileProblem(file);
  return problem && FILE_PROBLEM_KEYS[problem];
}

export interface MetadataFormValues {
  title: string;
  language: FormLanguage | '';
  /** 'true' public, 'false' private (radio values). */
  visibility: 'true' | 'false';
  category: string;
  /** Folder ids as the selects hold them: '' for none. */
  categoryId: string;
  subcategoryId: string;
  subSubcategoryId: string;
}

const key = (name: string) => `metadata.errors.${name}`;

export const metadataFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { message: key('titleRequired'), abort: true })
    .max(FORM_TITLE_MAX, key('titleTooLong')),
  language: z.string().refine((value) => value === 'en' || value === 'mr', key('languageRequired')),
  visibility: z.enum(['true', 'false']),
  category: z.string().trim().max(FORM_CATEGORY_TEXT_MAX, key('categoryTooLong')),
  categoryId: z.string(),
  subcategoryId: z.string(),
  subSubcategoryId: z.string(),
});

export interface InitialFolder {
  categoryId?: number | null;
  subcategoryId?: number | null;
  subSubcategoryId?: number | null;
}

/** The values for editing a form, or for a new upload into a folder. */
export function metadataToFormValues(
  form?: TForm | null,
  folder?: InitialFolder | null,
  title = '',
): MetadataFormValues {
  if (form) {
    return {
      title: form.title,
      language: form.language,
      visibility: form.isPublic ? 'true' : 'false',
      category: form.category ?? '',
      categoryId: idText(form.categoryId),
      subcategoryId: idText(form.subcategoryId),
      subSubcategoryId: idText(form.subSubcategoryId),
    };
  }
  return {
    title,
    language: 'en',
    visibility: 'true',
    category: '',
    categoryId: idText(folder?.categoryId),
    subcategoryId: idText(folder?.subcategoryId),
    subSubcategoryId: idText(folder?.subSubcategoryId),
  };
}

/** The folder ids chosen, a lower level only with its parent. */
export function chosenFolders(values: Pick<MetadataFormValues, 'categoryId' | 'subcategoryId' | 'subSubcategoryId'>) {
  const categoryId = idOf(values.categoryId);
  const subcategoryId = categoryId === null ? null : idOf(values.subcategoryId);
  const subSubcategoryId = subcategoryId === null ? null : idOf(values.subSubcategoryId);
  return { categoryId, subcategoryId, subSubcategoryId };
}

/**
 * What a save sends, the upload's text fields and the PUT body alike (section 3): every metadata
 * field, the three ids as integers or null.
 */
export function metadataFields(values: MetadataFormValues): FormUploadInput & TFormUpdateRequest {
  return {
    title: values.title.trim(),
    category: values.category.trim() || null,
    language: values.language || 'en',
    isPublic: values.visibility === 'true',
    ...chosenFolders(values),
  };
}

/** The server's field names on the metadata form. */
export const METADATA_ERROR_FIELDS: Readonly<Record<string, keyof MetadataFormValues>> = {
  title: 'title',
  formName: 'title',
  language: 'language',
  isPublic: 'visibility',
  category: 'category',
  categoryId: 'categoryId',
  subcategoryId: 'subcategoryId',
  subSubcategoryId: 'subSubcategoryId',
};
