import { describe, expect, it } from 'vitest';
import { normalizeCpfCnpj } from '../../../../server/billing/cpfCnpj';

describe('CPF and CNPJ', () => {
  it('accepts valid check digits with or without punctuation', () => {
    expect(normalizeCpfCnpj('529.982.247-25')).toBe('52998224725');
    expect(normalizeCpfCnpj('11.222.333/0001-81')).toBe('11222333000181');
  });
  it('refuses wrong check digits, repeated digits and wrong lengths', () => {
    expect(normalizeCpfCnpj('529.982.247-24')).toBeNull();
    expect(normalizeCpfCnpj('111.111.111-11')).toBeNull();
    expect(normalizeCpfCnpj('11.222.333/0001-82')).toBeNull();
    expect(normalizeCpfCnpj('1234')).toBeNull();
  });
});
