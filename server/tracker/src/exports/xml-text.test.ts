import { xmlText } from './xml-text';

it('escapes markup and quotes for element text and attribute values', () => {
  expect(xmlText(`Van <7> & "Zé's"`)).toBe('Van &lt;7&gt; &amp; &quot;Zé&apos;s&quot;');
});

it('leaves out what XML cannot hold, and keeps tabs, line breaks and characters past the BMP', () => {
  expect(xmlText('a\u0000b\u0001c\u001Fd\u007Fe\uFFFEf\uD800g\uDC00h')).toBe('abcdefgh');
  expect(xmlText('tab\there\r\nnext 🚐')).toBe('tab\there\r\nnext 🚐');
});
