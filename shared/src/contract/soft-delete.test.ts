import { isSoftDeletedUniqueId, softDeletedUniqueId } from './soft-delete';

describe('safe-mode deleted devices', () => {
  it('are recognised by a three-part uniqueId starting with "deleted"', () => {
    expect(isSoftDeletedUniqueId('deleted-865432100000003-1767225600000')).toBe(true);
    expect(isSoftDeletedUniqueId('865432100000003')).toBe(false);
    expect(isSoftDeletedUniqueId('deleted-865432100000003')).toBe(false);
    expect(isSoftDeletedUniqueId('deletedx-1-2')).toBe(false);
  });

  it('keep the marker even when the original uniqueId has dashes of its own', () => {
    const renamed = softDeletedUniqueId('abc-123-x', new Date(1_767_225_600_000));
    expect(renamed).toBe('deleted-abc_123_x-1767225600000');
    expect(isSoftDeletedUniqueId(renamed)).toBe(true);
  });
});
