/** @jest-environment node */
import type { HttpClient } from '../api/http';
import { licenceFromHeaders, refreshLicence, useLicenceStore } from './licence';

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

describe('refreshLicence', () => {
  it('stores the licence and reads the answer to its end, so the request does not stay open in the browser', async () => {
    const answer = new Response('{"id":1}', { headers: { 'X-Rastro-Edition': 'free', 'X-Rastro-Device-Limit': '2' } });
    const http: HttpClient = { baseUrl: '/api', timeoutMs: 1000, request: async () => answer, json: async () => ({}) as never };
    expect(await refreshLicence(http)).toEqual({ edition: 'free', remainingDevices: 2 });
    expect(useLicenceStore.getState().licence).toEqual({ edition: 'free', remainingDevices: 2 });
    expect(answer.bodyUsed).toBe(true);
  });
});
