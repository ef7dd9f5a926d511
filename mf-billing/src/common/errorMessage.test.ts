import { ApiError, initI18n, i18n } from '@rastro/shared';
import { registerBillingCatalogs } from '../locales/catalog';
import { errorMessage, providerErrorMessage } from './errorMessage';

beforeAll(async () => {
  await initI18n('pt-BR');
  registerBillingCatalogs();
});

const refused = (status: number, body: unknown) => new ApiError(status, (body as { code: string }).code, JSON.stringify(body));

describe("billing's refusals in the reader's language", () => {
  it("translates the payment provider's error list item by item, keeping Asaas's words for codes it does not know", async () => {
    const error = refused(502, {
      code: 'PAYMENT_PROVIDER_REFUSED',
      message: '…',
      providerErrors: [
        { code: 'invalid_cpfCnpj', description: 'O CPF/CNPJ informado é inválido.' },
        { code: 'invalid_something_new', description: 'Algo novo.' },
      ],
    });
    await i18n.changeLanguage('en-US');
    expect(errorMessage(error)).toBe('The payment provider refused: Invalid CPF/CNPJ. Algo novo.');
    await i18n.changeLanguage('es');
    expect(errorMessage(error)).toBe('El proveedor de pagos rechazó: CPF/CNPJ no válido. Algo novo.');
  });

  it('says a timeout and an unavailable provider apart', async () => {
    await i18n.changeLanguage('pt-BR');
    expect(errorMessage(refused(504, { code: 'PAYMENT_PROVIDER_TIMEOUT' }))).toBe('O provedor de pagamento não respondeu a tempo. Tente de novo em instantes.');
    expect(errorMessage(refused(502, { code: 'PAYMENT_PROVIDER_UNAVAILABLE' }))).toBe('O provedor de pagamento está indisponível. Tente de novo mais tarde.');
  });

  it('"trust unlock already used" and unknown codes', async () => {
    await i18n.changeLanguage('en-US');
    expect(errorMessage(refused(409, { code: 'TRUST_UNLOCK_ALREADY_USED' }))).toBe('Unlock on trust has already been used.');
    expect(errorMessage(refused(500, { code: 'SOMETHING_ELSE' }))).toBe('Unexpected error. Please try again.');
    expect(errorMessage(new Error('boom'))).toBe('Unexpected error. Please try again.');
  });

  it("reads an invoice's kept charge failure", async () => {
    await i18n.changeLanguage('en-US');
    expect(providerErrorMessage('PAYMENT_INTEGRATION_MISSING: No payment integration is configured')).toBe('No payment provider is configured. Set it up under Integrations.');
    expect(providerErrorMessage('PAYMENT_PROVIDER_REFUSED: A chave de API fornecida é inválida')).toBe('The payment provider refused: A chave de API fornecida é inválida');
    expect(providerErrorMessage('free text')).toBe('free text');
  });
});
