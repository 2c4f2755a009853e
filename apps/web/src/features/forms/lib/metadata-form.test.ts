import { describe, expect, it } from 'vitest';
import { FORM_FILE_MAX_BYTES } from '@srpf/shared/forms/forms.rules';
import { parseId } from './forms-browse';
import {
  chosenFolders,
  formFileError,
  metadataFields,
  metadataFormSchema,
  metadataToFormValues,
} from './metadata-form';
import { titleFromFileName } from './pdf-files';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('formFileError (section 5)', () => {
  it('takes a PDF up to 10485760 bytes', () => {
    expect(FORM_FILE_MAX_BYTES).toBe(10_485_760);
    expect(formFileError(file('a.pdf', 'application/pdf', FORM_FILE_MAX_BYTES), true)).toBeNull();
    expect(formFileError(file('a.pdf', 'application/pdf', FORM_FILE_MAX_BYTES + 1), true)).toBe(
      'metadata.errors.fileTooLarge',
    );
  });

  it('refuses anything but a PDF', () => {
    expect(
      formFileError(file('a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'), true),
    ).toBe('metadata.errors.pdfOnly');
    expect(formFileError(file('a.png', 'image/png'), true)).toBe('metadata.errors.pdfOnly');
  });

  it('needs a file on upload only', () => {
    expect(formFileError(null, true)).toBe('metadata.errors.fileRequired');
    expect(formFileError(null, false)).toBeNull();
  });
});

describe('metadata form values', () => {
  it('requires the title', () => {
    const result = metadataFormSchema.safeParse({ ...metadataToFormValues(), title: ' ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('metadata.errors.titleRequired');
  });

  it('starts an upload in the folder given, public, in English', () => {
    expect(metadataToFormValues(null, { categoryId: 2, subcategoryId: 5 }, 'GPF form')).toEqual({
      title: 'GPF form',
      language: 'en',
      visibility: 'true',
      category: '',
      categoryId: '2',
      subcategoryId: '5',
      subSubcategoryId: '',
    });
  });

  it('keeps a lower level only with its parent', () => {
    expect(chosenFolders({ categoryId: '', subcategoryId: '5', subSubcategoryId: '8' })).toEqual({
      categoryId: null,
      subcategoryId: null,
      subSubcategoryId: null,
    });
    expect(chosenFolders({ categoryId: '2', subcategoryId: '', subSubcategoryId: '8' })).toEqual({
      categoryId: 2,
      subcategoryId: null,
      subSubcategoryId: null,
    });
  });

  it('sends the metadata with ids as integers or null', () => {
    const values = {
      title: ' LTC claim ',
      language: 'mr' as const,
      visibility: 'false' as const,
      category: '',
      categoryId: '3',
      subcategoryId: '4',
      subSubcategoryId: '',
    };
    expect(metadataFields(values)).toEqual({
      title: 'LTC claim',
      category: null,
      language: 'mr',
      isPublic: false,
      categoryId: 3,
      subcategoryId: 4,
      subSubcategoryId: null,
    });
  });

  it("suggests the file's name without .pdf as the title", () => {
    expect(titleFromFileName('GPF refund form.PDF')).toBe('GPF refund form');
  });
});

describe('parseId', () => {
  it('takes positive whole numbers only', () => {
    expect(parseId('12')).toBe(12);
    expect(parseId('0')).toBeNull();
    expect(parseId('abc')).toBeNull();
    expect(parseId('99999999999')).toBeNull();
    expect(parseId(undefined)).toBeNull();
  });
});
