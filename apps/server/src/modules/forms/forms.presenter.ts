import type { FormLanguage, TForm } from '@srpf/shared';
import type { FormView } from './forms.repository.js';

/** Where the signed download address of a form is asked for (the spec's `presign`). */
export const formDownloadPath = (id: number) => `/api/forms/${id}/download`;

/** A form as it leaves the server: the fields listed here and no others (never its storage key). */
export function toForm(row: FormView): TForm {
  const uploaderName = [row.uploader_first, row.uploader_last].filter(Boolean).join(' ');
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    language: row.language as FormLanguage,
    is_public: row.is_public,
    isPublic: row.is_public,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    uploaded_by: row.uploaded_by,
    uploaded_by_name: row.uploaded_by === null ? null : uploaderName || null,
    file_path: row.file_name,
    file_size: row.file_size,
    presign: formDownloadPath(row.id),
    categoryId: row.category_id,
    subcategoryId: row.subcategory_id,
    subSubcategoryId: row.sub_subcategory_id,
    categoryInfo: {
      categoryId: row.category_id,
      categoryName: row.category_name,
      subcategoryId: row.subcategory_id,
      subcategoryName: row.subcategory_name,
      subSubcategoryId: row.sub_subcategory_id,
      subSubcategoryName: row.sub_subcategory_name,
    },
  };
}
