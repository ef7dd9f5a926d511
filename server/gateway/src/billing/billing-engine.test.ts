import { AsaasCallError } from './asaas-client';
import { providerErrorText, providerRefusal } from './billing-engine';

describe("the provider's failures as the administrator reads them", () => {
  it('a timeout is 504 PAYMENT_PROVIDER_TIMEOUT', () => {
    const refusal = providerRefusal(new AsaasCallError(0, [{ code: 'timeout', description: 'Asaas did not answer /payments in 15000 ms' }], '/payments'));
    expect([refusal.statusCode, refusal.code]).toEqual([504, 'PAYMENT_PROVIDER_TIMEOUT']);
  });

  it('a 5xx, a 429 or an unreachable provider is 502 PAYMENT_PROVIDER_UNAVAILABLE (try again later)', () => {
    for (const status of [0, 429, 500, 503]) {
      const refusal = providerRefusal(new AsaasCallError(status, [], '/payments'));
      expect([refusal.statusCode, refusal.code]).toEqual([502, 'PAYMENT_PROVIDER_UNAVAILABLE']);
    }
  });

  it("a 4xx is 502 PAYMENT_PROVIDER_REFUSED carrying Asaas's error list", () => {
    const errors = [
      { code: 'invalid_cpfCnpj', description: 'O CPF/CNPJ informado é inválido.' },
      { code: 'invalid_value', description: 'O valor deve ser maior que R$ 5,00.' },
    ];
    const refusal = providerRefusal(new AsaasCallError(400, errors, '/customers'));
    expect([refusal.statusCode, refusal.toBody()]).toEqual([502, { code: 'PAYMENT_PROVIDER_REFUSED', message: 'O CPF/CNPJ informado é inválido.; O valor deve ser maior que R$ 5,00.', providerErrors: errors }]);
  });

  it('an invoice keeps the failure as CODE: details', () => {
    expect(providerErrorText(new AsaasCallError(401, [{ code: 'invalid_access_token', description: 'A chave de API fornecida é inválida' }], '/payments'))).toBe('PAYMENT_PROVIDER_REFUSED: A chave de API fornecida é inválida');
  });
});
