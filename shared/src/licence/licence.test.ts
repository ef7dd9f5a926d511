import { licenceFromHeaders } from './licence';

const headers = (values: Record<string, string>) => new Headers(values);

describe('licence headers', () => {
  it('reads the edition and the remaining device allowance', () => {
    expect(licenceFromHeaders(headers({ 'X-Rastro-Edition': 'free', 'X-Rastro-Device-Limit': '3' }))).toEqual({ edition: 'free', remainingDevices: 3 });
  });

  it('treats missing headers as paid and unlimited', () => {
    expect(licenceFromHeaders(headers({}))).toEqual({ edition: 'paid', remainingDevices: -1 });
    expect(licenceFromHeaders(headers({ 'X-Rastro-Edition': 'gold', 'X-Rastro-Device-Limit': 'lots' }))).toEqual({ edition: 'paid', remainingDevices: -1 });
  });
});
