import { sniffImageType } from './image-type';

describe('sniffImageType', () => {
  it.each([
    ['image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])],
    ['image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])],
    ['image/webp', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')])],
    ['image/x-icon', Buffer.from([0, 0, 1, 0, 1, 0, 16, 16])],
    ['image/svg+xml', Buffer.from('<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg"></svg>\n')],
  ])('recognises %s by its content', (type, bytes) => {
    expect(sniffImageType(bytes)).toBe(type);
  });

  it.each([
    ['plain text', Buffer.from('definitely not a picture')],
    ['HTML', Buffer.from('<html><body><svg></svg></body></html>')],
    ['an SVG cut short', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect/>')],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00')],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffImageType(bytes)).toBeNull();
  });
});
