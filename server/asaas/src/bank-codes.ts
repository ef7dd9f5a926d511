/**
 * The payer's codes: a boleto's barcode and typeable line (FEBRABAN layout, with its modulo-10
 * and modulo-11 check digits) and a Pix "copia e cola" payload (EMV BR Code with its CRC16).
 */

/** Asaas's bank code at the Brazilian Central Bank. */
const BANK = '461';
const CURRENCY = '9';
const DAY_MS = 24 * 60 * 60 * 1000;

function modulo10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let index = digits.length - 1; index >= 0; index--) {
    const product = Number(digits[index]) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

function modulo11(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let index = digits.length - 1; index >= 0; index--) {
    sum += Number(digits[index]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const digit = 11 - (sum % 11);
  return digit === 0 || digit === 10 || digit === 11 ? 1 : digit;
}

/**
 * The due-date factor: days since 1997-10-07, restarting at 1000 on 2025-02-22 when it passed 9999
 * (the FEBRABAN rule in force since then).
 */
export function dueDateFactor(dueDate: string): string {
  const days = Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse('1997-10-07T00:00:00Z')) / DAY_MS);
  const factor = days > 9999 ? ((days - 10000) % 9000) + 1000 : days;
  return String(factor).padStart(4, '0');
}

/** The 44-digit barcode and the 47-digit typeable line of a boleto; `ourNumber` fills the free field. */
export function boletoCodes(dueDate: string, valueCents: number, ourNumber: string): { barCode: string; identificationField: string } {
  const freeField = ourNumber.replace(/\D/g, '').padStart(25, '0').slice(-25);
  const withoutCheck = `${BANK}${CURRENCY}${dueDateFactor(dueDate)}${String(valueCents).padStart(10, '0')}${freeField}`;
  const check = modulo11(withoutCheck);
  const barCode = `${withoutCheck.slice(0, 4)}${check}${withoutCheck.slice(4)}`;
  const field1 = `${barCode.slice(0, 4)}${barCode.slice(19, 24)}`;
  const field2 = barCode.slice(24, 34);
  const field3 = barCode.slice(34, 44);
  const identificationField = `${field1}${modulo10(field1)}${field2}${modulo10(field2)}${field3}${modulo10(field3)}${barCode[4]}${barCode.slice(5, 19)}`;
  return { barCode, identificationField };
}

function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** A static-style Pix payload (BR Code) for the amount, with the charge's id as transaction id. */
export function pixPayload(pixKey: string, valueCents: number, merchantName: string, transactionId: string): string {
  const account = field('00', 'br.gov.bcb.pix') + field('01', pixKey);
  const body =
    field('00', '01') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    field('54', (valueCents / 100).toFixed(2)) +
    field('58', 'BR') +
    field('59', merchantName.slice(0, 25)) +
    field('60', 'SAO PAULO') +
    field('62', field('05', transactionId.replace(/[^A-Za-z0-9]/g, '').slice(0, 25)));
  const withCrcHeader = `${body}6304`;
  return `${withCrcHeader}${crc16(withCrcHeader)}`;
}
