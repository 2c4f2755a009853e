import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { apiErrorFields } from './form-errors';

const NAMES = { name: 'name', slug: 'name', phone: 'phone', phone_number: 'phone' } as const;

describe('apiErrorFields', () => {
  it('puts the message on the field the error names, under the form’s name', () => {
    expect(apiErrorFields(new ApiError(409, 'ALREADY_EXISTS', 'Phone already exists', 'phone_number'), NAMES)).toEqual({
      phone: 'Phone already exists',
    });
    expect(apiErrorFields({ status: 400, message: 'Slug is taken', field: 'slug' }, NAMES)).toEqual({
      name: 'Slug is taken',
    });
  });

  it('puts each validation detail on its field, the first message of a field winning', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Name is required', 'name', [
      { field: 'name', message: 'Name is required' },
      { field: 'slug', message: 'Slug is too long' },
      { field: 'phone', message: 'Phone number must be exactly 10 digits' },
    ]);
    expect(apiErrorFields(error, NAMES)).toEqual({
      name: 'Name is required',
      phone: 'Phone number must be exactly 10 digits',
    });
  });

  it('names no field for fields the form lacks, blank messages, network failures and non-errors', () => {
    expect(apiErrorFields({ status: 400, message: 'Company not found', field: 'company_id' }, NAMES)).toEqual({});
    expect(apiErrorFields({ status: 400, message: 'x', field: 'toString' }, NAMES)).toEqual({});
    expect(apiErrorFields({ status: 409, message: '  ', field: 'name' }, NAMES)).toEqual({});
    expect(apiErrorFields(new ApiError(0, 'NETWORK', 'Network error'), NAMES)).toEqual({});
    expect(apiErrorFields(null, NAMES)).toEqual({});
    expect(apiErrorFields(new Error('boom'), NAMES)).toEqual({});
  });
});
