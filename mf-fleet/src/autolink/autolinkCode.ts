/**
 * The IMEI in what a scan or the address gave: a bare code, or a link to this screen
 * (`…/autolink/<imei>`, the kind of QR code a tracker's box may carry).
 */
export function imeiFromCode(text: string): string {
  const trimmed = text.trim();
  const linked = /\/autolink\/([^/?#]+)/.exec(trimmed);
  return linked ? decodeURIComponent(linked[1] as string).trim() : trimmed;
}
