import { sharedCamera } from './sharedCamera';

describe('shared map camera', () => {
  const nowhere = () => false;

  it('follows a link with one device', () => {
    expect(sharedCamera([{ deviceId: 7, lngLat: [-46.6, -23.5] }], nowhere)).toEqual({ follow: 7 });
  });

  it('frames several devices again when one has left the view, and leaves the camera alone while all are visible', () => {
    const markers = [
      { deviceId: 1, lngLat: [-46.7, -23.6] as [number, number] },
      { deviceId: 2, lngLat: [-46.5, -23.4] as [number, number] },
    ];
    expect(sharedCamera(markers, ([lng]) => lng < -46.6)).toEqual({
      fit: [
        [-46.7, -23.6],
        [-46.5, -23.4],
      ],
    });
    expect(sharedCamera(markers, () => true)).toBeNull();
  });

  it('does nothing before any shared device has a position', () => {
    expect(sharedCamera([], nowhere)).toBeNull();
  });
});
