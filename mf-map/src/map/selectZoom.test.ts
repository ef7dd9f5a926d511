import { DEFAULT_SELECT_ZOOM, selectZoomOf } from './selectZoom';

describe('select zoom (SPEC §9)', () => {
  it("is the server's web.selectZoom, as a number or as the string the settings screen stores", () => {
    expect(selectZoomOf({ 'web.selectZoom': 14 })).toBe(14);
    expect(selectZoomOf({ 'web.selectZoom': '12.5' })).toBe(12.5);
  });

  it('is 17 when unset or unusable', () => {
    expect(DEFAULT_SELECT_ZOOM).toBe(17);
    for (const value of [undefined, null, '', 'deep', 0, -3, 40, Number.NaN]) expect(selectZoomOf({ 'web.selectZoom': value })).toBe(17);
    expect(selectZoomOf(undefined)).toBe(17);
  });
});
