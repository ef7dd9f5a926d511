import { demoFleet, luhnCheckDigit } from './demo-fleet';

describe('the demo fleet', () => {
  it('is deterministic, with unique IMEIs and Mercosul plates', () => {
    const fleet = demoFleet(60, 1);
    expect(demoFleet(60, 1)).toEqual(fleet);
    expect(new Set(fleet.map((device) => device.uniqueId)).size).toBe(60);
    for (const device of fleet) {
      expect(device.uniqueId).toMatch(/^\d{15}$/);
      expect(luhnCheckDigit(device.uniqueId.slice(0, 14))).toBe(Number(device.uniqueId[14]));
      if (device.attributes.plate !== undefined) expect(device.attributes.plate).toMatch(/^[A-Z]{3}\d[A-Z]\d{2}$/);
    }
    expect(new Set(fleet.map((device) => device.category)).size).toBeGreaterThanOrEqual(6);
  });

  it('computes the Luhn digit of a known IMEI', () => {
    // 490154203237518 is the textbook example of a valid IMEI.
    expect(luhnCheckDigit('49015420323751')).toBe(8);
  });
});
