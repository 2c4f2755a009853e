import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/appointments.json';
import hi from '../../../locales/hi/appointments.json';
import mr from '../../../locales/mr/appointments.json';
import { leaveTypeChoices, leaveTypeName } from './leave-types';

/** A `t` reading dotted keys of one language's appointments namespace, as i18next does. */
const translatorOf = (texts: object) => (key: string) => {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts);
  return typeof found === 'string' ? found : key;
};

describe('the leave types the leave form offers', () => {
  it('are the Maharashtra Civil Services (Leave) Rules’ kinds a force grants, then the spec’s two, in English', () => {
    expect(leaveTypeChoices(translatorOf(en)).map((choice) => choice.label)).toEqual([
      'Earned leave',
      'Half-pay leave',
      'Commuted leave',
      'Casual leave',
      'Medical leave',
      'Maternity leave',
      'Paternity leave',
      'Special casual leave',
      'गैरहजेरीतून हजर',
      'आजारपणातून हजर',
    ]);
  });

  it('are named in Marathi', () => {
    expect(leaveTypeChoices(translatorOf(mr)).map((choice) => choice.label)).toEqual([
      'अर्जित रजा',
      'अर्धवेतनी रजा',
      'परिवर्तित रजा',
      'नैमित्तिक रजा',
      'वैद्यकीय रजा',
      'प्रसूती रजा',
      'पितृत्व रजा',
      'विशेष नैमित्तिक रजा',
      'गैरहजेरीतून हजर',
      'आजारपणातून हजर',
    ]);
  });

  it('are named in Hindi, the spec’s two keeping their Marathi labels', () => {
    const choices = leaveTypeChoices(translatorOf(hi));
    expect(choices.map((choice) => choice.label)).toEqual([
      'अर्जित अवकाश',
      'अर्धवेतन अवकाश',
      'परिवर्तित अवकाश',
      'आकस्मिक अवकाश',
      'चिकित्सा अवकाश',
      'प्रसूति अवकाश',
      'पितृत्व अवकाश',
      'विशेष आकस्मिक अवकाश',
      'गैरहजेरीतून हजर',
      'आजारपणातून हजर',
    ]);
    expect(choices.filter((choice) => choice.lang === 'mr').map((choice) => choice.value)).toEqual([
      'leave_sick',
      'leave_absent',
    ]);
  });

  it('show a stored code by its name and free text as typed', () => {
    expect(leaveTypeName('leave_casual', translatorOf(mr))).toBe('नैमित्तिक रजा');
    expect(leaveTypeName('Study leave', translatorOf(en))).toBe('Study leave');
    expect(leaveTypeName(null, translatorOf(en))).toBe('');
  });
});
