import { describe, expect, it } from 'vitest';
import { labelParts } from './payslips.label-parts.js';

describe('label normalisation', () => {
  it('splits bilingual labels and drops punctuation, brackets and currency', () => {
    expect(labelParts('सेवार्थ क्रमांक / Sevarth ID:')).toEqual(['सेवार्थ no', 'sevarth id']);
    expect(labelParts('Net Pay (₹)')).toEqual(['net pay']);
    expect(labelParts('Gross Salary in Rs.')).toEqual(['gross salary']);
    expect(labelParts('D.O.B.')).toEqual(['dob']);
    expect(labelParts('3. Name of the Employee')).toEqual(['name of employee']);
  });

  it('reads Marathi genitive endings and date words as one form', () => {
    expect(labelParts('सेवानिवृत्तीची तारीख')).toEqual(labelParts('सेवानिवृत्ती दिनांक'));
    expect(labelParts('जन्माची तारीख')).toEqual(labelParts('जन्म दिनांक'));
    expect(labelParts('वेतनाचा महिना')).toEqual(labelParts('वेतन महिना'));
    expect(labelParts('कर्मचाऱ्याचे नाव')).toEqual(labelParts('कर्मचार्\u200dयाचे नाव'));
  });
});
