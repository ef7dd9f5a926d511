/** CPF (11 digits) and CNPJ (14 digits) with their check digits, as Asaas validates `cpfCnpj`. */
export type PersonType = 'FISICA' | 'JURIDICA';

function checkDigit(digits: number[], weights: number[]): number {
  const sum = digits.reduce((total, digit, index) => total + digit * (weights[index] as number), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

function validCpf(digits: number[]): boolean {
  const first = checkDigit(digits.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(digits.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === digits[9] && second === digits[10];
}

function validCnpj(digits: number[]): boolean {
  const first = checkDigit(digits.slice(0, 12), [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(digits.slice(0, 13), [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === digits[12] && second === digits[13];
}

/** The person type of a valid CPF or CNPJ (punctuation ignored), or null when it is not one. */
export function personTypeOf(cpfCnpj: string): PersonType | null {
  const text = cpfCnpj.replace(/[.\-/\s]/g, '');
  if (!/^\d+$/.test(text)) return null;
  const digits = [...text].map(Number);
  // All-equal digit strings pass the arithmetic but are not issued.
  if (new Set(digits).size === 1) return null;
  if (digits.length === 11) return validCpf(digits) ? 'FISICA' : null;
  if (digits.length === 14) return validCnpj(digits) ? 'JURIDICA' : null;
  return null;
}
