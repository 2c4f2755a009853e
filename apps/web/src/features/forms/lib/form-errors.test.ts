import { describe, expect, it } from 'vitest';
import { FORM_FOLDER_MESSAGES } from '@srpf/shared/forms/forms.rules';
import { folderDeleteFailure, folderSaveFailure, isMissingForm, serverMessage } from './form-errors';

const refused = (message: string, field?: string, details?: { field: string; message: string }[]) => ({
  status: 400,
  code: 'VALIDATION_FAILED',
  message,
  field,
  details: details ?? (field ? [{ field, message }] : []),
});

describe('folderSaveFailure (section 8)', () => {
  it('shows a taken slug under the slug', () => {
    const failure = folderSaveFailure(refused(FORM_FOLDER_MESSAGES.slugTaken, 'slug'), 'create');
    expect(failure).toEqual({ fields: { slug: { key: 'folderForm.errors.slugTaken' } }, form: null, toast: null });
  });

  it('reads a 400 whose message contains "slug" as a taken slug, as the spec does', () => {
    expect(folderSaveFailure(refused('Duplicate slug in this category'), 'create').fields).toEqual({
      slug: { key: 'folderForm.errors.slugTaken' },
    });
  });

  it('reads a 400 whose message contains "name" as a taken name', () => {
    expect(folderSaveFailure(refused('A folder with this name already exists'), 'update').fields).toEqual({
      name: { key: 'folderForm.errors.nameTaken' },
    });
  });

  it('reads a 409 on the name as a taken name and elsewhere as a taken slug', () => {
    expect(
      folderSaveFailure({ status: 409, code: 'ALREADY_EXISTS', message: 'Already exists', field: 'name' }, 'create')
        .fields,
    ).toEqual({ name: { key: 'folderForm.errors.nameTaken' } });
    expect(
      folderSaveFailure({ status: 409, code: 'ALREADY_EXISTS', message: 'Already exists', field: 'slug' }, 'create')
        .fields,
    ).toEqual({ slug: { key: 'folderForm.errors.slugTaken' } });
  });

  it("tells section 5's rules in the reader's language on the field the server names", () => {
    const failure = folderSaveFailure(
      refused(FORM_FOLDER_MESSAGES.nameTooLong, 'name', [
        { field: 'name', message: FORM_FOLDER_MESSAGES.nameTooLong },
        { field: 'slug', message: FORM_FOLDER_MESSAGES.slugPattern },
        { field: 'color', message: FORM_FOLDER_MESSAGES.colorInvalid },
        { field: 'sortOrder', message: FORM_FOLDER_MESSAGES.sortOrderNegative },
      ]),
      'create',
    );
    expect(failure.fields).toEqual({
      name: { key: 'folderForm.errors.nameTooLong' },
      slug: { key: 'folderForm.errors.slugPattern' },
      color: { key: 'folderForm.errors.colorInvalid' },
      sortOrder: { key: 'folderForm.errors.sortOrderNegative' },
    });
    expect(failure.toast).toBeNull();
  });

  it('turns a missing parent into "Parent … not found. Please refresh and try again."', () => {
    expect(folderSaveFailure(refused('Category not found', 'categoryId'), 'create')).toEqual({
      fields: {},
      form: { key: 'folderForm.errors.parentCategoryNotFound' },
      toast: null,
    });
    expect(folderSaveFailure(refused('Subcategory not found', 'subcategoryId'), 'create').form).toEqual({
      key: 'folderForm.errors.parentSubcategoryNotFound',
    });
    // By its text alone, too: "Subcategory not found" is not read as a missing category.
    expect(folderSaveFailure(refused('Subcategory not found'), 'create').form).toEqual({
      key: 'folderForm.errors.parentSubcategoryNotFound',
    });
  });

  it('shows an unknown message on a field the form has as it is', () => {
    expect(folderSaveFailure(refused('Icon must be an emoji', 'icon'), 'create').fields).toEqual({
      icon: { text: 'Icon must be an emoji' },
    });
  });

  it('otherwise toasts "Failed to create/update {type}: {message}"', () => {
    expect(folderSaveFailure(refused('Nothing to update', 'body'), 'update')).toEqual({
      fields: {},
      form: null,
      toast: { action: 'update', reason: { text: 'Nothing to update' } },
    });
    expect(folderSaveFailure({ status: 403, message: 'Permission denied' }, 'create').toast).toEqual({
      action: 'create',
      reason: { text: 'Permission denied' },
    });
    expect(folderSaveFailure({ status: 0, message: 'Network error' }, 'create').toast).toEqual({
      action: 'create',
      reason: { key: 'errors.network' },
    });
  });
});

describe('isMissingForm and serverMessage', () => {
  it('takes 404 and 400 for a missing form', () => {
    expect(isMissingForm({ status: 404 })).toBe(true);
    expect(isMissingForm({ status: 400 })).toBe(true);
    expect(isMissingForm({ status: 500 })).toBe(false);
  });

  it("gives the server's message, or null for a network failure", () => {
    expect(serverMessage({ status: 400, message: ' Title is required ' })).toBe('Title is required');
    expect(serverMessage({ status: 0, message: 'Network error' })).toBeNull();
  });
});

describe('folderDeleteFailure', () => {
  it('words the refusal that names nothing in the reader’s language, and shows other reasons as sent', () => {
    expect(
      folderDeleteFailure({ status: 403, code: 'FORBIDDEN', message: FORM_FOLDER_MESSAGES.deleteRefused }),
    ).toEqual({ key: 'delete.folderRefused' });
    const counted = 'This folder holds 1 form: deleting it needs the delete_documents permission';
    expect(folderDeleteFailure({ status: 403, code: 'FORBIDDEN', message: counted })).toEqual({ text: counted });
    expect(folderDeleteFailure({ status: 0, message: 'Network error' })).toBeNull();
  });
});
