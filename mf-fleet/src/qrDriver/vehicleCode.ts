/**
 * The vehicle a code names: its sticker's link (`…/qr-driver/scan/<id>`, see the device detail's QR
 * code) or the number printed with it. Null when it names none.
 */
export function vehicleIdFromCode(text: string): number | null {
  const trimmed = text.trim();
  const linked = /\/qr-driver\/scan\/(\d+)(?:[/?#]|$)/.exec(trimmed);
  const digits = linked ? linked[1] : /^\d+$/.test(trimmed) ? trimmed : null;
  const id = digits === null ? NaN : Number(digits);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
