import { describe, expect, it } from 'vitest';
import { apiErrorFields } from '../../lib/form-errors';
import {
  APPROVAL_ROLE_TONES,
  EMPTY_REFERENCE_FILTERS,
  failureReason,
  REFERENCE_ERROR_FIELDS,
  referenceBody,
  referenceFormSchema,
  referenceListQuery,
  referenceToFormValues,
} from './reference-form';

const schema = referenceFormSchema({ nameMax: 200, codeMax: 50 });
const issues = (values: unknown) =>
  schema.safeParse(values).error?.issues.map((issue) => [issue.path[0], issue.message]) ?? [];

describe('reference form', () => {
  it('requires a name and a code', () => {
    expect(issues({ name: ' ', code: '', active: true, approval_role: 'none' })).toEqual([
      ['name', 'form.nameRequired'],
      ['code', 'form.codeRequired'],
    ]);
    expect(issues({ name: 'Group 5 Daund', code: 'G5', active: false, approval_role: 'none' })).toEqual([]);
    expect(
      issues({ name: 'Clerk', code: 'CLK', active: true, approval_role: 'admin' }).map(([field]) => field),
    ).toEqual(['approval_role']);
  });

  it("limits the lengths to the kind's", () => {
    expect(issues({ name: 'x'.repeat(200), code: 'y'.repeat(50), active: true, approval_role: 'none' })).toEqual([]);
    expect(issues({ name: 'x'.repeat(201), code: 'y'.repeat(51), active: true, approval_role: 'none' })).toEqual([
      ['name', 'form.nameTooLong'],
      ['code', 'form.codeTooLong'],
    ]);
    expect(
      referenceFormSchema({ nameMax: 100, codeMax: 50 }).safeParse({
        name: 'x'.repeat(101),
        code: 'PC',
        active: true,
        approval_role: 'none',
      }).error?.issues[0]?.message,
    ).toBe('form.nameTooLong');
  });

  it('starts a new row active and keeps an edited one active unless it is explicitly not', () => {
    expect(referenceToFormValues()).toEqual({ name: '', code: '', active: true, approval_role: 'none' });
    expect(referenceToFormValues({ name: 'Clerk', code: 'CLK', active: false })).toEqual({
      name: 'Clerk',
      code: 'CLK',
      active: false,
      approval_role: 'none',
    });
    expect(referenceToFormValues({ name: 'Clerk', code: 'CLK', active: undefined as unknown as boolean })).toEqual({
      name: 'Clerk',
      code: 'CLK',
      active: true,
      approval_role: 'none',
    });
  });

  it('keeps an edited designation’s stored approval role, whatever its name says', () => {
    expect(
      referenceToFormValues({ name: 'Executive Assistant', code: 'EA', active: true, approval_role: 'none' })
        .approval_role,
    ).toBe('none');
    expect(
      referenceToFormValues({ name: 'Inspector', code: 'PI', active: true, approval_role: 'officer' }).approval_role,
    ).toBe('officer');
  });

  it('sends the approval role only for a kind that has one', () => {
    const values = { name: ' Inspector ', code: ' PI ', active: true, approval_role: 'officer' as const };
    expect(referenceBody({ approvalRole: true }, values)).toEqual({
      name: 'Inspector',
      code: 'PI',
      active: true,
      approval_role: 'officer',
    });
    expect(referenceBody({}, values)).toEqual({ name: 'Inspector', code: 'PI', active: true });
  });

  it('has a badge tone for every approval role', () => {
    expect(Object.keys(APPROVAL_ROLE_TONES)).toEqual(['none', 'clerk', 'officer', 'commandant']);
  });
});

describe('referenceListQuery', () => {
  it('leaves out blank filters', () => {
    expect(referenceListQuery(EMPTY_REFERENCE_FILTERS, 1, 10)).toEqual({
      search: undefined,
      active: undefined,
      page: 1,
      limit: 10,
    });
    expect(referenceListQuery({ search: ' daund ', active: 'false' }, 3, 10)).toEqual({
      search: 'daund',
      active: 'false',
      page: 3,
      limit: 10,
    });
  });
});

describe('failure texts', () => {
  it('uses the server message when there is one', () => {
    expect(failureReason({ message: 'Company code already exists' })).toBe('Company code already exists');
    expect(failureReason({ message: '  ' })).toBeNull();
    expect(failureReason(null)).toBeNull();
  });

  it('puts a duplicate on its field', () => {
    expect(
      apiErrorFields({ status: 409, field: 'code', message: 'Company code already exists' }, REFERENCE_ERROR_FIELDS),
    ).toEqual({ code: 'Company code already exists' });
    expect(apiErrorFields({ status: 409, message: 'Already exists' }, REFERENCE_ERROR_FIELDS)).toEqual({});
    expect(
      apiErrorFields(
        {
          status: 400,
          field: 'approval_role',
          message: 'approval_role must be one of none, clerk, officer, commandant',
        },
        REFERENCE_ERROR_FIELDS,
      ),
    ).toEqual({
      approval_role: 'approval_role must be one of none, clerk, officer, commandant',
    });
  });
});
