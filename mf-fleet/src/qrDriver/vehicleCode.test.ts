import { vehicleIdFromCode } from './vehicleCode';

describe("the vehicle a driver's code names", () => {
  it("reads the sticker's link, the page's own address and a typed number", () => {
    expect(vehicleIdFromCode('https://rastro.example/qr-driver/scan/42')).toBe(42);
    expect(vehicleIdFromCode('/qr-driver/scan/7?x=1')).toBe(7);
    expect(vehicleIdFromCode(' 15 ')).toBe(15);
  });
  it('names no vehicle for anything else', () => {
    for (const text of ['', '0', 'abc', '/qr-driver', '/qr-driver/scan/4x', '12.5', '-3']) expect(vehicleIdFromCode(text)).toBeNull();
  });
});
