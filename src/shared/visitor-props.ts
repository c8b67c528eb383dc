/** Checks of the visitor properties Perch knows the meaning of, before they are sent. */

export type PropValueProblem = 'email' | 'phone';

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:".]{2,}$/;
const PHONE = /^\+?[\d\s\-().]+$/;

/** Why a value cannot be this property's, or null; an empty value deletes the property and is always fine. */
export function propValueProblem(key: string, value: string): PropValueProblem | null {
  const text = value.trim();
  if (text === '') return null;
  if (key === '$email' && (!EMAIL.test(text) || text.length > 254)) return 'email';
  if (key === '$phone') {
    const digits = text.replace(/\D/g, '').length;
    if (!PHONE.test(text) || digits < 5 || digits > 15) return 'phone';
  }
  return null;
}
