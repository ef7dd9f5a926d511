import { addMonths, amountDueCents, invoiceStatusMayMove, userBillingOf, type ChargeTerms } from './billing';

const terms: ChargeTerms = { valueCents: 10_000, dueDate: '2026-03-20', fine: { mode: 'PERCENTAGE', value: 2 }, interestPercentPerMonth: 1, discount: { mode: 'PERCENTAGE', value: 5, daysBeforeDue: 3 } };

describe('what a payer owes (Asaas’s rules, in cents)', () => {
  it('on the due date: the value, no fine; the discount only while early enough', () => {
    expect(amountDueCents(terms, '2026-03-20')).toMatchObject({ totalCents: 10_000, fineCents: 0, discountCents: 0 });
    expect(amountDueCents({ ...terms, discount: { mode: 'PERCENTAGE', value: 5, daysBeforeDue: 0 } }, '2026-03-20')).toMatchObject({ totalCents: 9_500, discountCents: 500 });
  });

  it('early: the discount holds up to its days before the due date, not a day later', () => {
    expect(amountDueCents(terms, '2026-03-17').totalCents).toBe(9_500);
    expect(amountDueCents(terms, '2026-03-18').totalCents).toBe(10_000);
    expect(amountDueCents({ ...terms, discount: { mode: 'FIXED', value: 20_000, daysBeforeDue: 0 } }, '2026-03-01').totalCents).toBe(0);
  });

  it('one day late: the fine once plus a day of interest (the monthly rate over 30 days), each rounded to the cent', () => {
    expect(amountDueCents(terms, '2026-03-21')).toEqual({ totalCents: 10_203, fineCents: 200, interestCents: 3, discountCents: 0, daysLate: 1 });
    expect(amountDueCents({ ...terms, fine: { mode: 'FIXED', value: 350 } }, '2026-04-19')).toMatchObject({ fineCents: 350, interestCents: 100, daysLate: 30 });
  });

  it('days late count calendar days across month ends and leap days', () => {
    expect(amountDueCents({ ...terms, dueDate: '2026-01-31' }, '2026-03-01').daysLate).toBe(29);
    expect(amountDueCents({ ...terms, dueDate: '2028-01-31' }, '2028-03-01').daysLate).toBe(30);
    expect(amountDueCents({ ...terms, dueDate: '2028-02-28' }, '2028-03-01').daysLate).toBe(2);
    expect(amountDueCents({ ...terms, dueDate: '2027-12-31' }, '2028-01-01').daysLate).toBe(1);
  });

  it('monthly due dates keep the day, or the month’s last day when it is shorter', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(() => amountDueCents({ ...terms, dueDate: '2026-02-29' }, '2026-03-01')).toThrow('No such date');
  });
});

describe('invoice status moves', () => {
  it('a paid invoice never goes back to pending or overdue; refunds and chargebacks come after', () => {
    expect(invoiceStatusMayMove('PENDING', 'OVERDUE')).toBe(true);
    expect(invoiceStatusMayMove('OVERDUE', 'RECEIVED')).toBe(true);
    expect(invoiceStatusMayMove('CONFIRMED', 'RECEIVED')).toBe(true);
    expect(invoiceStatusMayMove('RECEIVED', 'PENDING')).toBe(false);
    expect(invoiceStatusMayMove('RECEIVED', 'OVERDUE')).toBe(false);
    expect(invoiceStatusMayMove('RECEIVED', 'CONFIRMED')).toBe(false);
    expect(invoiceStatusMayMove('RECEIVED_IN_CASH', 'REFUNDED')).toBe(true);
  });
});

describe('a user’s billing fields', () => {
  const fields = { 'rastro.billing.enabled': true, 'rastro.billing.priceCents': 4_990, 'rastro.billing.firstDueDate': '2026-01-31' };

  it('are read only when billing is on and a price and first due date are set', () => {
    expect(userBillingOf({})).toBeNull();
    expect(userBillingOf({ ...fields, 'rastro.billing.enabled': false })).toBeNull();
    expect(userBillingOf({ ...fields, 'rastro.billing.priceCents': 49.9 })).toBeNull();
    expect(userBillingOf({ ...fields, 'rastro.billing.firstDueDate': '2026-02-30' })).toBeNull();
    expect(userBillingOf(fields)).toEqual({ taxId: null, priceCents: 4_990, firstDueDate: '2026-01-31', description: null, fine: null, interestPercentPerMonth: null, discount: null, suspendAfterDays: null });
  });

  it('take strings as Traccar keeps them, and modes, tax id digits and suspension days', () => {
    const billing = userBillingOf({
      ...fields,
      'rastro.billing.priceCents': '4990',
      'rastro.billing.taxId': '529.982.247-25',
      'rastro.billing.fine': '2',
      'rastro.billing.fineMode': 'fixed',
      'rastro.billing.interest': 1,
      'rastro.billing.discount': 5,
      'rastro.billing.discountDays': 3,
      'rastro.billing.autoSuspend': 'true',
      'rastro.billing.suspendAfterDays': 5,
    });
    expect(billing).toMatchObject({ taxId: '52998224725', fine: { mode: 'FIXED', value: 2 }, interestPercentPerMonth: 1, discount: { mode: 'PERCENTAGE', value: 5, daysBeforeDue: 3 }, suspendAfterDays: 5 });
  });
});
