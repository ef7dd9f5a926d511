/**
 * A close code received from one side cannot always be sent to the other: 1005 (no code) and
 * 1006 (connection dropped) are reserved for reporting and `ws` throws if asked to send them.
 */
export function forwardableCloseCode(code: number): number {
  if (code === 1000 || (code >= 1001 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999)) {
    return code;
  }
  return code === 1005 ? 1000 : 1011;
}
