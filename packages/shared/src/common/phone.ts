/**
 * Phone normalisation of the spec: digits only; a 12-digit number starting with 91 loses that prefix;
 * otherwise the last 10 digits are taken when there are more. Returns '' when nothing usable remains.
 */
export function normalisePhone(input: string | null | undefined): string {
  const digits = (input ?? '').replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length > 10) return digits.slice(-10);
  return digits;
}

export function isValidPhone(input: string): boolean {
  return /^\d{10}$/.test(input);
}

/**
 * A mobile number as the user form and the CSV import store it: formatting removed, a 12-digit number
 * starting with 91 loses that prefix, and exactly 10 digits must remain. Null when it is not one.
 */
export function tenDigitPhone(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  const local = digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits;
  return /^\d{10}$/.test(local) ? local : null;
}
