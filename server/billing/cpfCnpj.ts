/** Brazilian taxpayer ids: CPF (11 digits) and CNPJ (14 digits), checked by their check digits. */

const digitsOf = (value: string): number[] => value.replace(/\D/g, '').split('').map(Number);

const allSame = (digits: number[]) => digits.every((d) => d === digits[0]);

function cpfValid(d: number[]): boolean {
  if (d.length !== 11 || allSame(d)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += d[i] * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === d[9] && check(10) === d[10];
}

function cnpjValid(d: number[]): boolean {
  if (d.length !== 14 || allSame(d)) return false;
  const check = (length: number) => {
    const weights =
      length === 12
        ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
        : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((acc, w, i) => acc + w * d[i], 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return check(12) === d[12] && check(13) === d[13];
}

/** The digits of a valid CPF or CNPJ (punctuation allowed), or null. */
export function normalizeCpfCnpj(value: string): string | null {
  const d = digitsOf(value);
  return cpfValid(d) || cnpjValid(d) ? d.join('') : null;
}
